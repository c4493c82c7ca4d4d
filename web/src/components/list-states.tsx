import type { ReactNode } from 'react';
import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/page-spinner';
import { cn } from '@/lib/utils';

/**
 * The faces every list read by react-query has (first written for the admin console, decisions
 * 051 and 058; now shared by the dashboard's cards too): loading, failed, empty, or there. One
 * place, so a list never forgets a face (an error with no way to try again, an empty list drawn
 * as nothing) and the dashboard and the console read alike.
 */

/** What ListStates reads of a query: react-query's result fits as it is. */
export interface ListRead<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * A read that failed, with its way to try again. `announce` (on by default) makes it an alert,
 * so a screen reader says it when it replaces the spinner.
 */
export function LoadFailed({
  what,
  retry,
  onRetry,
  announce = true,
  className,
}: {
  what: string;
  retry: string;
  onRetry: () => void;
  announce?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4 text-sm', className)} role={announce ? 'alert' : undefined}>
      <p className="text-muted-foreground">{what}</p>
      <Button type="button" variant="outline" size="sm" className="h-11 sm:h-9" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        {retry}
      </Button>
    </div>
  );
}

/** An empty list's note, in the dashed box the cards share. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}

/**
 * A list read's four faces: `loading` (a spinner unless given), `failed` (given the read's error),
 * `empty` when `items` finds nothing in the data, else `children` with the items. A search not yet
 * asked for (react-query's disabled read is pending) shows `loading`: its caller draws this only
 * once there is something to look for.
 */
export function ListStates<T, I>({
  read,
  items,
  loading = <PageSpinner className="py-8" />,
  failed,
  empty,
  children,
}: {
  read: ListRead<T>;
  items: (data: T) => readonly I[];
  loading?: ReactNode;
  failed: ReactNode | ((error: unknown) => ReactNode);
  empty: ReactNode;
  children: (items: readonly I[]) => ReactNode;
}) {
  if (read.isPending) return <>{loading}</>;
  if (read.isError) return <>{typeof failed === 'function' ? failed(read.error) : failed}</>;
  const list = items(read.data as T);
  if (list.length === 0) return <>{empty}</>;
  return <>{children(list)}</>;
}
