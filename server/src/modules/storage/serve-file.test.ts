import { describe, expect, it } from 'vitest';
import { parseRange } from './serve-file';
import { assertSafeKey, assertSafePrefix } from './storage';
import { storageKeys } from './storage-keys';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    [' bytes = 5 - 9 ', { start: 5, end: 9 }],
  ])('reads %s of a 1000-byte file', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=50-10', 'bytes=-0'])('finds %s unsatisfiable', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'items=0-5', 'bytes=0-5,10-20', 'bytes=-', 'bytes=abc'])('sends the whole file for %s', (header) => {
    expect(parseRange(header, 1000)).toBeUndefined();
  });
});

describe('storage keys', () => {
  it('are built from ids only and pass the safety check', () => {
    const audio = storageKeys.audio('0f1e2d3c-4b5a-4968-8776-655443322110', 'mp3');
    expect(audio).toMatch(/^audio\/0f1e2d3c-4b5a-4968-8776-655443322110\/[0-9a-f-]{36}\.mp3$/);
    expect(() => assertSafeKey(audio)).not.toThrow();
    const rendition = storageKeys.rendition('t1', audio, 'preview_low');
    expect(rendition).toBe(`renditions/t1/${audio.split('/')[2]!.replace('.mp3', '')}-preview-low.m4a`);
    const cover = storageKeys.coverOriginal('u1', 'c1', 'png');
    expect(storageKeys.coverVariant(cover, '96.webp')).toBe('covers/u1/c1/96.webp');
    expect(storageKeys.coverPrefix(cover)).toBe('covers/u1/c1/');
  });

  it.each(['../etc/passwd', 'audio/../../x', '/abs/path', 'audio//x', 'audio/x y', 'audio/.hidden', ''])('refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow();
  });

  it('refuses prefixes that are not folders', () => {
    expect(() => assertSafePrefix('covers/u1')).toThrow();
    expect(() => assertSafePrefix('covers/../')).toThrow();
    expect(() => assertSafePrefix('covers/u1/')).not.toThrow();
  });
});
