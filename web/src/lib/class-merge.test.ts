import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { candidateClasses, tableLines } from '../../../scripts/class-merge-table.mjs';
import { CLASS_MERGE_TABLE } from './class-merge-table';
import { cn, mergeClasses } from './utils';

// The classes web/src writes that tailwind-merge knows (it drops a repeat of those alone).
const classes = candidateClasses().filter((word) => twMerge(`${word} ${word}`) === word);

describe('cn merges classes as tailwind-merge does (docs/decisions/064)', () => {
  it('from a table that is up to date with the classes of web/src', async () => {
    const expected = await tableLines();
    expect(CLASS_MERGE_TABLE === expected, 'web/src/lib/class-merge-table.ts is out of date: run `node scripts/class-merge-table.mjs`').toBe(true);
  });

  it('for every two classes of web/src, in either order', () => {
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        if (first === second) continue;
        const list = `${first} ${second}`;
        if (mergeClasses(list) !== twMerge(list)) differences.push(list);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('keeps a repeat of a class that nothing else overrides, where twMerge drops it (the one difference)', () => {
    expect(twMerge('aspect-square aspect-square')).toBe('aspect-square');
    expect(mergeClasses('aspect-square aspect-square')).toBe('aspect-square aspect-square');
    expect(mergeClasses('px-2 px-2')).toBe('px-2');
  });

  it('for longer lists of different classes, with classes that are not Tailwind among them', () => {
    // A fixed pseudo-random sequence (the same lists on every run).
    let seed = 18;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const words = [...classes, 'group', 'peer', 'my-own-class', 'sauti-cover'];
    for (let round = 0; round < 5_000; round += 1) {
      const list = [...new Set(Array.from({ length: 2 + Math.floor(next() * 10) }, () => words[Math.floor(next() * words.length)]))].join(' ');
      expect(mergeClasses(list), list).toBe(twMerge(list));
    }
  });

  it('joins conditional classes first, as clsx does', () => {
    expect(cn('px-2 py-1', false, undefined, { 'px-4': true, hidden: false }, ['text-sm'])).toBe('py-1 px-4 text-sm');
    expect(cn('inline-flex h-9', 'hidden sm:inline-flex')).toBe('h-9 hidden sm:inline-flex');
    expect(cn()).toBe('');
  });
});
