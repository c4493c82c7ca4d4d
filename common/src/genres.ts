/**
 * Genres a track or album may have (issue 17): a fixed list that fits what Kenyan fans listen to,
 * as slugs (stored, in URLs: /genre/{slug}) with the names shown. No zod here: the public pages'
 * scripts import it, and their JavaScript budget is tight.
 */
export const GENRES = [
  { slug: 'gengetone', name: 'Gengetone' },
  { slug: 'bongo-flava', name: 'Bongo Flava' },
  { slug: 'benga', name: 'Benga' },
  { slug: 'gospel', name: 'Gospel' },
  { slug: 'afrobeats', name: 'Afrobeats' },
  { slug: 'hip-hop', name: 'Hip-Hop' },
  { slug: 'rnb', name: 'R&B' },
  { slug: 'reggae', name: 'Reggae' },
  { slug: 'taarab', name: 'Taarab' },
  { slug: 'ohangla', name: 'Ohangla' },
  { slug: 'mugithi', name: 'Mugithi' },
  { slug: 'rhumba', name: 'Rhumba' },
  { slug: 'amapiano', name: 'Amapiano' },
  { slug: 'drill', name: 'Drill' },
  { slug: 'electronic', name: 'Electronic' },
  { slug: 'other', name: 'Other' },
] as const;

export type GenreSlug = (typeof GENRES)[number]['slug'];

export const GENRE_SLUGS: readonly GenreSlug[] = GENRES.map((genre) => genre.slug);

export function isGenreSlug(value: string): value is GenreSlug {
  return (GENRE_SLUGS as readonly string[]).includes(value);
}

/** The name shown for a slug; undefined for one not on the list. */
export function genreName(slug: string): string | undefined {
  return GENRES.find((genre) => genre.slug === slug)?.name;
}

/** Spec-less limits of our own (issue 17): up to 5 tags of up to 30 characters each. */
export const MAX_TAGS = 5;
export const MAX_TAG_LENGTH = 30;

export const TAG_MESSAGES = {
  tooMany: `Add at most ${MAX_TAGS} tags`,
  tooLong: `A tag has at most ${MAX_TAG_LENGTH} characters`,
  invalid: 'Tags must be a list of words, separated by commas',
  genreUnknown: 'Choose a genre from the list',
} as const;

/**
 * Tags as typed: a comma-separated text (a multipart field, the dialogs' input) or a list (JSON).
 * Each is trimmed, inner spaces collapsed and lowercased; empty ones and repeats are dropped.
 * Answers the tags, or the message of the first rule broken.
 */
export function parseTags(input: string | readonly string[]): { tags: string[] } | { error: string } {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
    if (!tag || tags.includes(tag)) continue;
    if ([...tag].length > MAX_TAG_LENGTH) return { error: TAG_MESSAGES.tooLong };
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) return { error: TAG_MESSAGES.tooMany };
  return { tags };
}
