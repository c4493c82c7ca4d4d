import type { FastifyBaseLogger } from 'fastify';
import { signWebhook } from './signature';

/** The key simulated webhooks are signed with: fixed and public (see simulated.ts). */
export const SIMULATED_SECRET_KEY = 'sk_test_sauti_simulated';

/** What the webhooks need of the provider's options (SimulatedProviderOptions, simulated.ts). */
export interface SimulatedWebhookOptions {
  /** Hands a signed webhook to the app (the plugin posts it to /api/payments/webhook). */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * The simulated provider's webhooks: signed like Paystack's and handed to the app after the call
 * that caused them has answered. `later` runs the other steps that come after an answer (a transfer
 * settling, a refund moving on, a delayed M-Pesa confirmation), tracked alike, so that idle() waits
 * for those steps and the webhooks they send.
 */
export class SimulatedWebhooks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: SimulatedWebhookOptions) {}

  /** Signs and hands over a webhook after the current call has answered; failures are logged, not thrown. */
  send(event: string, data: Record<string, unknown>) {
    const rawBody = JSON.stringify({ event, data });
    const signature = signWebhook(rawBody, SIMULATED_SECRET_KEY);
    const reference = typeof data.reference === 'string' ? data.reference : typeof data.transaction_reference === 'string' ? data.transaction_reference : undefined;
    this.later(() =>
      this.options.deliverWebhook(rawBody, signature).catch((error: unknown) => {
        // The reference only: the body carries the buyer's e-mail.
        this.options.log.warn({ event, reference, error: error instanceof Error ? error.message : String(error) }, 'simulated webhook not delivered');
      }),
    );
  }

  /** Runs `work` on a later turn of the event loop (not a sleep), tracked at once so idle() waits for it. */
  later(work: () => Promise<void>, delayMs = 0) {
    const tracked = new Promise<void>((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)))
      .then(work)
      .catch((error: unknown) => {
        this.options.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'simulated provider background step failed');
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Resolves when every webhook sent so far has been delivered (or has failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
