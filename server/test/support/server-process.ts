import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { makeDataDir } from './test-app';

const mainTs = path.join(import.meta.dirname, '../../src/main.ts');

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `node server/src/main.ts` as a process of its own, as `npm run serve` starts one. */
export function startServer(env: Record<string, string>): ServerProcess {
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

/** Resolves with the first match of `pattern` in the output after `from` (rejects if the process exits first). */
export function outputMatch(server: ServerProcess, pattern: RegExp, from = 0): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(server.output().slice(from));
      if (match) {
        server.child.stdout!.off('data', check);
        resolve(match);
      }
    };
    server.child.stdout!.on('data', check);
    server.exited.then((code) => reject(new Error(`server exited with ${code} before printing ${pattern}: ${server.output()}`)));
    check();
  });
}

/** Resolves once the server logs that it is listening (or rejects if it exits first). */
export async function listening(server: ServerProcess): Promise<void> {
  await outputMatch(server, /Sauti is running at/);
}

/** One of several server processes on one database and bucket (npm run test:multi). */
export interface ServerNode {
  server: ServerProcess;
  url: string;
  dataDir: string;
}

/**
 * Starts one more process on a free port with a DATA_DIR of its own (as each machine behind a
 * balancer has), with the settings it shares with the others (`env`: the database, the bucket,
 * mail, the payment provider). Resolves once it listens.
 */
export async function startServerNode(env: Record<string, string>): Promise<ServerNode> {
  const port = await freePort();
  const dataDir = makeDataDir();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: 'http://sauti.test', ...env });
  await listening(server);
  return { server, url: `http://127.0.0.1:${port}`, dataDir };
}

/** A JSON POST to one process. */
export const postJson = (node: ServerNode, route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(node.url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Stops each process (each must exit cleanly, its output shown if not) and removes its DATA_DIR. */
export async function stopNodes(nodes: (ServerNode | undefined)[]): Promise<void> {
  for (const node of nodes) {
    if (!node) continue;
    node.server.child.kill('SIGTERM');
    expect(await node.server.exited, node.server.output()).toBe(0);
    fs.rmSync(node.dataDir, { recursive: true, force: true });
  }
}

/**
 * A signed-in artist made the way a person makes one: register, follow the verification link the
 * server printed (mail goes to the outbox without SMTP_URL), keep the session cookie. One at a
 * time per process: the link is the first printed after the registration.
 */
export async function signUpArtist(server: ServerProcess, baseUrl: string, name: string): Promise<{ cookie: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@example.com`;
  const post = (route: string, body: unknown) =>
    fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const from = server.output().length;
  const registered = await post('/api/register', { email, password: 'a long test password', displayName: `${name} ${Date.now().toString(36)}` });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const [, token] = await outputMatch(server, /\/verify-email\?token=([\w-]+)/, from);
  const verified = await post('/api/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const session = verified.headers.getSetCookie().find((cookie) => cookie.startsWith('sauti_sid='));
  if (!session) throw new Error('verify: no session cookie');
  return { cookie: session.split(';')[0]!, email };
}
