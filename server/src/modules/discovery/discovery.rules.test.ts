import { describe, expect, it } from 'vitest';
import { DAY_MS, trendingScore } from './discovery.rules';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

describe('trendingScore', () => {
  it('gives a play of now 1 and halves it every 3 days', () => {
    expect(trendingScore([{ kind: 'play', at: now }], now)).toBe(1);
    expect(trendingScore([{ kind: 'play', at: ago(3) }], now)).toBeCloseTo(0.5, 12);
    expect(trendingScore([{ kind: 'play', at: ago(6) }], now)).toBeCloseTo(0.25, 12);
  });

  it('weighs a download as three plays', () => {
    expect(trendingScore([{ kind: 'download', at: ago(3) }], now)).toBeCloseTo(1.5, 12);
  });

  it('sums the events and ignores those 14 days old or older', () => {
    const events = [
      { kind: 'play' as const, at: ago(0) },
      { kind: 'download' as const, at: ago(0) },
      { kind: 'play' as const, at: ago(14) },
      { kind: 'download' as const, at: ago(20) },
    ];
    expect(trendingScore(events, now)).toBe(4);
    expect(trendingScore([{ kind: 'play', at: ago(13.99) }], now)).toBeGreaterThan(0);
  });

  it('counts an event from a clock slightly ahead as happening now', () => {
    expect(trendingScore([{ kind: 'play', at: new Date(now.getTime() + 5_000) }], now)).toBe(1);
  });

  it('lets a recent play beat several old ones', () => {
    const recent = trendingScore([{ kind: 'play', at: ago(0.1) }], now);
    const old = trendingScore([0, 1, 2].map(() => ({ kind: 'play' as const, at: ago(7) })), now);
    expect(recent).toBeGreaterThan(old);
  });
});
