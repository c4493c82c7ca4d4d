import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, TEST_USER } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { currentUserQueryKey } from '@/lib/auth';

const SECTIONS = ['My Music', 'Profile', 'Payments', 'Analytics', 'Codes'];

async function openDashboard(path = '/dashboard') {
  const view = renderApp(path);
  // The sections are loaded lazily: on a busy machine that takes more than findBy's default second.
  await screen.findByRole('heading', { level: 1, name: /My Music|Profile|Payments|Analytics/ }, { timeout: 5_000 });
  return view;
}

describe('dashboard shell', () => {
  it('has the four sidebar sections and Codes, with My Music open by default', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(SECTIONS);
    expect(within(nav).getByRole('button', { name: 'My Music' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
    // My Music itself: the Songs and Albums tabs (its own tests are in features/my-music).
    expect(await screen.findByRole('tab', { name: /Songs/, selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: /Albums/ })).toHaveAttribute('aria-selected', 'false');
  });

  it('switches sections and keeps the choice in the address', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    const user = userEvent.setup();
    const { currentPath } = await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    for (const [label, query] of [
      ['Payments', '?section=payments'],
      ['Analytics', '?section=analytics'],
      ['Profile', '?section=profile'],
      ['My Music', ''],
    ] as const) {
      await user.click(within(nav).getByRole('button', { name: label }));
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeVisible();
      expect(currentPath()).toBe(`/dashboard${query}`);
    }
  });

  it('opens a section named in the address', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    await openDashboard('/dashboard?section=profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(screen.getByText(TEST_USER.email)).toBeVisible();
  });

  it('opens the sidebar in a sheet on phones and closes it after a choice', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    const user = userEvent.setup();
    await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sheet = await screen.findByRole('dialog');
    await user.click(within(sheet).getByRole('button', { name: 'Payments' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  });

  it('shows the share link and copies it', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await openDashboard();
    const [input] = screen.getAllByLabelText('Share Link') as HTMLInputElement[];
    expect(input!.value).toBe('http://localhost:3000/profile/amaniwamuziki');
    await user.click(screen.getAllByRole('button', { name: 'Copy Link' })[0]!);
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/profile/amaniwamuziki');
    expect(await findToast('Link copied!')).toHaveTextContent('http://localhost:3000/profile/amaniwamuziki');
    expect(screen.getAllByRole('button', { name: 'Copied!' }).length).toBeGreaterThan(0);
  });

  it('says when the link could not be copied', async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER } });
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await openDashboard();
    await user.click(screen.getAllByRole('button', { name: 'Copy Link' })[0]!);
    expect(await findToast('Failed to copy link to clipboard.')).toBeVisible();
  });
});

describe('Log out (spec section 4)', () => {
  it('clears the cache and storage, sets the user to null, and goes to /auth after 100 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({ 'GET /api/user': { body: TEST_USER }, 'POST /api/logout': { status: 204 } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient, currentPath } = await openDashboard();
    queryClient.setQueryData(['/api/tracks'], [makeTrack()]);
    window.localStorage.setItem('player', 'x');
    window.sessionStorage.setItem('draft', 'y');

    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(calls('POST /api/logout')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
    expect(calls('POST /api/logout')[0]!.headers.has('Content-Type')).toBe(false);
    expect(queryClient.getQueryData(['/api/tracks'])).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(currentPath()).toBe('/dashboard');

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(currentPath()).toBe('/auth');
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeVisible();
    // Signed out by the answer itself: no second round trip to learn it.
    expect(calls('GET /api/user')).toHaveLength(1);
  });

  it("shows 'Logout failed' and stays when the server refuses", async () => {
    mockFetch({ 'GET /api/user': { body: TEST_USER }, 'POST /api/logout': { status: 500, body: { message: 'Try later' } } });
    const user = userEvent.setup();
    const { currentPath } = await openDashboard();
    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const toast = await findToast('Logout failed');
    expect(within(toast).getByText('Try later')).toBeVisible();
    expect(currentPath()).toBe('/dashboard');
  });
});
