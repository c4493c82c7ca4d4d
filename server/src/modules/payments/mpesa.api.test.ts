import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, verifyPendingResponseSchema } from '#common/schemas/payments';
import type { Track } from '#common/schemas/catalog/responses';
import { ledgerEntries, orders } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa, buyerCookieOf } from '../../../test/support/buying';
import type { CatalogTestApp } from '../../../test/support/catalog-app';
import { closeMailedApp, startMailedApp } from '../../../test/support/mailed-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';
import type { PaystackStandIn } from '../../../test/support/paystack-stand-in';
import type { SmtpCapture } from '../../../test/support/smtp-capture';
import type { SimulatedProvider } from '../payment-provider';

/**
 * M-Pesa as it really behaves (issue 16, item 7): a charge still under way (the prompt on the
 * buyer's phone; Paystack's pending, ongoing, pay_offline, send_otp, processing) never closes the
 * order; verify answers 202 pending, and when the payment completes later (webhook) the sale is
 * recorded, the receipt goes and the buying browser owns the item. Unpaid endings say how they
 * ended (declined, cancelled, expired).
 */

describe.each(['simulated', 'paystack'] as const)('M-Pesa with the %s provider', (mode) => {
  let t: CatalogTestApp, smtp: SmtpCapture, standIn: PaystackStandIn | undefined, seller: TestArtist, track: Track;
  let counter = 0;
  const email = () => `mpesa-${mode}-${++counter}@example.com`;

  beforeAll(async () => {
    let media: MediaFixtures;
    ({ t, smtp, standIn, media } = await startMailedApp({ provider: mode }));
    seller = await t.artist();
    await addMpesa(t, seller);
    track = await t.uploadTrack(seller, media.mp3Short, { trackName: 'Subira', price: '250' });
  });
  afterAll(() => closeMailedApp({ t, smtp, standIn }));

  const initialize = async (buyer: string) => {
    const response = await t.request('POST', '/api/payments/initialize', { json: { email: buyer, trackId: track.id } });
    expect(response.status).toBe(200);
    return { ...(response.body.data as { reference: string; accessCode: string }), cookie: buyerCookieOf(response) };
  };
  const verify = (reference: string, cookie: string) => t.request('POST', '/api/payments/verify', { json: { reference }, cookie });
  const orderOf = async (reference: string) => (await t.app.database.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
  const owned = async (cookie: string) => (await t.request('GET', '/api/purchases/owned', { cookie })).body as { trackIds: string[] };
  const receiptsTo = (to: string) => smtp.mailTo(to).filter((mail) => mail.subject.startsWith('Your Sauti purchase'));

  /** The buyer's phone gets the prompt (simulated: the checkout page's M-Pesa; Paystack: a status of the stand-in). */
  async function promptSent(order: { reference: string; accessCode: string }, status = 'pay_offline') {
    if (standIn) {
      standIn.payTransaction(order.reference, { status, channel: 'mobile_money' });
      return;
    }
    const sent = await t.request('POST', `/api/payments/simulated/checkout/${order.accessCode}/mpesa`, { json: { phone: '+254 710 000 000' } });
    expect(sent.body.status).toBe('pending');
  }

  /** The phone answers; a success arrives as the provider's signed charge.success, and its job runs. */
  async function phoneAnswers(order: { reference: string; accessCode: string }, answer: 'paid' | 'declined' | 'cancelled' | 'expired') {
    if (standIn) {
      const status = { paid: 'success', declined: 'failed', cancelled: 'abandoned', expired: 'abandoned' }[answer];
      standIn.payTransaction(order.reference, { status, channel: 'mobile_money' });
      if (answer === 'paid') {
        const { rawBody, signature } = standIn.webhook('charge.success', order.reference);
        const response = await fetch(`${t.baseUrl}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          body: rawBody,
        });
        expect(response.status).toBe(200);
      }
    } else {
      const answered = await t.request('POST', `/api/payments/simulated/checkout/${order.accessCode}/mpesa/answer`, { json: { answer, delayMs: 0 } });
      expect(answered.status).toBe(200);
      await (t.app.paymentsProvider as SimulatedProvider).idle();
    }
    await t.app.jobs.drain();
  }

  it('a checkout closed while the prompt is open leaves the order pending; the payment completes later: sale, receipt, Purchased', async () => {
    const buyer = email();
    const order = await initialize(buyer);
    await promptSent(order);

    // The fan closed the checkout; the dialog asks, and asks again: still under way, never failed.
    for (let i = 0; i < 2; i += 1) {
      const pending = await verify(order.reference, order.cookie);
      expect(pending.status).toBe(202);
      expect(verifyPendingResponseSchema.parse(pending.body)).toEqual({ message: PAYMENT_MESSAGES.paymentPending, pending: true, reference: order.reference });
    }
    expect((await orderOf(order.reference)).status).toBe('pending');
    expect((await owned(order.cookie)).trackIds).not.toContain(track.id);

    // The fan enters the PIN after all: the provider's webhook records the sale without the browser.
    await phoneAnswers(order, 'paid');
    const paid = await orderOf(order.reference);
    expect(paid).toMatchObject({ status: 'paid', channel: 'mobile_money' });
    expect(await t.app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, paid.id))).toHaveLength(1);
    expect(receiptsTo(buyer)).toHaveLength(1);
    // The page's next load shows 'Purchased'.
    expect((await owned(order.cookie)).trackIds).toContain(track.id);

    // 'Check again' in the dialog (or its next poll) starts the buying browser's download, once.
    const checked = await verify(order.reference, order.cookie);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ alreadyProcessed: false, downloadUrl: `/api/tracks/${track.id}/download` });
    expect((await verify(order.reference, order.cookie)).body.data.alreadyProcessed).toBe(true);
    expect(receiptsTo(buyer)).toHaveLength(1);
  });

  if (mode === 'paystack') {
    it.each(['pending', 'ongoing', 'pay_offline', 'send_otp', 'processing', 'queued'])('Paystack status %s is pending: 202, the order stays open', async (status) => {
      const order = await initialize(email());
      await promptSent(order, status);
      const response = await verify(order.reference, order.cookie);
      expect(response.status).toBe(202);
      expect(response.body.pending).toBe(true);
      expect((await orderOf(order.reference)).status).toBe('pending');
    });
  }

  it.each([
    ['declined', 'declined', 'failed'],
    ['cancelled', 'cancelled', mode === 'simulated' ? 'failed' : 'pending'],
    // The stand-in has no gateway text for a timeout: Paystack's abandoned reads as cancelled.
    ['expired', mode === 'simulated' ? 'expired' : 'cancelled', 'pending'],
  ] as const)('%s on the phone: 402 saying how it ended, nothing granted', async (answer, outcome, orderStatus) => {
    const order = await initialize(email());
    await promptSent(order);
    await phoneAnswers(order, answer);
    const response = await verify(order.reference, order.cookie);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ code: 'payment.not-completed', message: PAYMENT_MESSAGES.paymentNotCompleted, outcome });
    // Failed closes the order; abandoned waits for the reconcile job (a day), as before.
    expect((await orderOf(order.reference)).status).toBe(orderStatus);
    expect((await owned(order.cookie)).trackIds).not.toContain(track.id);
  });

  it('a checkout closed before any payment reads as cancelled, not pending', async () => {
    const order = await initialize(email());
    const response = await verify(order.reference, order.cookie);
    expect(response.status).toBe(402);
    expect(response.body.outcome).toBe('cancelled');
    expect((await orderOf(order.reference)).status).toBe('pending');
  });
});
