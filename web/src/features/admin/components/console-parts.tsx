import { useState, type ReactNode } from 'react';
import { SearchIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ListStates, type ListRead } from '@/components/list-states';
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

/**
 * A list read's faces as the console draws them (components/list-states): a spinner, the read's
 * error, `empty` when `items` finds nothing, else `children` with the items. A search not yet
 * asked for (react-query's disabled read is pending) is not drawn at all: its tab shows this only
 * once there is something to search for.
 */
export function Loaded<T, I>({
  read,
  items,
  empty,
  children,
  emptyClassName = 'text-sm text-muted-foreground',
}: {
  read: ListRead<T>;
  items: (data: T) => readonly I[];
  empty: string;
  children: (items: readonly I[]) => ReactNode;
  emptyClassName?: string;
}) {
  return (
    <ListStates read={read} items={items} failed={(error) => <LoadError error={error} />} empty={<p className={emptyClassName}>{empty}</p>}>
      {children}
    </ListStates>
  );
}

/**
 * A list read drawn as a list (decision 066's one look for the console's lists): Loaded's faces,
 * then a `ul` (an `ol` when `ordered`) named `label`, one `row` an item.
 */
export function LoadedList<T, I>({
  read,
  items,
  empty,
  emptyClassName,
  label,
  className,
  ordered = false,
  row,
}: {
  read: ListRead<T>;
  items: (data: T) => readonly I[];
  empty: string;
  emptyClassName?: string;
  label: string;
  className: string;
  ordered?: boolean;
  row: (item: I, index: number, list: readonly I[]) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <Loaded read={read} items={items} empty={empty} emptyClassName={emptyClassName}>
      {(list) => (
        <List aria-label={label} className={className}>
          {list.map((item, index) => row(item, index, list))}
        </List>
      )}
    </Loaded>
  );
}

/** A titled part of a tab: its h2 names the section. */
export function ConsoleSection({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A row's name and, under it, what it is (both cut to one line); `children` add more lines. */
export function RowLines({ name, detail, children }: { name: ReactNode; detail: ReactNode; children?: ReactNode }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block truncate font-medium">{name}</span>
      <span className="block truncate text-sm text-muted-foreground">{detail}</span>
      {children}
    </span>
  );
}

/** A row's small outlined action: its icon and word, `label` naming what it acts on. */
export function RowAction({ label, icon, text, disabled, onClick }: { label: string; icon: ReactNode; text: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
      {text}
    </Button>
  );
}
