/**
 * File names for downloads, made from titles artists typed (docs/decisions/027). A title may hold
 * anything: quotes, backslashes, emoji, line breaks, slashes, "..", bidi controls. What leaves the
 * server is a name that is safe on every file system and in a ZIP (no path, no control character,
 * bounded length), and a Content-Disposition header per RFC 6266 / RFC 8187 that can never break
 * the response (an emoji or a line break in a naive header crashed a download with a 500).
 */

/** Base names are cut to this many UTF-8 bytes (file systems allow 255 for the whole name). */
export const MAX_BASE_NAME_BYTES = 150;

/** The extension of a stored original, by its type (as found from its content at upload). */
const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** The extension for a stored object: by its MIME type, else the one its storage key ends with, else "bin". */
export function extensionFor(mimeType: string, storageKey = ''): string {
  const known = EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()];
  if (known) return known;
  const fromKey = /\.([a-z0-9]{1,8})$/i.exec(storageKey)?.[1];
  return fromKey ? fromKey.toLowerCase() : 'bin';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Control characters (C0, DEL, C1: CR and LF among them), line and paragraph separators. Zero-width joiners stay: emoji need them. */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
/** Bidi controls could make "evil\u202Egpj.exe" look like "evilexe.jpg". */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Characters no Windows file name may hold (and path separators everywhere). */
const RESERVED = /[\\/:*?<>|]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character or an emoji. */
function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = Buffer.byteLength(segment);
    if (bytes + size > maxBytes) break;
    out += segment;
    bytes += size;
  }
  return out;
}

/**
 * A title as the base of a file name (no extension): one line, no path separator or character
 * Windows refuses, no leading or trailing dot or space, no "..", no Windows device name, at most
 * MAX_BASE_NAME_BYTES of UTF-8; `fallback` when nothing is left.
 */
export function safeBaseName(title: string, fallback = 'download', maxBytes = MAX_BASE_NAME_BYTES): string {
  let name = title
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(BIDI, '')
    .replace(INVISIBLE, ' ')
    .replace(/"/g, "'")
    .replace(RESERVED, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ');
  name = cutToBytes(name, maxBytes).replace(/^[\s.]+|[\s.]+$/g, '');
  if (name === '') return fallback;
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  return name;
}

/** "<title>.<ext>", safe as a file name (see safeBaseName). */
export function safeFileName(title: string, extension: string, fallback = 'download'): string {
  const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  return `${safeBaseName(title, fallback)}.${ext}`;
}

/** The name in plain printable ASCII for old clients: accents dropped, anything else "_", no quote or backslash. */
export function asciiFallback(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/_{2,}/g, '_');
  return ascii.replace(/^[\s.]+/, '') || 'download';
}

/** RFC 8187 value: UTF-8, percent-encoded except attr-char (RFC 5987's ext-value). */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 section
 * 4.3: both, the extended one last, so every browser of the last decade picks the UTF-8 name and
 * an old client still gets a usable one). The name should come from safeFileName; it is made
 * header-safe here whatever it is.
 */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/**
 * ZIP entry names for an album's tracks, in order: "01 - <title>.<ext>" (the number's width grows
 * past 99 tracks), each safe (safeBaseName), unique regardless of case (a " (2)" is added to a
 * repeat), none equal to one of `reserved` (the cover's name).
 */
export function albumEntryNames(tracks: { title: string; extension: string }[], reserved: string[] = []): string[] {
  const width = Math.max(2, String(tracks.length).length);
  const taken = new Set(reserved.map((name) => name.toLowerCase()));
  return tracks.map((track, index) => {
    const stem = `${String(index + 1).padStart(width, '0')} - ${safeBaseName(track.title, 'Track')}`;
    const ext = track.extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
    let name = `${stem}.${ext}`;
    for (let copy = 2; taken.has(name.toLowerCase()); copy++) name = `${stem} (${copy}).${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}
