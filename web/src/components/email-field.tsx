import { useFormContext } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';

/**
 * The Email field of a form whose `email` it is (sign in, sign up, forgot password, resend
 * verification, follow an artist, a fan's library): a phone gets the e-mail keyboard, no
 * capitalised first letter, and its saved address offered.
 */
export function EmailField({ inputClassName, label }: { inputClassName?: string; label?: string }) {
  const { control } = useFormContext<{ email: string }>();
  const { t } = useI18n();
  return (
    <FormField
      control={control}
      name="email"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label ?? t('common.email')}</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" inputMode="email" autoCapitalize="none" placeholder={t('common.emailPlaceholder')} className={cn(inputClassName)} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
