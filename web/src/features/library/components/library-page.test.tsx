import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Library } from '#common/schemas/library';
import { LIBRARY_MESSAGES } from '#common/schemas/library';
import { PAYMENT_MESSAGES } from '#common/payment-messages';
import { LIBRARY_HINT_COOKIE, SESSION_HINT_COOKIE } from '#common/session-hint';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const TOKEN = 'B'.repeat(43);
const LIBRARY: Library = {
  email: 'fan@example.com',
  items: [
    { type: 'album', id: 'a1', name: 'Safari', artistName: 'Wanjiru', purchasedAt: '2026-11-26T10:00:00.000Z' },
    { type: 'track', id: 't1', name: 'Mvua', artistName: 'Wanjiru', purchasedAt: '2026-11-20T10:00:00.000Z' },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a fan's library (issue 17)", () => {
  it('opens the mailed link once, drops the token from the address, and lists what was bought with its downloads', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/library/session': { body: LIBRARY } });
    renderApp(`/library?token=${TOKEN}`);
    expect(await screen.findByText('Bought with fan@example.com')).toBeVisible();
    expect(calls('POST /api/library/session').map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(window.location.search).toBe('');
    const rows = within(screen.getByTestId('library-items')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Album by Wanjiru · Bought 26 Nov 2026');
    expect(within(rows[0]!).getByRole('link', { name: 'Download Safari as MP3' })).toHaveAttribute('href', '/api/albums/a1/download?format=mp3');
    expect(within(rows[1]!).getByRole('link', { name: 'Download Mvua, the original file' })).toHaveAttribute('href', '/api/tracks/t1/download?format=original');
  });

  it('says when a link is no longer valid and offers to send a new one', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/library/session': { status: 400, body: { code: 'library.link-invalid', message: LIBRARY_MESSAGES.linkInvalid } }, 'GET /api/library': { status: 401, body: { code: 'library.signed-out', message: LIBRARY_MESSAGES.signedOut } } });
    renderApp(`/library?token=${TOKEN}`);
    expect(await screen.findByText(LIBRARY_MESSAGES.linkInvalid)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  });

  it('asks for a sign-in link when signed out, and shows the same answer whatever the address', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /api/library': { status: 401, body: { code: 'library.signed-out', message: LIBRARY_MESSAGES.signedOut } },
      'POST /api/library/link': { status: 202, body: { message: LIBRARY_MESSAGES.linkSent } },
    });
    renderApp('/library');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.emailRequired)).toBeVisible();
    await user.type(screen.getByLabelText('Email'), ' Fan@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByText(LIBRARY_MESSAGES.linkSent)).toBeVisible();
    expect(calls('POST /api/library/link').map((call) => call.body)).toEqual([{ email: 'fan@example.com' }]);
  });

  it('asks nothing of the server for a browser that never opened a library, and links /redeem (issue 33)', async () => {
    for (const name of [SESSION_HINT_COOKIE, LIBRARY_HINT_COOKIE]) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const { requests } = mockFetch({});
    renderApp('/library');
    expect(await screen.findByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([]);
    expect(screen.getByRole('link', { name: 'Redeem it here' })).toHaveAttribute('href', '/redeem');
    // Only ids that are there (issue 33: the e-mail box named a missing description).
    const email = screen.getByLabelText('Email');
    for (const id of (email.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) expect(document.getElementById(id)).not.toBeNull();
  });
});
