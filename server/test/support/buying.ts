import { expect } from 'vitest';
import { TEST_CARD_SUCCESS, TEST_MPESA_NUMBER } from '../../src/modules/payment-provider';
import type { TestArtist } from './artists';
import type { CatalogTestApp, HttpResponse } from './catalog-app';

/**
 * Selling and buying in API tests, as a person does it: the artist adds an M-Pesa payout method,
 * a fan's browser initializes, pays in the simulated provider's checkout and verifies.
 */

/** The sauti_buyer cookie a response set (initialize does), ready for a Cookie header. */
export function buyerCookieOf(response: HttpResponse): string {
  const match = /sauti_buyer=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  expect(match, 'initialize sets the buyer cookie').not.toBeNull();
  return `sauti_buyer=${match![1]}`;
}

/** Gives the artist an M-Pesa payout method (their priced items can then be sold); answers its id. */
export async function addMpesa(t: CatalogTestApp, artist: TestArtist): Promise<string> {
  const response = await t.request('POST', '/api/payment-methods/mobile-money', { cookie: artist.cookie, json: { mobileNumber: '0712345678' } });
  expect(response.status).toBe(201);
  return response.body.id;
}

export interface Bought {
  reference: string;
  /** The buying browser's cookie (the one given, or the one initialize set). */
  cookie: string;
}

/**
 * A whole checkout in the simulated provider: initialize (from `cookie`'s browser, or a new one),
 * pay by the test card or the test M-Pesa number, verify from the same browser, and run the jobs
 * the sale queued (the receipt e-mail among them).
 */
export async function buyInSimulatedCheckout(
  t: CatalogTestApp,
  email: string,
  item: { trackId?: string; albumId?: string },
  options: { channel?: 'card' | 'mobile_money'; cookie?: string; amount?: string } = {},
): Promise<Bought> {
  const { channel = 'card' } = options;
  const amount = options.amount === undefined ? {} : { amount: options.amount };
  const init = await t.request('POST', '/api/payments/initialize', { json: { email, ...item, ...amount }, cookie: options.cookie });
  expect(init.status).toBe(200);
  const cookie = options.cookie ?? buyerCookieOf(init);
  const paid = await t.request('POST', `/api/payments/simulated/checkout/${init.body.data.accessCode}/pay`, {
    json: channel === 'card' ? { channel, cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' } : { channel, phone: TEST_MPESA_NUMBER },
  });
  expect(paid.body.status).toBe('success');
  expect((await t.request('POST', '/api/payments/verify', { json: { reference: init.body.data.reference }, cookie })).status).toBe(200);
  await t.app.jobs.drain();
  return { reference: init.body.data.reference, cookie };
}
