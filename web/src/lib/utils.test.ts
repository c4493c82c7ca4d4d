import { afterEach, describe, expect, it, vi } from 'vitest';
import { cn, initialsOf, scrollBehavior } from './utils';

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

describe('scrollBehavior', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('scrolls smoothly, unless the system asks to reduce motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    expect(scrollBehavior()).toBe('smooth');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }));
    expect(scrollBehavior()).toBe('auto');
  });
});
