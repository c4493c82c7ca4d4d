import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { formatPrice } from '../../common/src/money';
import { finalAmount } from '../../common/src/payments';
import { verifiedAccount, type TestAccount } from './accounts';
import { expect, type Locator, type Page } from './test';

/**
 * An artist who can sell, signed in on `page`: a verified account whose payout method is the
 * simulated provider's test M-Pesa number (without one, priced songs show no Buy).
 */
export async function sellingArtist(page: Page, label: string): Promise<TestAccount> {
  const artist = await verifiedAccount(page, label);
  const method = await page.request.post('/api/payment-methods/mobile-money', { data: { mobileNumber: '0712345678' } });
  expect(method.status(), await method.text()).toBe(201);
  return artist;
}

/** A fan's address of their own, so no test sees another's receipt or "already owned". */
export const fanEmail = () => `fan-${randomUUID().slice(0, 8)}@example.test`;

export const purchaseDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Buy ${name}` });
/** The simulated provider's checkout, in its overlay (as Paystack's popup would be). */
export const checkoutOverlay = (page: Page) => page.getByRole('dialog', { name: 'Checkout' });
export const checkoutFrame = (page: Page) => page.frameLocator('iframe[title="Checkout"]');

/** Pays in the simulated checkout with the test card (PAYSTACK.md); answers the download that starts by itself. */
export async function payWithTestCard(page: Page) {
  await expect(checkoutOverlay(page)).toBeVisible();
  const frame = checkoutFrame(page);
  await frame.getByRole('tab', { name: 'Card' }).click();
  await frame.getByLabel('Card number').fill('4084 0840 8408 4081');
  await frame.getByLabel('CVV').fill('408');
  const download = page.waitForEvent('download');
  await frame.getByRole('button', { name: /^Pay / }).click();
  return download;
}

/**
 * A page of a browser (or context) of its own, as a fan arriving by a link: the page the server
 * rendered, once it answers clicks (the suite's own pages wait for this by themselves).
 */
export async function fanPage(from: Browser | BrowserContext, path: string, options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = 'newContext' in from ? await from.newPage(options) : await from.newPage();
  await page.goto(path);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  return page;
}

/** Opens the Purchase dialog of `name` with its Buy button inside `scope`. */
export async function openPurchase(page: Page, scope: Locator | Page, name: string, price: number): Promise<Locator> {
  await scope.getByRole('button', { name: `Buy ${name} for ${formatPrice(price)}` }).click();
  const dialog = purchaseDialog(page, name);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Buy, the e-mail, Pay: answers the dialog (the simulated checkout opens over the page, or the dialog says why not). */
export async function startPurchase(page: Page, scope: Locator | Page, name: string, price: number, email: string): Promise<Locator> {
  const dialog = await openPurchase(page, scope, name, price);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(price))}` }).click();
  return dialog;
}
