import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackStandIn, type PaystackStandIn } from '../../../test/support/paystack-stand-in';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { PaystackProvider } from './paystack';
import { ProviderError, type InitializeTransactionInput } from './provider';
import { signWebhook } from './signature';
import { eq } from 'drizzle-orm';
import { simulatedTransactions } from '../../db/schema';
import { MPESA_PROMPT_TTL_MS, SIMULATED_SECRET_KEY, SimulatedProvider } from './simulated';

/**
 * The simulated provider through the real app (no Paystack keys): its checkout page and calls,
 * its webhooks (captured by a second provider instance on the same database), its transfers, and
 * GET /api/config/paystack in both modes.
 */

let testApp: TestApp;
let app: FastifyInstance;
let counter = 0;
const reference = () => `sim-${Date.now().toString(36)}-${++counter}`;
const transferReference = () => `payout_${Date.now().toString(36)}_${String(++counter).padStart(8, '0')}`;

const deliveries: { rawBody: string; signature: string }[] = [];
let capturing: SimulatedProvider;

function transaction(overrides: Partial<InitializeTransactionInput> = {}): InitializeTransactionInput {
  return {
    email: 'fan@example.com',
    amount: 123_400,
    currency: 'KES',
    reference: reference(),
    channels: ['card', 'mobile_money'],
    metadata: { itemType: 'track', itemId: 't1', itemName: 'Jua <Kali>' },
    ...overrides,
  };
}

