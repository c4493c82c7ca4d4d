import { describe, expect, it } from 'vitest';
import {
  albumEntryNames,
  asciiFallback,
  attachmentDisposition,
  extensionFor,
  MAX_BASE_NAME_BYTES,
  safeBaseName,
  safeFileName,
} from './download-names';

/** What a client makes of the header: the filename* value decoded (RFC 8187), else the quoted one. */
function parseDisposition(header: string): { type: string; filename: string; extended: string } {
  const type = header.split(';')[0]!;
  const quoted = /;\s*filename="((?:[^"\\]|\\.)*)"/.exec(header)?.[1] ?? '';
  const extended = /;\s*filename\*=UTF-8''([^;\s]*)/.exec(header)?.[1] ?? '';
  return { type, filename: quoted, extended: decodeURIComponent(extended) };
}

/** Nothing a header may not carry (Node refuses these with ERR_INVALID_CHAR: the 500 of DESIGN.md). */
const HEADER_SAFE = /^[\x20-\x7E]*$/;

const HOSTILE_TITLES = [
  'Say "Hello" \\ Goodbye',
  'Moto 🔥🇰🇪 Mix 👩🏽‍🎤',
  'Line one\r\nSet-Cookie: stolen=1',
  '../../etc/passwd',
  '..\\..\\windows\\system32',
  'AC/DC: Live? <Nairobi> | *best*',
  'evil\u202Egpj.exe',
  '...',
  '   ',
  '',
  'CON',
  'nul.txt',
  'Tab\there\u0000null\u007Fdel\u0085nel',
  'Lone \uD800 surrogate',
  "It's (really) 100% *mine*",
  'Ngoma ya Kwanza — Sauti za Pwani',
  'x'.repeat(5000),
  '🎶'.repeat(500),
];

