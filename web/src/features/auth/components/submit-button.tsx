import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A full-width submit button that shows a spinner and its busy label while a request runs. */
export function SubmitButton({ pending, children, pendingLabel }: { pending: boolean; children: ReactNode; pendingLabel: string }) {
  return (
    <Button type="submit" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending ? (
        <>
          <Spinner label={null} />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
