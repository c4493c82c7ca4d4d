import { createHash } from 'node:crypto';
import sharp from 'sharp';
import en from '../../../../common/src/i18n/en.json';
import sw from '../../../../common/src/i18n/sw.json';
import type { Language } from '#common/i18n/language';

/**
 * The generated share card (issue 17): a 1200x630 PNG in the site's colours naming a track, an
 * album or an artist with their initials, for the pages whose item has no cover or photo (and a
 * site card for search and genre pages). Drawn from SVG by sharp (librsvg, fonts through
 * fontconfig): Debian's fonts-dejavu-core comes with fontconfig, which Chromium and librsvg pull in.
 * Without any font the shapes and colours still render, the text does not: never an error.
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export type ShareCardKind = 'track' | 'album' | 'profile' | 'site';

export interface ShareCardText {
  kind: ShareCardKind;
  /** The track's, album's or artist's name (ignored for the site card). */
  name: string;
  /** The line under it: the artist of a track or album. */
  byline?: string;
}

/** The site's colours (web/src/styles.css --primary, the favicon, the theme colour). */
const PRIMARY = '#b5400c';
const PRIMARY_DARK = '#8a2f07';
const CREAM = '#fdf3e9';
const FONT = `'DejaVu Sans', 'Liberation Sans', Arial, sans-serif`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/**
 * Text a card can draw: no control characters (not even allowed in XML), no lone surrogates, no
 * emoji (no colour font on a server: they would be empty boxes), one space between words.
 */
