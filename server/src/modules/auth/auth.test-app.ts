import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtpCapture, linkIn, type SmtpCapture } from '../../../test/support/smtp-capture';
import { sessionCookie, startTestApp, uniqueEmail, uniqueName, type TestApp } from '../../../test/support/test-app';

/**
 * The set-up the account tests share (auth.api.test.ts, registration.api.test.ts,
 * password-reset.api.test.ts): the app with its mail captured, and the sign-up steps.
 */

/** What the file's tests are handed once the app is up. */
export interface AuthApp {
  t: TestApp;
  smtp: SmtpCapture;
}

/** Starts the app and the mail capture for the whole test file (handed to `ready` before its tests), closes them after. */
export function authAppForFile(ready: (set: AuthApp) => void) {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Every test here registers from the one test client address: more than the default per-address limit allows.
    t = await startTestApp({ SMTP_URL: smtp.url }, { authLimits: { perAddress: { register: 1000 } } });
    ready({ t, smtp });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const json = (method: 'POST' | 'GET', url: string, body?: unknown, cookie?: string) =>
    t.app.inject({
      method,
      url,
      ...(body !== undefined ? { payload: body as object } : {}),
      headers: cookie ? { cookie } : {},
    });

  async function register(overrides: Partial<{ email: string; password: string; displayName: string }> = {}) {
    const account = { email: uniqueEmail(), password: 'correct horse battery', displayName: uniqueName(), ...overrides };
    const response = await json('POST', '/api/register', account);
    return { account, response };
  }

  /** Registers, follows the e-mailed link, and answers the account and its signed-in cookie. */
  async function verifiedAccount(overrides: Parameters<typeof register>[0] = {}) {
    const { account } = await register(overrides);
    await t.app.jobs.drain();
    const [mail] = smtp.mailTo(account.email);
    const verify = await json('POST', '/api/verify-email', { token: linkIn(mail!, '/verify-email').searchParams.get('token') });
    expect(verify.statusCode).toBe(200);
    return { account, cookie: sessionCookie(verify.headers['set-cookie']) };
  }

  return { json, register, verifiedAccount };
}
