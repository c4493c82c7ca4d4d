import AxeBuilder from '@axe-core/playwright';
import { expect, expectFailedRequest, test, type Locator, type Page } from './support/test';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { verifiedAccount } from './support/accounts';
import { toast, uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';
import { BASE_URL } from './support/server-state';

/** axe-core's findings (WCAG 2.1 A and AA) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openPayments(page: Page) {
  await page.goto('/dashboard?section=payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment method' })).toBeVisible();
}

const addBankButton = (page: Page) => page.getByRole('button', { name: 'Add Bank Account' });
const addMpesaButton = (page: Page) => page.getByRole('button', { name: 'Add M-Pesa Number' });
/** How wide the page is laid out (the e2e code has no DOM types: the element is read as a plain object). */
const pageWidth = (page: Page) => page.locator('html').evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);

const noMethodYet = (page: Page) => page.getByText(/^No payment method yet/);

/** Onboarding step 2 ('a payment method exists') in My Music's checklist. */
function paymentStep(page: Page): Locator {
  return page.getByTestId('onboarding-checklist').getByRole('listitem').filter({ hasText: 'Add a payment method' });
}

// Each test is a whole flow with several axe-core scans: on a busy 2-core machine that outgrows the default minute.
test.slow();

test('an artist adds a bank account chosen from the list, sees its card and onboarding step 2 done, then removes it', async ({ page }) => {
  await verifiedAccount(page, 'bank');
  await openPayments(page);

  // The recommendation about M-Pesa fees, dismissed for good (a reload keeps it away).
  const banner = page.getByRole('note');
  await expect(banner).toContainText('KES 60 up to KES 150,000');
  await expect(page.getByText('You receive 90% of every sale')).toBeVisible();
  await expect(noMethodYet(page)).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss recommendation' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment method' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);

  await addBankButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
  await expect(dialog).toBeVisible();
  // The spec's messages for empty fields.
  await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
  await expect(dialog.getByText(PAYMENT_MESSAGES.bankNameRequired)).toBeVisible();
  await expect(dialog.getByText(PAYMENT_MESSAGES.accountNameRequired)).toBeVisible();
  await expect(dialog.getByText(PAYMENT_MESSAGES.accountNumberRequired)).toBeVisible();

  // The bank from the server's list: type a few letters, tap the bank.
  const bank = dialog.getByRole('combobox', { name: 'Bank' });
  await bank.fill('equ');
  const banks = dialog.getByRole('listbox', { name: 'Banks' });
  await expect(banks).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const equity = banks.getByRole('option', { name: /^Equity Bank/ });
  const bankName = (await equity.textContent())!.trim();
  await equity.click();
  await expect(bank).toHaveValue(bankName);
  await expect(banks).toBeHidden();
  await dialog.getByLabel('Account name').fill('E2E Bank Artist');
  await dialog.getByLabel('Account number').fill('0123 456 789');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Bank Account' }).click();

  await expect(toast(page, PAYMENT_MESSAGES.methodAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: `Bank account at ${bankName}` });
  await expect(card).toContainText('E2E Bank Artist');
  await expect(card).toContainText('•••• 6789');
  await expect(card).not.toContainText('0123456789');
  await expect(addBankButton(page)).toBeDisabled();
  await expect(addMpesaButton(page)).toBeDisabled();

  // My Music's onboarding checklist: step 2 is done.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'My Music' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  await expect(paymentStep(page)).toHaveAttribute('data-done', 'true');
  await expect(paymentStep(page)).toContainText('Step 2, done');

  // Remove it: nothing is owed yet, so a plain confirmation does it.
  await openPayments(page);
  await card.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove payment method?' });
  await expect(confirm).toContainText(bankName);
  expect(await violations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, PAYMENT_MESSAGES.methodRemoved)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(noMethodYet(page)).toBeVisible();
  await expect(addBankButton(page)).toBeEnabled();
  await expect(addMpesaButton(page)).toBeEnabled();
});

test("on a phone, an artist adds an M-Pesa number typed '0712 345 678', and removes it with 'Remove Anyway' while a sale is under way", async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await verifiedAccount(page, 'mpesa');
  await openPayments(page);
  // Nothing sticks out sideways at 360 px, and the section's buttons are finger-sized.
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  for (const button of [addBankButton(page), addMpesaButton(page), page.getByRole('button', { name: 'Dismiss recommendation' })]) {
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  await addMpesaButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add M-Pesa Number' });
  const number = dialog.getByLabel('M-Pesa mobile number');
  await expect(number).toBeFocused();
  expect(await violations(page)).toEqual([]);

  // Not a Kenyan mobile number: the spec's title and text, said once, at the field (issue 33: a toast
  // repeating them said the same thing twice).
  await number.fill('12345');
  await dialog.getByRole('button', { name: 'Add M-Pesa Number' }).click();
  await expect(dialog.getByText(PAYMENT_MESSAGES.mobileInvalidTitle)).toBeVisible();
  await expect(dialog.getByText(PAYMENT_MESSAGES.mobileInvalid)).toBeVisible();
  await expect(toast(page, PAYMENT_MESSAGES.mobileInvalidTitle)).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  // Typed the way people write it: the dialog shows the number M-Pesa will pay.
  await number.fill('0712 345 678');
  await expect(dialog.getByText(/We’ll pay/)).toContainText('+254712345678');
  await dialog.getByRole('button', { name: 'Add M-Pesa Number' }).click();
  await expect(toast(page, PAYMENT_MESSAGES.mpesaAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem', { name: 'M-Pesa number +254712345678' });
  await expect(card).toContainText('+254712345678');
  await expect(addBankButton(page)).toBeDisabled();
  await expect(addMpesaButton(page)).toBeDisabled();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // A fan starts buying the artist's priced track: money may yet come to this method.
  const media = await testMedia();
  const track = await uploadTrackByApi(page, media.wav, { trackName: 'Pending Tone', price: '50' });
  const fan = await playwright.request.newContext({ baseURL: BASE_URL });
  const started = await fan.post('/api/payments/initialize', { data: { email: 'fan@example.test', trackId: track.id } });
  expect(started.status(), await started.text()).toBe(200);
  await fan.dispose();

  // A sale under way: the first removal is refused (409) with the server's message.
  expectFailedRequest(page, /^\/api\/payment-methods\/[0-9a-f-]{36}$/, 409);
  await card.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove payment method?' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  // The server's message, and the way to remove it all the same.
  await expect(confirm.getByRole('alert')).toContainText(PAYMENT_MESSAGES.pendingTransactions);
  const anyway = confirm.getByRole('button', { name: 'Remove Anyway' });
  await expect(anyway).toBeVisible();
  expect((await anyway.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await violations(page)).toEqual([]);
  await anyway.click();
  await expect(toast(page, PAYMENT_MESSAGES.methodRemoved)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(noMethodYet(page)).toBeVisible();
  await expect(addMpesaButton(page)).toBeEnabled();
});
