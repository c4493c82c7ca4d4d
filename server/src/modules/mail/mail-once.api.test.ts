import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headerValue, startSmtpCapture, type SmtpCapture } from '../../../test/support/smtp-capture';
import { startTestApp, uniqueEmail, type TestApp } from '../../../test/support/test-app';

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await smtp?.close();
});

describe('a mail whose job could not be marked done', () => {
  it('is sent exactly once: recording the result is tried again instead of sending again', async () => {
    const db = t.app.database.db;
    const dialect = (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string } } }).dialect;
    const execute = db.execute.bind(db);
    let cut = 0;
    // The database drops the connection twice just as the sent mail's job is marked done.
    vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
      if (cut < 2 && dialect.sqlToQuery(query).sql.includes("status = 'done'")) {
        cut++;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return execute(query);
    }) as typeof db.execute);

    const to = uniqueEmail('once');
    await t.app.mailer.enqueue({ to, subject: 'Once only', text: 'Sent once.', html: '<p>Sent once.</p>' });
    await t.app.jobs.drain(['mail.send']);
    vi.restoreAllMocks();

    expect(cut).toBe(2);
    const mails = smtp.mailTo(to);
    expect(mails).toHaveLength(1);
    const { rows } = await db.execute<{ id: string; status: string; attempts: number }>(
      sql`SELECT id, status, attempts FROM jobs WHERE kind = 'mail.send' ORDER BY created_at DESC LIMIT 1`,
    );
    // Done on its first attempt: the failure branch would have queued it again (a second mail).
    expect(rows[0]).toMatchObject({ status: 'done', attempts: 1 });
    // Its Message-ID comes from the job: a send after a lost acknowledgement would carry the same.
    expect(headerValue(mails[0]!.raw, 'Message-ID')).toBe(`<mail-${rows[0]!.id}@sauti.test>`);
  });
});
