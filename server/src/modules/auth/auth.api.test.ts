import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#common/schemas/auth';
import { linkIn, type SmtpCapture } from '../../../test/support/smtp-capture';
import { sessionCookie, uniqueEmail, type TestApp } from '../../../test/support/test-app';
import { AUTH_SERVER_MESSAGES } from './auth.service';
import { authAppForFile } from './auth.test-app';

/** Sign-up, verification, sign-in and sign-out, and mail that fails to send. */
let smtp: SmtpCapture;
let t: TestApp;
const { json, register, verifiedAccount } = authAppForFile((set) => ({ t, smtp } = set));

describe('sign-up, verification, sign-in and sign-out', () => {
  it('walks the whole journey an artist takes', async () => {
    const { account, response } = await register({ email: 'Mixed.Case@Example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: AUTH_SERVER_MESSAGES.registered, requiresEmailVerification: true });

    const early = await json('POST', '/api/login', { email: account.email, password: account.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'auth.unverified', message: AUTH_SERVER_MESSAGES.unverified, requiresEmailVerification: true });

    await t.app.jobs.drain();
    const mails = smtp.mailTo('mixed.case@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Verify your email address for Sauti');
    const link = linkIn(mails[0]!, '/verify-email');
    expect(link.origin).toBe('http://sauti.test');

    const verify = await json('POST', '/api/verify-email', { token: link.searchParams.get('token') });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: AUTH_SERVER_MESSAGES.verified, redirectTo: '/dashboard' });
    const cookie = sessionCookie(verify.headers['set-cookie']);

    const me = await json('GET', '/api/user', undefined, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'mixed.case@example.com',
      displayName: account.displayName,
      profilePhotoFilename: null,
      hasProfilePhoto: false,
    });
    expect(me.json().profileUrl).toMatch(/^\/profile\/artist[a-z0-9]+$/);
    expect(me.headers['cache-control']).toBe('no-store');

    const logout = await json('POST', '/api/logout', undefined, cookie);
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await json('GET', '/api/user', undefined, cookie)).statusCode).toBe(401);

    const login = await json('POST', '/api/login', { email: 'MIXED.case@example.com', password: account.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().email).toBe('mixed.case@example.com');
    const again = sessionCookie(login.headers['set-cookie']);
    expect((await json('GET', '/api/user', undefined, again)).statusCode).toBe(200);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site', async () => {
    const { account } = await verifiedAccount();
    const login = await json('POST', '/api/login', { email: account.email, password: account.password });
    const header = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('sauti_sid='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
  });

  it('sets a readable session hint beside the session cookie and clears both at sign-out (decision 089)', async () => {
    const cookies = (response: { headers: Record<string, unknown> }) => ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
    const hintOf = (response: { headers: Record<string, unknown> }) => cookies(response).find((c) => c.startsWith('sauti_signed_in='));
    const { account } = await verifiedAccount();
    const login = await json('POST', '/api/login', { email: account.email, password: account.password });
    const hint = hintOf(login)!;
    expect(hint).toMatch(/^sauti_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/Path=\//);
    const session = sessionCookie(login.headers['set-cookie']);

    // A browser holding a session from before the hint gets it with its next answer; one without a session gets none.
    expect(hintOf(await json('GET', '/api/user', undefined, session))).toMatch(/^sauti_signed_in=1;/);
    expect(hintOf(await json('GET', '/api/user', undefined, `${session}; sauti_signed_in=1`))).toBeUndefined();
    expect(hintOf(await json('GET', '/api/user'))).toBeUndefined();
    // A hint left without its session goes.
    expect(hintOf(await json('GET', '/api/user', undefined, 'sauti_signed_in=1'))).toMatch(/^sauti_signed_in=;.*Expires=Thu, 01 Jan 1970/);

    const logout = await json('POST', '/api/logout', undefined, `${session}; sauti_signed_in=1`);
    expect(hintOf(logout)).toMatch(/^sauti_signed_in=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('rotates the session id at sign-in: a cookie held before signing in stops working', async () => {
    const { account, cookie: before } = await verifiedAccount();
    expect((await json('GET', '/api/user', undefined, before)).statusCode).toBe(200);
    const login = await json('POST', '/api/login', { email: account.email, password: account.password }, before);
    const after = sessionCookie(login.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await json('GET', '/api/user', undefined, before)).statusCode).toBe(401);
    expect((await json('GET', '/api/user', undefined, after)).statusCode).toBe(200);
  });

  it('answers 401 to GET /api/user without a session or with a made-up one', async () => {
    const anonymous = await json('GET', '/api/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'auth.required', message: 'Not signed in' });
    expect((await json('GET', '/api/user', undefined, 'sauti_sid=forged')).statusCode).toBe(401);
  });

  it('tells a signed-in, verified artist who opens the used link again that the address is verified', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email)[0]!, '/verify-email').searchParams.get('token');
    const first = await json('POST', '/api/verify-email', { token });
    const cookie = sessionCookie(first.headers['set-cookie']);
    const again = await json('POST', '/api/verify-email', { token }, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'auth.verification-link-invalid', message: AUTH_SERVER_MESSAGES.alreadyVerified, alreadyVerified: true, redirectTo: '/dashboard' });
    // Still signed in, and the same answer for any refused link while signed in.
    expect((await json('GET', '/api/user', undefined, cookie)).statusCode).toBe(200);
    expect((await json('POST', '/api/verify-email', { token: 'not-a-real-token' }, cookie)).json().alreadyVerified).toBe(true);
    // Signed out, the link is just refused.
    expect((await json('POST', '/api/verify-email', { token })).json()).toEqual({ code: 'auth.verification-link-invalid', message: AUTH_SERVER_MESSAGES.verificationLinkInvalid });
    expect((await json('POST', '/api/verify-email', { token }, 'sauti_sid=forged')).json()).toEqual({
      code: 'auth.verification-link-invalid',
      message: AUTH_SERVER_MESSAGES.verificationLinkInvalid,
    });
  });

  it('refuses a verification link twice, and a made-up one', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email)[0]!, '/verify-email').searchParams.get('token');
    expect((await json('POST', '/api/verify-email', { token })).statusCode).toBe(200);
    const second = await json('POST', '/api/verify-email', { token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ code: 'auth.verification-link-invalid', message: AUTH_SERVER_MESSAGES.verificationLinkInvalid });
    const forged = await json('POST', '/api/verify-email', { token: 'not-a-real-token' });
    expect(forged.statusCode).toBe(400);
    const missing = await json('POST', '/api/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(AUTH_MESSAGES.invalidVerificationToken);
  });

  it('refuses an expired verification link', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const token = linkIn(smtp.mailTo(account.email)[0]!, '/verify-email').searchParams.get('token');
    await t.app.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 minute'
          WHERE user_id = (SELECT id FROM users WHERE email = ${account.email})`,
    );
    expect((await json('POST', '/api/verify-email', { token })).statusCode).toBe(400);
  });

  it('resends a verification link that works, and the earlier link stops working', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const first = linkIn(smtp.mailTo(account.email)[0]!, '/verify-email').searchParams.get('token');
    const resend = await json('POST', '/api/resend-verification', { email: account.email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: AUTH_SERVER_MESSAGES.verificationResent });
    await t.app.jobs.drain();
    const mails = smtp.mailTo(account.email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]!, '/verify-email').searchParams.get('token');
    expect((await json('POST', '/api/verify-email', { token: first })).statusCode).toBe(400);
    expect((await json('POST', '/api/verify-email', { token: second })).statusCode).toBe(200);
  });
});

describe('sign-in rules', () => {
  it('gives one answer for an unknown address and a wrong password', async () => {
    const { account } = await verifiedAccount();
    const wrong = await json('POST', '/api/login', { email: account.email, password: 'not the password' });
    const unknown = await json('POST', '/api/login', { email: uniqueEmail('nobody'), password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'auth.invalid-credentials', message: AUTH_SERVER_MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the sign-in form with the spec messages', async () => {
    const response = await json('POST', '/api/login', { email: 'nope', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: AUTH_MESSAGES.invalidEmail, password: AUTH_MESSAGES.passwordRequired });
  });
});

describe('mail delivery', () => {
  it('never fails the request when the mail server does, and delivers on a later attempt', async () => {
    smtp.failNext(1);
    const { account, response } = await register();
    expect(response.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(smtp.mailTo(account.email)).toHaveLength(0);
    const [job] = (
      await t.app.database.db.execute<{ status: string; attempts: number; last_error: string }>(
        sql`SELECT status, attempts, last_error FROM jobs WHERE kind = 'mail.send' AND status <> 'done' ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.last_error).toMatch(/temporarily unavailable/);
    // Bring the retry forward instead of waiting out its back-off.
    await t.app.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'mail.send' AND status = 'queued'`);
    await t.app.jobs.drain();
    expect(smtp.mailTo(account.email)).toHaveLength(1);
  });
});
