import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaystackStandIn, type PaystackStandIn } from '../../../test/support/paystack-stand-in';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { PaystackProvider } from './paystack';
import { ProviderError } from './provider';
import { SimulatedProvider } from './simulated';
import { simulatedAppForFile } from './simulated.test-app';

/**
 * The simulated provider through the real app (no Paystack keys): its checkout page and calls, and
 * GET /api/config/paystack in both modes.
 */

let app: FastifyInstance;
const { transaction, checkoutPath, pay, goodCard } = simulatedAppForFile((set) => ({ app } = set));

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
