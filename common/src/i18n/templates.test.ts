import { describe, expect, it } from 'vitest';
import { amountBelowPriceMessage, PAYMENT_MESSAGES } from '../payment-messages';
import { CONSOLE_REFUND_MESSAGES, refundAmountAtMostMessage } from '../schemas/console';
import { fillTemplate, messageFinder, placeholdersOf } from './templates';

describe('message templates (decision 072)', () => {
  it('fills placeholders in, leaving one without a value as it is, and names them in order', () => {
    expect(fillTemplate('Pay {price} by {date}', { price: 'KES 5.00', date: 'Monday' })).toBe('Pay KES 5.00 by Monday');
    expect(fillTemplate('Pay {price} by {date}', { price: '$& $1' })).toBe('Pay $& $1 by {date}');
    expect(placeholdersOf('Pay {price} by {date}')).toEqual(['price', 'date']);
    expect(placeholdersOf('No value here')).toEqual([]);
  });

  it("builds the valued messages' English exactly as before", () => {
    expect(amountBelowPriceMessage(150_000)).toBe('Please pay at least KES 1,500.00, the price.');
    expect(refundAmountAtMostMessage(1_050)).toBe('The refund can be at most KES 10.50, what is left to refund of this sale.');
  });

  it('finds a whole text, a template with its values, and nothing for an unknown text', () => {
    const find = messageFinder([
      ['Track not found', 'catalog.trackNotFound'],
      [PAYMENT_MESSAGES.amountBelowPrice, 'payment.amountBelowPrice'],
      [CONSOLE_REFUND_MESSAGES.atMost, 'consoleRefund.atMost'],
      ['Track not found', 'later.duplicate'],
    ]);
    expect(find('Track not found')).toEqual({ key: 'catalog.trackNotFound' });
    expect(find(amountBelowPriceMessage(50_000))).toEqual({ key: 'payment.amountBelowPrice', values: { price: 'KES 500.00' } });
    expect(find(refundAmountAtMostMessage(1_000))).toEqual({ key: 'consoleRefund.atMost', values: { left: 'KES 10.00' } });
    expect(find('Please pay at least, the price.')).toBeUndefined();
    expect(find('Something nobody wrote down')).toBeUndefined();
    expect(find('Track not found.')).toBeUndefined();
  });

  it("reads a template's punctuation as text, not as a pattern", () => {
    const find = messageFinder([['(a+) costs {price}.', 'odd']]);
    expect(find('(a+) costs KES 1.00.')).toEqual({ key: 'odd', values: { price: 'KES 1.00' } });
    expect(find('aa costs KES 1.00.')).toBeUndefined();
  });
});
