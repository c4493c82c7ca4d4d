import { describe, expect, it } from 'vitest';
import { nextPayoutOf, runAtOrAfter } from './payouts.rules';
import { PAYOUT_PERIOD_MS, payoutFor } from './payouts.rules';

const KES = 100;
const HOUR = 3_600_000;
const schedule = { periodMs: PAYOUT_PERIOD_MS, settleHours: 24, payoutFor };
const now = Date.UTC(2026, 10, 26, 10, 7, 30);
/** The sales a payout counting at `countedAt` holds: those made 24 hours before it or earlier. */
const upTo = (countedAt: number) => countedAt - 24 * HOUR;

describe('the next M-Pesa payout', () => {
  it('runs at the multiples of the period, the first one at or after a time', () => {
    expect(runAtOrAfter(Date.UTC(2026, 10, 26, 10, 0), PAYOUT_PERIOD_MS)).toBe(Date.UTC(2026, 10, 26, 10, 0));
    expect(runAtOrAfter(Date.UTC(2026, 10, 26, 10, 0, 0, 1), PAYOUT_PERIOD_MS)).toBe(Date.UTC(2026, 10, 26, 10, 15));
  });

  it('is the next run when the settled balance already makes a payout, less the band fee', () => {
    expect(nextPayoutOf(450 * KES, [], now, schedule)).toEqual({ at: Date.UTC(2026, 10, 26, 10, 15), amount: 430 * KES, salesUpTo: upTo(now) });
    expect(nextPayoutOf(1_600 * KES, [], now, schedule)).toEqual({ at: Date.UTC(2026, 10, 26, 10, 15), amount: 1_560 * KES, salesUpTo: upTo(now) });
  });

  it('waits for settling sales, adding them as each turns 24 hours old, until the balance makes a payout', () => {
    const settling = [
      { share: 90 * KES, settlesAt: now + 5 * HOUR },
      { share: 50 * KES, settlesAt: now + 2 * HOUR },
    ];
    // KES 50 alone is too little (at least KES 100 after the KES 20 fee); with KES 90 more it is KES 120 after 5 hours.
    expect(nextPayoutOf(0, settling, now, schedule)).toEqual({ at: runAtOrAfter(now + 5 * HOUR, PAYOUT_PERIOD_MS), amount: 120 * KES, salesUpTo: upTo(now + 5 * HOUR) });
    // Something owed already counts towards it; the KES 90 sale settling later is not in it and alone waits for more.
    expect(nextPayoutOf(80 * KES, settling, now, schedule)).toEqual({
      at: runAtOrAfter(now + 2 * HOUR, PAYOUT_PERIOD_MS),
      amount: 110 * KES,
      salesUpTo: upTo(now + 2 * HOUR),
      rest: { amount: 90 * KES },
    });
  });

  it('says which sales the next payout holds and when the settling rest is paid (issue 33)', () => {
    // KES 205 owed is paid at the next run; the KES 369 settling (sales of the last 24 hours)
    // settles by now + 20 h and is enough for a payout of its own: the run after that pays it.
    const settling = [
      { share: 200 * KES, settlesAt: now + 20 * HOUR },
      { share: 169 * KES, settlesAt: now + 3 * HOUR },
    ];
    expect(nextPayoutOf(225 * KES, settling, now, schedule)).toEqual({
      at: runAtOrAfter(now + 1, PAYOUT_PERIOD_MS),
      amount: 205 * KES,
      salesUpTo: upTo(now),
      rest: { amount: 369 * KES, paidAt: runAtOrAfter(now + 20 * HOUR, PAYOUT_PERIOD_MS) },
    });
  });

  it('is none when even every settling sale would not make a payout', () => {
    expect(nextPayoutOf(0, [], now, schedule)).toBeUndefined();
    expect(nextPayoutOf(50 * KES, [{ share: 60 * KES, settlesAt: now + HOUR }], now, schedule)).toBeUndefined();
  });
});
