import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes any UUID PostgreSQL takes, in either case', () => {
    expect(isUuid('7c0c1f0e-0000-4000-8000-000000000000')).toBe(true);
    expect(isUuid('7C0C1F0E-ABCD-1234-0000-FFFFFFFFFFFF')).toBe(true);
  });

  it('refuses what would make the database fail', () => {
    for (const value of ['', 'abc', '7c0c1f0e00004000800000000000000', '7c0c1f0e-0000-4000-8000-00000000000g', ' 7c0c1f0e-0000-4000-8000-000000000000', '7c0c1f0e-0000-4000-8000-000000000000\n', "1' OR '1'='1"]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
