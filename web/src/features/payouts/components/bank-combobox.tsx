import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import type { Bank } from '#common/schemas/payments';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

/** Lower case, letters and digits only: "I&M Bank" and "i m bank" are the same search. */
const simplify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** The banks whose name holds the search, those starting with it (or a word starting with it) first. */
export function filterBanks(banks: readonly Bank[], search: string): Bank[] {
  const wanted = simplify(search);
  if (!wanted) return [...banks];
  const scored: { bank: Bank; rank: number }[] = [];
  for (const bank of banks) {
    const name = simplify(bank.name);
    const at = name.indexOf(wanted);
    if (at < 0) continue;
    scored.push({ bank, rank: at === 0 ? 0 : name[at - 1] === ' ' ? 1 : 2 });
  }
  return scored.sort((a, b) => a.rank - b.rank).map(({ bank }) => bank);
}

type InputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onSelect'>;

/**
 * The bank field: a text box that filters Paystack's ~40 Kenyan banks as you type, with the list
 * right under it in the dialog (ARIA 1.2 combobox with a listbox). On a phone it behaves like
 * the keyboard's own search: tap, type two letters, tap the bank. The form holds only a bank
 * chosen from the list: typing leaves no choice until one is picked (or the text is exactly a
 * bank's name).
 */
export function BankCombobox({
  banks,
  value,
  onChoose,
  onOpenChange,
  onTextChange,
  className,
  ...inputProps
}: InputProps & {
  banks: readonly Bank[];
  /** The chosen bank's name, or '' for none. */
  value: string;
  onChoose: (bank: Bank | null) => void;
  /** The list opened or closed (the dialog keeps Escape for the list while it is open). */
  onOpenChange?: (open: boolean) => void;
  /** What the box shows, chosen or not (a typed name that is no bank gets its own message). */
  onTextChange?: (text: string) => void;
}) {
  const { t } = useAppI18n();
  const listId = useId();
  const [text, setTextState] = useState(value);
  const setText = (next: string) => {
    setTextState(next);
    onTextChange?.(next);
  };
  // A choice made elsewhere (a reset of the form) shows in the box.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setTextState(value);
  }
  // What filters the list: '' shows every bank (as on opening, even with a bank chosen).
  const [search, setSearch] = useState('');
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };

  const matches = useMemo(() => filterBanks(banks, search), [banks, search]);
  const activeIndex = open && matches.length > 0 ? Math.min(active, matches.length - 1) : -1;
  const activeBank = activeIndex >= 0 ? matches[activeIndex] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // The highlighted bank stays in sight as the arrow keys move through the list.
  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (bank: Bank) => {
    setText(bank.name);
    setShownValue(bank.name);
    setSearch('');
    setOpen(false);
    onChoose(bank);
  };

  const openList = () => {
    if (open) return;
    setSearch(text === value ? '' : text);
    const chosen = banks.findIndex((bank) => bank.name === value);
    setActive(text === value && chosen >= 0 ? chosen : 0);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) return openList();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => Math.max(0, Math.min(matches.length - 1, Math.min(index, matches.length - 1) + step)));
        return;
      }
      case 'Enter':
        // While the list is open Enter picks the highlighted bank instead of sending the form.
        if (open && activeBank) {
          event.preventDefault();
          choose(activeBank);
        }
        return;
      case 'Escape':
        if (open) {
          setOpen(false);
          setText(value || text);
        }
        return;
    }
  };

  const onBlur = () => {
    setOpen(false);
    const exact = banks.find((bank) => simplify(bank.name) === simplify(text));
    if (exact && exact.name !== value) choose(exact);
    else if (exact) setText(exact.name);
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Input
          {...inputProps}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          className={cn('pr-10', className)}
          value={text}
          onClick={(event) => {
            if (open) return;
            // A tap on a chosen bank offers the whole list, and typing replaces the name.
            if (value && text === value) event.currentTarget.select();
            openList();
          }}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            setSearch(next);
            setActive(0);
            if (!open) setOpen(true);
            if (value && next !== value) {
              // Typing over a chosen bank un-chooses it, and the box keeps what was typed.
              setShownValue('');
              onChoose(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <ChevronDownIcon
          className={cn('pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-50 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('payments.banks')}
        hidden={!open}
        // Keeps the focus in the box while a bank is tapped or the list scrolled with the mouse.
        onMouseDown={(event) => event.preventDefault()}
        className="max-h-56 overflow-y-auto overscroll-contain rounded-md border bg-popover p-1 text-popover-foreground shadow-sm"
      >
        {matches.map((bank, index) => {
          const chosen = bank.name === value;
          return (
            <li
              key={`${bank.code} ${bank.name}`}
              id={optionId(index)}
              role="option"
              aria-selected={chosen}
              data-active={index === activeIndex || undefined}
              onClick={() => choose(bank)}
              onMouseMove={() => setActive(index)}
              className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground sm:min-h-9 sm:py-1.5"
            >
              <span>{bank.name}</span>
              {chosen && <CheckIcon className="size-4 shrink-0" aria-hidden="true" />}
            </li>
          );
        })}
        {matches.length === 0 && (
          <li role="presentation" className="px-2 py-2 text-sm text-muted-foreground">
            {t('payments.noBankMatches', { search: search.trim() })}
          </li>
        )}
      </ul>
      <p className="sr-only" aria-live="polite">
        {open ? t('payments.bankCount', { count: matches.length }) : ''}
      </p>
    </div>
  );
}