const checkoutPath = (authorizationUrl: string) => new URL(authorizationUrl).pathname;
const pay = (accessCode: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/payments/simulated/checkout/${accessCode}/pay`, payload: body });
const goodCard = { channel: 'card', cardNumber: '4084 0840 8408 4081', cvv: '408', expiry: '12/40' };
const events = () => deliveries.map((d) => JSON.parse(d.rawBody) as { event: string; data: Record<string, unknown> });

beforeAll(async () => {
  testApp = await startTestApp();
  app = testApp.app;
  capturing = new SimulatedProvider({
    db: () => app.database.db,
    publicUrl: testApp.config.publicUrl,
    log: app.log,
    deliverWebhook: async (rawBody, signature) => {
      deliveries.push({ rawBody, signature });
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('simulated mode', () => {
  it('is chosen without a secret key, and the config call shows no key', async () => {
    expect(app.paymentsProvider).toBeInstanceOf(SimulatedProvider);
    const response = await app.inject({ method: 'GET', url: '/api/config/paystack' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: null, simulated: true });
    expect(response.body).not.toContain('sk_');
  });

  it('lists Kenyan banks without M-Pesa, and makes simulated codes', async () => {
    const banks = await app.paymentsProvider.listBanks();
    expect(banks.length).toBeGreaterThan(10);
    expect(banks.every((bank) => bank.type === 'kepss' && bank.active)).toBe(true);
    expect(banks.some((bank) => /m-?pesa/i.test(bank.name) || bank.code === 'MPESA')).toBe(false);
    const { subaccountCode } = await app.paymentsProvider.createSubaccount({
      businessName: 'Amani',
      bankCode: banks[0]!.code,
      accountNumber: '0123456789',
      percentageCharge: 10,
    });
    expect(subaccountCode).toMatch(/^ACCT_sim_/);
    const { recipientCode } = await app.paymentsProvider.createTransferRecipient({ name: 'Amani', accountNumber: '0712345678', bankCode: 'MPESA' });
    expect(recipientCode).toMatch(/^RCP_sim_[0-9a-f]+$/);
  });

  it('refuses a duplicate transaction reference as Paystack does', async () => {
    const input = transaction();
    await app.paymentsProvider.initializeTransaction(input);
    const error = await app.paymentsProvider.initializeTransaction(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'refused', message: 'Duplicate Transaction Reference', providerCode: 'duplicate_reference' });
  });

  it('knows no unknown reference', async () => {
    expect(await app.paymentsProvider.verifyTransaction('no-such-reference')).toBeUndefined();
    expect(await app.paymentsProvider.verifyTransfer('no_such_reference_1234')).toBeUndefined();
  });

  it('serves a checkout page that our own pages may frame', async () => {
    const input = transaction({ callbackUrl: 'http://sauti.test/track/t1' });
    const started = await app.paymentsProvider.initializeTransaction(input);
    expect(started.accessCode).toMatch(/^sim_/);
    expect(started.authorizationUrl).toBe(`http://sauti.test/api/payments/simulated/checkout/${started.accessCode}`);

    const response = await app.inject({ method: 'GET', url: checkoutPath(started.authorizationUrl) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');

    const html = response.body;
    expect(html).toContain('KES 1,234.00');
    expect(html).toContain('fan@example.com');
    expect(html).toContain('Jua &lt;Kali&gt;');
    expect(html).toContain('value="4084 0840 8408 4081"');
    expect(html).toContain('value="+254 710 000 000"');
    expect(html).toContain('<label for="card-number">');
    expect(html).toContain('<label for="mpesa-phone">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('data-callback-url="http://sauti.test/track/t1"');
    // No external resources: every script and style is inline under the answer's nonce. The only
    // addresses are the empty icon (so a page opened alone asks no /favicon.ico) and 'Try again'
    // back to the item (issue 33), a link, not a resource.
    expect(html).not.toMatch(/\ssrc=/);
    expect(new Set([...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]))).toEqual(new Set(['data:,', 'http://sauti.test/track/t1']));
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain(`<style nonce="${nonce}">`);
    // The script at least parses.
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(() => new Function(script)).not.toThrow();

    // The callback URL is kept out of what callers see.
    const verified = await app.paymentsProvider.verifyTransaction(input.reference);
    expect(verified!.metadata).toEqual(input.metadata);
  });

  it('answers an unknown access code with 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/payments/simulated/checkout/sim_nope' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Payment not found');
    const paid = await pay('sim_nope', goodCard);
    expect(paid.statusCode).toBe(404);
    expect(paid.json()).toEqual({ message: 'Payment not found' });
  });

  it('takes the test card, then refuses to be paid again', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    // Nobody has paid it yet: Paystack reports such a transaction as abandoned.
    expect((await app.paymentsProvider.verifyTransaction(input.reference))!.status).toBe('abandoned');

    const response = await pay(accessCode, goodCard);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', reference: input.reference, message: 'Approved' });

    const verified = await app.paymentsProvider.verifyTransaction(input.reference);
    expect(verified).toMatchObject({ reference: input.reference, status: 'success', amount: 123_400, currency: 'KES', channel: 'card', customerEmail: 'fan@example.com' });
    expect(verified!.paidAt).toBeInstanceOf(Date);
    expect(verified!.id).toMatch(/^\d+$/);
    expect(verified!.fees).toBeGreaterThan(0);

    const again = await pay(accessCode, goodCard);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already complete/);
    const page = await app.inject({ method: 'GET', url: `/api/payments/simulated/checkout/${accessCode}` });
    expect(page.body).toContain('already complete');
    expect(page.body).not.toContain('<form');
  });

  it('declines the declined test card, and lets the buyer retry', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    const declined = await pay(accessCode, { ...goodCard, cardNumber: '4084080000005408' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'failed', reference: input.reference, message: 'Declined' });
    expect((await app.paymentsProvider.verifyTransaction(input.reference))!.status).toBe('failed');

    const other = await pay(accessCode, { ...goodCard, cardNumber: '4111 1111 1111 1111' });
    expect(other.json()).toMatchObject({ status: 'failed' });
    expect(other.json().message).toContain('4084 0840 8408 4081');

    expect((await pay(accessCode, goodCard)).json()).toMatchObject({ status: 'success' });
  });

  it('checks the card form', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction());
    expect((await pay(accessCode, { ...goodCard, expiry: '01/20' })).statusCode).toBe(400);
    expect((await pay(accessCode, { ...goodCard, cvv: 'abc' })).statusCode).toBe(400);
    expect((await pay(accessCode, { ...goodCard, cardNumber: 'abcd' })).statusCode).toBe(400);
    expect((await pay(accessCode, { channel: 'bitcoin' })).statusCode).toBe(400);
  });

  it.each(['+254 710 000 000', '0710000000', '254710000000', '710 000 000'])('takes the test M-Pesa number written %s', async (phone) => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    expect((await pay(accessCode, { channel: 'mobile_money', phone })).json()).toMatchObject({ status: 'success' });
    expect((await app.paymentsProvider.verifyTransaction(input.reference))!.channel).toBe('mobile_money');
  });

  it('fails another M-Pesa number, naming the test number', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction());
    const response = await pay(accessCode, { channel: 'mobile_money', phone: '0712345678' });
    expect(response.json()).toMatchObject({ status: 'failed' });
    expect(response.json().message).toContain('+254 710 000 000');
  });

  it('takes only the channels the transaction allows', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction({ channels: ['card'] }));
    expect((await pay(accessCode, { channel: 'mobile_money', phone: '0710000000' })).statusCode).toBe(400);
    const page = await app.inject({ method: 'GET', url: `/api/payments/simulated/checkout/${accessCode}` });
    expect(page.body).not.toContain('id="mpesa-phone"');
  });

  it('cancels: the transaction is abandoned and cannot be paid', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    const cancel = await app.inject({ method: 'POST', url: `/api/payments/simulated/checkout/${accessCode}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'abandoned', reference: input.reference });
    expect((await app.paymentsProvider.verifyTransaction(input.reference))!.status).toBe('abandoned');
    expect((await pay(accessCode, goodCard)).statusCode).toBe(409);
    // Cancelling again is harmless.
    expect((await app.inject({ method: 'POST', url: `/api/payments/simulated/checkout/${accessCode}/cancel` })).statusCode).toBe(200);
  });

  it('pays one of two concurrent attempts only', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction());
    const answers = await Promise.all([pay(accessCode, goodCard), pay(accessCode, goodCard), pay(accessCode, goodCard)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses a cross-site pay call', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction());
    const response = await app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${accessCode}/pay`,
      headers: { origin: 'https://evil.example' },
      payload: goodCard,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('simulated M-Pesa, as it really behaves (issue 16)', () => {
  const base = (accessCode: string) => `/api/payments/simulated/checkout/${accessCode}`;
  const prompt = (accessCode: string, phone = '+254 710 000 000') => app.inject({ method: 'POST', url: `${base(accessCode)}/mpesa`, payload: { phone } });
  const phoneAnswers = (accessCode: string, answer: string, delayMs?: number) =>
    app.inject({ method: 'POST', url: `${base(accessCode)}/mpesa/answer`, payload: { answer, ...(delayMs === undefined ? {} : { delayMs }) } });
  const status = (accessCode: string) => app.inject({ method: 'GET', url: `${base(accessCode)}/status` });
  const verified = async (reference: string) => (await app.paymentsProvider.verifyTransaction(reference))!;

  it('sends a prompt to the test number: the transaction is ongoing, and closing the checkout leaves it so', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    const sent = await prompt(accessCode);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'pending', reference: input.reference });
    expect(sent.json().message).toMatch(/Check your phone.*\+254 710 ••• 000/);
    expect(await verified(input.reference)).toMatchObject({ status: 'ongoing', channel: 'mobile_money', paidAt: null });
    expect((await status(accessCode)).json()).toMatchObject({ status: 'pending' });

    // The page shows the wait (and the simulated phone) to whoever opens it now.
    const page = await app.inject({ method: 'GET', url: base(accessCode) });
    expect(page.body).toContain('data-state="ongoing"');
    expect(page.body).toContain('Check your phone');
    expect(page.body).toContain('data-answer="paid"');

    // The checkout's Cancel cannot abandon a prompt that is on the phone; nor can it be paid twice.
    expect((await app.inject({ method: 'POST', url: `${base(accessCode)}/cancel` })).statusCode).toBe(409);
    expect((await pay(accessCode, goodCard)).statusCode).toBe(409);
    expect((await prompt(accessCode)).statusCode).toBe(409);
    expect((await verified(input.reference)).status).toBe('ongoing');
  });

  it('another number fails at once, naming the test number; a bad number is refused', async () => {
    const { accessCode } = await app.paymentsProvider.initializeTransaction(transaction());
    const other = await prompt(accessCode, '0712345678');
    expect(other.json()).toMatchObject({ status: 'failed' });
    expect(other.json().message).toContain('+254 710 000 000');
    expect((await prompt(accessCode, 'abc')).statusCode).toBe(400);
    const cardOnly = await app.paymentsProvider.initializeTransaction(transaction({ channels: ['card'] }));
    expect((await prompt(cardOnly.accessCode)).statusCode).toBe(400);
  });

  it('paid: success after the wait, with one signed charge.success', async () => {
    deliveries.length = 0;
    const input = transaction();
    const { accessCode } = await capturing.initializeTransaction(input);
    expect(await capturing.promptMpesa(accessCode, '0710000000')).toMatchObject({ kind: 'pending' });
    expect(await capturing.answerMpesa(accessCode, 'paid', 50)).toMatchObject({ kind: 'pending' });
    expect((await verified(input.reference)).status).toBe('ongoing');
    await capturing.idle();
    const paid = await verified(input.reference);
    expect(paid).toMatchObject({ status: 'success', channel: 'mobile_money', gatewayResponse: 'Successful' });
    expect(paid.fees).toBe(Math.round((123_400 * 15) / 1000));
    expect(events().map((e) => [e.event, e.data.reference, e.data.channel])).toEqual([['charge.success', input.reference, 'mobile_money']]);
    // A second answer changes nothing.
    expect(await capturing.answerMpesa(accessCode, 'declined')).toMatchObject({ kind: 'closed', status: 'success' });
  });

  it('paid at once through the route (delay 0)', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    await prompt(accessCode);
    expect((await phoneAnswers(accessCode, 'paid', 0)).json()).toMatchObject({ status: 'success', reference: input.reference });
    expect((await status(accessCode)).json()).toMatchObject({ status: 'success' });
    expect((await phoneAnswers(accessCode, 'paid', 99_999)).statusCode).toBe(400);
  });

  it.each([
    ['declined', 'failed', /wrong PIN or insufficient funds/],
    ['cancelled', 'failed', /cancelled by user/],
    ['expired', 'abandoned', /timed out/],
  ] as const)('%s on the phone ends %s, as Paystack reports it, and sends no webhook', async (answer, paystackStatus, gateway) => {
    deliveries.length = 0;
    const input = transaction();
    const { accessCode } = await capturing.initializeTransaction(input);
    await capturing.promptMpesa(accessCode, '+254710000000');
    expect(await capturing.answerMpesa(accessCode, answer)).toMatchObject({ kind: 'done', status: paystackStatus });
    const ended = await verified(input.reference);
    expect(ended.status).toBe(paystackStatus);
    expect(ended.gatewayResponse).toMatch(gateway);
    expect((await status(accessCode)).json()).toMatchObject({ status: paystackStatus });
    await capturing.idle();
    expect(deliveries).toHaveLength(0);
    // A decline or a cancel on the phone may be retried in the same checkout, as in Paystack's popup.
    if (paystackStatus === 'failed') expect(await capturing.promptMpesa(accessCode, '0710000000')).toMatchObject({ kind: 'pending' });
    else expect(await capturing.promptMpesa(accessCode, '0710000000')).toMatchObject({ kind: 'closed' });
  });

  it('expires by itself when nobody answers within a minute', async () => {
    const input = transaction();
    const { accessCode } = await app.paymentsProvider.initializeTransaction(input);
    await prompt(accessCode);
    // The prompt was sent 61 seconds ago.
    const [row] = await app.database.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.reference, input.reference));
    const hidden = row!.metadata._sautiSimulated as { mpesa: { phone: string; promptedAt: string } };
    await app.database.db
      .update(simulatedTransactions)
      .set({ metadata: { ...row!.metadata, _sautiSimulated: { ...hidden, mpesa: { ...hidden.mpesa, promptedAt: new Date(Date.now() - MPESA_PROMPT_TTL_MS - 1000).toISOString() } } } })
      .where(eq(simulatedTransactions.reference, input.reference));
    expect(await verified(input.reference)).toMatchObject({ status: 'abandoned', gatewayResponse: expect.stringMatching(/timed out/) });
    expect((await phoneAnswers(accessCode, 'paid', 0)).statusCode).toBe(409);
    expect((await status(accessCode)).json()).toMatchObject({ status: 'abandoned', message: expect.stringMatching(/expired/) });
  });

  it('answers 404 for an unknown checkout', async () => {
    expect((await prompt('sim_nope')).statusCode).toBe(404);
    expect((await phoneAnswers('sim_nope', 'paid')).statusCode).toBe(404);
    expect((await status('sim_nope')).statusCode).toBe(404);
  });
});

