import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, makeDataDir, seedDataDir } from '../test/support/test-app';

const mainTs = path.join(import.meta.dirname, 'main.ts');

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Resolves once the server logs that it is listening (or rejects if it exits first). */
async function listening(server: Server) {
  await new Promise<void>((resolve, reject) => {
    const check = () => (server.output().includes('Sauti is running at') ? resolve() : undefined);
    server.child.stdout!.on('data', check);
    server.exited.then((code) => reject(new Error(`server exited with ${code}: ${server.output()}`)));
    check();
  });
}

const databases: { drop(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

async function databaseEnv(): Promise<Record<string, string>> {
  if (!process.env.DATABASE_URL) return {};
  const database = await createTestDatabase(process.env.DATABASE_URL);
  databases.push(database);
  return { DATABASE_URL: database.url };
}

describe('the server process', () => {
  it('finishes an in-flight request on SIGTERM, exits 0, and starts again on the same data', async () => {
    const dataDir = seedDataDir(makeDataDir());
    const port = await freePort();
    const env = { ...(await databaseEnv()), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const first = startServer(env);
    await listening(first);

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
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'slow@example.com', password: 'slow upload secret' }),
    });
    // The account written during shutdown is there: it asks for verification, not "wrong password".
    expect(login.status).toBe(403);
    second.child.kill('SIGTERM');
    expect(await second.exited, second.output()).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
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
