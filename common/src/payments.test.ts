import { describe, expect, it } from 'vitest';
import {
  albumIsFree,
  finalAmount,
  isSafaricomNumber,
  mpesaWithdrawalFee,
  normaliseKenyanMobile,
  processingFee,
  splitPrice,
  toLocalMobile,
} from './payments';
import { mobileMoneyMethodSchema, PAYMENT_MESSAGES } from './schemas/payments';

const kes = (shillings: number) => Math.round(shillings * 100);

describe('processingFee (spec section 9: round(price x 0.015) + 100, capped at 2000 KES)', () => {
  it.each([
    [50, 101], // 0.75 rounds to 1
    [100, 102], // 1.5 rounds half up to 2
    [500, 108], // 7.5 -> 8
    [1_000, 115],
    [33.33, 100], // 0.49995 rounds to 0
    [99.99, 101], // 1.49985 -> 1
    [100_000, 1_600],
    [126_666, 2_000], // 1899.99 + 100 = 2000 exactly at the cap
    [200_000, 2_000], // 3100 capped
    [1_000_000, 2_000],
  ])('KES %d pays a fee of KES %d', (price, fee) => {
    expect(processingFee(kes(price))).toBe(kes(fee));
    expect(finalAmount(kes(price))).toBe(kes(price) + kes(fee));
  });

  it('is nothing for a free item, and refuses what is not an amount in minor units', () => {
    expect(processingFee(0)).toBe(0);
    expect(() => processingFee(-100)).toThrow(RangeError);
    expect(() => processingFee(10.5)).toThrow(RangeError);
  });

  it('agrees with the float formula for every price from KES 0.01 to KES 2,000 in cents', () => {
    for (let minor = 1; minor <= 200_000; minor += 1) {
      const expected = Math.min(Math.round((minor / 100) * 0.015 + 1e-9) + 100, 2000) * 100;
      if (processingFee(minor) !== expected) throw new Error(`fee of ${minor} minor units: ${processingFee(minor)} != ${expected}`);
    }
  });
});

describe('splitPrice (spec section 1: the platform keeps 10%, the artist receives 90%)', () => {
  it.each([
    [kes(500), kes(50), kes(450)],
    [kes(50), kes(5), kes(45)],
    [kes(1_000_000), kes(100_000), kes(900_000)],
    [5055, 505, 4550], // an odd cent goes to the artist
    [1, 0, 1],
  ])('%d splits into platform %d and artist %d', (price, platform, artist) => {
    expect(splitPrice(price)).toEqual({ platformShare: platform, artistShare: artist });
  });

  it('always adds up to the price', () => {
    for (let price = 1; price < 100_000; price += 7) {
      const { platformShare, artistShare } = splitPrice(price);
      expect(platformShare + artistShare).toBe(price);
    }
  });
});

describe('mpesaWithdrawalFee (spec section 9 bands)', () => {
  it.each([
    [1, 20],
    [1_500, 20],
    [1_501, 40],
    [20_000, 40],
    [20_001, 60],
    [150_000, 60],
  ])('withdrawing KES %d costs KES %d', (amount, fee) => {
    expect(mpesaWithdrawalFee(kes(amount))).toBe(kes(fee));
  });

  it('counts a part shilling as the next one, and has no band for nothing or above KES 150,000', () => {
    expect(mpesaWithdrawalFee(150_050)).toBe(kes(40));
    expect(mpesaWithdrawalFee(0)).toBeUndefined();
    expect(mpesaWithdrawalFee(kes(150_001))).toBeUndefined();
  });
});

describe('normaliseKenyanMobile (spec section 5)', () => {
  it.each([
    ['0712345678', '+254712345678'], // 07XXXXXXXX
    ['712345678', '+254712345678'], // 7XXXXXXXX
    ['254712345678', '+254712345678'], // 254XXXXXXXXX
    ['+254712345678', '+254712345678'],
    ['0110123456', '+254110123456'], // the newer 01 numbers
    ['110123456', '+254110123456'],
    [' 0712 345 678 ', '+254712345678'],
    ['+254 710 000 000', '+254710000000'], // Paystack's test number as written
    ['(0712) 345-678', '+254712345678'],
  ])('%s becomes %s', (input, expected) => {
    expect(normaliseKenyanMobile(input)).toBe(expected);
  });

  it.each(['', '07123', '07123456789', '0812345678', '+255712345678', '+2547123456789', '25471234567', 'abc', '07l2345678', '+0712345678'])(
    'refuses %j',
    (input) => {
      expect(normaliseKenyanMobile(input)).toBeUndefined();
    },
  );

  it('tells Safaricom numbers (M-Pesa) from other networks', () => {
    expect(isSafaricomNumber('+254712345678')).toBe(true);
    expect(isSafaricomNumber('+254710000000')).toBe(true);
    expect(isSafaricomNumber('+254799000000')).toBe(true);
    expect(isSafaricomNumber('+254113000000')).toBe(true);
    expect(isSafaricomNumber('+254733000000')).toBe(false); // Airtel
    expect(isSafaricomNumber('+254777000000')).toBe(false); // Telkom
    expect(isSafaricomNumber('+254100000000')).toBe(false); // Airtel 010x
    expect(toLocalMobile('+254712345678')).toBe('0712345678');
  });

  it('gives the spec messages through the shared schema', () => {
    const messageOf = (mobileNumber: string) => mobileMoneyMethodSchema.safeParse({ mobileNumber }).error?.issues[0]?.message;
    expect(messageOf('')).toBe('Please enter your M-Pesa mobile number');
    expect(messageOf('12345')).toBe('Please enter a valid Kenyan mobile number (e.g., 0712345678)');
    expect(messageOf('0733123456')).toBe(PAYMENT_MESSAGES.mobileNotMpesa);
    expect(mobileMoneyMethodSchema.parse({ mobileNumber: '0712 345 678' })).toEqual({ mobileNumber: '+254712345678' });
  });
});

describe('albumIsFree', () => {
  it('is free only when the album and every song on it are free', () => {
    expect(albumIsFree(0, [0, null, 0])).toBe(true);
    expect(albumIsFree(null, [])).toBe(true);
    expect(albumIsFree(0, [0, 5000])).toBe(false);
    expect(albumIsFree(10000, [0])).toBe(false);
  });
});
