import type * as React from 'react';
import { Loader2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';

/**
 * A spinning indicator. With a `label` it announces itself (role="status"); pass `label={null}`
 * when text beside it already says what is happening.
 */
export function Spinner({ className, label: givenLabel, ...props }: React.ComponentProps<'svg'> & { label?: string | null }) {
  const { t } = useI18n();
  const label = givenLabel === undefined ? t('common.loading') : givenLabel;
  const a11y = label === null ? { 'aria-hidden': true as const } : { role: 'status', 'aria-label': label };
  return <Loader2Icon {...a11y} className={cn('size-4 animate-spin', className)} {...props} />;
}
