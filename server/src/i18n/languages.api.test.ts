import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_SERVER_MESSAGES } from '#common/schemas/auth';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { follows, orders, users } from '../db/schema';
import { addMpesa } from '../../test/support/buying';
import type { CatalogTestApp, HttpResponse } from '../../test/support/catalog-app';
import { closeMailedApp, startMailedApp } from '../../test/support/mailed-app';
import type { MediaFixtures } from '../../test/support/media-fixtures';
import { linkIn, type CapturedMail, type SmtpCapture } from '../../test/support/smtp-capture';
import { sessionCookie, uniqueEmail, uniqueName } from '../../test/support/test-app';
import { TEST_CARD_SUCCESS } from '../modules/payment-provider';
import { translateBody } from '.';

/**
 * Decision 056, through the real app, real SMTP: API messages in the request's language
 * (Accept-Language or the lang cookie), e-mails in the language each person used when they
 * signed up or bought, whoever's request sends them.
 */
describe('API messages and e-mails in English and Kiswahili', () => {
  let t: CatalogTestApp, smtp: SmtpCapture, media: MediaFixtures;

  beforeAll(async () => {
    ({ t, smtp, media } = await startMailedApp());
  });
  afterAll(() => closeMailedApp({ t, smtp }));

  const post = (url: string, json: unknown, headers: Record<string, string> = {}, cookie?: string) => t.request('POST', url, { json, headers, cookie });
  const unknownTrack = '/api/track-detail/00000000-0000-4000-8000-000000000000';
  /** The opening <html> tag of a mail's HTML part. */
  const htmlRoot = (mail: CapturedMail) => /<html\b[^>]*>/i.exec(mail.html)?.[0];

  it('answers an error in Kiswahili to Accept-Language: sw and to the lang cookie, in English otherwise, with the same code', async () => {
    const byHeader = await t.request('GET', unknownTrack, { headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' } });
    expect(byHeader.status).toBe(404);
    expect(byHeader.body).toEqual({ code: 'track.not-found', message: 'Wimbo haupatikani' });

    const byCookie = await t.request('GET', unknownTrack, { cookie: 'lang=sw', headers: { 'accept-language': 'en' } });
    expect(byCookie.body).toEqual({ code: 'track.not-found', message: 'Wimbo haupatikani' });

    const englishRequests: Record<string, string>[] = [{}, { 'accept-language': 'en-GB' }, { 'accept-language': 'sw', cookie: 'lang=en' }];
    for (const english of englishRequests) {
      const answer = await t.request('GET', unknownTrack, { headers: english });
      expect(answer.body).toEqual({ code: 'track.not-found', message: CATALOG_MESSAGES.trackNotFound });
    }
  });

  it('answers in Kiswahili the refusals made before any route runs (an address that is not valid UTF-8)', async () => {
    const english = await t.request('GET', '/api/track-detail/%E0%A4%A');
    const swahili = await t.request('GET', '/api/track-detail/%E0%A4%A', { cookie: 'lang=sw' });
    expect(english.status).toBe(swahili.status);
    expect(swahili.body.code).toBe(english.body.code);
    expect(swahili.body.message).not.toBe(english.body.message);
    expect(swahili.body).toEqual(translateBody(english.body, 'sw'));
  });

  it("answers a form's field errors (the shared schemas' messages) in the request's language", async () => {
    const account = { email: uniqueEmail(), password: 'abc', displayName: uniqueName() };
    const sw = await post('/api/register', account, {}, 'lang=sw');
    expect(sw.status).toBe(400);
    expect(sw.body).toEqual({ code: 'form.invalid', message: 'Nenosiri liwe na angalau herufi 6', errors: { password: 'Nenosiri liwe na angalau herufi 6' } });

    const en = await post('/api/register', account);
    expect(en.body).toEqual({ code: 'form.invalid', message: AUTH_MESSAGES.passwordMin, errors: { password: AUTH_MESSAGES.passwordMin } });

    const login = await post('/api/login', { email: uniqueEmail(), password: 'wrong password' }, { 'accept-language': 'sw' });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ code: 'auth.invalid-credentials', message: 'Email au nenosiri si sahihi' });
  });

  /** Signs up through the API in a language, follows the verification mail and answers the signed-in artist. */
  async function signUp(acceptLanguage: string) {
    const account = { email: uniqueEmail(), password: 'correct horse battery', displayName: uniqueName() };
    const registered = await post('/api/register', account, { 'accept-language': acceptLanguage });
    expect(registered.status).toBe(201);
    await t.app.jobs.drain();
    const [mail] = smtp.mailTo(account.email);
    expect(mail).toBeDefined();
    const verified = await post('/api/verify-email', { token: linkIn(mail!, '/verify-email').searchParams.get('token') });
    expect(verified.status).toBe(200);
    const [user] = await t.app.database.db.select().from(users).where(eq(users.email, account.email));
    return { account, registered, mail: mail!, id: user!.id, language: user!.language, cookie: sessionCookie(verified.headers.getSetCookie()) };
  }

  it('signs up in Kiswahili: the answer and the verification e-mail are in Kiswahili, and the language is kept with the account', async () => {
    const artist = await signUp('sw');
    expect(artist.registered.body).toEqual({ message: 'Umejisajili. Tafadhali angalia email yako uthibitishe akaunti yako.', requiresEmailVerification: true });
    expect(artist.language).toBe('sw');
    expect(artist.mail.subject).toBe('Thibitisha email yako ya Sauti');
    expect(artist.mail.text).toContain(`Habari ${artist.account.displayName},`);
    expect(artist.mail.text).toContain('Karibu Sauti! Tafadhali thibitisha email yako');
    expect(artist.mail.text).toMatch(/Thibitisha email: http:\/\/\S+\/verify-email\?token=/);
    const html = artist.mail.raw.replace(/=\r?\n/g, '');
    expect(html).toContain('>Thibitisha email</a>');
    expect(html).toContain('Kitufe kisipofanya kazi, nakili linki hii kwenye kivinjari chako:');

    const english = await signUp('en-US,en;q=0.9');
    expect(english.registered.body).toEqual({ message: AUTH_SERVER_MESSAGES.registered, requiresEmailVerification: true });
    expect(english.language).toBe('en');
    expect(english.mail.subject).toBe('Verify your email address for Sauti');
    expect(english.mail.text).toContain(`Hi ${english.account.displayName},`);

    // The HTML part says which language it is in, for screen readers and mail clients (issue 20).
    expect(htmlRoot(artist.mail)).toBe('<html lang="sw" dir="ltr">');
    expect(htmlRoot(english.mail)).toBe('<html lang="en" dir="ltr">');
  });

  it("a purchase made in Kiswahili sends the buyer a Kiswahili receipt, and the artist, signed up in English, the sale e-mail in English", async () => {
    const artist = await signUp('en');
    await addMpesa(t, { id: artist.id, displayName: artist.account.displayName, cookie: artist.cookie });
    const track = await t.uploadTrack({ cookie: artist.cookie }, media.mp3Short, { trackName: 'Nyota', price: '500' });

    const buyer = uniqueEmail('fan');
    const swahili = { 'accept-language': 'sw-KE' };
    const init: HttpResponse = await post('/api/payments/initialize', { email: buyer, trackId: track.id }, swahili);
    expect(init.status).toBe(200);
    const cookie = /sauti_buyer=[^;]+/.exec(init.headers.get('set-cookie') ?? '')![0];
    const paid = await post(`/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' });
    expect(paid.body.status).toBe('success');
    const verified = await post('/api/payments/verify', { reference: init.body.data.reference }, swahili, cookie);
    expect(verified.status).toBe(200);
    await t.app.jobs.drain();

    const [order] = await t.app.database.db.select().from(orders).where(eq(orders.reference, init.body.data.reference));
    expect(order!.language).toBe('sw');

    const [receipt] = smtp.mailTo(buyer);
    expect(receipt!.subject).toBe('Ununuzi wako wa Sauti: Nyota');
    expect(receipt!.text).toContain(`Asante kwa kununua "Nyota" kutoka kwa ${artist.account.displayName}. Asilimia 90 ya bei inaenda kwa msanii.`);
    expect(receipt!.text).toContain('Bei: KES 500.00. Ada ya malipo:');
    expect(receipt!.text).toMatch(/Pakua wimbo: http:\/\/\S+\/purchase\//);

    const sale = smtp.mailTo(artist.account.email).find((mail) => mail.subject.startsWith('You made a sale'));
    expect(sale?.subject).toBe('You made a sale: Nyota');
    expect(sale!.text).toContain('A fan just bought "Nyota" for KES 500.00. Your share (90%) is KES 450.00.');
    expect(sale!.text).toContain(`Hi ${artist.account.displayName},`);
    // Each reader's mail names its own language, whoever's request sent it.
    expect(htmlRoot(receipt!)).toBe('<html lang="sw" dir="ltr">');
    expect(htmlRoot(sale!)).toBe('<html lang="en" dir="ltr">');
  });

  it('a follow made in Kiswahili is answered and confirmed in Kiswahili, and its language is kept with the follow', async () => {
    const artist = await signUp('en');
    const fan = uniqueEmail('fan');
    const followed = await post('/api/follows', { artistId: artist.id, email: fan }, {}, 'lang=sw');
    expect(followed.status).toBe(202);
    expect(followed.body).toEqual({ message: 'Angalia email yako: thibitisha hapo na utasikia kutoka kwa msanii huyu akitoa kitu kipya.' });
    await t.app.jobs.drain();
    const [mail] = smtp.mailTo(fan);
    expect(mail!.subject).toBe(`Thibitisha: email kutoka kwa ${artist.account.displayName} kwenye Sauti`);
    expect(mail!.text).toMatch(new RegExp(`Mfuate ${artist.account.displayName}: http://\\S+/follow/confirm\\?token=`));
    expect(mail!.text).toContain('Jiondoe kwa kubofya mara moja: http');
    expect(htmlRoot(mail!)).toBe('<html lang="sw" dir="ltr">');
    const [follow] = await t.app.database.db.select().from(follows).where(eq(follows.email, fan));
    expect(follow!.language).toBe('sw');
  });

  it("the switch's POST stores a signed-in person's choice, both ways, and their next e-mail follows it; its GET link changes only the cookie (decision 063, issue 33)", async () => {
    const artist = await signUp('en');
    expect(artist.language).toBe('en');
    const storedLanguage = async () => (await t.app.database.db.select().from(users).where(eq(users.id, artist.id)))[0]!.language;
    const tap = async (lang: string, cookie?: string) => {
      const response = await post('/api/language', { lang }, {}, cookie);
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie().find((header) => header.startsWith('lang='))).toBe(`lang=${lang}; Max-Age=31536000; Path=/; SameSite=Lax`);
    };
    const link = async (lang: string, cookie?: string) => {
      const response = await fetch(`${t.baseUrl}/api/language?lang=${lang}&return=%2Fdashboard`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/dashboard');
      expect(response.headers.getSetCookie().find((header) => header.startsWith('lang='))).toMatch(new RegExp(`^lang=${lang};`));
    };
    const resetMailSubject = async () => {
      // Asked in English: the e-mail is still written in the stored language.
      expect((await post('/api/forgot-password', { email: artist.account.email }, { 'accept-language': 'en' })).status).toBe(200);
      await t.app.jobs.drain();
      return smtp.mailTo(artist.account.email).at(-1)!.subject;
    };

    await tap('sw', artist.cookie);
    expect(await storedLanguage()).toBe('sw');
    expect(await resetMailSubject()).toBe('Badilisha nenosiri lako la Sauti');

    await tap('en', artist.cookie);
    expect(await storedLanguage()).toBe('en');
    expect(await resetMailSubject()).toBe('Reset your Sauti password');

    // A GET (a crawler, a prefetch, another site's <img>) changes nothing stored, signed in or not.
    await link('sw', artist.cookie);
    expect(await storedLanguage()).toBe('en');
    // Signed out, the POST only sets the cookie; a language it does not speak is refused.
    await tap('sw');
    expect(await storedLanguage()).toBe('en');
    expect((await post('/api/language', { lang: 'fr' }, {}, artist.cookie)).status).toBe(400);
    expect((await fetch(`${t.baseUrl}/api/language?lang=fr`, { headers: { cookie: artist.cookie }, redirect: 'manual' })).status).toBe(400);
    expect(await storedLanguage()).toBe('en');
  });
});
