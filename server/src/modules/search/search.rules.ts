import { SEARCH_MIN_LENGTH } from '#common/schemas/search';

/** At most this many words of a query are matched (the rest is more likely noise than intent). */
export const MAX_SEARCH_WORDS = 6;
/** A longer word is cut: no name has longer ones, and trigrams of a page of text cost for nothing. */
export const MAX_WORD_LENGTH = 40;
/** Words this long or longer may have one typo (issue 17). */
export const TYPO_MIN_LENGTH = 5;

/** Letters NFD does not take apart, folded as the database's sauti_fold does (migration 0010). */
const UNDECOMPOSED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd' };

/**
 * Folds text as the database's sauti_fold() folds names: lowercase, without accents, apostrophes
 * dropped ("Wanjiru's" is "wanjirus"), anything else that is not a letter or digit a word break.
 * The SQL twin is held equal by folding.api.test.ts, which also pins where the two still differ.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øłđ]/gu, (letter) => UNDECOMPOSED[letter] ?? letter)
    .replace(/['’‘`´]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The words a query looks for: folded, each once, at most MAX_SEARCH_WORDS of at most
 * MAX_WORD_LENGTH characters. None when the query is shorter than SEARCH_MIN_LENGTH characters
 * once folded (a single letter would match most of the catalogue). Only letters and digits are
 * left, so nothing typed can be read as a full-text operator (& | ! : * ( )) or a LIKE wildcard.
 */
export function searchWords(query: string): string[] {
  const folded = foldText(query);
  if ([...folded.replace(/ /g, '')].length < SEARCH_MIN_LENGTH) return [];
  const words: string[] = [];
  for (const word of folded.split(' ')) {
    const cut = [...word].slice(0, MAX_WORD_LENGTH).join('');
    if (cut && !words.includes(cut)) words.push(cut);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

export const allowsTypo = (word: string) => [...word].length >= TYPO_MIN_LENGTH;
