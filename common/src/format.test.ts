import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, formatRelativeDate } from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [560_752, '547.61 KB'],
    [641_024, '626.00 KB'],
    [5 * 1024 * 1024 + 123_456, '5.12 MB'],
    [50 * 1024 * 1024, '50.00 MB'],
    [1024 ** 3, '1.00 GB'],
    [3 * 1024 ** 4, '3072.00 GB'],
  ])('%d bytes -> %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));

  it('writes two decimals always, so sizes side by side read alike (issue 11)', () => {
    for (const bytes of [2048, 560_752, 641_024, 4.5 * 1024 * 1024]) expect(formatFileSize(bytes)).toMatch(/^\d+\.\d{2} (KB|MB)$/);
  });

  it('shows 0 Bytes for nonsense', () => {
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
    expect(formatFileSize(undefined)).toBe('0 Bytes');
  });

  it('in Kiswahili keeps the figures and puts the unit first, as phone bundles write it (issue 20)', () => {
    expect(formatFileSize(641_024, 'sw')).toBe('KB 626.00');
    expect(formatFileSize(9.4 * 1024 * 1024, 'sw')).toBe('MB 9.40');
    expect(formatFileSize(512, 'sw')).toBe('baiti 512');
    expect(formatFileSize(undefined, 'sw')).toBe('baiti 0');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [245, '4:05'],
    [3725, '62:05'],
  ])('%d s -> %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('shows 0:00 for anything but a number', () => {
    for (const value of [undefined, null, '12', Number.NaN, Infinity, -3]) expect(formatDuration(value)).toBe('0:00');
  });
});

describe('formatRelativeDate', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it.each([
    [0, 'Today'],
    [0.9, 'Today'],
    [1, '1 day ago'],
    [1.9, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 weeks ago'],
    [20, '2 weeks ago'],
    [29, '4 weeks ago'],
  ])('%d days -> %s', (days, text) => expect(formatRelativeDate(ago(days), now)).toBe(text));

  it('calls a date a little in the future (a fast clock) today', () => {
    expect(formatRelativeDate(ago(-0.01), now)).toBe('Today');
  });

  it('falls back to the locale date from 30 days on', () => {
    expect(formatRelativeDate(ago(45), now, 'en-GB')).toBe(ago(45).toLocaleDateString('en-GB'));
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeDate('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
  });
});
