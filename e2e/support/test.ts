import { expect, test as base } from '@playwright/test';

export { expect };
export type { Locator, Page, TestInfo } from '@playwright/test';

const randomOctet = () => 1 + Math.floor(Math.random() * 254);

/**
 * Playwright's test, with two changes. Each test comes from an address of its own (below). And a
 * page the server rendered shows before its scripts run (docs/decisions/029), so after
 * `page.goto` of such a page the test waits until it answers clicks and keys (the layout marks
 * <html data-interactive>), as a person would see the player respond only then.
 */
export const test = base.extend({
  // Each test is a visitor of its own address, as people are: the server trusts the proxy header
  // (global-setup starts it with TRUST_PROXY), so the per-address limits (30 sign-ups in 15
  // minutes) count each test, not the whole suite that shares 127.0.0.1.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` });
  },
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

/**
 * A public page's JavaScript, gzip, every script it fetches: issue 18 asks 110 KB (DESIGN.md's
 * budget was 120 KB; the departures of decisions 035, 038 and 040, up to 124 KB, are over).
 * Decision 064 brought the pages from 119-123 KB to 106.8-108.8 KB.
 */
export const PUBLIC_PAGE_JS_BUDGET_BYTES = 110 * 1024;
