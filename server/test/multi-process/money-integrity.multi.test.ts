import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { finalAmount, splitPrice } from '#common/payments';
import { REFUND_MESSAGES } from '#common/schemas/payments';
import { mediaFixtures } from '../support/media-fixtures';
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in';
import type { TestS3 } from '../support/s3-server';
import { postJson, stopNodes, type ServerNode } from '../support/server-process';
import { closeSharedStores, openSharedStores, startSharedNode, verifiedArtistOn, type SharedStores } from '../support/shared-stores';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { makeDataDir } from '../support/test-app';

/**
 * Every shilling reconciled (issue 10): two server processes on one PostgreSQL database and one
 * Paystack stand-in. Fans buy at random on either process; verifies, webhooks and their replays
 * arrive at once on both, some payments are underpaid or in another currency, some never paid.
 * Afterwards the ledger, the orders, the grants and the receipts must agree with what the
 * provider actually charged, to the cent.
 */
type Node = ServerNode;

let database: SharedStores['database'], client: pg.Client, s3: TestS3;
let smtp: SmtpCapture, standIn: PaystackStandIn;
let nodes: Node[] = [];

// TRUST_PROXY: a test may speak from an address of its own (X-Forwarded-For), each with its own limits.
const startNode = () => startSharedNode({ database, s3 }, { SMTP_URL: smtp.url, TRUST_PROXY: 'true', ...standIn.env });

/** A seeded pseudo-random sequence, so a failure can be replayed (the seed is in the test name). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
const PURCHASES_CLI = path.resolve(import.meta.dirname, '../../src/cli/purchases.ts');
const SEED = Number(process.env.MONEY_SEED ?? Date.now() % 100_000);

beforeAll(async () => {
  ({ database, client, s3 } = await openSharedStores());
  smtp = await startSmtpCapture();
  standIn = await startPaystackStandIn();
  nodes = [await startNode(), await startNode()];
}, 180_000);

afterAll(async () => {
  await stopNodes(nodes);
  await closeSharedStores({ database, client, s3 });
  await smtp?.close();
  await standIn?.close();
});

type Scenario = 'paid' | 'underpaid' | 'wrong-currency' | 'declined' | 'never-paid';

interface Purchase {
  scenario: Scenario;
  reference: string;
  email: string;
  cookie: string;
  item: { type: 'track' | 'album'; id: string; price: number };
}

/**
 * An artist paid by M-Pesa, with three priced tracks (odd prices on purpose) and a priced album,
 * registered on `node` and verified in the database (the mailed link is beside the point here).
 */
async function newSeller(node: Node, name: string): Promise<{ artist: { cookie: string }; items: Purchase['item'][] }> {
  const artist = { cookie: (await verifiedArtistOn(node, client, name, 'a long test password')).cookie };
  const method = await postJson(node, '/api/payment-methods/mobile-money', { mobileNumber: '0712 345 678' }, { cookie: artist.cookie });
  expect(method.status).toBe(201);
  const media = await mediaFixtures();
  const items: Purchase['item'][] = [];
  for (const price of ['10', '499.99', '150000']) {
    const form = new FormData();
    form.append('trackName', `Song ${price}`);
    form.append('artistName', 'Wanjiru');
    form.append('price', price);
    form.append('audio', await fs.openAsBlob(media.mp3Short, { type: 'audio/mpeg' }), 'song.mp3');
    const created = await fetch(`${node.url}/api/tracks`, { method: 'POST', body: form, headers: { cookie: artist.cookie } });
    expect(created.status).toBe(201);
    const track = (await created.json()) as { id: string; price: number };
    items.push({ type: 'track', id: track.id, price: track.price });
  }
  const albumForm = new FormData();
  albumForm.append('albumName', 'Pesa');
  albumForm.append('price', '1234.50');
  albumForm.append('selectedSongs', JSON.stringify([items[0]!.id]));
  albumForm.append('albumTracks', '[]');
  const album = await fetch(`${node.url}/api/albums`, { method: 'POST', body: albumForm, headers: { cookie: artist.cookie } });
  expect(album.status).toBe(201);
  const albumBody = (await album.json()) as { id: string; price: number };
  items.push({ type: 'album', id: albumBody.id, price: albumBody.price });
  return { artist, items };
}

