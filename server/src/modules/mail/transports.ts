import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail exists for: printed to the console when mail goes to the outbox. */
  link?: string;
  /** Extra headers (issue 17: List-Unsubscribe and List-Unsubscribe-Post on follow mails). */
  headers?: Record<string, string>;
}

export interface SendOptions {
  /**
   * The Message-ID header, `<local@domain>`. The mail job gives one derived from its id, the same on
   * every attempt: a mail sent again after a lost acknowledgement is recognisably the same mail.
   */
  messageId?: string;
}

export interface MailTransport {
  readonly description: string;
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
}

/** Real delivery over SMTP_URL. A refused or timed-out send throws, and the job is retried. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  // nodemailer parses the URL itself (credentials, smtps:, query options); we only add timeouts.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    description: `SMTP at ${url.hostname}:${url.port || 'default port'}`,
    async send(message, { messageId } = {}) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP, each mail is written whole (RFC 822, text and HTML) to DATA_DIR/outbox and its
 * link printed once on the console, so a developer can follow it.
 */
export function outboxTransport(outboxDir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox folder ${outboxDir}`,
    async send(message, { messageId } = {}) {
      const info = await composer.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, path.join(outboxDir, name));
      console.log(`[mail] "${message.subject}" written to outbox/${name}${message.link ? `: ${message.link}` : ''}`);
    },
    close: () => composer.close(),
  };
}
