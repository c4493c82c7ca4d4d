/**
 * Which language a page or an answer is in (issue 20, decision 049): English or everyday Kiswahili.
 * One rule for the server and the browser: `?lang=` in the address, else the `lang` cookie the
 * header's switch sets, else the first of the visitor's Accept-Language (or the browser's
 * languages) that we speak, else English.
 */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The cookie the language switch sets: a year, the whole site, readable by the page. */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** "sw", "sw-KE", "SW_ke" -> sw; anything we do not speak -> undefined. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/** The `lang` cookie's value in a Cookie header, if it names a language we speak. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) return languageOf(decodeURIComponent(value.join('=')));
  }
  return undefined;
}

/** The first language we speak among an Accept-Language header's, by its q-values (q=0 refuses). */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = languageOf(entry.tag);
    if (language) return language;
  }
  return undefined;
}

export interface LanguageSignals {
  /** The `lang` query parameter (?lang=sw). */
  query?: string | null;
  /** The Cookie header. */
  cookie?: string | null;
  /** The Accept-Language header (on the server) or navigator.languages joined by commas. */
  acceptLanguage?: string | null;
}

/** query > cookie > Accept-Language > English. */
export function chooseLanguage({ query, cookie, acceptLanguage }: LanguageSignals): Language {
  return languageOf(query) ?? languageFromCookieHeader(cookie) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
