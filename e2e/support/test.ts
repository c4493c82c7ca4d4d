import { expect, test as base } from '@playwright/test';

export { expect };
export type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Playwright's test, with one change: a page the server rendered shows before its scripts run
 * (docs/decisions/029), so after `page.goto` of such a page the test waits until it answers
 * clicks and keys (the layout marks <html data-interactive>), as a person would see the player
 * respond only then.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (await page.locator('script[src="/boot.js"]').count()) {
        await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
});
