import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '../../db/schema';
import { createArtist } from '../../../test/support/artists';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { foldText } from './search.rules';

/**
 * The search folding rule is written twice: foldText (search.rules.ts) folds what is typed, the
 * database's sauti_fold (migration 0010) folds what is stored. A query finds a name only when both
 * fold it alike, so foldText is the oracle here and sauti_fold, on the real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), is what is under test.
 */

/** Names and corner cases a catalogue of Kiswahili, East African and accented names meets. */
const TRICKY: string[] = [
  '',
  'Café',
  'Mama',
  'ÉLÈVE',
  'Zoë',
  'naïve',
  'Straße',
  'Ñandú',
  'Søren Łódź Đorđe',
  'Nyota Wanjiru’s',
  'ng’ombe',
  "ng'ombe",
  '‘Mama Afrika’',
  'O`Brien´s',
  'Bongo–Flava — Live',
  'Bongo-Flava',
  'two  spaces   three',
  'tab\there',
  'line\nbreak',
  '  padded  ',
  '!!!',
  'Rock 🎸 Band',
  '🔥🔥',
  'Музыка',
  'موسيقى',
  '音楽',
  'Track 42 (Remix) [2024]',
  '0123456789',
  'MiXeD CaSe',
  'HAKUNA MATATA',
  'Jambo Bwana!',
  'Mbosso & Diamond Platnumz',
  'Sauti_Sol',
  'a.b,c;d:e?f',
  'İstanbul',
  'Ærø',
  'Jua Kali ❤️',
  'İstanbul Şarkı',
  'ΣΟΦΙΑ',
  'non\u00a0breaking',
  '50%',
  'C++ & C#',
  '€100',
  '© Sauti',
];

/** A fixed-seed generator (mulberry32): the same strings on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Where sauti_fold folds differently today (found by this test; issue 37, item 3). Each is pinned
 * to both answers, so a fix of either side shows here: move the input to TRICKY then. Not fixed
 * in place: a new sauti_fold needs a migration that also recomputes every stored search_doc and
 * search_tsv (generated columns keep what the old function gave).
 */
const KNOWN_DIFFERENCES: { input: string; ts: string; sql: string; why: string }[] = [
  { input: 'Mǎ', ts: 'ma', sql: 'mǎ', why: 'a letter with a mark missing from the translate() list (Pinyin)' },
  { input: 'Nguyễn', ts: 'nguyen', sql: 'nguyễn', why: 'Vietnamese: two marks, not in the list' },
  { input: 'Ğ ğ Ț ț Ǹ', ts: 'g g t t n', sql: 'ğ ğ ț ț ǹ', why: 'Turkish, Romanian and other letters not in the list' },
  { input: 'Ÿvonne', ts: 'yvonne', sql: 'ÿvonne', why: 'translate() runs before lower(): ÿ is listed, Ÿ is not' },
  { input: 'ЁЛКА', ts: 'елка', sql: 'ёлка', why: 'NFD takes the diaeresis off Cyrillic Ё' },
  { input: 'Ωμέγα', ts: 'ωμεγα', sql: 'ωμέγα', why: 'Greek tonos' },
  { input: 'ΟΔΟΣ', ts: 'οδος', sql: 'οδοσ', why: 'JavaScript lowercases a word-final Σ to ς, lower() to σ' },
  { input: 'مُحَمَّد', ts: 'محمد', sql: 'مُحَمَّد', why: 'Arabic vowel marks (harakat) are marks to foldText' },
  { input: 'e\u0301cole', ts: 'ecole', sql: 'e cole', why: 'an already decomposed accent: dropped by foldText, a word break ([:punct:]) in SQL' },
  { input: 'x\ufe0fy', ts: 'xy', sql: 'x y', why: 'a variation selector (a mark) likewise' },
  { input: 'x\u0001y', ts: 'x y', sql: 'x\u0001y', why: 'a control character is neither [:space:] nor [:punct:]' },
  { input: 'Track² ½', ts: 'track² ½', sql: 'track', why: 'superscripts and fractions are numbers (\\p{N}) to foldText, [:punct:] to SQL' },
];

/**
 * Letters, digits, spaces, punctuation, accents, apostrophes, dashes, other scripts and emoji:
 * every kind of character TRICKY covers, none of KNOWN_DIFFERENCES' (they would only repeat them).
 */
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'     \t\n\u00a0',
  ...`.,;:!?'"()[]{}-_/\\&*#@%+=<>|~^$€©`,
  ...'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŁłĐđŠšŽžŞşŐőßÆæ',
  ...'’‘`´–—',
  ...'МузыкаЖЩ',
  ...'موسيقى',
  ...'音楽',
  '🎸',
  '🔥',
  '❤️',
];

function generated(count: number, seed: number): string[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const length = Math.floor(random() * 24);
    return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]!).join('');
  });
}

describe('sauti_fold (SQL) folds as foldText (TypeScript)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const sautiFold = async (input: string) =>
    (await t.app.database.pool.query<{ folded: string | null }>('SELECT sauti_fold($1) AS folded', [input])).rows[0]!.folded;

  /** The inputs the two fold differently, with both answers (none is the test's expectation). */
  async function mismatches(inputs: string[]) {
    const found: { input: string; ts: string; sql: string | null }[] = [];
    for (const input of inputs) {
      const sql = await sautiFold(input);
      const ts = foldText(input);
      if (sql !== ts) found.push({ input, ts, sql });
    }
    return found;
  }

  it('on names and corner cases', async () => {
    expect(await mismatches(TRICKY)).toEqual([]);
  });

  it('on 200 strings generated from a fixed seed over a mixed alphabet', async () => {
    const strings = generated(200, 37);
    expect(new Set(strings).size).toBeGreaterThan(190);
    expect(await mismatches(strings)).toEqual([]);
  });

  it('as stored: a track’s search_doc is foldText of its name, artist, genre and tags', async () => {
    const artist = await createArtist(t.app);
    const rows = TRICKY.filter((name) => name.trim() !== '').map((name, n) => ({
      id: randomUUID(),
      trackName: name,
      artistName: TRICKY[(n + 7) % TRICKY.length]!,
      genre: n % 3 === 0 ? 'bongo-flava' : null,
      tags: n % 2 === 0 ? [TRICKY[(n + 3) % TRICKY.length]!, 'taarab'] : [],
    }));
    for (const row of rows) {
      await t.app.database.db.insert(tracks).values({
        ...row,
        userId: artist.id,
        originalName: 'x.mp3',
        fileSize: 1000,
        mimeType: 'audio/mpeg',
        duration: 5,
        audioKey: `test/${row.id}`,
      });
    }
    const stored = await t.app.database.db.select({ id: tracks.id, searchDoc: tracks.searchDoc }).from(tracks).where(eq(tracks.userId, artist.id));
    const byId = new Map(stored.map((row) => [row.id, row.searchDoc]));
    const differing = rows.flatMap((row) => {
      const ts = foldText([row.trackName, row.artistName, row.genre ?? '', ...row.tags].join(' '));
      return byId.get(row.id) === ts ? [] : [{ trackName: row.trackName, ts, sql: byId.get(row.id) }];
    });
    expect(differing).toEqual([]);
  });

  it.each(KNOWN_DIFFERENCES)('differs today on $input ($why)', async ({ input, ts, sql }) => {
    expect(foldText(input)).toBe(ts);
    expect(await sautiFold(input)).toBe(sql);
  });
});
