/**
 * Password hashing off the request thread and off libuv's thread pool: argon2id runs synchronously
 * here, one hash at a time, so a burst of sign-ins can neither stall the event loop nor starve the
 * file reads that streaming depends on.
 */
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

export type HashRequest =
  | { id: number; op: 'hash'; password: string }
  | { id: number; op: 'verify'; password: string; hash: string };

export type HashResponse = { id: number; ok: true; value: string | boolean } | { id: number; ok: false; error: string };

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

parentPort!.on('message', (request: HashRequest) => {
  let response: HashResponse;
  try {
    const value =
      request.op === 'hash' ? hashSync(request.password, ARGON2ID) : verifySync(request.hash, request.password);
    response = { id: request.id, ok: true, value };
  } catch (error) {
    response = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(response);
});
