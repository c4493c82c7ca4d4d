import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '#common/schemas/auth';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { needsEmailVerification, useRegister } from '../api/auth-api';
import { authToast, useDismissAuthToastsOnLeave } from '../hooks/use-auth-toasts';
import { EmailField } from '@/components/email-field';
import { NewPasswordField } from './new-password-field';
import { SubmitButton } from './submit-button';
import { useAppI18n } from '@/lib/app-i18n';

const FIELDS = ['displayName', 'email', 'password'] as const;

/** The free names the server suggested (a 409's `suggestions`), for the name as it was typed. */
interface Suggestions {
  forName: string;
  names: string[];
}

function suggestionsIn(data: Record<string, unknown>): string[] {
  const names = data.suggestions;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string' && name !== '') : [];
}

/**
 * Create an artist account. When the server asks for e-mail verification (it always does) the
 * page moves to the registration-success view; field errors from the server land on their fields.
 * A taken display name comes with free names to try, which fill the field in when chosen.
 */
export function SignUpForm({ onRegistered }: { onRegistered: (email: string, message: string) => void }) {
  const { t } = useAppI18n();
  const register = useRegister();
  useDismissAuthToastsOnLeave();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  });
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  // Shown only while the field still holds the name they stand in for.
  const displayName = useWatch({ control: form.control, name: 'displayName' });
  const shownSuggestions = suggestions && suggestions.forName === displayName ? suggestions.names : [];

  const pickSuggestion = (name: string) => {
    form.setValue('displayName', name, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    // The buttons go away with the old name: keep the keyboard where the name is.
    form.setFocus('displayName');
  };

  const onSubmit = form.handleSubmit((input) => {
    const typedName = form.getValues('displayName');
    setSuggestions(null);
    register.mutate(input, {
      onSuccess: (result) => {
        if (needsEmailVerification(result)) onRegistered(input.email, result.message);
      },
      onError: (error) => {
        authToast({ variant: 'destructive', title: t('auth.registrationFailed'), description: error.message });
        if (!(error instanceof ApiError)) return;
        for (const [field, message] of serverFieldErrors(error, FIELDS)) form.setError(field, { message });
        // The display name (its slug) is taken; the server may suggest free ones.
        if (error.code === 'auth.display-name-taken') {
          form.setError('displayName', { message: error.message });
          const names = suggestionsIn(error.data);
          if (names.length > 0) setSuggestions({ forName: typedName, names });
        }
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('auth.signUpLabel')}>
        <FormField
          control={form.control}
          name="displayName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('auth.displayName')}</FormLabel>
              <FormControl>
                <Input autoComplete="nickname" placeholder={t('auth.displayNamePlaceholder')} {...field} />
              </FormControl>
              <FormDescription>{t('auth.displayNameHint')}</FormDescription>
              <FormMessage />
              {shownSuggestions.length > 0 && (
                <div
                  role="group"
                  aria-label={t('auth.freeNames')}
                  className="flex flex-wrap items-center gap-2"
                  data-testid="display-name-suggestions"
                >
                  <span className="text-sm text-muted-foreground">
                    {t('auth.try')}
                  </span>
                  {shownSuggestions.map((name) => (
                    <Button
                      key={name}
                      variant="outline"
                      size="sm"
                      className="h-auto min-h-9 max-w-full whitespace-normal py-1.5 text-left [overflow-wrap:anywhere]"
                      onClick={() => pickSuggestion(name)}
                    >
                      {name}
                    </Button>
                  ))}
                </div>
              )}
            </FormItem>
          )}
        />
        <EmailField label={t('auth.email')} />
        <NewPasswordField name="password" label={t('auth.password')} description={t('auth.newPasswordHint')} />
        <SubmitButton pending={register.isPending} pendingLabel={t('auth.creatingAccount')}>
          {t('auth.createAccount')}
        </SubmitButton>
        <p className="text-center text-xs text-muted-foreground">
          {t('auth.agreeBefore')}
          <Link href="/terms-and-conditions" className="underline underline-offset-4 hover:text-foreground">
            {t('auth.terms')}
          </Link>
          {t('auth.agreeAfter')}
        </p>
      </form>
    </Form>
  );
}
