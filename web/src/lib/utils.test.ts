import { describe, expect, it } from 'vitest';
import { cn, initialsOf } from './utils';

describe('initialsOf', () => {
  it('takes the first and last word, or two letters of a single word', () => {
    expect(initialsOf('Amani wa Muziki')).toBe('AM');
    expect(initialsOf('Zoë')).toBe('ZO');
    expect(initialsOf('  nyashinski ')).toBe('NY');
    expect(initialsOf('')).toBe('');
  });
});

describe('cn', () => {
  it('lets a later Tailwind class win', () => {
    const hidden = false;
    expect(cn('px-2 text-sm', hidden && 'hidden', 'px-4')).toBe('text-sm px-4');
  });
});
