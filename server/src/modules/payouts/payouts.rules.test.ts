import { describe, expect, it } from 'vitest';
import { nextPayoutOf, runAtOrAfter } from './payouts.rules';
import { PAYOUT_PERIOD_MS, payoutFor } from './payouts.rules';

const KES = 100;
const HOUR = 3_600_000;
const schedule = { periodMs: PAYOUT_PERIOD_MS, settleHours: 24, payoutFor };
const now = Date.UTC(2026, 10, 26, 10, 7, 30);

describe('the next M-Pesa payout', () => {
  it('runs at the multiples of the period, the first one at or after a time', () => {
    expect(runAtOrAfter(Date.UTC(2026, 10, 26, 10, 0), PAYOUT_PERIOD_MS)).toBe(Date.UTC(2026, 10, 26, 10, 0));
    expect(runAtOrAfter(Date.UTC(2026, 10, 26, 10, 0, 0, 1), PAYOUT_PERIOD_MS)).toBe(Date.UTC(2026, 10, 26, 10, 15));
  });

  it('is the next run when the settled balance already makes a payout, less the band fee', () => {
    expect(nextPayoutOf(450 * KES, [], now, schedule)).toEqual({ at: Date.UTC(2026, 10, 26, 10, 15), amount: 430 * KES });
    expect(nextPayoutOf(1_600 * KES, [], now, schedule)).toEqual({ at: Date.UTC(2026, 10, 26, 10, 15), amount: 1_560 * KES });
  });

  it('waits for settling sales, adding them as each turns 24 hours old, until the balance makes a payout', () => {
    const settling = [
      { share: 90 * KES, settlesAt: now + 5 * HOUR },
      { share: 50 * KES, settlesAt: now + 2 * HOUR },
    ];
    // KES 50 alone is too little (at least KES 100 after the KES 20 fee); with KES 90 more it is KES 120 after 5 hours.
    expect(nextPayoutOf(0, settling, now, schedule)).toEqual({ at: runAtOrAfter(now + 5 * HOUR, PAYOUT_PERIOD_MS), amount: 120 * KES });
    // Something owed already counts towards it.
    expect(nextPayoutOf(80 * KES, settling, now, schedule)).toEqual({ at: runAtOrAfter(now + 2 * HOUR, PAYOUT_PERIOD_MS), amount: 110 * KES });
  });

  it('is none when even every settling sale would not make a payout', () => {
    expect(nextPayoutOf(0, [], now, schedule)).toBeUndefined();
    expect(nextPayoutOf(50 * KES, [{ share: 60 * KES, settlesAt: now + HOUR }], now, schedule)).toBeUndefined();
  });
});