export function cardText(text: string): string {
  return Array.from(text)
    .filter((char) => !/[\p{Cc}\p{Cs}\p{Extended_Pictographic}\ufffe\uffff]|\u200d|\ufe0f/u.test(char))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** "Nyota Kali" → "NK", "nyota" → "N", "DJ  Kali Ke" → "DK"; nothing to draw → "". */
export function initials(name: string): string {
  const words = cardText(name)
    .split(' ')
    .map((word) => Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((char): char is string => char !== undefined);
  const picked = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.join('').toLocaleUpperCase();
}

/** DejaVu Sans Bold's advance widths, roughly and on the wide side, in ems. */
function charWidth(char: string): number {
  if (/[\s.,:;'!|iljIf]/.test(char)) return 0.38;
  if (/[rt()[\]-]/.test(char)) return 0.52;
  if (/[MWmw]/.test(char)) return 1.05;
  if (/[A-Z]/.test(char)) return 0.82;
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(char)) return 1.05;
  return 0.72;
}
const textWidth = (text: string, size: number) => Array.from(text).reduce((sum, char) => sum + charWidth(char), 0) * size;

/**
 * The name in at most two lines of at most `width` pixels: the largest size that holds it, else
 * the smallest with the rest cut off by an ellipsis.
 */
export function fitName(name: string, width: number, sizes = [72, 60, 50, 42]): { size: number; lines: string[] } {
  const wrap = (size: number) => {
    const lines: string[] = [];
    let line = '';
    for (const word of name.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line is broken where it must be.
      let rest = word;
      while (textWidth(rest, size) > width) {
        const chars = Array.from(rest);
        let cut = chars.length - 1;
        while (cut > 1 && textWidth(chars.slice(0, cut).join(''), size) > width) cut -= 1;
        lines.push(chars.slice(0, cut).join(''));
        rest = chars.slice(cut).join('');
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines;
  };
  for (const size of sizes) {
    const lines = wrap(size);
    if (lines.length <= 2) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  const [first = '', second = ''] = wrap(size);
  let cut = Array.from(second);
  while (cut.length > 0 && textWidth(`${cut.join('')}…`, size) > width) cut = cut.slice(0, -1);
  return { size, lines: [first, `${cut.join('').trimEnd()}…`] };
}

/** The logo's five sound bars (web/public/favicon.svg), `scale` times its 32-unit box, at x, y. */
function logoBars(x: number, y: number, scale: number, colour: string, opacity = 1): string {
  const bars = [
    [8, 13, 19],
    [12.5, 9.5, 22.5],
    [17, 12, 20],
    [21.5, 7.5, 24.5],
    [26, 13.5, 18.5],
  ];
  const lines = bars.map(([bx, y1, y2]) => `<line x1="${bx}" y1="${y1}" x2="${bx}" y2="${y2}"/>`).join('');
  return `<g transform="translate(${x} ${y}) scale(${scale})" stroke="${colour}" stroke-width="2.6" stroke-linecap="round" opacity="${opacity}">${lines}</g>`;
}

/** The card's words in the page's language (decision 049): plain catalogue texts, no placeholders. */
const CARD_WORDS = { en, sw } satisfies Record<Language, Record<`card.${Exclude<ShareCardKind, 'site'> | 'siteTitle' | 'siteLine'}`, string>>;

/** The card as SVG (exported for tests: the text in it is escaped and fitted). */
export function shareCardSvg(card: ShareCardText, language: Language = 'en'): string {
  const words = CARD_WORDS[language];
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">`;
  const background =
    `<rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="${PRIMARY}"/>` +
    `<rect y="${SHARE_CARD_HEIGHT - 14}" width="${SHARE_CARD_WIDTH}" height="14" fill="${PRIMARY_DARK}"/>`;
  if (card.kind === 'site') {
    return (
      open +
      background +
      logoBars(820, -30, 12, '#ffffff', 0.12) +
      `<rect x="96" y="150" width="200" height="200" rx="48" fill="${CREAM}"/>` +
      logoBars(96, 150, 6.25, PRIMARY) +
      `<text x="336" y="290" font-family="${FONT}" font-weight="700" font-size="120" fill="#ffffff">Sauti</text>` +
      `<text x="96" y="460" font-family="${FONT}" font-size="44" fill="${CREAM}">${escapeXml(words['card.siteTitle'])}</text>` +
      `<text x="96" y="530" font-family="${FONT}" font-size="32" fill="${CREAM}" opacity="0.85">${escapeXml(words['card.siteLine'])}</text>` +
      '</svg>'
    );
  }
  const name = cardText(card.name) || 'Sauti';
  const letters = Array.from(initials(name)).slice(0, 2).join('');
  const byline = card.byline ? cardText(card.byline) : '';
  const textX = 520;
  const { size, lines } = fitName(name, SHARE_CARD_WIDTH - textX - 72);
  const bylineFit = byline ? fitName(byline, SHARE_CARD_WIDTH - textX - 72, [36, 30]) : undefined;

  // An artist is a round photo on their page, a song or an album a square cover.
  const art =
    card.kind === 'profile'
      ? `<circle cx="280" cy="300" r="190" fill="${CREAM}"/>`
      : `<rect x="90" y="110" width="380" height="380" rx="36" fill="${CREAM}"/>`;
  const artText = letters
    ? `<text x="280" y="300" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-weight="700" font-size="${letters.length > 1 ? 150 : 190}" fill="${PRIMARY}">${escapeXml(letters)}</text>`
    : logoBars(120, 140, 10, PRIMARY);

  let y = 200;
  const parts = [
    `<text x="${textX}" y="${y}" font-family="${FONT}" font-weight="700" font-size="28" letter-spacing="6" fill="${CREAM}">${escapeXml(words[`card.${card.kind}`])}</text>`,
  ];
  y += 24;
  for (const line of lines) {
    y += size * 1.12;
    parts.push(`<text x="${textX}" y="${Math.round(y)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(line)}</text>`);
  }
  if (bylineFit) {
    y += bylineFit.size * 1.5;
    parts.push(
      `<text x="${textX}" y="${Math.round(y)}" font-family="${FONT}" font-size="${bylineFit.size}" fill="${CREAM}">${escapeXml(bylineFit.lines[0] ?? '')}${bylineFit.lines.length > 1 ? '…' : ''}</text>`,
    );
  }
  const brand =
    `<rect x="${textX}" y="500" width="56" height="56" rx="14" fill="${CREAM}"/>` +
    logoBars(textX, 500, 1.75, PRIMARY) +
    `<text x="${textX + 76}" y="543" font-family="${FONT}" font-weight="700" font-size="38" fill="#ffffff">Sauti</text>`;
  return open + background + art + artText + parts.join('') + brand + '</svg>';
}

export interface RenderedCard {
  body: Buffer;
  /** A strong validator: the hash of the SVG, so a renamed track gets a new one. */
  etag: string;
}

export function shareCardEtag(svg: string): string {
  return `"card-${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
}

/** Cards kept in memory, by their SVG's hash (so by language too): a shared link is fetched by many previews at once. */
const MAX_CACHED_CARDS = 200;

/** Renders cards as PNG (palette PNGs: flat colours and text, some 20 KB), keeping the last few. */
export class ShareCardRenderer {
  private readonly rendered = new Map<string, Promise<Buffer>>();

  async render(card: ShareCardText, language: Language = 'en'): Promise<RenderedCard> {
    const svg = shareCardSvg(card, language);
    const etag = shareCardEtag(svg);
    let body = this.rendered.get(etag);
    if (!body) {
      body = sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer();
      this.rendered.set(etag, body);
      // A failed render is not kept; the oldest card leaves when the map is full.
      body.catch(() => this.rendered.delete(etag));
      if (this.rendered.size > MAX_CACHED_CARDS) this.rendered.delete(this.rendered.keys().next().value!);
    }
    return { body: await body, etag };
  }
}
