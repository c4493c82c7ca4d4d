import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, MAX_MESSAGE_BYTES, SequenceTracker, takeBatch } from './event-sequence';

describe('SequenceTracker', () => {
  const tracker = (now = 0) => {
    const t = new SequenceTracker({ graceMs: 10_000, forgetAfterMs: 30_000 });
    t.reset(now);
    return t;
  };

  it('takes each sender’s numbers one after the other', () => {
    const t = tracker();
    expect(t.arrive('a', 1, 100)).toBe('next');
    expect(t.arrive('a', 2, 200)).toBe('next');
    expect(t.arrive('b', 1, 200)).toBe('next');
    expect(t.arrive('a', 3, 300)).toBe('next');
  });

  it('calls a skipped number a gap, and goes on from the number heard', () => {
    const t = tracker();
    t.arrive('a', 1, 0);
    expect(t.arrive('a', 3, 10)).toBe('gap');
    expect(t.arrive('a', 4, 20)).toBe('next');
  });

  it('ignores a number heard before (a message sent again after its answer was lost)', () => {
    const t = tracker();
    t.arrive('a', 1, 0);
    t.arrive('a', 2, 0);
    expect(t.arrive('a', 2, 10)).toBe('duplicate');
    expect(t.arrive('a', 1, 10)).toBe('duplicate');
    expect(t.arrive('a', 3, 10)).toBe('next');
  });

  it('takes a sender first heard mid-sequence right after listening began, and calls it a gap once every sender should be known', () => {
    const t = tracker(1_000);
    expect(t.arrive('early', 57, 5_000)).toBe('next');
    // Every process sends a heartbeat more often than the grace: one unheard until now missed something.
    expect(t.arrive('late', 12, 12_000)).toBe('gap');
    // A process that just started is never a gap.
    expect(t.arrive('fresh', 1, 50_000)).toBe('next');
  });

  it('starts afresh when the listener reconnects (the caller forgets everything then)', () => {
    const t = tracker();
    t.arrive('a', 1, 0);
    t.reset(100_000);
    expect(t.arrive('a', 9, 100_001)).toBe('next');
    expect(t.arrive('a', 10, 100_002)).toBe('next');
  });

  it('forgets silent senders, and calls one heard again mid-sequence a gap', () => {
    const t = tracker();
    t.arrive('gone', 1, 0);
    t.arrive('alive', 1, 0);
    t.arrive('alive', 2, 25_000);
    expect(t.forgetSilent(40_000)).toBe(1);
    expect(t.senders).toBe(1);
    expect(t.arrive('gone', 5, 41_000)).toBe('gap');
  });
});

describe('relay messages', () => {
  it('round-trips, and refuses what is not one', () => {
    const message = { o: 'abc', s: 3, e: [['track.changed', { trackId: 't', userId: 'u' }]] as [string, unknown][] };
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
    expect(decodeMessage('not json')).toBeUndefined();
    expect(decodeMessage('{"o":"a","s":1.5,"e":[]}')).toBeUndefined();
    expect(decodeMessage('{"o":"a","s":1,"e":[["x"]]}')).toBeUndefined();
    expect(decodeMessage('null')).toBeUndefined();
  });

  it('packs as many events as fit below the NOTIFY limit, in order', () => {
    const pending = Array.from({ length: 500 }, (_, i) => ['track.played', { trackId: `track-${i}`.padEnd(36, 'x'), userId: 'u'.repeat(36) }] as [string, unknown]);
    const { events, oversized } = takeBatch(pending, 'origin', 1);
    expect(oversized).toBe(false);
    expect(events.length).toBeGreaterThan(10);
    expect(events.length).toBeLessThan(500);
    expect(events).toEqual(pending.slice(0, events.length));
    expect(Buffer.byteLength(encodeMessage({ o: 'origin', s: 1, e: events }))).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
  });

  it('says when the first event could never be sent', () => {
    const { events, oversized } = takeBatch([['track.changed', { trackId: 'x'.repeat(9_000), userId: 'u' }]], 'o', 1);
    expect(events).toEqual([]);
    expect(oversized).toBe(true);
    expect(takeBatch([], 'o', 1)).toEqual({ events: [], oversized: false });
  });
});
