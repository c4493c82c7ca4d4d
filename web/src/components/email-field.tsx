import { TextField } from '@/components/text-field';
import { useI18n } from '@/lib/i18n';

/**
 * The Email field of a form whose `email` it is (sign in, sign up, forgot password, resend
 * verification, follow an artist, a fan's library): a phone gets the e-mail keyboard, no
 * capitalised first letter, and its saved address offered.
 */
export function EmailField({ inputClassName, label }: { inputClassName?: string; label?: string }) {
  const { t } = useI18n();
  return <TextField name="email" label={label ?? t('common.email')} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" placeholder={t('common.emailPlaceholder')} className={inputClassName} />;
}
