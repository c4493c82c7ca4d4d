import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLLOW_MESSAGES } from '#common/schemas/follows';
import { makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const TOKEN = 'C'.repeat(43);
const artist = { id: 'u1', displayName: 'Amani Wa Muziki', profilePhotoFilename: null, profileUrl: '/profile/amaniwamuziki', hasProfilePhoto: false };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('follow by e-mail (issue 17)', () => {
  it('follows from the track page with only an e-mail, then says to check it', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'GET /api/track-detail/t1': { body: { track: makeTrack({ id: 't1', trackName: 'Sunrise', price: 0 }), user: artist } },
      'POST /api/follows': { status: 202, body: { message: FOLLOW_MESSAGES.requested } },
    });
    renderApp('/track/t1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow Amani Wa Muziki' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow Amani Wa Muziki' });
    await user.type(within(dialog).getByLabelText('Email'), 'Fan@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('dialog', { name: 'Check your e-mail' })).toHaveTextContent(FOLLOW_MESSAGES.requested);
    expect(calls('POST /api/follows').map((call) => call.body)).toEqual([{ artistId: 'u1', email: 'fan@example.com' }]);
  });

  it('confirms on opening the mailed link', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/follows/confirm': { body: { message: FOLLOW_MESSAGES.confirmed, artistName: 'Amani' } } });
    renderApp(`/follow/confirm?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You follow Amani' })).toBeVisible();
    expect(calls('POST /api/follows/confirm').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('unsubscribes only when the button is pressed (a link checker opening the page changes nothing)', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/follows/unsubscribe': { body: { message: FOLLOW_MESSAGES.unsubscribed } } });
    renderApp(`/follow/unsubscribe?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(calls('POST /api/follows/unsubscribe')).toHaveLength(0);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
    expect(calls('POST /api/follows/unsubscribe').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });
});
