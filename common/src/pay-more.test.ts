import { describe, expect, it } from 'vitest';
import { amountBelowPriceMessage } from './payment-messages';
import { MAX_PAID_KES, finalAmount, paidAmountProblem, processingFee, splitPrice } from './payments';
import { trackCreateFieldsSchema, trackUpdateFieldsSchema, albumFieldsSchema } from './schemas/catalog/requests';
import { CATALOG_MESSAGES, suggestedPriceProblem } from './schemas/catalog/rules';
import { PAYMENT_MESSAGES, checkPaidAmount, initializePaymentSchema, paidAmountSchema } from './schemas/payments';

/** Pay more (issue 21 item 1): the amount a fan types, its bounds, and the money rules on it. */
describe('the amount a fan pays', () => {
  it('is parsed as prices are: KES as typed into minor units', () => {
    expect(paidAmountSchema.parse('750')).toBe(75_000);
    expect(paidAmountSchema.parse('750.50')).toBe(75_050);
    expect(paidAmountSchema.parse('KSh 1,500/-')).toBe(150_000);
    expect(paidAmountSchema.parse(800)).toBe(80_000);
    for (const typed of ['12,50', 'lots', '1.234']) expect(paidAmountSchema.safeParse(typed).success, typed).toBe(false);
  });

  it('is at least the price of a pay-more item, exactly the price of any other, and never absurd', () => {
    const generous = { price: 50_000, payMore: true };
    expect(paidAmountProblem(50_000, generous)).toBeUndefined();
    expect(paidAmountProblem(75_050, generous)).toBeUndefined();
    expect(paidAmountProblem(49_999, generous)).toBe('below-price');
    expect(paidAmountProblem(MAX_PAID_KES * 100, generous)).toBeUndefined();
    expect(paidAmountProblem(MAX_PAID_KES * 100 + 1, generous)).toBe('too-high');
    expect(paidAmountProblem(50_000, { price: 50_000 })).toBeUndefined();
    expect(paidAmountProblem(60_000, { price: 50_000 })).toBe('fixed-price');
    expect(paidAmountProblem(0, { price: 0, payMore: true })).toBeUndefined();
  });

  it('gives the dialog the same messages as the server', () => {
    const item = { price: 50_000, payMore: true };
    expect(checkPaidAmount('40', item)).toEqual({ ok: false, message: amountBelowPriceMessage(50_000) });
    expect(amountBelowPriceMessage(50_000)).toBe('Please pay at least KES 500.00, the price.');
    expect(checkPaidAmount('1,000,000.01', item)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountTooHigh });
    expect(checkPaidAmount('99999999999', item)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountTooHigh });
    expect(checkPaidAmount('abc', item)).toEqual({ ok: false, message: PAYMENT_MESSAGES.amountFormat });
    expect(checkPaidAmount('600', { price: 50_000 })).toEqual({ ok: false, message: PAYMENT_MESSAGES.fixedPrice });
    expect(checkPaidAmount('1,250.50', item)).toEqual({ ok: true, minor: 125_050 });
  });

  it('carries the fee and the 90/10 split on the amount paid, not the price', () => {
    // KES 1,250.50: round(18.76) + 100 = KES 119 fee; the platform 125.05, the artist 1,125.45.
    expect(processingFee(125_050)).toBe(11_900);
    expect(finalAmount(125_050)).toBe(136_950);
    expect(splitPrice(125_050)).toEqual({ platformShare: 12_505, artistShare: 112_545 });
  });

  it('is optional in initialize (the price is charged without it)', () => {
    expect(initializePaymentSchema.parse({ email: 'a@b.co', trackId: 'x' }).amount).toBeUndefined();
    expect(initializePaymentSchema.parse({ email: 'a@b.co', trackId: 'x', amount: '750' }).amount).toBe(75_000);
  });
});

describe('payMore and the suggested price on tracks and albums', () => {
  const track = { trackName: 'T', artistName: 'A' };

  it('default to off and none; "true" and a suggestion are read from multipart fields', () => {
    expect(trackCreateFieldsSchema.parse(track)).toMatchObject({ payMore: false, suggestedPrice: null });
    expect(trackCreateFieldsSchema.parse({ ...track, price: '500', payMore: 'true', suggestedPrice: '750' })).toMatchObject({ price: 50_000, payMore: true, suggestedPrice: 75_000 });
    expect(trackUpdateFieldsSchema.parse({ suggestedPrice: '' })).toMatchObject({ suggestedPrice: null });
    expect(trackUpdateFieldsSchema.parse({})).toEqual({});
  });

  it('refuse a suggestion below the price, naming the field', () => {
    const result = trackCreateFieldsSchema.safeParse({ ...track, price: '500', payMore: 'true', suggestedPrice: '499' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: CATALOG_MESSAGES.suggestedBelowPrice, path: ['suggestedPrice'] });
    expect(albumFieldsSchema.safeParse({ albumName: 'A', price: '1000', suggestedPrice: '999' }).success).toBe(false);
    expect(suggestedPriceProblem(50_000, null)).toBeUndefined();
    expect(suggestedPriceProblem(50_000, 50_000)).toBeUndefined();
  });
});
