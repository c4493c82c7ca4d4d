import type { Locator, Page } from '@playwright/test';

/** Whether `locator` holds the focus of a focused document (the e2e project has no DOM types). */
export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element.ownerDocument.hasFocus() && element === element.ownerDocument.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks a page, and
 * fails naming the target when it never gets it (it is not in the tab order).
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if ((await target.count()) === 1 && (await isFocused(target))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} never got the focus in ${max} presses`);
}
