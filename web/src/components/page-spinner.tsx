import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** The centred spinner shown while a page or the current user is loading. */
export function PageSpinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div className={cn('flex min-h-[60vh] w-full items-center justify-center', className)} data-testid="page-spinner">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}
