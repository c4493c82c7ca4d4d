import { describe, expect, it } from 'vitest';
import { foldText, searchWords } from './search.rules';

describe('foldText', () => {
  it('lowercases, drops accents and apostrophes, and breaks words at anything else', () => {
    expect(foldText('Zoë  WANJIRU’s Bongo-Flava!')).toBe('zoe wanjirus bongo flava');
    expect(foldText('Ñandú Søren Łódź')).toBe('nandu soren lodz');
  });
});

describe('searchWords', () => {
  it('answers nothing under 2 characters once folded', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords(' n ')).toEqual([]);
    expect(searchWords('%_')).toEqual([]);
    expect(searchWords('é')).toEqual([]);
    expect(searchWords('ny')).toEqual(['ny']);
  });

  it('leaves no operator of full-text search or LIKE', () => {
    expect(searchWords(`nyo:* & !x | (y) % _ \\ ' "`)).toEqual(['nyo', 'x', 'y']);
    expect(searchWords("O'Brien")).toEqual(['obrien']);
  });

  it('keeps each word once, at most six, each cut to 40 characters', () => {
    expect(searchWords('a b a b c d e f g h')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchWords('x'.repeat(500))).toEqual(['x'.repeat(40)]);
  });

  it('keeps letters of other scripts', () => {
    expect(searchWords('Музыка 音楽')).toEqual(['музыка', '音楽']);
  });
});
