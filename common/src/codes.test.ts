import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, discountedPrice, formatCode, generateCode, maskEmail, normaliseCode } from './codes';
import { redeemCodeSchema } from './schemas/codes';
import { createCodesSchema } from './schemas/codes';

describe('codes', () => {
  it('draws 12 symbols from an alphabet without 0, O, 1 or I', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    for (const lookalike of ['0', 'O', '1', 'I']) expect(CODE_ALPHABET).not.toContain(lookalike);
    const drawn = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
      drawn.add(code);
    }
    expect(drawn.size).toBe(2000);
  });

  it('uses every symbol, from the random source given (5 bits a byte: no bias)', () => {
    const counting = (bytes: Uint8Array) => bytes.map((_, i) => i * 37 + 5);
    expect(generateCode(counting)).toHaveLength(CODE_LENGTH);
    const all = generateCode((bytes) => bytes.map((_, i) => i));
    expect(all).toBe(CODE_ALPHABET.slice(0, 12));
    expect(generateCode((bytes) => bytes.fill(255))).toBe('Z'.repeat(12));
  });

  it('shows codes as XXXX-XXXX-XXXX', () => {
    expect(formatCode('ABCDEFGHJKLM')).toBe('ABCD-EFGH-JKLM');
  });

  it('normalises what a fan types: case, dashes and spaces ignored', () => {
    for (const typed of ['ABCD-EFGH-JKLM', 'abcd-efgh-jklm', ' abcd efgh jklm ', 'ABCDEFGHJKLM', 'Abcd – efgh — jkLM', 'abcd.efgh.jklm'])
      expect(normaliseCode(typed), typed).toBe('ABCDEFGHJKLM');
  });

  it('refuses what cannot be a code: a wrong length, a lookalike symbol, other characters', () => {
    for (const typed of ['', 'ABCD-EFGH-JKL', 'ABCD-EFGH-JKLMN', 'ABCD-EFGH-JKL0', 'ABCD-EFGH-JKLO', 'ABCD-EFGH-JKL1', 'ABCD-EFGH-JKLI', 'ABCD-EFGH-JKL!', 'ABCD-EFGH-JKLÉ'])
      expect(normaliseCode(typed), typed).toBeUndefined();
  });

  it('the redeem schema normalises the code and the e-mail, and says what is wrong', () => {
    expect(redeemCodeSchema.parse({ code: 'abcd efgh-jklm', email: ' Fan@Example.com ' })).toEqual({ code: 'ABCDEFGHJKLM', email: 'fan@example.com' });
    expect(redeemCodeSchema.safeParse({ code: '  ', email: 'fan@example.com' }).error?.issues[0]?.message).toBe('Enter your code');
    expect(redeemCodeSchema.safeParse({ code: 'nope', email: 'fan@example.com' }).error?.issues[0]?.message).toMatch(/does not look like a code/);
  });

  it('a discount takes its percentage off, rounded down to the whole shilling in the fan’s favour', () => {
    expect(discountedPrice(50_000, 20)).toBe(40_000);
    expect(discountedPrice(49_900, 15)).toBe(42_400); // 424.15 -> 424
    expect(discountedPrice(125_050, 10)).toBe(112_500); // 1125.45 -> 1125
    expect(discountedPrice(50_000, 100)).toBe(0);
    expect(() => discountedPrice(50_000, 0)).toThrow(RangeError);
    expect(() => discountedPrice(50_000, 101)).toThrow(RangeError);
  });

  it('masks who used a code', () => {
    expect(maskEmail('wanjiku@example.com')).toBe('w***@example.com');
    expect(maskEmail('nope')).toBe('***');
  });

  it('a batch: count 1 to 1,000, a percentage 1 to 100 for discounts only, an expiry in the future', () => {
    const base = { itemType: 'track', itemId: 'x', kind: 'download', count: 50 };
    expect(createCodesSchema.safeParse(base).success).toBe(true);
    expect(createCodesSchema.safeParse({ ...base, count: 0 }).success).toBe(false);
    expect(createCodesSchema.safeParse({ ...base, count: 1001 }).success).toBe(false);
    expect(createCodesSchema.safeParse({ ...base, kind: 'discount' }).success).toBe(false);
    expect(createCodesSchema.safeParse({ ...base, kind: 'discount', percentOff: 101 }).success).toBe(false);
    expect(createCodesSchema.safeParse({ ...base, kind: 'discount', percentOff: 20 }).success).toBe(true);
    expect(createCodesSchema.safeParse({ ...base, percentOff: 20 }).success).toBe(false);
    expect(createCodesSchema.safeParse({ ...base, expiresAt: '2000-01-01T00:00:00Z' }).success).toBe(false);
  });
});
