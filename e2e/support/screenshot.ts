import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * A screenshot for a person to look at, taken only when E2E_SCREENSHOTS names a folder
 * (`E2E_SCREENSHOTS=/tmp/shots npx playwright test …`): CI writes none.
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage });
}
