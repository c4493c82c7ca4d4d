import { describe, expect, it } from 'vitest';
import appEn from './app.en.json';
import appSw from './app.sw.json';
import marketingEn from './marketing.en.json';
import marketingSw from './marketing.sw.json';
import { compileCatalogue, compileMessage } from './compile';
import en from './en.json';
import { relativeDate, shortDate } from './dates';
import { formatMessage } from './format';
import { chooseLanguage, languageFromAcceptLanguage, languageFromCookieHeader } from './language';
import { emptyTexts, missingKeys, placeholderMismatches } from './parity';
import sw from './sw.json';

describe('choosing the language (decision 049)', () => {
  it('takes ?lang= first, then the lang cookie, then Accept-Language, else English', () => {
    expect(chooseLanguage({ query: 'sw', cookie: 'lang=en', acceptLanguage: 'en' })).toBe('sw');
    expect(chooseLanguage({ query: 'en', cookie: 'lang=sw', acceptLanguage: 'sw' })).toBe('en');
    expect(chooseLanguage({ cookie: 'sid=abc; lang=sw', acceptLanguage: 'en-GB' })).toBe('sw');
    expect(chooseLanguage({ cookie: 'lang=en', acceptLanguage: 'sw-KE' })).toBe('en');
    expect(chooseLanguage({ acceptLanguage: 'sw-KE,sw;q=0.9,en;q=0.8' })).toBe('sw');
    expect(chooseLanguage({})).toBe('en');
  });

  it('passes over what it does not speak to the next signal', () => {
    expect(chooseLanguage({ query: 'fr', cookie: 'lang=sw' })).toBe('sw');
    expect(chooseLanguage({ query: '', cookie: 'lang=de', acceptLanguage: 'sw' })).toBe('sw');
    expect(chooseLanguage({ acceptLanguage: 'fr-FR, de;q=0.9' })).toBe('en');
  });

  it('reads Accept-Language by its q-values, and q=0 refuses a language', () => {
    expect(languageFromAcceptLanguage('fr;q=1, en;q=0.5, sw;q=0.8')).toBe('sw');
    expect(languageFromAcceptLanguage('sw;q=0, en;q=0.1')).toBe('en');
    expect(languageFromAcceptLanguage('SW_ke')).toBe('sw');
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
  });

  it('finds the lang cookie among others, and no other cookie', () => {
    expect(languageFromCookieHeader('language=sw; xlang=sw')).toBeUndefined();
    expect(languageFromCookieHeader('a=1;  lang=sw ;b=2')).toBe('sw');
  });
});

// The public pages' pair (decision 049) and the artist side's (dashboard, /auth, /admin: decision 055).
const PAIRS: [string, Record<string, string>, Record<string, string>][] = [
  ['en.json / sw.json', en, sw],
  ['app.en.json / app.sw.json', appEn, appSw],
  // The marketing pages' own (decision 063), loaded by /for-artists and /terms-and-conditions only.
  ['marketing.en.json / marketing.sw.json', marketingEn, marketingSw],
];

describe.each(PAIRS)('the catalogues %s', (_name, en, sw) => {
  it('hold the same keys in English and Kiswahili, none empty', () => {
    expect(missingKeys(en, sw)).toEqual({ missingInSw: [], missingInEn: [] });
    expect(emptyTexts(en, sw)).toEqual([]);
  });

  it('are valid ICU messages that fill in the same placeholders in both languages', () => {
    expect(() => compileCatalogue(en)).not.toThrow();
    expect(() => compileCatalogue(sw)).not.toThrow();
    expect(placeholderMismatches(en, sw)).toEqual([]);
  });
});

describe('the artist side\'s catalogue', () => {
  it('shares no key with the public one, so merging never hides a public text', () => {
    expect(Object.keys(appEn).filter((key) => key in en)).toEqual([]);
  });
});

describe('plurals and placeholders', () => {
  const format = (catalogue: Record<string, string>, key: string, values: Record<string, string | number>, language: 'en' | 'sw') =>
    formatMessage(compileMessage(catalogue[key] ?? ''), values, language);

  it.each([
    ['profile.tracksAvailable', { count: 1 }, '1 track available'],
    ['profile.tracksAvailable', { count: 0 }, '0 tracks available'],
    ['profile.tracksAvailable', { count: 12 }, '12 tracks available'],
    ['count.streams', { count: 1 }, '1 stream'],
    ['count.downloads', { count: 2 }, '2 downloads'],
  ])('English: one and other (%s, %o)', (key, values, expected) => {
    expect(format(en, key, values, 'en')).toBe(expected);
  });

  it.each([
    ['profile.tracksAvailable', { count: 1 }, 'Wimbo 1 unapatikana'],
    ['profile.tracksAvailable', { count: 5 }, 'Nyimbo 5 zinapatikana'],
    ['profile.tracksAvailable', { count: 0 }, 'Hakuna wimbo bado'],
    ['count.songs', { count: 1 }, 'wimbo 1'],
    ['count.songs', { count: 3 }, 'nyimbo 3'],
    ['track.moreFrom', { artist: 'Nyota' }, 'Zaidi kutoka kwa Nyota'],
  ])('Kiswahili: the noun class changes with the number, and the words may come in another order (%s, %o)', (key, values, expected) => {
    expect(format(sw, key, values, 'sw')).toBe(expected);
  });

  it('formats #, numbers and selects with the language’s rules', () => {
    const message = compileMessage('{n, plural, one {# song} other {# songs}} · {n, number} · {kind, select, album {an album} other {a song}}');
    expect(formatMessage(message, { n: 1500, kind: 'album' }, 'en')).toBe('1,500 songs · 1,500 · an album');
    expect(formatMessage(message, { n: 1, kind: 'x' }, 'en')).toBe('1 song · 1 · a song');
  });

  it('keeps a message without placeholders as its text, and refuses a broken one', () => {
    expect(compileMessage('Copied!')).toBe('Copied!');
    expect(() => compileMessage('{count, plural, one {x}}')).toThrow();
  });
});

describe('relative dates', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000 - 1000);
  it('keep the spec’s English words', () => {
    expect(relativeDate('en', ago(0), now)).toBe('Today');
    expect(relativeDate('en', ago(2), now)).toBe('2 days ago');
  });
  it('read as a Kenyan phone says them in Kiswahili', () => {
    expect(relativeDate('sw', ago(0), now)).toBe('Leo');
    expect(relativeDate('sw', ago(1), now)).toBe('Jana');
    expect(relativeDate('sw', ago(2), now)).toBe('Siku 2 zilizopita');
    expect(relativeDate('sw', ago(15), now)).toBe('Wiki 2 zilizopita');
    expect(relativeDate('sw', ago(60), now)).toBe('27 Septemba 2026');
  });
  it('give a day of purchase the same in UTC on the server and in the browser', () => {
    expect(shortDate('en', '2026-03-01T23:30:00Z')).toBe('1 Mar 2026');
    expect(shortDate('sw', '2026-03-01T23:30:00Z')).toBe('1 Mac 2026');
    expect(shortDate('sw', 'not a date')).toBe('');
  });
});
