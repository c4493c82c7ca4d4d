import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '#common/schemas/auth';
import { toSlug } from '#common/slug';
import { displayNameCandidates } from './auth.service';

describe('displayNameCandidates', () => {
  it('puts the suffixes after the name, best first', () => {
    expect(displayNameCandidates('Nyota Band').slice(0, 3)).toEqual(['Nyota Band Music', 'Nyota Band KE', 'Nyota Band 254']);
  });

  it('gives valid names with slugs of their own, never the taken one', () => {
    for (const name of ['Nyota', 'Zoë Wanjiru', 'DJ 254', 'Kenya']) {
      const candidates = displayNameCandidates(name);
      const slugs = candidates.map(toSlug);
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(slugs).not.toContain(toSlug(name));
      for (const candidate of candidates) expect(displayNameSchema.safeParse(candidate)).toEqual({ success: true, data: candidate });
    }
  });

  it('shortens a long name to fit the limit, without cutting a character in half', () => {
    const name = `${'🎵'.repeat(20)}${'x'.repeat(10)}`;
    expect(name).toHaveLength(DISPLAY_NAME_MAX_LENGTH);
    const candidates = displayNameCandidates(name);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    for (const candidate of candidates) {
      expect(candidate.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
      expect(candidate).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      expect(displayNameSchema.safeParse(candidate).success).toBe(true);
    }
    expect(displayNameCandidates(`${'🎵'.repeat(25)}`)[0]).toBe(`${'🎵'.repeat(22)} Music`);
  });
});
