import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TEST_CARD_SUCCESS } from '../../server/src/modules/payment-provider/simulated';
import { mediaFixtures } from '../../server/test/support/media-fixtures';
import { startSmtpCapture, headerValue } from '../../server/test/support/smtp-capture';
import { Bucket, builtServerExists, PrivatePostgres, startNginx, startSauti, type SautiProcess } from './cluster';

/**
 * `npm run test:faults` (issue 22, item 6; docs/decisions/044): three Sauti processes from `dist/`
 * behind Debian's nginx, on a private PostgreSQL cluster and an s3rver bucket, under a steady load
 * of public reads, streams and purchases through the simulated provider, while, one after another,
 * the database restarts, a process is SIGKILLed (and started again), the bucket goes away for
 * 10 s, and every process is restarted in turn. Afterwards: no process died but the one killed,
 * nothing answered but 2xx or (during an outage) 503 with Retry-After, every fault recovered in
 * seconds, every purchase paid exactly once with exactly one receipt. Exits 1 on any failure.
 */

const PROCESSES = 3;
const READERS = 4;
const BUYERS = 2;
const BUCKET_OUTAGE_MS = 10_000;
const RECOVERY_LIMIT_MS = 15_000;
const SETTLE_MS = 4_000;
/** Over one stored part (1 MiB), so a PATCH cut midway keeps some of its bytes. */
const UPLOAD_BYTES = 1_500_000;

type Phase = 'baseline' | 'db-restart' | 'kill' | 'bucket-outage' | 'rolling-restart' | 'between';

interface Sample {
  /** The phase the request was sent in (the table's row), and the one its answer came in. */
  phase: Phase;
  endPhase?: Phase;
  method: string;
  what: string;
  status: number;
  retryAfter: boolean;
  ms: number;
  /** The start of an answer other than 2xx, for the report. */
  body?: string;
}

