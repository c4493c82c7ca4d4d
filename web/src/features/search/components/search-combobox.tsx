import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { profileHref } from '@/components/public-pieces';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';
import { SEARCH_BOX_LIMIT, SEARCH_MIN_CHARACTERS, useSearchResults } from '../api/search';
import { SEARCH_INPUT_CLASS } from './search-input-class';

/** Long enough to skip the letters of a word typed quickly, short enough to feel instant. */
const DEBOUNCE_MS = 200;

interface Option {
  key: string;
  href: string;
  label: string;
  detail: string;
}

/**
 * The header's search once it is used (search-box.tsx loads it on first focus): results as one
 * types (debounced; an older request is aborted when a newer one starts), in the ARIA 1.2
 * combobox pattern: arrows move through the suggestions, Enter opens one (or the search page),
 * Escape closes them. It takes over from the plain box with what was typed there, focused.
 */
export function SearchCombobox({ className, initialText }: { className?: string; initialText: string }) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const [text, setText] = useState(initialText);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { data, isFetching } = useSearchResults(query, SEARCH_BOX_LIMIT);
  const ready = query.length >= SEARCH_MIN_CHARACTERS && data !== undefined;
  const searchHref = `/search?q=${encodeURIComponent(text.trim())}`;
  const found: Option[] = ready
    ? [
        ...data.artists.map((artist) => ({ key: `artist-${artist.id}`, href: profileHref(artist), label: artist.displayName, detail: t('search.artist') })),
        ...data.tracks.map((track) => ({ key: `track-${track.id}`, href: `/track/${encodeURIComponent(track.id)}`, label: track.trackName, detail: t('search.songBy', { artist: track.artistName }) })),
        ...data.albums.map((album) => ({ key: `album-${album.id}`, href: `/album/${encodeURIComponent(album.id)}`, label: album.albumName, detail: t('search.albumBy', { artist: album.artistName }) })),
      ]
    : [];
  // The last suggestion is always the search page with every result.
  const allLabel = found.length > 0 ? t('search.seeAll', { q: text.trim() }) : isFetching ? t('search.searching') : t('search.noMatchesYet', { q: text.trim() });
  const options: Option[] = [...found, { key: 'all', href: searchHref, label: allLabel, detail: '' }];
  const showList = open && text.trim().length >= SEARCH_MIN_CHARACTERS && ready;
  const activeOption = showList && active >= 0 ? options[active] : undefined;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      if (event.key === 'ArrowDown') setActive((current) => (current >= last ? 0 : current + 1));
      else setActive((current) => (current <= 0 ? last : current - 1));
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      go(activeOption.href);
    }
  };

  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) go(searchHref);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('search.placeholder')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <input
        ref={inputRef}
        id={`${id}-input`}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={activeOption ? `${id}-${activeOption.key}` : undefined}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={SEARCH_INPUT_CLASS}
      />
      <p className="sr-only" aria-live="polite">
        {showList ? (found.length === 1 ? '1 suggestion' : `${found.length} suggestions`) : ''}
      </p>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.suggestions')}
        hidden={!showList}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {options.map((option, index) => (
          <div
            key={option.key}
            id={`${id}-${option.key}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the box until the click has chosen the option.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(option.href)}
            className={cn(
              'cursor-pointer rounded-sm px-2 py-1.5',
              index === active ? 'bg-accent' : 'hover:bg-accent/60',
              option.key === 'all' && 'border-t text-sm text-primary',
            )}
          >
            <span className={cn('block truncate', option.key !== 'all' && 'text-sm font-medium')}>{option.label}</span>
            {option.detail && <span className="block truncate text-xs text-muted-foreground">{option.detail}</span>}
          </div>
        ))}
      </div>
    </form>
  );
}