describe('safeBaseName', () => {
  it.each(HOSTILE_TITLES)('makes a safe single file name of %j', (title) => {
    const name = safeBaseName(title);
    expect(name.length).toBeGreaterThan(0);
    expect(name).not.toMatch(/[/\\:*?"<>|]/);
    expect(name).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
    expect(name).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
    expect(name).not.toContain('..');
    expect(name).not.toMatch(/^[.\s]|[.\s]$/);
    expect(name).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_BASE_NAME_BYTES);
    expect(() => encodeURIComponent(name)).not.toThrow(); // well-formed UTF-16: no lone surrogate
  });

  it.each(['Kesho', 'Mwanzo — Sauti za Pwani', 'Café 🔥', 'v1.2 (Remix)'])('keeps ordinary titles as they are, accents and emoji included: %j', (title) => {
    expect(safeBaseName(title)).toBe(title);
  });

  it.each([
    ['Say "Hi"', "Say 'Hi'"],
    ['AC/DC', 'AC_DC'],
    ['a\r\nb\tc', 'a b c'],
    ['../../etc/passwd', '_._etc_passwd'],
    ['...', 'download'],
    ['CON', '_CON'],
    ['evil\u202Egpj.exe', 'evilgpj.exe'],
  ])('replaces what no file system takes, and falls back when nothing is left: %j', (title, expected) => {
    expect(safeBaseName(title)).toBe(expected);
  });

  it('falls back to the name it is given when nothing is left', () => {
    expect(safeBaseName('  ', 'Track')).toBe('Track');
  });

  it('cuts long titles at a character boundary, never inside an emoji', () => {
    const flags = safeBaseName('🇰🇪'.repeat(100));
    expect(Buffer.byteLength(flags)).toBeLessThanOrEqual(MAX_BASE_NAME_BYTES);
    expect(flags).toBe('🇰🇪'.repeat(Math.floor(MAX_BASE_NAME_BYTES / 8)));
    expect(safeBaseName('é'.repeat(200))).toBe('é'.repeat(MAX_BASE_NAME_BYTES / 2));
  });
});

describe('attachmentDisposition', () => {
  it.each(HOSTILE_TITLES)('gives a valid header that names the safe file, for %j', (title) => {
    const fileName = safeFileName(title, 'mp3');
    const header = attachmentDisposition(fileName);
    expect(header).toMatch(HEADER_SAFE);
    const parsed = parseDisposition(header);
    expect(parsed.type).toBe('attachment');
    expect(parsed.extended).toBe(fileName);
    expect(parsed.filename).toMatch(/^[\x20-\x7E]+\.mp3$/);
    expect(parsed.filename).not.toMatch(/["\\]/);
  });

  it('encodes per RFC 8187: attr-chars kept, the rest percent-encoded', () => {
    expect(attachmentDisposition('Kesho.mp3')).toBe(`attachment; filename="Kesho.mp3"; filename*=UTF-8''Kesho.mp3`);
    expect(attachmentDisposition("It's (mine) *now* 100%.wav")).toBe(
      `attachment; filename="It's (mine) *now* 100%.wav"; filename*=UTF-8''It%27s%20%28mine%29%20%2Anow%2A%20100%25.wav`,
    );
    expect(attachmentDisposition('Café 🔥.mp3')).toBe(`attachment; filename="Cafe _.mp3"; filename*=UTF-8''Caf%C3%A9%20%F0%9F%94%A5.mp3`);
  });

  it('never throws on a string that is not well-formed UTF-16', () => {
    expect(attachmentDisposition('a\uDC00b.mp3')).toMatch(HEADER_SAFE);
  });

  it('is accepted by Node as a header value', async () => {
    const { validateHeaderValue } = await import('node:http');
    for (const title of HOSTILE_TITLES) expect(() => validateHeaderValue('content-disposition', attachmentDisposition(safeFileName(title, 'zip')))).not.toThrow();
  });
});

describe('asciiFallback', () => {
  it.each([
    ['Nakupenda — Zuhura.mp3', 'Nakupenda _ Zuhura.mp3'],
    ['Ça 🎶 va.mp3', 'Ca _ va.mp3'],
    ['a"b\\c.mp3', 'a_b_c.mp3'],
  ])('drops accents and replaces anything else outside printable ASCII: %j', (name, expected) => {
    expect(asciiFallback(name)).toBe(expected);
  });
});

describe('extensionFor', () => {
  it.each([
    ['audio/mpeg', undefined, 'mp3'],
    ['audio/wav', undefined, 'wav'],
    ['audio/mp4', undefined, 'm4a'],
    ['image/jpeg', undefined, 'jpg'],
    ['image/png', undefined, 'png'],
    ['audio/x-unknown', 'audio/u/abc.opus', 'opus'],
    ['application/octet-stream', undefined, 'bin'],
  ])('maps the stored types, else the key, else bin: %s %s', (type, key, expected) => {
    expect(extensionFor(type, key)).toBe(expected);
  });
});

describe('albumEntryNames', () => {
  it('numbers in order, sanitizes, and keeps names unique and clear of the cover', () => {
    const names = albumEntryNames(
      [
        { title: 'Intro', extension: 'mp3' },
        { title: '../Intro', extension: 'wav' },
        { title: 'Intro', extension: 'mp3' },
        { title: 'Line\nbreak', extension: 'flac' },
        { title: '', extension: 'mp3' },
      ],
      ['cover.jpg'],
    );
    expect(names).toEqual(['01 - Intro.mp3', '02 - _Intro.wav', '03 - Intro.mp3', '04 - Line break.flac', '05 - Track.mp3']);
  });

  it('widens the number past 99 tracks, and adds (2) to a repeat', () => {
    const many = albumEntryNames(Array.from({ length: 120 }, () => ({ title: 'Song', extension: 'mp3' })));
    expect(many[0]).toBe('001 - Song.mp3');
    expect(many[119]).toBe('120 - Song.mp3');
    expect(new Set(many).size).toBe(120);
    // Titles that cut to the same name stay distinct (numbers already differ; the guard is for names given).
    expect(albumEntryNames([{ title: 'A', extension: 'mp3' }], ['01 - a.mp3'])).toEqual(['01 - A (2).mp3']);
  });
});
