import { useFormContext } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * The Email field of a form whose `email` it is (sign in, sign up, forgot password, resend
 * verification, follow an artist, a fan's library): a phone gets the e-mail keyboard, no
 * capitalised first letter, and its saved address offered.
 */
export function EmailField({ inputClassName, label = 'Email' }: { inputClassName?: string; label?: string }) {
  const { control } = useFormContext<{ email: string }>();
  return (
    <FormField
      control={control}
      name="email"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" inputMode="email" autoCapitalize="none" placeholder="you@example.com" className={cn(inputClassName)} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
