import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_MESSAGES } from '#common/schemas/follows';
import { FOLLOW_RATE_LIMITS } from './follows.routes';
import { FOLLOW_MAIL_LIMIT } from './follows.service';
import { followReleases, follows, followTokens, tracks } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../../test/support/smtp-capture';

/** Issue 17, "follow by e-mail": 202 alike, confirmation, one mail per release a day, one-click unsubscribe. */

const FAN = 'follower@example.com';

describe('following an artist by e-mail (issue 17)', () => {
  let t: CatalogTestApp;
  let smtp: SmtpCapture;
  let media: MediaFixtures;
  let artist: TestArtist;

  const follow = (artistId: string, email: string, headers: Record<string, string> = {}) => t.request('POST', '/api/follows', { json: { artistId, email }, headers });
  const mailsTo = (email: string, subject: RegExp) => smtp.mailTo(email).filter((mail) => subject.test(mail.subject));
  /** Everything a change set going settles: the release checks, their jobs, the renditions' own changes and their checks. */
  async function settle() {
    for (let i = 0; i < 3; i++) {
      await t.app.follows.idle();
      await t.app.jobs.drain();
    }
  }
  const tokenIn = (mail: CapturedMail, path: string) => {
    const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`).exec(mail.text);
    if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
    return match[1]!;
  };
  /** A header's value, unfolded (nodemailer folds a long List-Unsubscribe right after its colon). */
  const header = (mail: CapturedMail, name: string) => new RegExp(`^${name}:[ \\t]*((?:[^\\r\\n]|\\r?\\n[ \\t])*)`, 'im').exec(mail.raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
  const followers = async (who: TestArtist) => (await t.request('GET', '/api/analytics', { cookie: who.cookie })).body.followers as number;

  beforeAll(async () => {
    media = await mediaFixtures();
    smtp = await startSmtpCapture();
    // Behind a proxy, so the limit test can come from an address of its own.
    t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
    artist = await t.artist();
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers 202 alike for every address, and mails a confirmation with a one-click unsubscribe (RFC 8058)', async () => {
    const first = await follow(artist.id, FAN);
    const other = await follow(artist.id, 'Someone.Else@Example.com');
    expect(first.status).toBe(202);
    expect(other.status).toBe(202);
    expect(first.body).toEqual({ message: FOLLOW_MESSAGES.requested });
    expect(other.body).toEqual(first.body);
    await settle();
    const [mail] = mailsTo(FAN, /^Confirm: e-mails from/);
    expect(mail?.subject).toBe(`Confirm: e-mails from ${artist.displayName} on Sauti`);
    expect(mail!.text).toContain('/follow/confirm?token=');
    expect(mail!.text).toContain('/follow/unsubscribe?token=');
    expect(header(mail!, 'List-Unsubscribe')).toMatch(/^<http:\/\/\S+\/api\/follows\/unsubscribe\?token=[\w-]{43}>$/);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Stored hashed: no token of the mail is in the table as sent.
    const stored = await t.app.database.db.select().from(followTokens);
    expect(stored.some((row) => mail!.text.includes(row.tokenHash))).toBe(false);

    expect((await follow('7c0c1f0e-0000-4000-8000-000000000000', FAN)).status).toBe(404);
    expect((await follow(artist.id, 'not-an-address')).status).toBe(400);
  });

  it('confirms with the mailed link; Analytics counts confirmed followers only', async () => {
    expect(await followers(artist)).toBe(0);
    const token = tokenIn(mailsTo(FAN, /^Confirm:/)[0]!, '/follow/confirm');
    const confirmed = await t.request('POST', '/api/follows/confirm', { json: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: FOLLOW_MESSAGES.confirmed, artistName: artist.displayName });
    expect(await followers(artist)).toBe(1);
    const bad = await t.request('POST', '/api/follows/confirm', { json: { token: 'A'.repeat(43) } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'follow.link-invalid', message: FOLLOW_MESSAGES.linkInvalid });
    expect((await t.request('POST', '/api/follows/confirm', { json: {} })).status).toBe(400);
    // Following again once confirmed mails nothing more.
    await follow(artist.id, FAN);
    await settle();
    expect(mailsTo(FAN, /^Confirm:/)).toHaveLength(1);
  });

  it('mails a confirmed follower exactly once when the artist publishes a track, and not again that day for an album', async () => {
    const track = await t.uploadTrack(artist, media.mp3Short, { trackName: 'Mvua ya Kwanza' });
    await settle();
    const releases = mailsTo(FAN, /^New from/);
    expect(releases).toHaveLength(1);
    expect(releases[0]!.subject).toBe(`New from ${artist.displayName}: Mvua ya Kwanza`);
    expect(releases[0]!.text).toContain(`/track/${track.id}`);
    expect(header(releases[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The unconfirmed address hears nothing.
    expect(mailsTo('someone.else@example.com', /^New from/)).toHaveLength(0);
    // An edit of the track is no release.
    expect((await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { trackName: 'Mvua' } })).status).toBe(200);
    const album = await t.sendForm('POST', '/api/albums', { fields: { albumName: 'Msimu', price: '0', selectedSongs: JSON.stringify([track.id]) } }, artist.cookie);
    expect(album.status).toBe(201);
    await settle();
    // The album was announced (a release), but this follower had their one mail of the day.
    const announced = await t.app.database.db.select().from(followReleases).where(eq(followReleases.releaseId, album.body.id));
    expect(announced).toHaveLength(1);
    expect(mailsTo(FAN, /^New from/)).toHaveLength(1);
  });

  it('announces a release no process queued (one that died after the commit) on the next sweep, once', async () => {
    const other = await t.artist();
    await t.app.database.db.insert(follows).values({ artistId: other.id, email: 'night.owl@example.com', confirmedAt: new Date() });
    // A track committed without its change event reaching the follows module.
    const [lost] = await t.app.database.db
      .insert(tracks)
      .values({ userId: other.id, trackName: 'Usiku Mrefu', artistName: other.displayName, originalName: 'usiku.mp3', fileSize: 1000, mimeType: 'audio/mpeg', duration: 60, audioKey: 'audio/lost.mp3' })
      .returning({ id: tracks.id });
    expect(await t.app.follows.sweepReleases()).toBe(1);
    await settle();
    const mails = mailsTo('night.owl@example.com', new RegExp(`^New from ${other.displayName}: Usiku Mrefu$`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/track/${lost!.id}`);
    // Announced: the next sweep finds nothing, and nothing goes twice.
    expect(await t.app.follows.sweepReleases()).toBe(0);
    await settle();
    expect(mailsTo('night.owl@example.com', /^New from .*Usiku Mrefu$/)).toHaveLength(1);
  });

  it('unsubscribes with a mail client one-click POST (no cookie, no Origin, another site), and only that call skips the same-origin rule', async () => {
    const mail = mailsTo(FAN, /^New from/)[0]!;
    const oneClick = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe'))![1]!;
    const url = new URL(oneClick);
    const response = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: FOLLOW_MESSAGES.unsubscribed });
    expect(await t.app.database.db.select().from(follows).where(eq(follows.email, FAN))).toEqual([]);
    expect(await followers(artist)).toBe(0);
    // Again (a client may retry): the same answer.
    const again = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
    // Other calls still refuse another site.
    expect((await follow(artist.id, FAN, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await t.request('POST', '/api/follows/confirm', { json: { token: 'A'.repeat(43) }, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await t.request('POST', '/api/follows/unsubscribe', { json: { token: 'short' } })).status).toBe(400);
    // No more mail for the next release.
    await t.uploadTrack(artist, media.mp3Short, { trackName: 'Jua' });
    await settle();
    expect(mailsTo(FAN, /^New from/)).toHaveLength(1);
  });

  it('unsubscribes from the page (JSON) with the confirmation mail link too', async () => {
    const fan = 'page-unsubscribe@example.com';
    await follow(artist.id, fan);
    await settle();
    const token = tokenIn(mailsTo(fan, /^Confirm:/)[0]!, '/follow/unsubscribe');
    const response = await t.request('POST', '/api/follows/unsubscribe', { json: { token } });
    expect(response.status).toBe(200);
    expect(await t.app.database.db.select().from(follows).where(eq(follows.email, fan))).toEqual([]);
  });

  it(`mails one address at most ${FOLLOW_MAIL_LIMIT.max} confirmations per 15 minutes (still 202 alike), and holds one client address to ${FOLLOW_RATE_LIMITS.follow.max} follows`, async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const address = 'eager.fan@example.com';
    let asked = 0;
    const ask = async (email: string) => {
      asked++;
      return follow(artist.id, email, from);
    };
    for (let i = 0; i <= FOLLOW_MAIL_LIMIT.max; i++) expect((await ask(address)).status).toBe(202);
    await settle();
    expect(mailsTo(address, /^Confirm:/)).toHaveLength(FOLLOW_MAIL_LIMIT.max);
    while (asked < FOLLOW_RATE_LIMITS.follow.max) expect((await ask(`fan-${asked}@example.com`)).status).toBe(202);
    expect((await ask('one-more@example.com')).status).toBe(429);
    // Another client address is not held by this one's limit.
    expect((await follow(artist.id, 'one-more@example.com', { 'x-forwarded-for': '203.0.113.8' })).status).toBe(202);
  });
});
