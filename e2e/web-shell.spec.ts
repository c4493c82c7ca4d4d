import { expect, test, type Page } from './support/test';
import { verifiedAccount } from './support/accounts';
import { screenshot } from './support/screenshot';

/** Issue 33, item 9: the small things of the web shell, at a phone's width and a computer's. */

/** Every id an element's aria-describedby names is an element of the page. */
async function missingDescriptions(page: Page): Promise<string[]> {
  // Run in the page (a string: the e2e project has no DOM types).
  return (await page.evaluate(`[...document.querySelectorAll('[aria-describedby]')].flatMap((element) =>
    element.getAttribute('aria-describedby').split(/\\s+/)
      .filter((id) => id !== '' && document.getElementById(id) === null)
      .map((id) => element.tagName.toLowerCase() + '#' + element.id + ' -> ' + id))`)) as string[];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 844 : 900 } });

    test('/library, /redeem and /auth name only descriptions that exist, and a fan finds /redeem', async ({ page }) => {
      for (const path of ['/library', '/redeem', '/auth', '/auth?tab=register']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await missingDescriptions(page), path).toEqual([]);
      }
      await page.goto('/library');
      await expect(page.getByRole('main').getByRole('link', { name: 'Redeem it here' })).toHaveAttribute('href', '/redeem');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Redeem a code' })).toHaveAttribute('href', '/redeem');
      await screenshot(page, `web-shell-library-${width}`, { fullPage: true });
      await page.goto('/library?lang=sw');
      await expect(page.getByRole('main').getByRole('link', { name: 'Itumie hapa' })).toHaveAttribute('href', '/redeem');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Tumia vocha' })).toHaveAttribute('href', '/redeem');
      await page.goto('/redeem?lang=en');
      await screenshot(page, `web-shell-redeem-${width}`, { fullPage: true });
    });

    test('the dashboard shows the whole share link and a checklist title of at most two lines, in both languages', async ({ page }) => {
      const account = await verifiedAccount(page, 'shell');
      for (const language of ['en', 'sw'] as const) {
        await page.goto(`/dashboard?lang=${language}`);
        const checklist = page.getByTestId('onboarding-checklist');
        await expect(checklist).toBeVisible();
        const title = checklist.getByRole('heading', { level: 2 });
        const box = await title.boundingBox();
        const lineHeight = Number.parseFloat(await title.evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { lineHeight: string } }).getComputedStyle(element).lineHeight));
        const lines = Math.round((box?.height ?? 0) / lineHeight);
        expect(lines, `${language}: checklist title lines`).toBeLessThanOrEqual(2);
        const share = page.getByRole('textbox', { name: language === 'sw' ? 'Linki ya kushiriki' : 'Share Link' }).filter({ visible: true }).first();
        await expect(share).toHaveValue(new RegExp(`/profile/${account.displayName.toLowerCase().replace(/[^a-z0-9]/g, '')}$`));
        // Nothing of the link is cut off: the box is as wide and as tall as what it holds.
        const clipped = await share.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
        expect(clipped, `${language}: the share link is clipped`).toBe(false);
        await screenshot(page, `web-shell-dashboard-${language}-${width}`);
      }
    });
  });
}

test('under reduced motion a spinner fades in place instead of turning', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/redeem');
  const animation = await page.evaluate(`(() => {
    const spinner = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    spinner.setAttribute('class', 'animate-spin');
    document.body.append(spinner);
    const style = getComputedStyle(spinner);
    return { name: style.animationName, iterations: style.animationIterationCount };
  })()`);
  expect(animation).toEqual({ name: 'sauti-working', iterations: 'infinite' });
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await page.evaluate(`getComputedStyle(document.querySelector('svg.animate-spin')).animationName`)).toBe('spin');
});
