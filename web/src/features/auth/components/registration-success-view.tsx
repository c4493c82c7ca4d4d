import { ArrowLeftIcon, MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AuthCard } from './auth-card';
import { ResendVerification } from './resend-verification';

/** After sign-up: the account exists but waits for its e-mail address to be verified. */
export function RegistrationSuccessView({ email, message, onBack }: { email: string; message: string; onBack: () => void }) {
  return (
    <AuthCard
      icon={<MailCheckIcon />}
      title="Check your email"
      description={message}
      footer={
        <Button type="button" variant="ghost" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          Back to Sign In
        </Button>
      }
    >
      <p className="text-center text-sm text-muted-foreground">
        We sent a verification link to <strong className="text-foreground wrap-anywhere">{email}</strong>. Open it to activate your
        account and go to your dashboard.
      </p>
      <div className="grid justify-items-center gap-2 rounded-lg bg-muted/50 p-4 text-center text-sm">
        <p className="text-muted-foreground">Didn&rsquo;t get the email? Check your spam folder or send it again.</p>
        <ResendVerification email={email} />
      </div>
    </AuthCard>
  );
}
