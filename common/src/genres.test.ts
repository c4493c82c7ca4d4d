import { describe, expect, it } from 'vitest';
import { GENRES, genreName, isGenreSlug, parseTags, TAG_MESSAGES } from './genres';
import { genreSchema, tagsSchema } from './schemas/catalog/rules';

describe('genres', () => {
  it('has the list issue 17 asks for, each slug once, with a name', () => {
    const slugs = GENRES.map((genre) => genre.slug);
    for (const slug of ['gengetone', 'bongo-flava', 'benga', 'gospel', 'afrobeats', 'hip-hop', 'rnb', 'reggae', 'taarab', 'ohangla', 'mugithi', 'rhumba', 'amapiano', 'drill', 'electronic', 'other']) {
      expect(slugs).toContain(slug);
    }
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(genreName('bongo-flava')).toBe('Bongo Flava');
    expect(genreName('polka')).toBeUndefined();
    expect(isGenreSlug('benga')).toBe(true);
    expect(isGenreSlug('Benga')).toBe(false);
  });

  it('takes a known slug in any case, none for empty, and refuses anything else', () => {
    expect(genreSchema.parse('benga')).toBe('benga');
    expect(genreSchema.parse(' Hip-Hop ')).toBe('hip-hop');
    expect(genreSchema.parse('')).toBeNull();
    expect(genreSchema.parse(null)).toBeNull();
    for (const value of ['polka', 'Bongo Flava', 'hip hop', 42]) {
      const result = genreSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TAG_MESSAGES.genreUnknown);
    }
  });
});

describe('tags', () => {
  it('trims, collapses spaces, lowercases and keeps each once, from text or a list', () => {
    expect(parseTags(' Love , NAIROBI,love,,  night   life ')).toEqual({ tags: ['love', 'nairobi', 'night life'] });
    expect(parseTags(['Sifa', ' sifa ', 'Praise'])).toEqual({ tags: ['sifa', 'praise'] });
    expect(parseTags('')).toEqual({ tags: [] });
  });

  it('allows at most 5 of at most 30 characters', () => {
    expect(parseTags('a,b,c,d,e')).toEqual({ tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(parseTags('a,b,c,d,e,f')).toEqual({ error: TAG_MESSAGES.tooMany });
    expect(parseTags('a,b,c,d,e,a,b')).toEqual({ tags: ['a', 'b', 'c', 'd', 'e'] });
    expect(parseTags('x'.repeat(30))).toEqual({ tags: ['x'.repeat(30)] });
    expect(parseTags('x'.repeat(31))).toEqual({ error: TAG_MESSAGES.tooLong });
  });

  it('is what the catalogue schemas use', () => {
    expect(tagsSchema.parse('A, b')).toEqual(['a', 'b']);
    expect(tagsSchema.parse(null)).toEqual([]);
    expect(tagsSchema.safeParse('1,2,3,4,5,6').error?.issues[0]?.message).toBe(TAG_MESSAGES.tooMany);
    expect(tagsSchema.safeParse({ tags: 'x' }).success).toBe(false);
  });
});
