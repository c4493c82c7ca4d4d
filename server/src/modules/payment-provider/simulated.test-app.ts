import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import type { InitializeTransactionInput } from './provider';
import { SimulatedProvider } from './simulated';

/**
 * The set-up the simulated provider's tests share (simulated*.api.test.ts): the real app without
 * Paystack keys, and a second provider instance on the same database whose webhooks are captured.
 */

/** What the file's tests are handed once the app is up. */
export interface SimulatedApp {
  app: FastifyInstance;
  /** Delivers its webhooks into `deliveries` instead of to the app. */
  capturing: SimulatedProvider;
}

/** Starts the app for the whole test file (handed to `ready` before its tests) and closes it after. */
export function simulatedAppForFile(ready: (set: SimulatedApp) => void) {
  let testApp: TestApp;
  let app: FastifyInstance;
  let counter = 0;
  const reference = () => `sim-${Date.now().toString(36)}-${++counter}`;
  const transferReference = () => `payout_${Date.now().toString(36)}_${String(++counter).padStart(8, '0')}`;

  const deliveries: { rawBody: string; signature: string }[] = [];

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
    const capturing = new SimulatedProvider({
      db: () => app.database.db,
      publicUrl: testApp.config.publicUrl,
      log: app.log,
      deliverWebhook: async (rawBody, signature) => {
        deliveries.push({ rawBody, signature });
      },
    });
    ready({ app, capturing });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  return { transferReference, deliveries, transaction, checkoutPath, pay, goodCard, events };
}
