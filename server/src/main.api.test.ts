import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileAppears } from '../test/support/catalog-app';
import { abortedUpload } from '../test/support/raw-upload';
import { freePort, listening, signUpArtist, startServer } from '../test/support/server-process';
import { createTestDatabase, makeDataDir, seedDataDir } from '../test/support/test-app';

const databases: { drop(): Promise<void> }[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (!process.env.DATABASE_URL) return {};
  const database = await createTestDatabase(process.env.DATABASE_URL);
  databases.push(database);
  return { DATABASE_URL: database.url };
}

/**
 * The steps each shutdown test starts with: a seeded DATA_DIR (removed after the file, also when a
 * test fails), a free port, its own database under PostgreSQL, and `npm run serve` listening there
 * with `settings` on top. `env` is returned so that a test can start another process on the same data.
 */
async function startSeededServer(settings: Record<string, string> = {}) {
  const dataDir = seedDataDir(makeDataDir());
  dataDirs.push(dataDir);
  const port = await freePort();
  const env = { ...(await databaseEnv()), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...settings };
  const server = startServer(env);
  await listening(server);
  return { server, env, dataDir, port, baseUrl: `http://127.0.0.1:${port}` };
}

describe('the server process', () => {
  it('finishes an in-flight request on SIGTERM, exits 0, and starts again on the same data', async () => {
    const { server: first, env, dataDir, port, baseUrl } = await startSeededServer();

    // A second process on the same DATA_DIR refuses to start, with one clear line.
    const intruder = startServer({ ...env, PORT: String(await freePort()) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/DATA_DIR .* is in use by another Sauti process/);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'slow@example.com', password: 'slow upload secret', displayName: 'Slow Client' });
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    const responseText = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    const shuttingDown = new Promise<void>((resolve) => {
      const check = () => first.output().includes('shutting down') && resolve();
      first.child.stdout!.on('data', check);
    });
    first.child.kill('SIGTERM');
    await shuttingDown;
    // write, not end: a half-closed socket makes Node abort the request.
    socket.write(body.slice(20));
    const text = await responseText;
    expect(text, first.output()).toMatch(/^HTTP\/1\.1 201/);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'sauti.lock'))).toBe(false);

    const second = startServer(env);
    await listening(second);
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'slow@example.com', password: 'slow upload secret' }),
    });
    // The account written during shutdown is there: it asks for verification, not "wrong password".
    expect(login.status).toBe(403);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
  });

  it('on SIGTERM cuts an upload still arriving after the grace period, leaves none of it behind, and exits 0', async () => {
    const { server, dataDir, baseUrl } = await startSeededServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const { cookie } = await signUpArtist(server, baseUrl, 'Stalled Artist');

    // 2 MiB of a 10 MiB file arrive, then nothing until the process has exited.
    const scratch = path.join(dataDir, 'tmp');
    const upload = abortedUpload(baseUrl, {
      path: '/api/tracks',
      cookie,
      parts: [
        { name: 'trackName', value: 'Cut' },
        { name: 'artistName', value: 'Wanjiru' },
        { name: 'audio', filename: 'cut.wav', contentType: 'audio/wav', bytes: 10 * 1024 * 1024 },
      ],
      bytesBeforeAbort: 2 * 1024 * 1024,
      ready: server.exited,
    });
    await fileAppears(scratch, 'upload-');
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    await upload;
    expect(server.output()).toContain('shutdown grace period over');
    expect(fs.readdirSync(scratch)).toEqual([]);
    const stored = fs.existsSync(path.join(dataDir, 'media')) ? fs.readdirSync(path.join(dataDir, 'media'), { recursive: true }) : [];
    expect(stored.filter((name) => String(name).includes('.'))).toEqual([]);
  });

  it('on SIGTERM reports not ready first, serves every request that still arrives, then closes and exits 0', async () => {
    const { server, baseUrl } = await startSeededServer({ SHUTDOWN_NOT_READY_SECONDS: '1' });

    // Requests flow as through a balancer: four clients, one request after another, each on a
    // new connection once the process is draining. The balancer's health check polls without
    // pause; half a second after it first reads "not ready", the balancer sends nothing more here.
    const statuses: number[] = [];
    const failures: string[] = [];
    let servedAfterSignal = 0;
    let servedAfterNotReady = 0;
    let signalled = false;
    let notReadyAt: number | undefined;
    let movedAway = false;
    const client = async () => {
      while (!movedAway) {
        try {
          const response = await fetch(`${baseUrl}/api/featured-tracks`);
          await response.arrayBuffer();
          statuses.push(response.status);
          if (signalled) servedAfterSignal++;
          if (notReadyAt !== undefined) servedAfterNotReady++;
        } catch (error) {
          failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
          return;
        }
      }
    };
    let notReadyBody: unknown;
    const watchHealth = async () => {
      for (;;) {
        const response = await fetch(`${baseUrl}/api/health`);
        const body: unknown = await response.json();
        if (response.status === 503) {
          notReadyAt = performance.now();
          notReadyBody = body;
          setTimeout(() => (movedAway = true), 500);
          return;
        }
      }
    };
    const flowing = Promise.all([client(), client(), client(), client(), watchHealth()]);
    while (statuses.length < 20) await new Promise((resolve) => setImmediate(resolve));
    signalled = true;
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await flowing;
    expect(await server.exited, server.output()).toBe(0);
    const exitedAfterMs = performance.now() - signalledAt;

    expect(failures).toEqual([]);
    expect(statuses.every((status) => status === 200), String(statuses.filter((status) => status !== 200))).toBe(true);
    expect(notReadyBody).toEqual({ status: 'draining', message: 'This process is shutting down; send requests to another.' });
    // Not ready first, for the second asked for, while every request still reaching it was served.
    expect(servedAfterNotReady).toBeGreaterThan(0);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(1000);
    console.log(
      `drain: health 503 after ${(notReadyAt! - signalledAt).toFixed(0)} ms, ${servedAfterSignal} requests served after SIGTERM (${servedAfterNotReady} after health turned), exit after ${exitedAfterMs.toFixed(0)} ms`,
    );
  });

  it('stops at once with one line naming a bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: makeDataDir() });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid configuration: PORT must be a port number');
  });

  it.each([
    ['a DATABASE_URL nothing answers at', () => ({ DATABASE_URL: 'postgres://sauti:secret@127.0.0.1:1/sauti' }), /^DATABASE_URL cannot be used: nothing is listening at its host and port \(ECONNREFUSED\)\.$/],
    ['a DATA_DIR that is a file', () => ({ DATA_DIR: path.join(makeDataDir(), 'file') }), /^DATA_DIR .*file cannot be used as a writable folder \(EEXIST\)\.$/],
    ['a HOST that is not this machine', () => ({ HOST: '192.0.2.123' }), /^HOST 192\.0\.2\.123 is not an address of this machine \(EADDRNOTAVAIL\)\.$/],
  ])('stops with one line naming the variable for %s', async (_case, env, line) => {
    const values: Record<string, string> = { DATA_DIR: seedDataDir(makeDataDir()), PORT: String(await freePort()), ...env() };
    if (values.DATA_DIR!.endsWith('file')) fs.writeFileSync(values.DATA_DIR!, 'not a folder');
    const server = startServer(values);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines.at(-1), server.output()).toMatch(line);
    expect(server.output()).not.toContain('secret');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
