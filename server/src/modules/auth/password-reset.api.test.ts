import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#common/schemas/auth';
import { linkIn, type SmtpCapture } from '../../../test/support/smtp-capture';
import { sessionCookie, uniqueEmail, type TestApp } from '../../../test/support/test-app';
import { AUTH_SERVER_MESSAGES } from './auth.service';
import { authAppForFile } from './auth.test-app';

/** Forgotten passwords: the reset mail, the link, and what a reset signs out. */
let smtp: SmtpCapture;
let t: TestApp;
const { json, register, verifiedAccount } = authAppForFile((set) => ({ t, smtp } = set));

describe('forgotten passwords', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { account } = await verifiedAccount();
    const stranger = uniqueEmail('stranger');
    const known = await json('POST', '/api/forgot-password', { email: account.email });
    const unknown = await json('POST', '/api/forgot-password', { email: stranger });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_SERVER_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    await t.app.jobs.drain();
    expect(smtp.mailTo(stranger)).toHaveLength(0);
    expect(smtp.mailTo(account.email).at(-1)!.subject).toBe('Reset your Sauti password');
  });

  it('resets the password once, signs out every session, and keeps the old password out', async () => {
    const { account, cookie } = await verifiedAccount();
    const otherDevice = sessionCookie(
      (await json('POST', '/api/login', { email: account.email, password: account.password })).headers['set-cookie'],
    );
    // Both sessions in use (and so remembered by the server) before the reset.
    expect((await json('GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    expect((await json('GET', '/api/user', undefined, otherDevice)).statusCode).toBe(200);
    await json('POST', '/api/forgot-password', { email: account.email });
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email).at(-1)!, '/reset-password').searchParams.get('token');

    const reset = await json('POST', '/api/reset-password', { token, newPassword: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_SERVER_MESSAGES.passwordReset });

    expect((await json('GET', '/api/user', undefined, cookie)).statusCode).toBe(401);
    expect((await json('GET', '/api/user', undefined, otherDevice)).statusCode).toBe(401);
    expect((await json('POST', '/api/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    expect((await json('POST', '/api/login', { email: account.email, password: 'a brand new secret' })).statusCode).toBe(200);

    const replay = await json('POST', '/api/reset-password', { token, newPassword: 'yet another secret' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: 'auth.reset-link-invalid', message: AUTH_SERVER_MESSAGES.resetLinkInvalid });
  });

  it('refuses an expired reset link and validates the new password', async () => {
    const { account } = await verifiedAccount();
    await json('POST', '/api/forgot-password', { email: account.email });
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email).at(-1)!, '/reset-password').searchParams.get('token');

    const short = await json('POST', '/api/reset-password', { token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_MESSAGES.passwordMinLong);
    const noToken = await json('POST', '/api/reset-password', { token: '', newPassword: 'long enough secret' });
    expect(noToken.json().message).toBe(AUTH_MESSAGES.invalidResetToken);

    await t.app.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM users WHERE email = ${account.email}) AND purpose = 'reset-password'`,
    );
    expect((await json('POST', '/api/reset-password', { token, newPassword: 'long enough secret' })).statusCode).toBe(400);
  });

  it('verifies the address of an account reset before it was verified', async () => {
    const { account } = await register();
    await json('POST', '/api/forgot-password', { email: account.email });
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email).at(-1)!, '/reset-password').searchParams.get('token');
    expect((await json('POST', '/api/reset-password', { token, newPassword: 'verified by reset' })).statusCode).toBe(200);
    expect((await json('POST', '/api/login', { email: account.email, password: 'verified by reset' })).statusCode).toBe(200);
  });
});
