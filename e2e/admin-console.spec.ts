import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { uploadTrackByApi } from './support/catalog';
import { fanEmail, fanPage, payWithTestCard, sellingArtist, startPurchase } from './support/checkout';
import { enrolledOperator } from './support/operators';
import { seed } from './support/seed';

/**
 * Issue 21 item 4 (decision 059), on a phone (390x844): a fan reports a song from its page and
 * buys it; the operator, with a fresh second factor, sees the report in the queue and dismisses
 * it, finds the sale by the fan's e-mail and refunds it with a reason; the audit log names both.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = '/tmp/shots-admin-console';

test('a fan reports a song and buys it; the operator dismisses the report and refunds the sale from a phone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const { song, tag } = await seed(browser, async (artistPage, media) => {
    const artist = await sellingArtist(artistPage, 'reported');
    const tag = artist.displayName.split(' ').at(-1)!;
    return { tag, song: await uploadTrackByApi(artistPage, media.wav, { trackName: `Mwangaza ${tag}`, artistName: artist.displayName, price: '50' }) };
  });

  // The fan, on a phone: Report opens a small dialog; then Buy.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const fan = await fanPage(phone, `/track/${song.id}`);
  await fan.getByRole('button', { name: `Report Mwangaza ${tag}` }).click();
  const dialog = fan.getByRole('dialog', { name: `Report Mwangaza ${tag}` });
  await dialog.getByLabel('What is wrong?').fill('This is my song: someone else uploaded it.');
  await fan.screenshot({ path: `${SHOTS}/report-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(fan.getByText('The Sauti team will look at it.')).toBeVisible();
  await fan.getByRole('button', { name: 'Done' }).click();
  const email = fanEmail();
  await startPurchase(fan, fan, `Mwangaza ${tag}`, 5000, email);
  const download = await payWithTestCard(fan);
  expect(download.suggestedFilename()).toMatch(/^Mwangaza/);
  await phone.close();

  // The operator: granted by the command line, a second factor enrolled.
  const operator = await enrolledOperator(page, 'console');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();

  // Reports: the fan's, newest first; dismissed, it leaves the queue.
  await page.getByRole('tab', { name: 'Reports' }).click();
  const report = page.getByRole('listitem', { name: `Song: Mwangaza ${tag}` });
  await expect(report).toContainText('This is my song: someone else uploaded it.');
  await expect(report.getByRole('link', { name: /Mwangaza/ })).toHaveAttribute('href', `/track/${song.id}`);
  await page.screenshot({ path: `${SHOTS}/reports-390.png`, fullPage: true });
  await report.getByLabel('Note (kept in the audit log)').fill('The uploader is the artist');
  await report.getByRole('button', { name: `Dismiss the report of Mwangaza ${tag}` }).click();
  await expect(report).toBeHidden();
  await page.getByRole('button', { name: 'Dismissed' }).click();
  await expect(page.getByRole('listitem', { name: `Song: Mwangaza ${tag}` })).toContainText(`Dismissed by ${operator.email}`);

  // Every tab and form, in both languages, on the phone and on a laptop: nothing scrolls sideways.
  await walkTheConsole(page, { lang: 'sw', width: 390, email, song: `Mwangaza ${tag}` });
  await walkTheConsole(page, { lang: 'sw', width: 1280, email, song: `Mwangaza ${tag}` });
  await walkTheConsole(page, { lang: 'en', width: 1280, email, song: `Mwangaza ${tag}` });
  await walkTheConsole(page, { lang: 'en', width: 390, email, song: `Mwangaza ${tag}` });

  // Refunds: the sale found by the fan's e-mail, part of it refunded with a reason.
  await page.getByRole('tab', { name: 'Refunds' }).click();
  await page.getByLabel('Find a sale by reference, e-mail or artist').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  const sale = page.getByRole('list', { name: 'Sales found' }).getByRole('listitem');
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText(`Mwangaza ${tag}`);
  await sale.getByLabel('Reason for the refund (kept in the audit log)').fill('Bought twice by mistake');
  await expect(sale.getByRole('button', { name: /^Refund KES/ })).not.toHaveText('Refund KES 20.00');
  await sale.getByLabel('Amount to refund in KES (optional)').fill('20');
  await expect(sale.getByRole('button', { name: /^Refund KES/ })).toHaveText('Refund KES 20.00');
  await page.screenshot({ path: `${SHOTS}/refund-390.png`, fullPage: true });
  await sale.getByRole('button', { name: /^Refund KES/ }).click();
  await expect(sale.getByTestId('sale-status')).toHaveText(/refund asked|refund processing|refunded/);
  await expect(sale.getByRole('button', { name: /^Refund KES/ })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Payouts' }).click();
  await expect(page.getByText(/No payout needs you|Payouts needing attention/).first()).toBeVisible();

  const log = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(log.nth(0)).toContainText('Refunded a sale');
  await expect(log.nth(0)).toContainText('Reason: Bought twice by mistake');
  await expect(log.nth(0)).toContainText('Amount: KES 20.00');
  await expect(log.nth(1)).toContainText('Dismissed a report');
  await expect(log.nth(1)).toContainText('Reason: The uploader is the artist');
  await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
});

const ALL_SHOTS = '/tmp/admin-shots';

/**
 * Opens /admin in `lang` at `width` px and goes through every tab, with the forms a tab opens
 * (the found sale's refund form, a song's take-down form): none may scroll sideways, and each is
 * kept as a screenshot in /tmp/admin-shots to be looked at.
 */
async function walkTheConsole(page: Page, { lang, width, email, song }: { lang: 'en' | 'sw'; width: number; email: string; song: string }) {
  fs.mkdirSync(ALL_SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: 844 });
  await page.goto(`/admin?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(6);
  const sideways = () => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  const shot = async (name: string) => {
    expect(await sideways(), `${lang} ${width}px ${name}`).toBe(0);
    await page.screenshot({ path: `${ALL_SHOTS}/${lang}-${width}-${name}.png`, fullPage: true });
  };
  for (const [index, name] of ['picks', 'takedowns', 'reports', 'refunds', 'payouts', 'audit'].entries()) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    if (name === 'takedowns') {
      await panel.getByRole('search').getByRole('textbox').fill(song);
      await panel.getByRole('search').getByRole('button').click();
      await panel.getByRole('listitem').filter({ hasText: song }).getByRole('button').first().click();
      await expect(panel.getByRole('textbox')).toHaveCount(2);
    } else if (name === 'refunds') {
      await panel.getByRole('search').getByRole('textbox').fill(email);
      await panel.getByRole('search').getByRole('button').click();
      await expect(panel.getByRole('listitem')).toHaveCount(1);
    } else if (name === 'audit') {
      await expect(panel.getByRole('list').first()).toBeVisible();
    } else {
      await expect(panel.locator('.animate-spin')).toHaveCount(0);
    }
    await shot(`${index + 1}-${name}`);
  }
}
