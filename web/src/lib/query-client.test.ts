import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query defaults (spec section 9)', () => {
  it('never refetches on its own, never goes stale and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(typeof defaults.queries?.queryFn).toBe('function');
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
