import type { Browser } from '@playwright/test';
import { testMedia, type MediaFiles } from './media';
import type { Page } from './test';

/**
 * Sets up what a spec's tests share (accounts, uploads, albums) through the API, on a page of its
 * own that is closed afterwards even when the seeding fails, so a failed set-up does not leave a
 * signed-in page open beside the tests. Answers what `seeding` answers.
 */
export async function seed<T>(browser: Browser, seeding: (page: Page, media: MediaFiles) => Promise<T>): Promise<T> {
  const media = await testMedia();
  const page = await browser.newPage();
  try {
    return await seeding(page, media);
  } finally {
    await page.close();
  }
}