const failures: string[] = [];
const fail = (message: string) => {
  failures.push(message);
  console.error(`FAIL: ${message}`);
};

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  if (!builtServerExists()) {
    console.error('npm run test:faults runs what `npm run build` made: run `npm run build` first.');
    process.exit(1);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-faults-'));
  fs.chmodSync(root, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(root, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch((error: unknown) => console.error('clean-up:', error));
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    const database = new PrivatePostgres(root, await freePort());
    await database.start();
    cleanups.push(() => database.stop());
    const bucket = new Bucket(root, await freePort());
    await bucket.start();
    cleanups.push(() => bucket.stop());
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());

    const nginxPort = await freePort();
    const base = `http://127.0.0.1:${nginxPort}`;
    const env = {
      NODE_ENV: 'production',
      // Required in production (decision 059); any 32 bytes will do for a benchmark.
      TOTP_ENCRYPTION_KEY: 'b'.repeat(64),
      DATABASE_URL: database.url,
      PUBLIC_URL: base,
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      SHUTDOWN_NOT_READY_SECONDS: '3',
      SHUTDOWN_GRACE_SECONDS: '10',
      ...bucket.env,
    };
    const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
    const processes: SautiProcess[] = [];
    const everyProcess: SautiProcess[] = [];
    // Their logs are kept (outside the deleted folder) when the run fails.
    cleanups.push(() => {
      if (failures.length === 0) return;
      const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-faults-logs-'));
      everyProcess.forEach((p, i) => fs.writeFileSync(path.join(logs, `${i + 1}-${p.name.replace(' ', '-')}.log`), p.output()));
      console.error(`process logs: ${logs}`);
    });
    /** Exits we caused (SIGKILL, SIGTERM); any other is a crash. */
    const expectedExits = new Set<SautiProcess>();
    const crashes: string[] = [];
    const watch = (p: SautiProcess) =>
      void p.exited.then((code) => {
        if (!expectedExits.has(p)) crashes.push(`${p.name} exited with ${code}:\n${p.output().slice(-3000)}`);
      });
    const start = async (index: number) => {
      const p = await startSauti(`process ${index + 1}`, ports[index]!, path.join(root, `data-${index + 1}`), env);
      processes[index] = p;
      everyProcess.push(p);
      watch(p);
      return p;
    };
    // One first (it migrates), then the others together.
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    cleanups.push(async () => {
      for (const p of processes) {
        expectedExits.add(p);
        p.child.kill('SIGKILL');
      }
    });
    const nginx = await startNginx(root, nginxPort, ports);
    cleanups.push(() => nginx.stop());
    console.log(`three processes behind nginx at ${base}; PostgreSQL on ${database.port}, s3rver on ${bucket.port}`);

    // A seller with two priced songs, made through nginx as a person makes them.
    const admin = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    };
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const email = `faults-artist-${Date.now().toString(36)}@example.com`;
    const password = 'a long test password';
    const registered = await fetch(`${base}/api/register`, json({ email, password, displayName: 'Faults Artist' }));
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    await admin('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const login = await fetch(`${base}/api/login`, json({ email, password }));
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sauti_sid='))!.split(';')[0]!;
    const [{ id: artistId }] = (await admin<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])) as [{ id: string }];
    const method = await fetch(`${base}/api/payment-methods/mobile-money`, json({ mobileNumber: '0712345678' }, { cookie }));
    if (method.status !== 201) throw new Error(`payment method: ${method.status} ${await method.text()}`);
    const media = await mediaFixtures();
    const trackIds: string[] = [];
    for (const price of ['100', '250']) {
      const form = new FormData();
      form.append('trackName', `Song ${price}`);
      form.append('artistName', 'Faults Artist');
      form.append('price', price);
      form.append('audio', await fs.openAsBlob(media.mp3Short, { type: 'audio/mpeg' }), 'song.mp3');
      const created = await fetch(`${base}/api/tracks`, { method: 'POST', body: form, headers: { cookie } });
      if (created.status !== 201) throw new Error(`track: ${created.status} ${await created.text()}`);
      trackIds.push(((await created.json()) as { id: string }).id);
    }

    /** Time until `probe` answers 2xx through nginx three times running (polled every 50 ms). */
    const recovery = async (what: string, url: string, init?: RequestInit): Promise<number> => {
      const began = performance.now();
      let good = 0;
      let firstGood = 0;
      while (performance.now() - began < RECOVERY_LIMIT_MS * 2) {
        const response = await fetch(base + url, init).catch(() => undefined);
        await response?.arrayBuffer().catch(() => undefined);
        if (response && response.status < 300) {
          if (good === 0) firstGood = performance.now();
          good += 1;
          if (good === 3) return firstGood - began;
        } else good = 0;
        await sleep(50);
      }
      fail(`${what}: not recovered after ${RECOVERY_LIMIT_MS * 2} ms`);
      return Number.NaN;
    };
    // The songs' streams ready (their first transcoding done) before the load starts.
    await recovery('first stream', `/api/tracks/${trackIds[1]}/stream`, { headers: { range: 'bytes=0-1023' } });

    // The load: readers loop over public reads and a stream; buyers buy, one fan at a time each.
    let phase: Phase = 'baseline';
    let running = true;
    const samples: Sample[] = [];
    let address = 0;
    const nextAddress = () => {
      address += 1;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    };
    let clientRetries = 0;
    const send = async (what: string, url: string, init: RequestInit = {}): Promise<Response | undefined> => {
      const startedIn = phase;
      const began = performance.now();
      const method = init.method ?? 'GET';
      for (let attempt = 0; ; attempt += 1) {
        try {
          const response = await fetch(base + url, { ...init, headers: { 'x-forwarded-for': nextAddress(), ...(init.headers as Record<string, string>) } });
          const sample: Sample = { phase: startedIn, endPhase: phase, method, what, status: response.status, retryAfter: response.headers.has('retry-after'), ms: performance.now() - began };
          if (response.status >= 300 && method !== 'HEAD') sample.body = (await response.clone().text()).slice(0, 200);
          samples.push(sample);
          return response;
        } catch (error) {
          // A kept-alive connection to nginx that nginx closed as it reloaded (an old worker letting
          // go of its idle connections) before our request reached it: a browser sends the request
          // again on a new connection, and so do we (a few times: the pool may hold several such).
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (attempt < 3 && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) {
            clientRetries += 1;
            continue;
          }
          samples.push({ phase: startedIn, endPhase: phase, method, what, status: 0, retryAfter: false, ms: performance.now() - began, body: String(code ?? error) });
          return undefined;
        }
      }
    };
    const reads: [string, () => string, RequestInit?][] = [
      ['landing page', () => '/'],
      ['profile', () => `/api/profile/${artistId}`],
      ['track detail', () => `/api/track-detail/${trackIds[0]}`],
      ['search', () => '/api/search?q=song'],
      ['stream', () => `/api/tracks/${trackIds[1]}/stream`, { headers: { range: 'bytes=0-65535' } }],
    ];
    const reader = async (offset: number) => {
      for (let i = offset; running; i += 1) {
        const [what, url, init] = reads[i % reads.length]!;
        const response = await send(what, url(), init);
        await response?.arrayBuffer().catch(() => undefined);
        if (!response || response.status >= 500) await sleep(200);
      }
    };
    const completed: { email: string; reference: string }[] = [];
    let fans = 0;
    /** A step of a checkout, retried as a browser would after a 503 (or a 502: a POST cut by a killed process). */
    const step = async (what: string, url: string, init: RequestInit, accept: (status: number, attempt: number) => boolean) => {
      for (let attempt = 0; attempt < 120; attempt += 1) {
        const response = await send(what, url, init);
        if (response && accept(response.status, attempt)) return response;
        await response?.arrayBuffer().catch(() => undefined);
        if (response && response.status < 500) throw new Error(`${what}: ${response.status}`);
        await sleep(500);
      }
      throw new Error(`${what}: no answer after 120 tries`);
    };
    const buyer = async (index: number) => {
      while (running) {
        fans += 1;
        const fan = `fan-${index}-${fans}@example.com`;
        const trackId = trackIds[fans % trackIds.length]!;
        const init = await step('initialize', '/api/payments/initialize', json({ email: fan, trackId }), (s) => s === 200);
        const { data } = (await init.json()) as { data: { reference: string; accessCode: string } };
        const buyerCookie = init.headers.getSetCookie().find((c) => c.startsWith('sauti_buyer='))!.split(';')[0]!;
        const card = { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' };
        // A retried payment whose first answer was lost may be refused as already paid: verify says.
        const paid = await step('pay', `/api/payments/simulated/checkout/${data.accessCode}/pay`, json(card), (s, attempt) => s === 200 || (attempt > 0 && s < 500));
        await paid.arrayBuffer();
        const verified = await step('verify', '/api/payments/verify', json({ reference: data.reference }, { cookie: buyerCookie }), (s) => s === 200);
        await verified.arrayBuffer();
        completed.push({ email: fan, reference: data.reference });
      }
    };
    // The artist uploads (tus, as the web app does: one PATCH, resumed from HEAD's offset after a
    // failure) and ends each upload, over and over.
    const tus = { 'tus-resumable': '1.0.0', cookie };
    const upload = randomBytes(UPLOAD_BYTES);
    let uploads = 0;
    const uploader = async () => {
      while (running) {
        const created = await step(
          'upload create',
          '/api/uploads',
          { method: 'POST', headers: { ...tus, 'upload-length': String(upload.length), 'upload-metadata': `filename ${Buffer.from('faults.mp3').toString('base64')}` } },
          (s) => s === 201,
        );
        await created.arrayBuffer();
        const location = new URL(created.headers.get('location')!, base).pathname;
        let offset = 0;
        for (let attempt = 0; offset < upload.length; attempt += 1) {
          if (attempt === 120) throw new Error('upload: 120 PATCHes without finishing');
          const patch = await send('upload patch', location, {
            method: 'PATCH',
            headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
            body: upload.subarray(offset),
          });
          await patch?.arrayBuffer().catch(() => undefined);
          if (patch?.status === 204) {
            offset = Number(patch.headers.get('upload-offset'));
            continue;
          }
          if (patch && patch.status < 500) throw new Error(`upload patch: ${patch.status}`);
          await sleep(500);
          const head = await step('upload head', location, { method: 'HEAD', headers: tus }, (s) => s === 200);
          offset = Number(head.headers.get('upload-offset'));
        }
        (await step('upload delete', location, { method: 'DELETE', headers: tus }, (s) => s === 204)).arrayBuffer().catch(() => undefined);
        uploads += 1;
      }
    };
    const load = [...Array.from({ length: READERS }, (_, i) => reader(i)), ...Array.from({ length: BUYERS }, (_, i) => buyer(i)), uploader()];
    const loadDone = Promise.allSettled(load);

    const figures: Record<string, string> = {};

    await sleep(SETTLE_MS);

    // 1. The database restarts (pg_ctl restart -m fast: every connection cut).
    phase = 'db-restart';
    let began = performance.now();
    await database.restart();
    const restartMs = performance.now() - began;
    const dbRecovery = await recovery('database restart', `/api/profile/${artistId}`);
    figures['database restart'] = `restart took ${restartMs.toFixed(0)} ms; reads answered again ${dbRecovery.toFixed(0)} ms after it returned`;
    await sleep(1_000);
    phase = 'between';
    await sleep(SETTLE_MS);

    // 2. A process is killed outright, then started again.
    phase = 'kill';
    const victim = processes[1]!;
    expectedExits.add(victim);
    victim.child.kill('SIGKILL');
    await victim.exited;
    began = performance.now();
    const killRecovery = await recovery('killed process', `/api/track-detail/${trackIds[0]}`);
    await sleep(3_000);
    const restarted = performance.now();
    await start(1);
    figures['killed process'] = `reads through nginx ${killRecovery.toFixed(0)} ms after the kill; the process started again in ${(performance.now() - restarted).toFixed(0)} ms`;
    await sleep(1_000);
    phase = 'between';
    await sleep(SETTLE_MS);

    // 3. The bucket goes away for 10 s.
    phase = 'bucket-outage';
    await bucket.stop();
    await sleep(BUCKET_OUTAGE_MS);
    await bucket.start();
    const bucketRecovery = await recovery('bucket outage', `/api/tracks/${trackIds[1]}/stream`, { headers: { range: 'bytes=0-1023' } });
    figures['bucket outage'] = `${BUCKET_OUTAGE_MS / 1000} s down; streams answered again ${bucketRecovery.toFixed(0)} ms after it came back`;
    await sleep(1_000);
    phase = 'between';
    await sleep(SETTLE_MS);

    // 4. A rolling restart: each process taken out of nginx's upstream (open source nginx has no
    // active health checks), drained (SIGTERM), started again, healthy, put back, then the next.
    phase = 'rolling-restart';
    began = performance.now();
    for (let index = 0; index < PROCESSES; index += 1) {
      const old = processes[index]!;
      await nginx.setDown([ports[index]!]);
      expectedExits.add(old);
      old.child.kill('SIGTERM');
      const code = await old.exited;
      if (code !== 0) fail(`${old.name} drained with exit ${code}:\n${old.output().slice(-2000)}`);
      await start(index);
      const health = await fetch(`http://127.0.0.1:${ports[index]}/api/health`);
      if (health.status !== 200) fail(`process ${index + 1}: health ${health.status} after its restart`);
      await nginx.setDown([]);
    }
    figures['rolling restart'] = `${PROCESSES} processes in ${((performance.now() - began) / 1000).toFixed(1)} s`;
    await sleep(2_000);
    phase = 'between';
    await sleep(2_000);

    running = false;
    const outcomes = await loadDone;
    for (const outcome of outcomes) if (outcome.status === 'rejected') fail(`load: ${String(outcome.reason)}`);

    // The queued work (receipts) done, on every process.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [{ n }] = (await admin<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND kind NOT LIKE '%.scheduled%' AND run_at < now() + interval '1 minute'`)) as [{ n: number }];
      if (n === 0) break;
      if (Date.now() > deadline) {
        fail(`${n} jobs still queued a minute after the load`);
        break;
      }
      await sleep(250);
    }
    await sleep(1_000);

    // Nothing lost, nothing doubled.
    const paid = await admin<{ email: string; reference: string; entries: number; grants: number }>(
      `SELECT o.email, o.reference,
              (SELECT count(*)::int FROM ledger_entries l WHERE l.order_id = o.id) AS entries,
              (SELECT count(*)::int FROM download_grants g WHERE g.order_id = o.id) AS grants
         FROM orders o WHERE o.status = 'paid' AND o.email LIKE 'fan-%'`,
    );
    const paidReferences = new Set(paid.map((order) => order.reference));
    for (const purchase of completed) if (!paidReferences.has(purchase.reference)) fail(`purchase ${purchase.reference} completed but its order is not paid`);
    if (paid.length !== completed.length) fail(`${completed.length} purchases completed, ${paid.length} orders paid`);
    for (const order of paid) {
      if (order.entries !== 1 || order.grants !== 1) fail(`order ${order.reference}: ${order.entries} ledger entries, ${order.grants} grants`);
    }
    const receipts = smtp.messages.filter((mail) => mail.subject.startsWith('Your Sauti purchase'));
    const perFan = new Map<string, number>();
    for (const mail of receipts) for (const to of mail.to) perFan.set(to, (perFan.get(to) ?? 0) + 1);
    for (const order of paid) {
      const count = perFan.get(order.email) ?? 0;
      if (count !== 1) fail(`${order.email}: ${count} receipts for one paid order`);
    }
    const messageIds = receipts.map((mail) => headerValue(mail.raw, 'Message-ID'));
    const doubled = messageIds.length - new Set(messageIds).size;

    // Every answer as it should be for its phase.
    const allowedIn = (phase: Phase | undefined, sample: Sample) => {
      if (sample.status >= 200 && sample.status < 300) return true;
      if ((phase === 'db-restart' || phase === 'bucket-outage') && sample.status === 503 && sample.retryAfter) return true;
      // A POST or PATCH a killed process was answering cannot be retried by nginx (it may have been done).
      if (phase === 'kill' && (sample.method === 'POST' || sample.method === 'PATCH') && sample.status === 502) return true;
      // ...and a payment sent again after such a 502 had gone through: refused, not paid twice.
      if (phase === 'kill' && sample.what === 'pay' && sample.status === 409) return true;
      return false;
    };
    // A request sent just before a fault may be answered during it.
    const allowed = (sample: Sample) => allowedIn(sample.phase, sample) || allowedIn(sample.endPhase, sample);
    const phases: Phase[] = ['baseline', 'db-restart', 'between', 'kill', 'bucket-outage', 'rolling-restart'];
    const table = ['| phase | requests | 2xx | 503 + Retry-After | 502 (POST/PATCH in a killed process) | other | slowest |', '|---|---|---|---|---|---|---|'];
    for (const p of phases) {
      const of = samples.filter((sample) => sample.phase === p);
      const count = (test: (sample: Sample) => boolean) => of.filter(test).length;
      const other = of.filter((sample) => !allowed(sample));
      for (const sample of other.slice(0, 5)) {
        fail(`${p}: ${sample.method} ${sample.what} answered ${sample.status || 'no answer'}${sample.retryAfter ? ' (with Retry-After)' : ''} ${sample.body ?? ''}`);
      }
      if (other.length > 5) fail(`${p}: ${other.length - 5} more unexpected answers`);
      table.push(
        `| ${p} | ${of.length} | ${count((s) => s.status >= 200 && s.status < 300)} | ${count((s) => s.status === 503 && s.retryAfter)} | ${count((s) => s.status === 502 && s.method !== 'GET')} | ${other.length} | ${Math.max(0, ...of.map((s) => s.ms)).toFixed(0)} ms |`,
      );
    }
    for (const crash of crashes) fail(`a process died: ${crash}`);
    for (const [what, value] of [['database restart', dbRecovery], ['killed process', killRecovery], ['bucket outage', bucketRecovery]] as const) {
      if (!(value <= RECOVERY_LIMIT_MS)) fail(`${what}: recovered after ${value.toFixed(0)} ms (limit ${RECOVERY_LIMIT_MS})`);
    }

    console.log('\n' + table.join('\n'));
    console.log(`\npurchases completed: ${completed.length}; orders paid: ${paid.length}; receipts: ${receipts.length} (${doubled} with a repeated Message-ID); uploads finished: ${uploads}; requests sent again on a new connection after nginx closed a kept-alive one: ${clientRetries}`);
    if (doubled > 0) fail(`${doubled} receipts sent twice`);
    for (const [what, text] of Object.entries(figures)) console.log(`${what}: ${text}`);
    const nginxErrors = nginx.errors().split('\n').filter((line) => line.includes('[error]'));
    console.log(`nginx logged ${nginxErrors.length} upstream errors (retried on another process or answered as above)`);
    if (process.env.FAULTS_VERBOSE) console.log(nginxErrors.join('\n'));
  } catch (error) {
    fail(`the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await cleanUp();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} failures`);
    process.exit(1);
  }
  console.log('\nfaults: all passed');
  process.exit(0);
}

await main();
