import type pg from 'pg';
import { headerValue, type SmtpCapture } from '../../server/test/support/smtp-capture';
import type { Phase, Sample } from './load';

/** What `npm run test:faults` (run.ts) checks after the load: its failures, the purchases, every answer by phase. */

export const failures: string[] = [];
export const fail = (message: string) => {
  failures.push(message);
  console.error(`FAIL: ${message}`);
};

/** Runs SQL on the cluster as its owner. */
export type Admin = <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Nothing lost, nothing doubled: each completed purchase paid once, with one ledger entry, one grant and one receipt. */
export async function checkPurchases(admin: Admin, smtp: SmtpCapture, completed: { email: string; reference: string }[]) {
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
  return { paid, receipts, doubled };
}

/** Every answer as it should be for its phase: the table of answers by phase, failing on any other. */
export function answersByPhase(samples: Sample[]): string[] {
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
  return table;
}
