import { describe, expect, it } from 'vitest';
import { isReservedRouteWord, isReservedSlug, isSlugKeptByItsHolder, RESERVED_ROUTE_WORDS, toSlug } from './slug';

describe('toSlug', () => {
  it.each([
    ['Sauti Sol', 'sautisol'],
    ['  Nyashinski  ', 'nyashinski'],
    ['Bien-Aimé Baraza', 'bienaimébaraza'],
    ['K.O.T. 254!', 'kot254'],
    ['Zoë\tWanjiru\n', 'zoëwanjiru'],
    ['!!!', ''],
  ])('%j -> %j', (name, slug) => expect(toSlug(name)).toBe(slug));

  it('treats composed and decomposed accents alike', () => {
    expect(toSlug('Aime\u0301')).toBe(toSlug('Aimé'));
  });
});

describe('reserved words', () => {
  it('knows every route word of the spec, in any case', () => {
    for (const word of ['auth', 'dashboard', 'profile', 'verify-email', 'reset-password', 'terms-and-conditions', 'for-artists', 'track', 'album']) {
      expect(isReservedRouteWord(word)).toBe(true);
      expect(isReservedRouteWord(word.toUpperCase())).toBe(true);
    }
    expect(isReservedRouteWord('sautisol')).toBe(false);
  });

  it('reserves the purchase page (issue 16): /purchase is never a profile, no display name takes it', () => {
    expect(isReservedRouteWord('purchase')).toBe(true);
    expect(isReservedSlug(toSlug('Purchase'))).toBe(true);
    expect(isReservedSlug(toSlug('PUR chase'))).toBe(true);
  });

  it('reserves the library and follow pages (issue 17)', () => {
    for (const word of ['library', 'follow']) {
      expect(isReservedRouteWord(word)).toBe(true);
      expect(isReservedSlug(toSlug(word.toUpperCase()))).toBe(true);
    }
  });

  it('reserves the pages of this round: search, genre, embed, library, purchase, redeem, admin (issue 17)', () => {
    for (const word of ['search', 'genre', 'embed', 'library', 'purchase', 'redeem', 'admin']) {
      expect(isReservedRouteWord(word), word).toBe(true);
      expect(isReservedRouteWord(word.toUpperCase()), word).toBe(true);
      expect(isReservedSlug(toSlug(` ${word.toUpperCase()}!`)), word).toBe(true);
      // Reserved after sign-ups began: an artist who already held it keeps it under /profile/.
      expect(isSlugKeptByItsHolder(word), word).toBe(true);
    }
  });

  it("lets no one hold the spec's own words or the server's paths", () => {
    for (const word of RESERVED_ROUTE_WORDS.slice(0, 9)) expect(isSlugKeptByItsHolder(toSlug(word)), word).toBe(false);
    for (const slug of ['api', 'assets', 'login', 'sauti']) expect(isSlugKeptByItsHolder(slug), slug).toBe(false);
    expect(isSlugKeptByItsHolder('nyota')).toBe(false);
  });

  it('refuses display names whose slug would shadow a route or a server path', () => {
    expect(isReservedSlug(toSlug('For Artists'))).toBe(true);
    expect(isReservedSlug(toSlug('Verify Email'))).toBe(true);
    expect(isReservedSlug(toSlug('API'))).toBe(true);
    expect(isReservedSlug(toSlug('Albums'))).toBe(false);
  });
});
