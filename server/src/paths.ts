import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// This file sits at the root of server/src, and the build bundles everything into dist/server with
// the same relative layout for assets (db/migrations) and workers: one base serves both.
const base = new URL('.', import.meta.url);
const runningFromSource = import.meta.url.endsWith('.ts');

export const migrationsDir = fileURLToPath(new URL('./db/migrations', base));

/** Starts a worker thread from server/src/workers (TypeScript under tsx/vitest, bundled JS in production). */
export function startWorker(name: string, options: WorkerOptions = {}): Worker {
  const url = new URL(`./workers/${name}.${runningFromSource ? 'ts' : 'js'}`, base);
  if (!runningFromSource) return new Worker(url, options);
  // A worker does not inherit the parent's TypeScript loader: register tsx inside it first.
  const bootstrap = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
