import { randomUUID } from 'node:crypto';
import { expect, type Page } from './test';

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
