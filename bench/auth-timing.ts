/**
 * Accounts under load, two questions:
 * 1. Does sign-in take the same time for an unknown address as for a wrong password (no
 *    enumeration by timing)? Same for forgot-password.
 * 2. Does hashing starve file I/O? A 1 MiB file read is timed idle and while 8 sign-ins hash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ms, report, startBenchApp, summarise } from './lib';

const ROUNDS = 40;

export async function run() {
  // Limits raised so that the measurement sees the hashing path, not the quick 429 of a limit.
  // Jobs run between measurements (drain), not during them: a mail being sent for the previous
  // request would otherwise slow whichever request comes next.
  const bench = await startBenchApp({}, { startJobs: false, authLimits: { perEmail: { loginPerEmail: 1_000, mailPerEmail: 1_000 }, perAddress: { login: 10_000, mail: 10_000 } } });
  try {
    const post = (url: string, body: unknown) =>
      fetch(`${bench.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = `bench-${Date.now()}@example.com`;
    await post('/api/register', { email, password: 'bench password 1', displayName: `Bench ${Date.now()}` });

    const timed = async (fn: () => Promise<Response>) => {
      const start = performance.now();
      const response = await fn();
      await response.arrayBuffer();
      return performance.now() - start;
    };
    const samples: Record<string, number[]> = { wrongPassword: [], unknownEmail: [], forgotKnown: [], forgotUnknown: [] };
    for (let i = 0; i < ROUNDS; i++) {
      // Interleaved, so drift in machine load affects both sides alike. Fresh addresses for the
      // unknown side keep the per-e-mail limits out of the way.
      samples.wrongPassword!.push(await timed(() => post('/api/login', { email, password: `wrong ${i}` })));
      samples.unknownEmail!.push(await timed(() => post('/api/login', { email: `nobody-${i}-${Date.now()}@example.com`, password: `wrong ${i}` })));
      if (i < 20) {
        await bench.app.jobs.drain();
        samples.forgotKnown!.push(await timed(() => post('/api/forgot-password', { email })));
        await bench.app.jobs.drain();
        samples.forgotUnknown!.push(await timed(() => post('/api/forgot-password', { email: `nobody-f-${i}@example.com` })));
      }
    }

    const file = path.join(os.tmpdir(), `sauti-bench-${process.pid}.bin`);
    fs.writeFileSync(file, Buffer.alloc(1024 * 1024, 7));
    const readTimes = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        await fs.promises.readFile(file);
        times.push(performance.now() - start);
      }
      return times;
    };
    const idle = await readTimes(50);
    let hashing = true;
    const load = Array.from({ length: 8 }, async (_, k) => {
      while (hashing) await (await post('/api/login', { email: `load-${k}-${Math.random()}@example.com`, password: 'load' })).arrayBuffer();
    });
    const loaded = await readTimes(50);
    hashing = false;
    await Promise.all(load);
    fs.rmSync(file, { force: true });

    const rows = Object.entries(samples).map(([name, values]) => {
      const s = summarise(values);
      return { case: name, n: s.n, median: ms(s.median), p90: ms(s.p90) };
    });
    const idleS = summarise(idle);
    const loadedS = summarise(loaded);
    rows.push({ case: '1 MiB file read, idle', n: idleS.n, median: ms(idleS.median), p90: ms(idleS.p90) });
    rows.push({ case: '1 MiB file read, 8 sign-ins hashing', n: loadedS.n, median: ms(loadedS.median), p90: ms(loadedS.p90) });
    report('auth-timing', rows, ['forgot-password: the account lookup and the mail happen in a background job either way']);
  } finally {
    await bench.close();
  }
}
