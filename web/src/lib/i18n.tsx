import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import type appEn from '../../../common/src/i18n/app.en.json';
import type en from '../../../common/src/i18n/en.json';
import { formatMessage, type CompiledCatalogue, type MessageValues } from '#common/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';

/**
 * The page's language and its messages (issue 20, decision 049). Only the current language's
 * catalogue is ever in the page: the server puts it, compiled, into a rendered page's HTML
 * (#sauti-i18n, read before hydrating, so nothing flashes in the other language); a page the
 * browser renders loads it as a chunk of its own (loadCatalogue). Components ask `useT()`.
 */
export type MessageKey = keyof typeof en;
/** The artist side's keys (dashboard, /auth, /admin: app.en.json, decision 055) besides the public ones. */
export type AppMessageKey = MessageKey | keyof typeof appEn;

export interface Translator {
  language: Language;
  t: (key: MessageKey, values?: MessageValues) => string;
}
export interface AppTranslator {
  language: Language;
  t: (key: AppMessageKey, values?: MessageValues) => string;
}

export function createTranslator(language: Language, catalogue: CompiledCatalogue): AppTranslator {
  return {
    language,
    t: (key, values) => {
      const message = catalogue[key];
      return message === undefined ? key : formatMessage(message, values, language);
    },
  };
}

/** Outside a provider (a component test that renders one piece alone): set by the tests' setup. */
let fallback: AppTranslator = createTranslator(DEFAULT_LANGUAGE, {});
export function setFallbackTranslator(translator: AppTranslator) {
  fallback = translator;
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translator {
  return useContext(I18nContext) ?? fallback;
}

/** A page the server did not render: its language's catalogue, compiled at build time, as its own chunk. */
export function loadCatalogue(language: Language): Promise<CompiledCatalogue> {
  const chunk = language === 'sw' ? import('../../../common/src/i18n/sw.json?icu') : import('../../../common/src/i18n/en.json?icu');
  return chunk.then((module) => module.default);
}

/** The id of the script element that carries a rendered page's language and catalogue. */
export const I18N_SCRIPT_ID = 'sauti-i18n';
export interface PageI18n {
  language: Language;
  messages: CompiledCatalogue;
}

/*
 * The artist side's messages (decision 055): the dashboard, /auth and /admin have their own
 * catalogue pair (app.en.json, app.sw.json), a chunk of its own that only those routes load, so
 * the public pages' HTML and scripts never carry it. <AppMessages> (inside a Suspense) adds it to
 * the page's translator; the components under it ask `useAppI18n()`.
 */
const appCatalogues = new Map<Language, CompiledCatalogue>();
const appCatalogueLoads = new Map<Language, Promise<CompiledCatalogue>>();

function loadAppCatalogue(language: Language): Promise<CompiledCatalogue> {
  let load = appCatalogueLoads.get(language);
  if (!load) {
    const chunk =
      language === 'sw' ? import('../../../common/src/i18n/app.sw.json?icu') : import('../../../common/src/i18n/app.en.json?icu');
    load = chunk.then((module) => {
      appCatalogues.set(language, module.default);
      return module.default;
    });
    appCatalogueLoads.set(language, load);
  }
  return load;
}

/** A catalogue already at hand (the tests' English one, compiled without Vite). */
export function setAppCatalogue(language: Language, catalogue: CompiledCatalogue) {
  appCatalogues.set(language, catalogue);
}

const AppI18nContext = createContext<AppTranslator | null>(null);

export function AppMessages({ children }: { children: ReactNode }) {
  const base = useI18n();
  const app = appCatalogues.get(base.language) ?? use(loadAppCatalogue(base.language));
  const translator = useMemo<AppTranslator>(
    () => ({
      language: base.language,
      t: (key, values) => {
        const message = app[key];
        return message === undefined ? base.t(key as MessageKey, values) : formatMessage(message, values, base.language);
      },
    }),
    [base, app],
  );
  return <AppI18nContext.Provider value={translator}>{children}</AppI18nContext.Provider>;
}

/** useI18n() with the artist side's keys too: for components under <AppMessages>. */
export function useAppI18n(): AppTranslator {
  return useContext(AppI18nContext) ?? fallback;
}
