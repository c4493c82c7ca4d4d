import { lazy, Suspense, useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { useLocation, useSearchParams } from 'wouter';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { SEARCH_INPUT_CLASS } from './search-input-class';

const SearchCombobox = lazy(() => import('./search-combobox').then((m) => ({ default: m.SearchCombobox })));

/**
 * The public header's search box (issue 17). Every public page carries it within its JavaScript
 * budget, so what arrives with the page is a plain form to /search (it works before any script
 * runs); the suggestions as one types load on first focus and take over with what was typed.
 */
export function SearchBox({ className }: { className?: string }) {
  const [location] = useLocation();
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(() => (location === '/search' ? (searchParams.get('q') ?? '') : ''));
  const [active, setActive] = useState(false);
  const { t } = useI18n();
  const plain = (
    <form role="search" action="/search" method="get" className={cn('relative', className)}>
      <label htmlFor="site-search" className="sr-only">
        {t('search.placeholder')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <input
        id="site-search"
        name="q"
        type="search"
        autoComplete="off"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setActive(true)}
        className={SEARCH_INPUT_CLASS}
      />
    </form>
  );
  if (!active) return plain;
  return (
    <Suspense fallback={plain}>
      <SearchCombobox className={className} initialText={text} />
    </Suspense>
  );
}
