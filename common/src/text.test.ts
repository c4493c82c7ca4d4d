import { describe, expect, it } from 'vitest';
import { cleanName } from './text';

describe('cleanName', () => {
  it('turns control characters into spaces', () => {
    expect(cleanName('Jua\u0000Kali')).toBe('Jua Kali');
    expect(cleanName('Line one\r\nLine two\t!')).toBe('Line one  Line two !');
  });

  it('drops bidirectional overrides and isolates, and a stray byte-order mark', () => {
    expect(cleanName('\u202Ewav.exe')).toBe('wav.exe');
    expect(cleanName('a\u2066b\u2069c\ufeff')).toBe('abc');
  });

  it('keeps letters of every script, emoji and their joiners', () => {
    for (const name of ['Sauti Sol', 'Nyashinski 🎤', 'محمد', 'Zuchu 👩‍🎤', 'Mapenzi — ya kweli']) expect(cleanName(name)).toBe(name);
  });
});
