import { describe, expect, it } from 'vitest';
import { formatKes, formatPrice, minorToKesInput, parseKesToMinor } from './money';

describe('parseKesToMinor', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['150', 15_000],
    ['99.5', 9_950],
    ['99.50', 9_950],
    ['0.01', 1],
    [' 2500 ', 250_000],
    ['1000000', 100_000_000],
    [12.34, 1_234],
  ])('%j KES -> %d minor units', (input, minor) => expect(parseKesToMinor(input)).toEqual({ ok: true, minor }));

  it('never rounds through a float: 0.29 + 0.58 style inputs stay exact', () => {
    expect(parseKesToMinor('1.15')).toEqual({ ok: true, minor: 115 });
    expect(parseKesToMinor('4.35')).toEqual({ ok: true, minor: 435 });
  });

  it('treats null and undefined as free', () => {
    expect(parseKesToMinor(null)).toEqual({ ok: true, minor: 0 });
    expect(parseKesToMinor(undefined)).toEqual({ ok: true, minor: 0 });
  });

  it('refuses negative prices as negative', () => {
    expect(parseKesToMinor('-1')).toEqual({ ok: false, reason: 'negative' });
    expect(parseKesToMinor('-0.5')).toEqual({ ok: false, reason: 'negative' });
  });

  it('refuses prices above KES 1,000,000', () => {
    expect(parseKesToMinor('1000000.01')).toEqual({ ok: false, reason: 'too-high' });
    expect(parseKesToMinor('21474836.48')).toEqual({ ok: false, reason: 'too-high' });
    expect(parseKesToMinor(999_999_999)).toEqual({ ok: false, reason: 'too-high' });
  });

  it.each(['abc', '1e3', 'NaN', '1.', '.5', 'KES', '1,500 500', '0x10', '1500 USD', Number.NaN])('refuses %j as not an amount', (input) => {
    expect(parseKesToMinor(input)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['1,500', 150_000],
    ['1500.00', 150_000],
    ['KSh 1,500', 150_000],
    ['KES 1,500', 150_000],
    ['1,500/-', 150_000],
    ['1500/=', 150_000],
    ['Ksh. 1500', 150_000],
    ['kshs 1,500.50', 150_050],
    ['Sh 250', 25_000],
    ['1500 KES', 150_000],
    ['500 bob', 50_000],
    ['12 500', 1_250_000],
    ['1,000,000', 100_000_000],
    ['  KES 99.5  ', 9_950],
  ])('reads %j as Kenyans write it: %d minor units', (input, minor) => {
    expect(parseKesToMinor(input)).toEqual({ ok: true, minor });
  });

  it.each([
    ['12,50', 'decimal-comma'],
    ['1,5', 'decimal-comma'],
    ['1.234', 'decimals'],
    ['1.500', 'decimals'],
    ['1,500.505', 'decimals'],
    ['1,50,0', 'grouping'],
    ['1,5000', 'grouping'],
    ['15,00,000', 'grouping'],
    ['99999999999', 'too-high'],
    ['1,000,000.01', 'too-high'],
    ['KES -100', 'negative'],
    ['-1,500', 'negative'],
  ])('refuses %j, naming the problem (%s)', (input, reason) => {
    expect(parseKesToMinor(input)).toEqual({ ok: false, reason });
  });
});

describe('formatPrice', () => {
  it.each([
    [0, 'Free'],
    [null, 'Free'],
    [undefined, 'Free'],
    [1, 'KES 0.01'],
    [9_950, 'KES 99.50'],
    [99_999, 'KES 999.99'],
    [250_000, 'KES 2,500.00'],
    [150_050, 'KES 1,500.50'],
    [100_000_000, 'KES 1,000,000.00'],
  ])('%j -> %s', (minor, text) => expect(formatPrice(minor)).toBe(text));

  it('is read back as the same amount (the grouping is one parseKesToMinor accepts)', () => {
    for (const minor of [1, 150_050, 12_345_678, 100_000_000]) expect(parseKesToMinor(formatPrice(minor))).toEqual({ ok: true, minor });
  });
});

describe('formatKes', () => {
  it.each([
    [0, 'KES 0.00'],
    [5_000, 'KES 50.00'],
    [123_456, 'KES 1,234.56'],
    [987_654_321, 'KES 9,876,543.21'],
  ])('%j -> %s', (minor, text) => expect(formatKes(minor)).toBe(text));
});

describe('minorToKesInput', () => {
  it('shows what the artist typed, and nothing for free', () => {
    expect(minorToKesInput(9_950)).toBe('99.50');
    expect(minorToKesInput(0)).toBe('');
  });
});
