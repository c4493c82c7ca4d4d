/**
 * Selling under load (issue 10), the real app in this process with the simulated provider
 * (PGlite, or DATABASE_URL's PostgreSQL when set):
 * 1. a fan's checkout, call by call: initialize, then (after paying in the simulated checkout)
 *    verify, which asks the provider and records the sale; sequential, many fans;
 * 2. the webhook's answer time with 16 senders at once (it must answer fast: the work is queued);
 * 3. how fast the queued webhook work confirms sales (fulfilments per second).
 * Targets: p99 <= 50 ms for initialize, verify and the webhook (the JSON API budget, DESIGN.md).
 * Each fan has its own address (X-Forwarded-For behind TRUST_PROXY): the per-address limits are
 * not what is measured.
 */
import { createArtist } from '../server/test/support/artists';
import { signWebhook, SIMULATED_SECRET_KEY, TEST_CARD_SUCCESS } from '../server/src/modules/payment-provider';
import { ms, report, startBenchApp, summarise } from './lib';

const FANS = Number(process.env.BENCH_PAYMENTS_FANS ?? 300);
const WEBHOOKS = Number(process.env.BENCH_PAYMENTS_WEBHOOKS ?? 2_000);
const SENDERS = 16;

export async function run() {
  const bench = await startBenchApp({ TRUST_PROXY: 'true' }, { startJobs: false });
  try {
    const { app, url } = bench;
    const artist = await createArtist(app);
    const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const method = await post('/api/payment-methods/mobile-money', { mobileNumber: '0712345678' }, { cookie: artist.cookie });
    if (method.status !== 201) throw new Error(`payment method: ${method.status} ${await method.text()}`);
    const form = new FormData();
    form.append('trackName', 'Bench');
    form.append('artistName', 'Bench');
    form.append('price', '500');
    const { mediaFixtures } = await import('../server/test/support/media-fixtures');
    const fs = await import('node:fs');
    form.append('audio', await fs.openAsBlob((await mediaFixtures()).mp3Short, { type: 'audio/mpeg' }), 'bench.mp3');
    const upload = await fetch(`${url}/api/tracks`, { method: 'POST', body: form, headers: { cookie: artist.cookie } });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const track = (await upload.json()) as { id: string };

    const initializeMs: number[] = [];
    const verifyMs: number[] = [];
    const paidReferences: string[] = [];
    for (let fan = 0; fan < FANS; fan++) {
      const address = { 'x-forwarded-for': `10.${(fan >> 16) & 255}.${(fan >> 8) & 255}.${fan & 255}` };
      let start = performance.now();
      const init = await post('/api/payments/initialize', { email: `fan${fan}@example.com`, trackId: track.id }, address);
      const body = (await init.json()) as { data: { reference: string; accessCode: string } };
      initializeMs.push(performance.now() - start);
      if (init.status !== 200) throw new Error(`initialize: ${init.status} ${JSON.stringify(body)}`);
      const cookie = init.headers.getSetCookie()[0]!.split(';')[0]!;
      const paid = await post(`/api/payments/simulated/checkout/${body.data.accessCode}/pay`, { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' }, address);
      await paid.arrayBuffer();
      start = performance.now();
      const verified = await post('/api/payments/verify', { reference: body.data.reference }, { ...address, cookie });
      await verified.arrayBuffer();
      verifyMs.push(performance.now() - start);
      if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
      paidReferences.push(body.data.reference);
    }
    // The simulated provider's own webhooks for these sales: queued, then confirmed as duplicates of done work.
    await app.jobs.drain();

    // Webhooks: fresh orders paid at the provider but not yet verified, announced by signed events.
    const pending: string[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const address = { 'x-forwarded-for': `11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      const init = await post('/api/payments/initialize', { email: `hook${i}@example.com`, trackId: track.id }, address);
      const body = (await init.json()) as { data: { reference: string; accessCode: string } };
      await (await post(`/api/payments/simulated/checkout/${body.data.accessCode}/pay`, { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' }, address)).arrayBuffer();
      pending.push(body.data.reference);
    }
    // Leave the simulated provider's own deliveries aside: its events are the same as ours (deduplicated).
    await app.jobs.drain(['mail.send']);
    const webhookMs: number[] = [];
    let next = 0;
    const sender = async () => {
      while (next < pending.length) {
        const reference = pending[next++]!;
        const raw = JSON.stringify({ event: 'charge.success', data: { id: `bench-${reference}`, reference, status: 'success', amount: 60_800, currency: 'KES' } });
        const start = performance.now();
        const response = await fetch(`${url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, SIMULATED_SECRET_KEY) }, body: raw });
        await response.arrayBuffer();
        webhookMs.push(performance.now() - start);
        if (response.status !== 200) throw new Error(`webhook: ${response.status}`);
      }
    };
    const sendStart = performance.now();
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const confirmStart = performance.now();
    await app.jobs.drain(['payments.confirm']);
    const confirmSeconds = (performance.now() - confirmStart) / 1000;
    const { rows } = await app.database.pool.query<{ paid: number }>(`SELECT count(*)::int AS paid FROM orders WHERE status = 'paid'`);

    const line = (name: string, samples: number[]) => {
      const s = summarise(samples);
      return { case: name, n: s.n, median: ms(s.median), p90: ms(s.p90), p99: ms(s.p99), max: ms(s.max) };
    };
    const rowsOut = [line('initialize (order + provider)', initializeMs), line('verify (provider + sale recorded)', verifyMs), line(`webhook answer (${SENDERS} senders)`, webhookMs)];
    report('payments', rowsOut, [
      `database: ${bench.config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; simulated provider in-process`,
      `webhooks: ${WEBHOOKS} in ${sendSeconds.toFixed(1)} s (${(WEBHOOKS / sendSeconds).toFixed(0)}/s); their queued work confirmed ${WEBHOOKS} sales in ${confirmSeconds.toFixed(1)} s (${(WEBHOOKS / confirmSeconds).toFixed(0)} sales/s, receipts queued)`,
      `orders paid at the end: ${rows[0]!.paid} of ${FANS + WEBHOOKS}`,
    ]);
  } finally {
    await bench.close();
  }
}