describe('simulated webhooks', () => {
  it('sends a signed charge.success after the pay call has answered', async () => {
    deliveries.length = 0;
    const input = transaction();
    const { accessCode } = await capturing.initializeTransaction(input);
    const outcome = await capturing.pay(accessCode, { channel: 'card', cardNumber: '4084084084084081', cvv: '408', expiry: '12/40' });
    expect(outcome).toMatchObject({ kind: 'done', status: 'success' });
    expect(deliveries).toHaveLength(0);
    await capturing.idle();
    expect(deliveries).toHaveLength(1);

    const { rawBody, signature } = deliveries[0]!;
    expect(signature).toBe(signWebhook(rawBody, SIMULATED_SECRET_KEY));
    expect(capturing.verifyWebhookSignature(Buffer.from(rawBody), signature)).toBe(true);
    expect(app.paymentsProvider.verifyWebhookSignature(Buffer.from(rawBody), signature)).toBe(true);
    const { event, data } = events()[0]!;
    expect(event).toBe('charge.success');
    expect(data).toMatchObject({
      reference: input.reference,
      status: 'success',
      amount: 123_400,
      currency: 'KES',
      channel: 'card',
      customer: { email: 'fan@example.com' },
      metadata: input.metadata,
    });
    expect(typeof data.id).toBe('number');
    expect(typeof data.paid_at).toBe('string');
    expect(typeof data.fees).toBe('number');
  });

  it('sends nothing for a decline or a cancel', async () => {
    deliveries.length = 0;
    const { accessCode } = await capturing.initializeTransaction(transaction());
    await capturing.pay(accessCode, { channel: 'card', cardNumber: '4084080000005408', cvv: '408', expiry: '12/40' });
    await capturing.cancel(accessCode);
    await capturing.idle();
    expect(deliveries).toHaveLength(0);
  });

  it('survives a failing delivery', async () => {
    const failing = new SimulatedProvider({
      db: () => app.database.db,
      publicUrl: 'http://sauti.test',
      log: app.log,
      deliverWebhook: async () => {
        throw new Error('down');
      },
    });
    const { accessCode } = await failing.initializeTransaction(transaction());
    expect(await failing.pay(accessCode, { channel: 'mobile_money', phone: '0710000000' })).toMatchObject({ status: 'success' });
    await failing.idle();
  });
});

