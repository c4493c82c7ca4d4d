import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '#common/schemas/auth';
import { toSlug } from '#common/slug';
import { previousSlugs } from '../../db/schema';
import { startSmtpCapture, linkIn, type SmtpCapture } from '../../../test/support/smtp-capture';
import { sessionCookie, startTestApp, uniqueEmail, uniqueName, type TestApp } from '../../../test/support/test-app';
import { AUTH_SERVER_MESSAGES } from './auth.service';

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Every test here registers from the one test client address: more than the default per-address limit allows.
  t = await startTestApp({ SMTP_URL: smtp.url }, { authLimits: { perAddress: { register: 1000 } } });
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

describe('registration rules', () => {
  it.each([
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.invalidEmail],
    [{ email: '' }, 'email', AUTH_MESSAGES.invalidEmail],
    [{ password: '12345' }, 'password', AUTH_MESSAGES.passwordMin],
    [{ password: 'password' }, 'password', AUTH_MESSAGES.passwordCommon],
    [{ password: 'x'.repeat(129) }, 'password', AUTH_MESSAGES.passwordMax],
    [{ displayName: '   ' }, 'displayName', AUTH_MESSAGES.displayNameRequired],
    [{ displayName: 'Dashboard' }, 'displayName', AUTH_MESSAGES.displayNameReserved],
    [{ displayName: 'for artists' }, 'displayName', AUTH_MESSAGES.displayNameReserved],
    [{ displayName: '!!!' }, 'displayName', AUTH_MESSAGES.displayNameNoLetters],
  ])('refuses %o with the field message', async (overrides, field, message) => {
    const { response } = await register(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'form.invalid', message, errors: { [field]: message } });
  });

  it('accepts a 64-character passphrase', async () => {
    const { account, response } = await register({ password: 'a long passphrase about taarab music '.padEnd(64, 'x') });
    expect(response.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(smtp.mailTo(account.email)).toHaveLength(1);
  });

  it('stores a display name with a NUL or a bidi override cleaned, never a 500', async () => {
    const name = uniqueName('Nul');
    const { cookie } = await verifiedAccount({ displayName: `${name}\u0000\u202e` });
    expect((await json('GET', '/api/user', undefined, cookie)).json().displayName).toBe(name);
  });

  it('keeps display names unique by their slug', async () => {
    const name = uniqueName('Sauti Sol');
    expect((await register({ displayName: name })).response.statusCode).toBe(201);
    const clash = await register({ displayName: `  ${name.toUpperCase().replace(' ', '  ')}!` });
    expect(clash.response.statusCode).toBe(409);
    expect(clash.response.json()).toEqual({ code: 'auth.display-name-taken', message: AUTH_SERVER_MESSAGES.displayNameTaken, suggestions: expect.any(Array) });
  });

  it("refuses a display name whose slug is someone's previous slug (their old links keep working)", async () => {
    const { account } = await register();
    const holder = (await t.app.database.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${account.email}`)).rows[0]!;
    const retired = uniqueName('Old Name');
    await t.app.database.db.insert(previousSlugs).values({ slug: toSlug(retired), userId: holder.id });
    const clash = await register({ displayName: retired.toLowerCase() });
    expect(clash.response.statusCode).toBe(409);
    expect(clash.response.json()).toEqual({ code: 'auth.display-name-taken', message: AUTH_SERVER_MESSAGES.displayNameTaken, suggestions: expect.any(Array) });
    await t.app.jobs.drain();
    expect(smtp.mailTo(clash.account.email)).toHaveLength(0);
  });

  it('answers a known address exactly like a new one, and tells its owner by mail instead', async () => {
    const { account } = await verifiedAccount();
    const users = async () =>
      (await t.app.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${account.email}`)).rows[0]!.n;
    const fresh = await register();
    const repeat = await register({ email: account.email.toUpperCase() });
    expect(repeat.response.statusCode).toBe(fresh.response.statusCode);
    expect(repeat.response.json()).toEqual(fresh.response.json());
    expect(await users()).toBe(1);
    await t.app.jobs.drain();
    const mails = smtp.mailTo(account.email);
    expect(mails.at(-1)!.subject).toBe('You already have a Sauti account');
    // The original password still opens the account.
    expect((await json('POST', '/api/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });
});

describe('signing up again before verifying, and taken names', () => {
  const verifyMails = (email: string) => smtp.mailTo(email).filter((mail) => mail.subject === 'Verify your email address for Sauti');
  const taken = (body: unknown) => expect(body).toMatchObject({ message: AUTH_SERVER_MESSAGES.displayNameTaken });

  it('treats the same address, name and password as a resend: a new link, answered like a new registration', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const firstToken = linkIn(verifyMails(account.email)[0]!, '/verify-email').searchParams.get('token');

    const fresh = await register();
    // The same name as typed a little differently (its slug is the same), the address in capitals.
    const again = await register({ ...account, email: account.email.toUpperCase(), displayName: ` ${account.displayName.toUpperCase()} ` });
    expect(again.response.statusCode).toBe(201);
    expect(again.response.statusCode).toBe(fresh.response.statusCode);
    expect(again.response.json()).toEqual(fresh.response.json());

    await t.app.jobs.drain();
    const mails = verifyMails(account.email);
    expect(mails).toHaveLength(2);
    const secondToken = linkIn(mails[1]!, '/verify-email').searchParams.get('token');
    expect((await json('POST', '/api/verify-email', { token: firstToken })).statusCode).toBe(400);
    expect((await json('POST', '/api/verify-email', { token: secondToken })).statusCode).toBe(200);
    const count = await t.app.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${account.email}`);
    expect(count.rows[0]!.n).toBe(1);
    // The account keeps the name it was registered with.
    expect((await json('POST', '/api/login', { email: account.email, password: account.password })).json().displayName).toBe(
      account.displayName,
    );
  });

  it('answers 409 to the own address and name with a wrong password, exactly as to a stranger, and mails nobody', async () => {
    const { account } = await register();
    await t.app.jobs.drain();
    const wrongPassword = await register({ ...account, password: 'not the password at all' });
    const stranger = await register({ displayName: account.displayName });
    expect(wrongPassword.response.statusCode).toBe(409);
    expect(stranger.response.statusCode).toBe(409);
    taken(wrongPassword.response.json());
    // Nothing tells whether this address owns the name.
    expect(wrongPassword.response.json()).toEqual(stranger.response.json());
    await t.app.jobs.drain();
    expect(smtp.mailTo(account.email)).toHaveLength(1);
    expect(smtp.mailTo(stranger.account.email)).toHaveLength(0);
  });

  it('answers 409 when the account is already verified, even with its own address, name and password', async () => {
    const { account } = await verifiedAccount();
    const again = await register(account);
    expect(again.response.statusCode).toBe(409);
    taken(again.response.json());
    await t.app.jobs.drain();
    expect(smtp.mailTo(account.email)).toHaveLength(1);
  });

  it("answers 409 to an unverified owner's address with someone's previous name (no resend through an old slug)", async () => {
    const { account } = await register();
    const holder = (await t.app.database.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${account.email}`)).rows[0]!;
    const retired = uniqueName('Retired');
    await t.app.database.db.insert(previousSlugs).values({ slug: toSlug(retired), userId: holder.id });
    const again = await register({ ...account, displayName: retired });
    expect(again.response.statusCode).toBe(409);
  });

  it('suggests up to three free names, each valid and each free', async () => {
    const name = uniqueName('Nyota');
    expect((await register({ displayName: name })).response.statusCode).toBe(201);
    // The first suggestion taken by an artist, the second by someone's previous name.
    expect((await register({ displayName: `${name} Music` })).response.statusCode).toBe(201);
    const { account: other } = await register();
    const holder = (await t.app.database.db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = ${other.email}`)).rows[0]!;
    await t.app.database.db.insert(previousSlugs).values({ slug: toSlug(`${name} KE`), userId: holder.id });

    const clash = await register({ displayName: name.toLowerCase() });
    expect(clash.response.statusCode).toBe(409);
    const { suggestions } = clash.response.json() as { suggestions: string[] };
    expect(suggestions).toEqual([`${name.toLowerCase()} 254`, `${name.toLowerCase()} Official`, `${name.toLowerCase()} Live`]);
    for (const suggestion of suggestions) {
      expect(displayNameSchema.safeParse(suggestion)).toEqual({ success: true, data: suggestion });
      expect((await register({ displayName: suggestion })).response.statusCode).toBe(201);
    }
  });

  it('keeps suggestions for a name of the longest length within the limit', async () => {
    const name = `${uniqueName('Bendi')} `.padEnd(DISPLAY_NAME_MAX_LENGTH, 'x');
    expect(name).toHaveLength(DISPLAY_NAME_MAX_LENGTH);
    expect((await register({ displayName: name })).response.statusCode).toBe(201);
    const clash = await register({ displayName: name });
    const { suggestions } = clash.response.json() as { suggestions: string[] };
    expect(suggestions).toHaveLength(3);
    for (const suggestion of suggestions) {
      expect(suggestion.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
      expect(displayNameSchema.safeParse(suggestion).success).toBe(true);
      expect((await register({ displayName: suggestion })).response.statusCode).toBe(201);
    }
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
