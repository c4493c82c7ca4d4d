import { useState, type ReactNode } from 'react';
import { SearchIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/page-spinner';
import { messageOf } from '@/lib/api';
import { useAppI18n, useMessageLocalizer } from '@/lib/app-i18n';

/**
 * The pieces every tab of the console draws the same way (decisions 051, 058, 059, 066): a search
 * box, a list that is loading, failed, empty or there, and an action's refusal. One place, so the
 * tabs look and read alike and a fix to one (a phone's width, a message) reaches all.
 */

/**
 * What a failed request says, in the operator's language: the server's message (put into the page's
 * language by the console's message tables, values and all, should it come in English: decision
 * 072), or ours when it gave none or the network failed.
 */
export function useConsoleMessage(): (error: unknown) => string {
  const { t } = useAppI18n();
  const localize = useMessageLocalizer();
  return (error) => localize(messageOf(error, t('admin.failed'), t('admin.offline')));
}

/** What a failed read says, in the operator's language. */
export function LoadError({ error }: { error: unknown }) {
  const messageOfError = useConsoleMessage();
  return <p className="text-sm text-destructive">{messageOfError(error)}</p>;
}

/** An action the server refused, above the tab's content. */
export function ActionError({ error }: { error: unknown }) {
  const messageOfError = useConsoleMessage();
  return (
    <Alert variant="destructive">
      <AlertDescription>{messageOfError(error)}</AlertDescription>
    </Alert>
  );
}

/** A search form: the box and its button; `onSearch` gets the trimmed text when sent. */
export function ConsoleSearch({ label, placeholder, maxLength, button, onSearch }: { label: string; placeholder: string; maxLength: number; button: string; onSearch: (q: string) => void }) {
  const [query, setQuery] = useState('');
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query.trim());
      }}
    >
      <Input aria-label={label} value={query} onChange={(event) => setQuery(event.target.value)} placeholder={placeholder} maxLength={maxLength} className="min-w-0" />
      <Button type="submit" variant="outline" className="shrink-0">
        <SearchIcon aria-hidden="true" />
        {button}
      </Button>
    </form>
  );
}

interface Read<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * A read's four faces: a spinner, its error, `empty` when `items` finds nothing, else `children`
 * with the items. A search not yet asked for (react-query's disabled read is pending) is not
 * drawn at all: its tab shows this only once there is something to search for.
 */
export function Loaded<T, I>({
  read,
  items,
  empty,
  children,
  emptyClassName = 'text-sm text-muted-foreground',
}: {
  read: Read<T>;
  items: (data: T) => I[];
  empty: string;
  children: (items: I[]) => ReactNode;
  emptyClassName?: string;
}) {
  if (read.isPending) return <PageSpinner className="py-8" />;
  if (read.isError) return <LoadError error={read.error} />;
  const list = items(read.data as T);
  if (list.length === 0) return <p className={emptyClassName}>{empty}</p>;
  return <>{children(list)}</>;
}
