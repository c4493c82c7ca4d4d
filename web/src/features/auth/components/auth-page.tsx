import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { preloadToaster } from '@/components/ui/toaster-on-demand';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AuthCard } from './auth-card';
import { ForgotPasswordView } from './forgot-password-view';
import { RegistrationSuccessView } from './registration-success-view';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useAppI18n } from '@/lib/app-i18n';

type Tab = 'login' | 'register';
type View = { name: 'auth' } | { name: 'forgot-password' } | { name: 'registration-success'; email: string; message: string };

/**
 * /auth: sign-in and sign-up tabs, the forgot-password view and the registration-success view
 * (spec section 2). `?tab=register` opens the sign-up tab; `?view=forgot-password` the forgot view.
 */
export function AuthPage() {
  const { t } = useAppI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const [view, setView] = useState<View>(() =>
    searchParams.get('view') === 'forgot-password' ? { name: 'forgot-password' } : { name: 'auth' },
  );
  // Sign-in and sign-up failures are told in toasts: have the toast code ready.
  useEffect(preloadToaster, []);
  useDocumentTitle(view.name === 'forgot-password' ? t('auth.forgotPassword') : tab === 'register' ? t('auth.signUpLabel') : t('auth.signInLabel'));

  const showTab = (next: Tab) => {
    setView({ name: 'auth' });
    setSearchParams(next === 'register' ? { tab: 'register' } : {}, { replace: true });
  };

  if (view.name === 'forgot-password') return <ForgotPasswordView onBack={() => showTab('login')} />;
  if (view.name === 'registration-success') {
    return <RegistrationSuccessView email={view.email} message={view.message} onBack={() => showTab('login')} />;
  }

  return (
    <AuthCard
      title={tab === 'register' ? t('auth.registerTitle') : t('auth.welcomeBack')}
      description={
        tab === 'register' ? t('auth.registerDescription') : t('auth.signInDescription')
      }
    >
      <Tabs value={tab} onValueChange={(value) => showTab(value === 'register' ? 'register' : 'login')} className="gap-6">
        <TabsList className="w-full">
          <TabsTrigger value="login">{t('auth.signIn')}</TabsTrigger>
          <TabsTrigger value="register">{t('auth.signUp')}</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <SignInForm onForgotPassword={() => setView({ name: 'forgot-password' })} />
        </TabsContent>
        <TabsContent value="register">
          <SignUpForm onRegistered={(email, message) => setView({ name: 'registration-success', email, message })} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
