import type { Language } from './language';

/**
 * The language switch (decision 049): a plain link, so it works before the page's scripts run and
 * by keyboard alone. GET /api/language?lang=sw&return=/path sets the `lang` cookie and sends the
 * visitor back to the same page (without any ?lang= that would outvote the cookie). No zod here:
 * the public pages' script imports this file (the server's schema is in its language plugin).
 */
export const LANGUAGE_SWITCH_PATH = '/api/language';

/** A path on this site: "/x", never "//host" or "/\host" (an open redirect). */
export const SITE_PATH = /^\/(?![/\\])/;

/** The address without its `lang` query parameter. */
export function withoutLanguageParam(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://sauti.invalid');
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The switch's link from a page (path and query) to the same page in `language`. */
export function languageSwitchHref(language: Language, pathAndQuery: string): string {
  return `${LANGUAGE_SWITCH_PATH}?${new URLSearchParams({ lang: language, return: withoutLanguageParam(pathAndQuery) })}`;
}
