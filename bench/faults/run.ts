import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { mediaFixtures } from '../../server/test/support/media-fixtures';
import { startSmtpCapture } from '../../server/test/support/smtp-capture';
import { answersByPhase, checkPurchases, fail, failures } from './checks';
import { Bucket, builtServerExists, PrivatePostgres, startNginx, startSauti, type SautiProcess } from './cluster';
import { json, sleep, startLoad } from './load';

/**
 * `npm run test:faults` (issue 22, item 6; docs/decisions/044): three Sauti processes from `dist/`
 * behind Debian's nginx, on a private PostgreSQL cluster and an s3rver bucket, under a steady load
 * of public reads, streams and purchases through the simulated provider, while, one after another,
 * the database restarts, a process is SIGKILLed (and started again), the bucket goes away for
 * 10 s, and every process is restarted in turn. Afterwards: no process died but the one killed,
 * nothing answered but 2xx or (during an outage) 503 with Retry-After, every fault recovered in
 * seconds, every purchase paid exactly once with exactly one receipt. Exits 1 on any failure.
 * The load is load.ts's, the checks after it checks.ts's, the cluster cluster.ts's.
 */

const PROCESSES = 3;
const BUCKET_OUTAGE_MS = 10_000;
const RECOVERY_LIMIT_MS = 15_000;
const SETTLE_MS = 4_000;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

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
    const traffic = startLoad({ base, cookie, artistId, trackIds });

    const figures: Record<string, string> = {};

    await sleep(SETTLE_MS);

    // 1. The database restarts (pg_ctl restart -m fast: every connection cut).
    traffic.phase = 'db-restart';
    let began = performance.now();
    await database.restart();
    const restartMs = performance.now() - began;
    const dbRecovery = await recovery('database restart', `/api/profile/${artistId}`);
    figures['database restart'] = `restart took ${restartMs.toFixed(0)} ms; reads answered again ${dbRecovery.toFixed(0)} ms after it returned`;
    await sleep(1_000);
    traffic.phase = 'between';
    await sleep(SETTLE_MS);

    // 2. A process is killed outright, then started again.
    traffic.phase = 'kill';
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
    traffic.phase = 'between';
    await sleep(SETTLE_MS);

    // 3. The bucket goes away for 10 s.
    traffic.phase = 'bucket-outage';
    await bucket.stop();
    await sleep(BUCKET_OUTAGE_MS);
    await bucket.start();
    const bucketRecovery = await recovery('bucket outage', `/api/tracks/${trackIds[1]}/stream`, { headers: { range: 'bytes=0-1023' } });
    figures['bucket outage'] = `${BUCKET_OUTAGE_MS / 1000} s down; streams answered again ${bucketRecovery.toFixed(0)} ms after it came back`;
    await sleep(1_000);
    traffic.phase = 'between';
    await sleep(SETTLE_MS);

    // 4. A rolling restart: each process taken out of nginx's upstream (open source nginx has no
    // active health checks), drained (SIGTERM), started again, healthy, put back, then the next.
    traffic.phase = 'rolling-restart';
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
    traffic.phase = 'between';
    await sleep(2_000);

    const outcomes = await traffic.stop();
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

    const { paid, receipts, doubled } = await checkPurchases(admin, smtp, traffic.completed);
    const table = answersByPhase(traffic.samples);
    for (const crash of crashes) fail(`a process died: ${crash}`);
    for (const [what, value] of [['database restart', dbRecovery], ['killed process', killRecovery], ['bucket outage', bucketRecovery]] as const) {
      if (!(value <= RECOVERY_LIMIT_MS)) fail(`${what}: recovered after ${value.toFixed(0)} ms (limit ${RECOVERY_LIMIT_MS})`);
    }

    console.log('\n' + table.join('\n'));
    console.log(`\npurchases completed: ${traffic.completed.length}; orders paid: ${paid.length}; receipts: ${receipts.length} (${doubled} with a repeated Message-ID); uploads finished: ${traffic.uploads}; requests sent again on a new connection after nginx closed a kept-alive one: ${traffic.clientRetries}`);
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
