import { describe, expect, it } from 'vitest';
import { cardText, fitName, initials, shareCardEtag, shareCardSvg } from './share-card';

describe('the generated share card (issue 17)', () => {
  it.each([
    ['Nyota Kali', 'NK'],
    ['nyota', 'N'],
    ['DJ  Kali wa Mombasa', 'DM'],
    ['"Zoë" élan', 'ZÉ'],
    ['🎵🔥', ''],
    ['2 Baba', '2B'],
  ])('takes the initials of the first and last words, letters and digits only: %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('draws no control characters, lone surrogates or emoji', () => {
    expect(cardText('A\u0000B\u0007 🎵 C\ud800')).toBe('AB C');
    expect(cardText('  many   spaces\n')).toBe('many spaces');
  });

  it('fits a name in two lines, smaller as it grows, cut with an ellipsis at the smallest size', () => {
    expect(fitName('Usiku', 600)).toEqual({ size: 72, lines: ['Usiku'] });
    const long = fitName('Supercalifragilistic Wimbo Mrefu Sana Usio na Mwisho Kabisa Kabisa Kabisa', 600);
    expect(long.lines).toHaveLength(2);
    expect(long.size).toBe(42);
    expect(long.lines[1]!.endsWith('…')).toBe(true);
    const unbroken = fitName('x'.repeat(100), 600);
    expect(unbroken.lines).toHaveLength(2);
  });

  it('escapes the text it draws', () => {
    const svg = shareCardSvg({ kind: 'track', name: '</text><script>alert(1)</script> & "x"', byline: "O'Neil <b>" });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('O&apos;Neil &lt;b&gt;');
  });

  it('draws its words in the page language, so a kept card differs by language (decision 049)', () => {
    const card = { kind: 'track' as const, name: 'Jioni', byline: 'Nyota' };
    expect(shareCardSvg(card)).toContain('>TRACK</text>');
    expect(shareCardSvg(card, 'sw')).toContain('>WIMBO</text>');
    expect(shareCardSvg({ kind: 'profile', name: 'Nyota' }, 'sw')).toContain('>MSANII</text>');
    const site = shareCardSvg({ kind: 'site', name: '' }, 'sw');
    expect(site).toContain('Muziki wa wasanii huru wa Kenya');
    expect(site).not.toContain('Music from');
    expect(shareCardEtag(shareCardSvg(card, 'sw'))).not.toBe(shareCardEtag(shareCardSvg(card)));
  });
});
