import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { verifiedAccount, type TestAccount } from './accounts';
import { STATE_FILE, type ServerState } from './server-state';
import { serverEnv, startServer, stopServer } from './start-server';

function runAdminCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.resolve('server/src/cli/admin.ts'), ...args], { env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run admin -- ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/**
 * `npm run admin -- grant <email>`, as the operator runs it. With PostgreSQL (E2E_DATABASE_URL) it
 * runs beside the server. The embedded database allows one process, so there, as the README says,
 * the server is stopped, the command run on its DATA_DIR, and the server started again (sessions
 * live in the database: signed-in browsers stay signed in).
 */
export async function grantOperator(email: string): Promise<string> {
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as ServerState;
  if (process.env.E2E_DATABASE_URL) {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-e2e-cli-'));
    try {
      return await runAdminCli(['grant', email], serverEnv(own));
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  }
  if (!(await stopServer(state.pid, 30_000))) throw new Error('The e2e server did not stop within 30 s');
  const output = await runAdminCli(['grant', email], serverEnv(state.dataDir));
  const pid = await startServer(state.dataDir, { detached: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ ...state, pid } satisfies ServerState));
  return output;
}

/** What an authenticator app shows for a base32 secret (spaces ignored): HMAC-SHA-1, 6 digits, 30-second steps. */
export function appCode(secret: string, atMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * An operator ready to use the console in `page`: a verified account, granted by the command
 * line, its second factor enrolled through the API (the enrolment screens themselves are walked in
 * admin.spec.ts), so this session's second factor is fresh. The secret is returned for later codes.
 */
export async function enrolledOperator(page: Page, label = 'operator'): Promise<TestAccount & { secret: string }> {
  const account = await verifiedAccount(page, label);
  // With the embedded database the grant restarts the server: a page still loading from it then
  // would log failed requests, which fail the test (e2e/support/test.ts). Pages of other contexts
  // are the caller's to close or leave idle.
  await page.goto('about:blank');
  expect(await grantOperator(account.email)).toContain('is an operator');
  const { secret } = (await (await page.request.post('/api/admin/enrolment')).json()) as { secret: string };
  expect((await page.request.post('/api/admin/enrolment/confirm', { data: { code: appCode(secret) } })).status()).toBe(200);
  return { ...account, secret };
}
