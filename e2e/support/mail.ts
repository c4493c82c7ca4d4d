import fs from 'node:fs';
import path from 'node:path';
import { STATE_FILE, type ServerState } from './server-state';

/** One e-mail the server wrote to DATA_DIR/outbox, decoded. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** This worker's server's DATA_DIR (its outbox is where mail lands). */
export function dataDir(): string {
  return (JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as ServerState).dataDir;
}

/** Header block -> lower-cased names to unfolded values (RFC 5322 folding: continuation lines start with white space). */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(headerValue);
  return match?.[1];
}

/** Quoted-printable (RFC 2045): soft line breaks are "=" at a line end; =XX is one byte. */
export function decodeQuotedPrintable(input: string, charset = 'utf-8'): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return new TextDecoder(charset).decode(Uint8Array.from(bytes));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = parameter(part.headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body, charset);
  if (encoding === 'base64') return new TextDecoder(charset).decode(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'));
  return part.body;
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? new TextDecoder(charset).decode(Buffer.from(text, 'base64'))
        : decodeQuotedPrintable(text.replace(/_/g, ' '), charset),
    );
}

/** Walks a MIME tree and collects the first text/plain and text/html bodies. */
function collectBodies(part: Part, into: { text?: string; html?: string }) {
  const contentType = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = parameter(part.headers.get('content-type')!, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (contentType.startsWith('text/plain') && into.text === undefined) into.text = decodeBody(part);
  else if (contentType.startsWith('text/html') && into.html === undefined) into.html = decodeBody(part);
}

export function parseEml(raw: string, file = ''): OutboxMail {
  const message = splitPart(raw);
  const bodies: { text?: string; html?: string } = {};
  collectBodies(message, bodies);
  return {
    file,
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: bodies.text ?? '',
    html: bodies.html ?? '',
  };
}

/** Every finished mail in the outbox addressed to `email`, oldest first (file names start with a timestamp). */
export function mailsTo(email: string): OutboxMail[] {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort()
    .map((name) => parseEml(fs.readFileSync(path.join(outbox, name), 'utf8'), name))
    .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
}

/**
 * Waits for the `count`-th mail to `email` whose subject matches (mail is sent by a background
 * job, so it lands a moment after the request that caused it).
 */
export async function waitForMail(
  email: string,
  subject: RegExp,
  { count = 1, timeoutMs = 20_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = mailsTo(email).filter((mail) => subject.test(mail.subject));
    if (matching.length >= count) return matching[count - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`No mail #${count} to ${email} with subject ${subject} within ${timeoutMs} ms (found ${matching.length})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link of a verification or reset mail, from its text part. */
export function linkIn(mail: OutboxMail, pathname: '/verify-email' | '/reset-password'): string {
  const match = new RegExp(`https?://[^\\s/]+${pathname}\\?token=[A-Za-z0-9_.~%-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${pathname} link in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