/** `npm run purchases -- <args>` as the operator runs it beside the servers (its own DATA_DIR). */
function purchasesCommand(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = makeDataDir();
  const env = { ...process.env, NODE_ENV: 'test', PUBLIC_URL: 'http://sauti.test', DATABASE_URL: database.url, DATA_DIR: dataDir, ...standIn.env, ...s3.env };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', PURCHASES_CLI, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe(`money integrity on two processes (seed ${SEED})`, () => {
  it('records exactly the sales the provider charged in full, once each, split 90/10 to the cent', async () => {
    const next = random(SEED);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
    const [a] = nodes as [Node, Node];

    const { artist, items } = await newSeller(a, `money-${SEED}`);

    // Purchases, initialized at random on either process.
    const scenarios: Scenario[] = ['paid', 'paid', 'paid', 'underpaid', 'wrong-currency', 'declined', 'never-paid'];
    const purchases: Purchase[] = [];
    for (let index = 0; index < 24; index += 1) {
      const item = pick(items);
      const email = `fan${index % 7}@example.com`;
      const response = await postJson(pick(nodes), '/api/payments/initialize', { email, [item.type === 'album' ? 'albumId' : 'trackId']: item.id });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: { reference: string; finalAmount: number } };
      expect(body.data.finalAmount).toBe(finalAmount(item.price));
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sauti_buyer='))!.split(';')[0]!;
      purchases.push({ scenario: pick(scenarios), reference: body.data.reference, email, cookie, item });
    }

    // The buyers pay (or not), then verifies, webhooks and replays race on both processes.
    for (const purchase of purchases) {
      const expected = finalAmount(purchase.item.price);
      if (purchase.scenario === 'paid') standIn.payTransaction(purchase.reference);
      if (purchase.scenario === 'underpaid') standIn.payTransaction(purchase.reference, { amount: expected - 100 });
      if (purchase.scenario === 'wrong-currency') standIn.payTransaction(purchase.reference, { currency: 'NGN' });
      if (purchase.scenario === 'declined') standIn.payTransaction(purchase.reference, { status: 'failed' });
    }
    const calls: Promise<unknown>[] = [];
    for (const purchase of purchases) {
      const verifies = 1 + Math.floor(next() * 3);
      for (let i = 0; i < verifies; i += 1) calls.push(postJson(pick(nodes), '/api/payments/verify', { reference: purchase.reference }, next() < 0.5 ? { cookie: purchase.cookie } : {}));
      if (purchase.scenario !== 'never-paid' && purchase.scenario !== 'declined') {
        const { rawBody, signature } = standIn.webhook('charge.success', purchase.reference);
        const deliveries = 1 + Math.floor(next() * 3); // Paystack retries: the same event again
        for (let i = 0; i < deliveries; i += 1) {
          calls.push(fetch(`${pick(nodes).url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body: rawBody }));
        }
        // A forged copy with a doubled amount: refused by its signature.
        const forged = rawBody.replace(/"amount":\d+/, `"amount":${finalAmount(purchase.item.price) * 2}`);
        calls.push(fetch(`${pick(nodes).url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body: forged }));
      }
    }
    for (let i = calls.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const answers = (await Promise.all(calls)) as Response[];
    for (const answer of answers) expect([200, 401, 402]).toContain(answer.status);

    // The processes' job loops finish the webhooks' work and send the receipts.
    await vi.waitFor(
      async () => {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM jobs WHERE kind IN ('payments.confirm', 'mail.send') AND status IN ('queued', 'running')`);
        expect(rows[0].n).toBe(0);
      },
      { timeout: 60_000, interval: 250 },
    );

    const { rows: orders } = await client.query(
      `SELECT o.id, o.reference, o.email, o.status, o.price, o.fee, o.amount,
              (SELECT count(*)::int FROM ledger_entries l WHERE l.order_id = o.id) AS entries,
              (SELECT count(*)::int FROM download_grants g WHERE g.order_id = o.id) AS grants
         FROM orders o`,
    );
    const { rows: ledger } = await client.query('SELECT * FROM ledger_entries');
    const paidOrders = orders.filter((order) => order.status === 'paid');
    const expectedPaid = purchases.filter((purchase) => purchase.scenario === 'paid');
    expect(paidOrders.map((order) => order.reference).sort()).toEqual(expectedPaid.map((purchase) => purchase.reference).sort());

    for (const order of orders) {
      const charged = standIn.transactions.get(order.reference)!;
      if (order.status === 'paid') {
        // Every sale matches a successful charge of exactly its amount in KES...
        expect(charged).toMatchObject({ status: 'success', amount: order.amount, currency: 'KES' });
        // ...and is recorded once, with one link and one receipt.
        expect(order.entries).toBe(1);
        expect(order.grants).toBe(1);
      } else {
        expect(order.entries).toBe(0);
        expect(order.grants).toBe(0);
      }
    }
    for (const entry of ledger) {
      const order = orders.find((o) => o.id === entry.order_id)!;
      const { platformShare, artistShare } = splitPrice(order.price);
      expect(entry).toMatchObject({ price: order.price, fee: order.fee, amount_paid: order.amount, platform_share: platformShare, artist_share: artistShare });
    }
    for (const email of new Set(purchases.map((purchase) => purchase.email))) {
      const receipts = smtp.mailTo(email).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));
      expect(receipts.length, email).toBe(paidOrders.filter((order) => order.email === email).length);
    }

    // Granted exactly to the browsers that paid in full, on either process.
    for (const purchase of purchases) {
      const path = `/api/${purchase.item.type === 'album' ? 'albums' : 'tracks'}/${purchase.item.id}/download`;
      const paidForThis = purchases.some((p) => p.scenario === 'paid' && p.cookie === purchase.cookie && p.item.id === purchase.item.id);
      const response = await fetch(pick(nodes).url + path, { headers: { cookie: purchase.cookie } });
      expect(response.status, `${purchase.scenario} ${path}`).toBe(paidForThis ? 200 : 402);
      await response.arrayBuffer();
    }

    // Total Revenue is the artist's 90% of what was sold, whichever process answers.
    const revenue = ledger.reduce((sum, entry) => sum + Number(entry.artist_share), 0);
    for (const node of nodes) {
      const analytics = (await (await fetch(`${node.url}/api/analytics`, { headers: { cookie: artist.cookie } })).json()) as { totalRevenue: number };
      expect(analytics.totalRevenue).toBe(revenue);
    }
  });

  it('ends the downloads of a refunded sale on both processes as the refund lands, even one racing it', async () => {
    const [a, b] = nodes as [Node, Node];
    const { items } = await newSeller(b, `refund-${SEED}`);
    const song = items[1]!;
    const started = await postJson(a, '/api/payments/initialize', { email: 'racer@example.com', trackId: song.id });
    expect(started.status).toBe(200);
    const { reference } = ((await started.json()) as { data: { reference: string } }).data;
    const cookie = started.headers.getSetCookie().find((c) => c.startsWith('sauti_buyer='))!.split(';')[0]!;
    standIn.payTransaction(reference, { channel: 'mobile_money' });
    expect((await postJson(a, '/api/payments/verify', { reference }, { cookie })).status).toBe(200);
    // The race below may use up its address's download limit (429) before the refund lands; the
    // checks after it ask from another address, so they hear the refusal itself.
    const download = (node: Node, address = '10.77.0.1') => fetch(`${node.url}/api/tracks/${song.id}/download`, { headers: { cookie, 'x-forwarded-for': address } });
    for (const node of nodes) {
      const response = await download(node);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }

    // The operator refunds it; the provider is still processing.
    const asked = await purchasesCommand(['refund', reference]);
    expect(asked.code, asked.stderr).toBe(0);
    const refund = [...standIn.refunds.values()].find((r) => r.transactionReference === reference)!;

    // The buyer keeps downloading on A while the provider's refund.processed reaches B.
    const statuses: number[] = [];
    let racing = true;
    const race = (async () => {
      while (racing) {
        const response = await download(a);
        const bytes = await response.arrayBuffer();
        // A download that started while the sale stood is whole; after, it is refused: never half, never a 500.
        if (response.status === 200) expect(bytes.byteLength).toBe(Number(response.headers.get('content-length')));
        statuses.push(response.status);
      }
    })();
    standIn.setRefundStatus(String(refund.id), 'processed');
    const { rawBody, signature } = standIn.webhook('refund.processed', String(refund.id));
    const delivered = await fetch(`${b.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body: rawBody });
    expect(delivered.status).toBe(200);
    await vi.waitFor(
      async () => {
        const { rows } = await client.query('SELECT status FROM orders WHERE reference = $1', [reference]);
        expect(rows[0].status).toBe('refunded');
      },
      { timeout: 30_000, interval: 100 },
    );
    racing = false;
    await race;
    // A busy machine may let the race reach the per-address download limit (429) before the refund lands.
    expect(statuses.every((status) => status === 200 || status === 403 || status === 429), statuses.join(',')).toBe(true);

    // From the moment the order is refunded, neither process lets it download, and both say why.
    for (const node of nodes) {
      const refused = await download(node, '10.77.0.2');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(REFUND_MESSAGES.refunded);
    }
    const { rows: entries } = await client.query(`SELECT kind FROM ledger_entries l JOIN orders o ON o.id = l.order_id WHERE o.reference = $1 ORDER BY kind`, [reference]);
    expect(entries.map((entry) => entry.kind)).toEqual(['refund', 'sale']);
  });
});