describe('simulated transfers', () => {
  const recipient = async (number = '0712345678') => (await capturing.createTransferRecipient({ name: 'Amani', accountNumber: number, bankCode: 'MPESA' })).recipientCode;

  it('answers pending, then succeeds with a transfer.success webhook', async () => {
    deliveries.length = 0;
    const ref = transferReference();
    const transfer = await capturing.initiateTransfer({ amount: 98_000, recipient: await recipient(), reference: ref, reason: 'Sauti payout' });
    expect(transfer).toMatchObject({ reference: ref, status: 'pending', amount: 98_000, reason: 'Sauti payout' });
    expect(transfer.transferCode).toMatch(/^TRF_sim_/);
    await capturing.idle();
    expect(events().map((e) => e.event)).toEqual(['transfer.success']);
    expect(events()[0]!.data).toMatchObject({ reference: ref, status: 'success', amount: 98_000, transfer_code: transfer.transferCode });
    expect(await capturing.verifyTransfer(ref)).toMatchObject({ status: 'success', transferCode: transfer.transferCode });
  });

  it('answers a retry with the same reference with the same transfer', async () => {
    const ref = transferReference();
    const to = await recipient();
    const first = await capturing.initiateTransfer({ amount: 1_000, recipient: to, reference: ref, reason: 'x' });
    const again = await capturing.initiateTransfer({ amount: 1_000, recipient: to, reference: ref, reason: 'x' });
    expect(again.transferCode).toBe(first.transferCode);
    await expect(capturing.initiateTransfer({ amount: 2_000, recipient: to, reference: ref, reason: 'x' })).rejects.toMatchObject({
      providerCode: 'duplicate_reference',
    });
    await capturing.idle();
  });

  it('fails or reverses on request: by reason marker or by recipient number', async () => {
    deliveries.length = 0;
    const failedByReason = transferReference();
    await capturing.initiateTransfer({ amount: 1_000, recipient: await recipient(), reference: failedByReason, reason: 'Payout [simulate:failed]' });
    await capturing.idle();
    expect(events().map((e) => e.event)).toEqual(['transfer.failed']);
    expect((await capturing.verifyTransfer(failedByReason))!.status).toBe('failed');

    deliveries.length = 0;
    const reversedByReason = transferReference();
    await capturing.initiateTransfer({ amount: 1_000, recipient: await recipient(), reference: reversedByReason, reason: 'Payout [simulate:reversed]' });
    await capturing.idle();
    expect(events().map((e) => e.event)).toEqual(['transfer.success', 'transfer.reversed']);
    expect((await capturing.verifyTransfer(reversedByReason))!.status).toBe('reversed');

    deliveries.length = 0;
    const failing = await recipient('0700 000 001');
    expect(failing).toMatch(/^RCP_sim_failed_/);
    await capturing.initiateTransfer({ amount: 1_000, recipient: failing, reference: transferReference(), reason: 'Payout' });
    const reversing = await recipient('+254700000002');
    await capturing.initiateTransfer({ amount: 1_000, recipient: reversing, reference: transferReference(), reason: 'Payout' });
    await capturing.idle();
    expect(events().map((e) => e.event).sort()).toEqual(['transfer.failed', 'transfer.reversed', 'transfer.success']);
  });

  it('reverses a successful transfer on demand', async () => {
    const ref = transferReference();
    await capturing.initiateTransfer({ amount: 1_000, recipient: await recipient(), reference: ref, reason: 'x' });
    await capturing.idle();
    deliveries.length = 0;
    expect(await capturing.settleTransfer(ref, 'reversed')).toBe(true);
    expect(await capturing.settleTransfer(ref, 'failed')).toBe(false);
    await capturing.idle();
    expect(events().map((e) => e.event)).toEqual(['transfer.reversed']);
  });

  it('refuses a malformed transfer', async () => {
    const to = await recipient();
    await expect(capturing.initiateTransfer({ amount: 1_000, recipient: to, reference: 'short', reason: 'x' })).rejects.toMatchObject({ kind: 'refused' });
    await expect(capturing.initiateTransfer({ amount: 0, recipient: to, reference: transferReference(), reason: 'x' })).rejects.toMatchObject({
      kind: 'refused',
    });
  });
});

describe('Paystack mode', () => {
  let standIn: PaystackStandIn;
  let paystackApp: TestApp;

  beforeAll(async () => {
    standIn = await startPaystackStandIn();
    paystackApp = await startTestApp({ ...standIn.env, PAYSTACK_PUBLIC_KEY: 'pk_test_visible' });
  });
  afterAll(async () => {
    await paystackApp?.close();
    await standIn?.close();
  });

  it('uses Paystack, shows the public key only, and serves no simulated checkout', async () => {
    expect(paystackApp.app.paymentsProvider).toBeInstanceOf(PaystackProvider);
    const response = await paystackApp.app.inject({ method: 'GET', url: '/api/config/paystack' });
    expect(response.json()).toEqual({ publicKey: 'pk_test_visible', simulated: false });
    expect(response.body).not.toContain(standIn.secretKey);
    expect(response.body).not.toContain('sk_');

    const { accessCode } = await paystackApp.app.paymentsProvider.initializeTransaction(transaction());
    const page = await paystackApp.app.inject({ method: 'GET', url: `/api/payments/simulated/checkout/${accessCode}` });
    expect(page.statusCode).toBe(404);
  });
});
