import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then refuses until the window ends', () => {
    let now = 1_000;
    const limiter = new AttemptLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.tryAttempt('a@b.co'))).toEqual([true, true, true]);
    expect(limiter.tryAttempt('a@b.co')).toBe(false);
    expect(limiter.tryAttempt('other@b.co')).toBe(true);
    now += 60_000;
    expect(limiter.tryAttempt('a@b.co')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = new AttemptLimiter(1, 60_000);
    limiter.tryAttempt('k');
    expect(limiter.tryAttempt('k')).toBe(false);
    limiter.reset('k');
    expect(limiter.tryAttempt('k')).toBe(true);
  });
});
