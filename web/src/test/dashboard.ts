import { screen, within, type ByRoleOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, TEST_USER, type MockRoute } from './fetch-mock';
import { renderApp } from './render';
import { mockXhr } from './xhr-mock';

/**
 * What the dashboard sections' tests share: the signed-in artist opens a section, and a toast is
 * found while a dialog is open.
 */

/**
 * The signed-in artist (TEST_USER) opens `path` with these answers, and the test waits for the
 * element that says the section is there (`ready`: a role and its options). XMLHttpRequest is
 * stubbed (uploads go through it), and the user's uploads skip the input's accept list, so files
 * it would hide still reach the drop rules under test. Returns the render, mockFetch's record of
 * calls, the XHR stub and the user.
 */
export async function openDashboard(path: string, routes: Record<string, MockRoute>, ready: [role: string, options: ByRoleOptions]) {
  const fetch = mockFetch({ 'GET /api/user': { body: TEST_USER }, ...routes });
  const xhr = mockXhr();
  const view = renderApp(path);
  // The first render loads the dashboard's code (a lazy chunk): give it time.
  await screen.findByRole(ready[0], ready[1], { timeout: 10_000 });
  const user = userEvent.setup({ applyAccept: false });
  return { ...view, ...fetch, xhr, user };
}

/**
 * The toast titled `title`. While a modal dialog is open the rest of the page (the toast area
 * included) is aria-hidden, so hidden elements are searched too.
 */
export async function findToastBehindDialog(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  const heading = await within(region).findByText(title);
  return heading.closest('li')!;
}
