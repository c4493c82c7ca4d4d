import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import type marketingEn from '../../../common/src/i18n/marketing.en.json';
import { formatMessage, type CompiledCatalogue, type MessageValues } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import { useI18n } from '@/lib/i18n';
import { settled, settling } from '@/lib/settled';

/*
 * The marketing pages' own messages (/for-artists, /terms-and-conditions; issue 20, decision 063):
 * their text is long, and every public page carries its whole catalogue in its HTML (decision
 * 049), so these live in a catalogue pair of their own (common/src/i18n/marketing.{en,sw}.json),
 * a chunk that only these two routes load. The server renders these pages with it (the render
 * waits for the chunk), and the browser fetches the same chunk before it hydrates them.
 */
export type MarketingMessageKey = keyof typeof marketingEn;

/** Each language's catalogue, loaded once; the same promise every time (lib/settled.ts). */
const loads = new Map<Language, Promise<CompiledCatalogue>>();

function loadMarketingCatalogue(language: Language): Promise<CompiledCatalogue> {
  let load = loads.get(language);
  if (!load) {
    const chunk =
      language === 'sw'
        ? import('../../../common/src/i18n/marketing.sw.json?icu')
        : import('../../../common/src/i18n/marketing.en.json?icu');
    load = settling(chunk.then((module) => module.default));
    loads.set(language, load);
  }
  return load;
}

/**
 * In the browser, starts loading the page's catalogue (its <html lang>) with the page's chunk, so
 * that hydration finds it there: a boundary that suspended on it while hydrating was switched to
 * client rendering when the chunk came from the cache (React error 422). On the server, nothing.
 */
export function preloadMarketingCatalogue(): Promise<unknown> {
  if (typeof document === 'undefined') return Promise.resolve();
  return loadMarketingCatalogue(document.documentElement.lang === 'sw' ? 'sw' : 'en');
}

/** A catalogue already at hand (tests, compiled without Vite). */
export function setMarketingCatalogue(language: Language, catalogue: CompiledCatalogue) {
  loads.set(language, settled(catalogue));
}

type MarketingT = (key: MarketingMessageKey, values?: MessageValues) => string;
const MarketingContext = createContext<MarketingT | null>(null);

/** Loads the page's marketing catalogue (suspends until it is there) for the components under it. */
export function MarketingMessages({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  // use() on every render, with the same promise, settled once the catalogue is here (lib/settled.ts).
  const catalogue = use(loadMarketingCatalogue(language));
  const t = useMemo<MarketingT>(
    () => (key, values) => {
      const message = catalogue[key];
      return message === undefined ? key : formatMessage(message, values, language);
    },
    [catalogue, language],
  );
  return <MarketingContext.Provider value={t}>{children}</MarketingContext.Provider>;
}

export function useMarketingT(): MarketingT {
  const t = useContext(MarketingContext);
  if (!t) throw new Error('useMarketingT() outside <MarketingMessages>');
  return t;
}
