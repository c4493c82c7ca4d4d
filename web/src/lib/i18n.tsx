import { createContext, useContext, type ReactNode } from 'react';
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

/** The translator outside a provider (the tests' English one). */
export function fallbackTranslator(): AppTranslator {
  return fallback;
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

