import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text part. */
  text: string;
  /** The decoded HTML part ('' when the mail has none). */
  html: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** Make the next `count` deliveries fail with a temporary error, as a flaky mail server would. */
  failNext(count: number): void;
  mailTo(address: string): CapturedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Pulls the text/plain part out of a nodemailer message (multipart/alternative, QP or base64). */
export function textPart(raw: string): string {
  return mimePart(raw, 'plain') ?? raw;
}

/** Pulls the text/html part out of a nodemailer message, '' when it has none. */
export function htmlPart(raw: string): string {
  return mimePart(raw, 'html') ?? '';
}

function mimePart(raw: string, subtype: 'plain' | 'html'): string | undefined {
  const match = new RegExp(`Content-Type: text/${subtype}[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*?Content-Transfer-Encoding: ([^\\r\\n]+)\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([\\s\\S]*?)\\r?\\n--`, 'i').exec(raw);
  if (!match) return undefined;
  const [, encoding, body] = match;
  if (/base64/i.test(encoding!)) return Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding!)) return decodeQuotedPrintable(body!);
  return body!;
}

export function headerValue(raw: string, name: string): string {
  const match = new RegExp(`^${name}: ([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ') : '';
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failures > 0) {
        failures--;
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: headerValue(raw, 'Subject'),
          text: textPart(raw),
          html: htmlPart(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    mailTo: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that goes to the given path. */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  const match = new RegExp(`https?://\\S+${pathname.replace(/[-/]/g, '\\$&')}\\?token=[\\w%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in mail "${mail.subject}"`);
  return new URL(match[0]);
}
