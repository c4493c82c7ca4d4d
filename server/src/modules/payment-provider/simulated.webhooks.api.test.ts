import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './signature';
import { SIMULATED_SECRET_KEY, SimulatedProvider } from './simulated';
import { simulatedAppForFile } from './simulated.test-app';

/** The simulated provider's webhooks (captured by a second provider instance on the app's database) and its transfers. */

let app: FastifyInstance;
let capturing: SimulatedProvider;
const { transferReference, deliveries, transaction, events } = simulatedAppForFile((set) => ({ app, capturing } = set));

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
