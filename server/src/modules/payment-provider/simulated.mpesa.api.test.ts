import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simulatedTransactions } from '../../db/schema';
import { MPESA_PROMPT_TTL_MS, type SimulatedProvider } from './simulated';
import { simulatedAppForFile } from './simulated.test-app';

/** The simulated provider's M-Pesa prompt through the real app: the wait, the answers, the expiry. */

let app: FastifyInstance;
let capturing: SimulatedProvider;
const { deliveries, transaction, pay, goodCard, events } = simulatedAppForFile((set) => ({ app, capturing } = set));

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
