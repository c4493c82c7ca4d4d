import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '#common/schemas/auth';
import { toSlug } from '#common/slug';
import { previousSlugs } from '../../db/schema';
import { linkIn, type SmtpCapture } from '../../../test/support/smtp-capture';
import { uniqueName, type TestApp } from '../../../test/support/test-app';
import { AUTH_SERVER_MESSAGES } from './auth.service';
import { authAppForFile } from './auth.test-app';

/** The rules of registering: passwords, display names and their slugs, taken addresses and names. */
let smtp: SmtpCapture;
let t: TestApp;
const { json, register, verifiedAccount } = authAppForFile((set) => ({ t, smtp } = set));

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
