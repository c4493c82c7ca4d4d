import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorVerifications, tracks } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/tokens';
import { insertSession } from '../auth/sessions.repo';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { startTestApp } from '../../../test/support/test-app';
import { totpCode, VERIFY_MAX_ATTEMPTS } from './index';

type App = Awaited<ReturnType<typeof startTestApp>>;

const SECOND_FACTOR_ROUTES = ['/api/admin/me', '/api/admin/enrolment', '/api/admin/enrolment/confirm', '/api/admin/verify'];

/**
 * The operator's console (issue 21, decision 051): granted operators enrol a TOTP second factor,
 * every console call answers 403 with no data to anyone else, actions need a verification of this
 * session within 12 hours, and each writes the append-only audit log.
 */
describe('the operator console', () => {
  let t: App;
  let artist: TestArtist;
  let operator: TestArtist;
  let secret: string;
  let recoveryCodes: string[];
  const trackIds: string[] = [];

  const call = (who: TestArtist | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const emailOf = (who: TestArtist) => `${who.id}@example.com`;
  /** A console route's URL with its parameters filled in (a track, a report, a sale, a payout). */
  const filled = (url: string, trackId: string) =>
    url.replace(':trackId', trackId).replace(':itemType', 'track').replace(':itemId', trackId).replace(':reportId', '00000000-0000-4000-8000-000000000000').replace(':reference', 'sauti-00000000-0000-4000-8000-000000000000');
  const audit = async () => (await call(operator, 'GET', '/api/admin/audit?limit=100')).json().entries as Array<Record<string, unknown>>;

  async function addTrack(owner: TestArtist, name: string) {
    const [row] = await t.app.database.db
      .insert(tracks)
      .values({ userId: owner.id, trackName: name, artistName: owner.displayName, originalName: 'x.mp3', fileSize: 1, mimeType: 'audio/mpeg', duration: 60, audioKey: `k/${name}` })
      .returning({ id: tracks.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    artist = await createArtist(t.app);
    operator = await createArtist(t.app);
    for (const name of ['Nyota', 'Kesho', 'Mvua']) trackIds.push(await addTrack(artist, `${name} ${artist.id.slice(0, 4)}`));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is closed to the signed out (401) and to artists (403 with no data), whatever the input', async () => {
    await call(operator, 'GET', '/api/admin/me').then((r) => expect(r.statusCode).toBe(403));
    expect(t.app.adminRouteList.length).toBeGreaterThanOrEqual(19);
    // Takedowns (decision 058) and decision 059's routes (the reports queue, refunds, payouts) are in the walk.
    expect(t.app.adminRouteList).toEqual(expect.arrayContaining([{ method: 'POST', url: '/api/admin/takedowns' }, { method: 'DELETE', url: '/api/admin/takedowns/:itemType/:itemId' }]));
    for (const url of ['/api/admin/reports/:reportId/action', '/api/admin/reports/:reportId/dismiss', '/api/admin/sales/:reference/refund', '/api/admin/payouts/:reference/retry']) {
      expect(t.app.adminRouteList.map((route) => route.url)).toContain(url);
    }
    for (const { method, url } of t.app.adminRouteList) {
      const path = filled(url, trackIds[0]!);
      const signedOut = await call(null, method, path, method === 'GET' || method === 'DELETE' ? undefined : { code: '123456' });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json()).toEqual({ code: 'auth.required', message: 'Please sign in to continue.' });
      // Bad input too: the guard answers before the body or the parameters are read.
      for (const payload of [undefined, { code: 'nonsense' }, { trackId: 'x', position: -1 }]) {
        const response = await call(artist, method, filled(url, 'not-a-uuid'), method === 'GET' || method === 'DELETE' ? undefined : payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual({ code: 'admin.forbidden', message: 'This is for Sauti’s operators only.' });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('grants an operator, who enrols a TOTP app: the secret and QR code once, ten recovery codes once', async () => {
    expect(await t.app.admin.grant(emailOf(operator).toUpperCase())).toBe('granted');
    expect(await t.app.admin.grant(emailOf(operator))).toBe('already');
    await expect(t.app.admin.grant('nobody@example.com')).rejects.toThrow(/No account/);

    const me = await call(operator, 'GET', '/api/admin/me');
    expect(me.json()).toEqual({ email: emailOf(operator), enrolled: false, verifiedUntil: null, recoveryCodesLeft: 0 });
    // Verifying before enrolling is refused; so is acting.
    expect((await call(operator, 'POST', '/api/admin/verify', { code: '123456' })).json().code).toBe('admin.not-enrolled');
    expect((await call(operator, 'GET', '/api/admin/picks')).json().code).toBe('admin.second-factor-required');
    expect((await call(operator, 'POST', '/api/admin/enrolment/confirm', { code: '123456' })).json().code).toBe('admin.enrolment-not-started');

    const first = (await call(operator, 'POST', '/api/admin/enrolment')).json();
    const started = await call(operator, 'POST', '/api/admin/enrolment');
    expect(started.statusCode).toBe(200);
    const offer = started.json();
    expect(offer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(offer.secret).not.toBe(first.secret);
    expect(offer.otpauthUrl).toContain(`secret=${offer.secret}`);
    expect(offer.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(offer.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    secret = offer.secret;

    // The replaced secret's code no longer enrols; a wrong code is 400; bad input 400.
    const stale = await call(operator, 'POST', '/api/admin/enrolment/confirm', { code: totpCode(first.secret) });
    if (totpCode(first.secret) !== totpCode(secret)) expect(stale.json().code).toBe('admin.code-invalid');
    for (const payload of [{}, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }]) {
      const bad = await call(operator, 'POST', '/api/admin/enrolment/confirm', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().code).toBe('form.invalid');
    }

    const done = await call(operator, 'POST', '/api/admin/enrolment/confirm', { code: totpCode(secret) });
    expect(done.statusCode).toBe(200);
    recoveryCodes = done.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(Date.parse(done.json().verifiedUntil) - Date.now()).toBeGreaterThan(11.9 * 3600_000);

    // Enrolled: never shown again, and the stored codes are hashes.
    expect((await call(operator, 'POST', '/api/admin/enrolment')).json().code).toBe('admin.already-enrolled');
    const status = (await call(operator, 'GET', '/api/admin/me')).json();
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    const stored = await t.app.database.db.execute(sql`SELECT code_hash FROM operator_recovery_codes`);
    for (const code of recoveryCodes) expect(JSON.stringify(stored.rows)).not.toContain(code.replace('-', ''));
    expect((await call(operator, 'GET', '/api/admin/picks')).statusCode).toBe(200);
  });

  it('takes each code once: a replayed or an earlier code is refused, a later one within a step is not', async () => {
    const now = Date.now();
    // The enrolment used the code of now: using it again is refused.
    expect((await call(operator, 'POST', '/api/admin/verify', { code: totpCode(secret, now) })).json().code).toBe('admin.code-invalid');
    const next = await call(operator, 'POST', '/api/admin/verify', { code: totpCode(secret, now + 30_000) });
    expect(next.statusCode).toBe(200);
    expect(next.json().recoveryCodesLeft).toBe(10);
    expect((await call(operator, 'POST', '/api/admin/verify', { code: totpCode(secret, now + 30_000) })).json().code).toBe('admin.code-invalid');
    expect((await call(operator, 'POST', '/api/admin/verify', { code: totpCode(secret, now - 30_000) })).json().code).toBe('admin.code-invalid');
  });

  it('takes each recovery code once, typed in any case', async () => {
    const used = await call(operator, 'POST', '/api/admin/verify', { recoveryCode: recoveryCodes[0]!.toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect(used.json().recoveryCodesLeft).toBe(9);
    expect((await call(operator, 'POST', '/api/admin/verify', { recoveryCode: recoveryCodes[0] })).json().code).toBe('admin.code-invalid');
    expect((await call(operator, 'POST', '/api/admin/verify', { recoveryCode: 'zzzzz-zzzzz' })).json().code).toBe('admin.code-invalid');
    for (const payload of [{}, { recoveryCode: 'short' }, { code: '123456', recoveryCode: recoveryCodes[1] }, { code: null }]) {
      expect((await call(operator, 'POST', '/api/admin/verify', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('needs a verification of this session within 12 hours to act (kept in the database)', async () => {
    const db = t.app.database.db;
    await db.update(operatorVerifications).set({ verifiedAt: sql`now() - interval '11 hours 50 minutes'` }).where(eq(operatorVerifications.userId, operator.id));
    expect((await call(operator, 'GET', '/api/admin/picks')).statusCode).toBe(200);
    await db.update(operatorVerifications).set({ verifiedAt: sql`now() - interval '12 hours 1 minute'` }).where(eq(operatorVerifications.userId, operator.id));
    const me = (await call(operator, 'GET', '/api/admin/me')).json();
    expect(me.verifiedUntil).toBeNull();
    // A stale operator: every action answers 403 with no data; the second-factor routes stay open.
    for (const { method, url } of t.app.adminRouteList) {
      const response = await call(operator, method, filled(url, trackIds[0]!), method === 'GET' || method === 'DELETE' ? undefined : { trackId: trackIds[0], position: 1, itemType: 'track', itemId: trackIds[0], reason: 'x' });
      if (SECOND_FACTOR_ROUTES.includes(url)) {
        // Open to the operator (their status, or a refusal about the code itself), never 'forbidden'.
        expect(String(response.json().code), `${method} ${url}`).not.toMatch(/^admin\.(forbidden|second-factor-required)$/);
        continue;
      }
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ code: 'admin.second-factor-required', message: 'Confirm it is you: enter the code from your authenticator app.' });
    }
    const verified = await call(operator, 'POST', '/api/admin/verify', { code: totpCode(secret, Date.now() + 30_000) });
    // The step of now+30 s was taken earlier in this file when it is still the same step: a recovery code then.
    if (verified.statusCode !== 200) expect((await call(operator, 'POST', '/api/admin/verify', { recoveryCode: recoveryCodes[1] })).statusCode).toBe(200);
    expect((await call(operator, 'GET', '/api/admin/picks')).statusCode).toBe(200);
    // The verification belongs to the session: the same operator's other session still has to verify.
    const token = randomToken();
    await insertSession(db, hashToken(token), operator.id, new Date(Date.now() + 3600_000));
    const elsewhere = await call({ ...operator, cookie: `sauti_sid=${token}` }, 'GET', '/api/admin/picks');
    expect(elsewhere.json().code).toBe('admin.second-factor-required');
  });

  it('manages the editor’s picks: search, add, reorder, remove, each in the audit log with its reason', async () => {
    const found = await call(operator, 'GET', `/api/admin/tracks?q=${encodeURIComponent(artist.id.slice(0, 4))}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().tracks.map((track: { id: string }) => track.id).sort()).toEqual([...trackIds].sort());

    // The landing page's list, kept by this process (a few seconds' cache): every change shows at once.
    const landingPicks = async () => {
      const response = await call(null, 'GET', '/api/editors-picks');
      expect(response.statusCode).toBe(200);
      return (response.json() as Array<{ track: { id: string } }>).map((entry) => entry.track.id);
    };
    expect(await landingPicks()).toEqual([]);
    for (const id of trackIds) expect((await call(operator, 'POST', '/api/admin/picks', { trackId: id, reason: 'Launch week' })).statusCode).toBe(200);
    expect(await landingPicks()).toEqual(trackIds);
    const moved = await call(operator, 'PUT', `/api/admin/picks/${trackIds[2]}`, { position: 1 });
    expect(moved.json().picks.map((pick: { trackId: string }) => pick.trackId)).toEqual([trackIds[2], trackIds[0], trackIds[1]]);
    expect(await landingPicks()).toEqual([trackIds[2], trackIds[0], trackIds[1]]);
    const removed = await call(operator, 'DELETE', `/api/admin/picks/${trackIds[0]}?reason=${encodeURIComponent('Reported')}`);
    expect(removed.json().picks.map((pick: { trackId: string; position: number }) => [pick.trackId, pick.position])).toEqual([
      [trackIds[2], 1],
      [trackIds[1], 2],
    ]);
    expect(await landingPicks()).toEqual([trackIds[2], trackIds[1]]);
    expect((await call(operator, 'GET', '/api/admin/tracks?q=')).json().tracks.find((track: { id: string }) => track.id === trackIds[2]).isPick).toBe(true);

    // Refusals: 4xx with a message, nothing written.
    const before = (await audit()).length;
    const refusals: Array<[string, string, unknown, number, string]> = [
      ['POST', '/api/admin/picks', { trackId: trackIds[1] }, 409, 'admin.pick-refused'],
      ['POST', '/api/admin/picks', { trackId: '00000000-0000-4000-8000-000000000000' }, 409, 'admin.pick-refused'],
      ['POST', '/api/admin/picks', { trackId: 'nope' }, 400, 'form.invalid'],
      ['POST', '/api/admin/picks', { trackId: trackIds[0], position: 0 }, 400, 'form.invalid'],
      ['POST', '/api/admin/picks', { trackId: trackIds[0], reason: 'x'.repeat(501) }, 400, 'form.invalid'],
      ['PUT', `/api/admin/picks/${trackIds[0]}`, { position: 1 }, 409, 'admin.pick-refused'],
      ['PUT', `/api/admin/picks/${trackIds[1]}`, { position: 'first' }, 400, 'form.invalid'],
      ['PUT', '/api/admin/picks/nope', { position: 1 }, 400, 'request.invalid'],
      ['DELETE', `/api/admin/picks/${trackIds[0]}`, undefined, 409, 'admin.pick-refused'],
      ['GET', `/api/admin/tracks?q=${'x'.repeat(101)}`, undefined, 400, 'request.invalid'],
      ['GET', '/api/admin/audit?before=abc', undefined, 400, 'request.invalid'],
      ['GET', '/api/admin/audit?limit=1000', undefined, 400, 'request.invalid'],
    ];
    for (const [method, url, payload, status, code] of refusals) {
      const response = await call(operator, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json().code).toBe(code);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await audit()).length).toBe(before);

    const entries = await audit();
    const picks = entries.filter((entry) => String(entry.action).startsWith('pick.'));
    expect(picks.map((entry) => [entry.action, entry.targetId, entry.reason])).toEqual([
      ['pick.remove', trackIds[0], 'Reported'],
      ['pick.move', trackIds[2], null],
      ['pick.add', trackIds[2], 'Launch week'],
      ['pick.add', trackIds[1], 'Launch week'],
      ['pick.add', trackIds[0], 'Launch week'],
    ]);
    for (const entry of picks) expect(entry.actorEmail).toBe(emailOf(operator));
    expect(entries.at(-1)).toMatchObject({ action: 'operator.grant', actorEmail: null, targetId: operator.id });
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['operator.enrol', 'operator.verify']));
    expect(entries.find((entry) => entry.action === 'operator.verify' && (entry.details as { method: string }).method === 'recovery-code')).toBeDefined();
  });

  it('pages the audit log newest first', async () => {
    const all = await audit();
    const first = (await call(operator, 'GET', '/api/admin/audit?limit=3')).json();
    expect(first.entries).toEqual(all.slice(0, 3));
    const second = (await call(operator, 'GET', `/api/admin/audit?limit=3&before=${first.nextBefore}`)).json();
    expect(second.entries).toEqual(all.slice(3, 6));
    const last = (await call(operator, 'GET', `/api/admin/audit?limit=100&before=${all.at(-1)!.id}`)).json();
    expect(last).toEqual({ entries: [], nextBefore: null });
  });

  it('keeps the audit log append-only: the database refuses updates and deletes', async () => {
    const db = t.app.database.db;
    await expect(db.update(auditLog).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect((await audit()).some((entry) => entry.reason === 'rewritten')).toBe(false);
  });

  it('limits attempts at a code per operator, then a revoked operator is shut out at once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= VERIFY_MAX_ATTEMPTS; i++) statuses.push((await call(operator, 'POST', '/api/admin/verify', { code: '000000' })).statusCode);
    expect(statuses.slice(0, VERIFY_MAX_ATTEMPTS).every((status) => status === 400 || status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right code waits out the window.
    expect((await call(operator, 'POST', '/api/admin/verify', { recoveryCode: recoveryCodes[2] })).statusCode).toBe(429);

    expect(await t.app.admin.revoke(emailOf(operator))).toBe('revoked');
    expect(await t.app.admin.revoke(emailOf(operator))).toBe('not-an-operator');
    const response = await call(operator, 'GET', '/api/admin/audit');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('admin.forbidden');
    const [row] = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.revoke'));
    expect(row).toMatchObject({ actorId: null, targetId: operator.id });
  });
});
