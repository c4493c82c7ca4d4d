import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, TEST_USER, type MockRoute } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';

async function openMyMusic(routes: Record<string, MockRoute>) {
  const fetch = mockFetch({
    'GET /api/user': { body: TEST_USER },
    'GET /api/tracks': { body: [] },
    'GET /api/albums': { body: [] },
    'GET /api/storage': { body: { used: 0, quota: 1024 ** 3 } },
    ...routes,
  });
  const view = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'My Music' }, { timeout: 10_000 });
  // The first render loads the dashboard's code (a lazy chunk): give it time.
  await screen.findByRole('tab', { name: /Songs/ }, { timeout: 10_000 });
  return { ...view, ...fetch };
}

describe('onboarding checklist (spec section 2)', () => {
  it('lists the three steps, none done for a new artist, without an error for the missing payments API', async () => {
    const { calls } = await openMyMusic({});
    const checklist = await screen.findByTestId('onboarding-checklist');
    expect(within(checklist).getByRole('heading', { name: 'Complete these 3 steps to go fully live' })).toBeVisible();
    expect(within(checklist).getByText('0 of 3 done')).toBeVisible();
    expect(within(checklist).getAllByRole('listitem').map((item) => item.getAttribute('data-done'))).toEqual(['false', 'false', 'false']);
    // GET /api/payment-methods answers 404 until the payments issue: that is "not done", quietly.
    await waitFor(() => expect(calls('GET /api/payment-methods')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /Notifications/ })?.querySelector('li') ?? null).toBeNull();
  });

  // The fold is remembered in the browser: each test starts from a browser that chose nothing.
  afterEach(() => window.localStorage.clear());

  it('counts a profile with name and photo, a payment method and a track as done', async () => {
    const user = userEvent.setup();
    await openMyMusic({
      'GET /api/user': { body: { ...TEST_USER, hasProfilePhoto: true } },
      'GET /api/tracks': { body: [makeTrack()] },
    });
    const checklist = await screen.findByTestId('onboarding-checklist');
    expect(within(checklist).getByText('2 of 3 done')).toBeVisible();
    // With songs, the steps start folded away: the first screen is for the music.
    const toggle = within(checklist).getByRole('button', { name: 'Complete these 3 steps to go fully live' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(checklist).queryAllByRole('listitem')).toEqual([]);
    await user.click(toggle);
    expect(within(checklist).getAllByRole('listitem').map((item) => item.getAttribute('data-done'))).toEqual(['true', 'false', 'true']);
    expect(within(checklist).getByRole('button', { name: 'Go to Payments' })).toBeEnabled();
    expect(within(checklist).queryByRole('button', { name: 'Go to Profile' })).toBeNull();
  });

  it('says the display name given at sign-up is done while the photo is missing', async () => {
    await openMyMusic({});
    const checklist = await screen.findByTestId('onboarding-checklist');
    const profileStep = within(checklist).getAllByRole('listitem')[0]!;
    expect(profileStep.getAttribute('data-done')).toBe('false');
    expect(within(profileStep).getByText('Display name added')).toBeVisible();
    expect(within(profileStep).getByText('Add a profile photo so fans recognise you.')).toBeVisible();
  });

  it('remembers that the artist folded the steps away', async () => {
    const user = userEvent.setup();
    await openMyMusic({});
    const toggle = within(await screen.findByTestId('onboarding-checklist')).getByRole('button', { name: 'Complete these 3 steps to go fully live' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(window.localStorage.getItem('sauti.onboarding-checklist.expanded')).toBe('false');
  });

  it('is gone once all three are done', async () => {
    await openMyMusic({
      'GET /api/user': { body: { ...TEST_USER, hasProfilePhoto: true } },
      'GET /api/tracks': { body: [makeTrack()] },
      'GET /api/payment-methods': { body: [{ id: 'p1', type: 'mobile_money', mobileNumber: '+254712345678' }] },
    });
    await screen.findByText('Sunrise');
    await waitFor(() => expect(screen.queryByTestId('onboarding-checklist')).toBeNull());
  });

  it('links each step to its section', async () => {
    const user = userEvent.setup();
    const { currentPath } = await openMyMusic({});
    const checklist = await screen.findByTestId('onboarding-checklist');
    await user.click(within(checklist).getByRole('button', { name: 'Go to Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(currentPath()).toBe('/dashboard?section=profile');

    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'My Music' }));
    await user.click(within(await screen.findByTestId('onboarding-checklist')).getByRole('button', { name: 'Go to Payments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', { name: 'My Music' }));
    await user.click(within(await screen.findByTestId('onboarding-checklist')).getByRole('button', { name: 'Upload a track' }));
    expect(await screen.findByRole('dialog', { name: 'Upload New Track' })).toBeVisible();
  });
});

describe('Songs and Albums tabs (spec section 2)', () => {
  it('shows the empty states and zero counts', async () => {
    const user = userEvent.setup();
    await openMyMusic({});
    expect(await screen.findByText('No tracks uploaded yet')).toBeVisible();
    expect(screen.getByTestId('songs-count').textContent).toBe('0');
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    expect(await screen.findByText('No albums created yet')).toBeVisible();
    expect(screen.getByTestId('albums-count').textContent).toBe('0');
    expect(screen.getByRole('button', { name: 'Add Album' })).toBeEnabled();
  });

  it('lists songs with duration, size and price, and counts them', async () => {
    const album = makeAlbum({ albumName: 'Nairobi Nights' });
    await openMyMusic({
      'GET /api/tracks': {
        body: [
          makeTrack({ trackName: 'Sunrise', duration: 185.2, fileSize: 4_718_592, price: 15_050 }),
          makeTrack({ trackName: 'Dusk', duration: 59.9, fileSize: 1536, price: 0, allowFullPlayback: false, albumId: album.id }),
        ],
      },
      'GET /api/albums': { body: [album] },
      // The server counts the covers too: the bar shows its figure, not the songs' sizes added up.
      'GET /api/storage': { body: { used: 5_242_880, quota: 1024 ** 3 } },
    });
    const sunrise = await screen.findByRole('listitem', { name: 'Sunrise' });
    expect(within(sunrise).getByTestId('track-duration').textContent).toBe('3:05');
    expect(within(sunrise).getByTestId('track-size').textContent).toBe('4.50 MB');
    expect(within(sunrise).getByTestId('track-price').textContent).toBe('KES 150.50');
    const dusk = screen.getByRole('listitem', { name: 'Dusk' });
    expect(within(dusk).getByTestId('track-duration').textContent).toBe('0:59');
    expect(within(dusk).getByTestId('track-size').textContent).toBe('1.50 KB');
    expect(within(dusk).getByTestId('track-price').textContent).toBe('Free');
    expect(within(dusk).getByText('25-second preview')).toBeVisible();
    expect(within(dusk).getByText(/Nairobi Nights/)).toBeVisible();
    expect(screen.getByTestId('songs-count').textContent).toBe('2');
    expect(screen.getByTestId('albums-count').textContent).toBe('1');
    expect((await screen.findByTestId('storage-usage')).textContent).toContain('5.00 MB of 1 GB used');
  });

  it('expands an album to its numbered songs, or says it has none', async () => {
    const user = userEvent.setup();
    const full = makeAlbum({ albumName: 'Full', tracks: [makeTrack({ trackName: 'One' }), makeTrack({ trackName: 'Two' })] });
    const empty = makeAlbum({ albumName: 'Empty' });
    await openMyMusic({ 'GET /api/albums': { body: [full, empty] } });
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    const fullRow = await screen.findByRole('listitem', { name: 'Full' });
    expect(within(fullRow).getByTestId('album-song-count').textContent).toMatch(/^2 songs/);
    const toggle = within(fullRow).getByRole('button', { name: /Full/, expanded: false });
    await user.click(toggle);
    const songs = within(fullRow).getByRole('list', { name: 'Songs of Full' });
    expect(within(songs).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('1'),
      expect.stringContaining('2'),
    ]);
    expect(within(songs).getByText('One')).toBeVisible();
    const emptyRow = screen.getByRole('listitem', { name: 'Empty' });
    await user.click(within(emptyRow).getByRole('button', { name: /Empty/, expanded: false }));
    expect(within(emptyRow).getByText('No songs in this album yet')).toBeVisible();
  });

  it('offers to try again when the songs cannot be loaded', async () => {
    let fail = true;
    await openMyMusic({ 'GET /api/tracks': () => (fail ? { status: 500, body: { message: 'down' } } : { body: [makeTrack({ trackName: 'Back' })] }) });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('listitem', { name: 'Back' })).toBeVisible();
  });
});

describe('deleting (spec sections 4 and 8)', () => {
  it('refuses a sold track before asking, and deletes nothing', async () => {
    const user = userEvent.setup();
    const track = makeTrack({ trackName: 'Hit' });
    const { calls } = await openMyMusic({
      'GET /api/tracks': { body: [track] },
      [`GET /api/purchases/track/${track.id}`]: { body: [{ id: 'p1', name: 'Hit', price: 15_000, type: 'track' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Hit' }));
    const toast = await findToast('Cannot delete track');
    expect(within(toast).getByText('This track has been sold and cannot be deleted to preserve purchase records.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls(`DELETE /api/tracks/${track.id}`)).toHaveLength(0);
  });

  it('deletes an unsold track after confirmation', async () => {
    const user = userEvent.setup();
    const track = makeTrack({ trackName: 'Demo' });
    let deleted = false;
    const { calls } = await openMyMusic({
      'GET /api/tracks': () => ({ body: deleted ? [] : [track] }),
      [`GET /api/purchases/track/${track.id}`]: { body: [] },
      [`DELETE /api/tracks/${track.id}`]: () => {
        deleted = true;
        return { body: { message: 'Track deleted' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Demo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete track?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Track deleted')).toHaveTextContent('“Demo”');
    expect(calls(`DELETE /api/tracks/${track.id}`)).toHaveLength(1);
    expect(await screen.findByText('No tracks uploaded yet')).toBeVisible();
  });

  it('says that a track in an album leaves it', async () => {
    const user = userEvent.setup();
    const album = makeAlbum({ albumName: 'Safari' });
    const track = makeTrack({ trackName: 'Demo', albumId: album.id });
    await openMyMusic({
      'GET /api/tracks': { body: [track] },
      'GET /api/albums': { body: [{ ...album, tracks: [track] }] },
      [`GET /api/purchases/track/${track.id}`]: { body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Demo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete track?' });
    expect(within(confirm).getByText('“Demo” will be removed from Sauti with its audio and cover, and from the album “Safari”. This cannot be undone.')).toBeVisible();
  });

  it("says 'Failed to delete track. Please try again.' when the server fails", async () => {
    const user = userEvent.setup();
    const track = makeTrack({ trackName: 'Demo' });
    await openMyMusic({
      'GET /api/tracks': { body: [track] },
      [`GET /api/purchases/track/${track.id}`]: { body: [] },
      [`DELETE /api/tracks/${track.id}`]: { status: 500, body: { message: 'Internal' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Demo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('Track not deleted');
    expect(within(toast).getByText('Failed to delete track. Please try again.')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Demo' })).toBeVisible();
  });

  it('deletes an album after confirmation, or says it failed', async () => {
    const user = userEvent.setup();
    const album = makeAlbum({ albumName: 'Old' });
    let answer: MockRoute = { status: 500, body: {} };
    await openMyMusic({ 'GET /api/albums': { body: [album] }, [`DELETE /api/albums/${album.id}`]: () => answer as never });
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Old' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete album?' })).getByRole('button', { name: 'Delete' }));
    const failed = await findToast('Album not deleted');
    expect(within(failed).getByText('Failed to delete album. Please try again.')).toBeVisible();

    answer = { body: { message: 'Album deleted' } };
    await user.click(screen.getByRole('button', { name: 'Delete Old' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Album deleted')).toHaveTextContent('“Old”');
  });
});

describe('selling from My Music (issue 16)', () => {
  it("refuses to delete an album sold between the list and the click with 'Cannot delete album' and the reason", async () => {
    const user = userEvent.setup();
    const album = makeAlbum({ albumName: 'Sold Out' });
    const sold = 'This album has been sold and cannot be deleted to preserve purchase records.';
    await openMyMusic({ 'GET /api/albums': { body: [album] }, [`DELETE /api/albums/${album.id}`]: { status: 409, body: { code: 'album.sold', message: sold } } });
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Sold Out' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete album?' })).getByRole('button', { name: 'Delete' }));
    const toast = await findToast('Cannot delete album');
    expect(within(toast).getByText(sold)).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Sold Out' })).toBeVisible();
  });

  it("gives a sold album's reason at once, before any confirmation, and asks the server nothing (issue 33)", async () => {
    const user = userEvent.setup();
    const album = { ...makeAlbum({ albumName: 'Sold Out' }), sold: true };
    const { calls } = await openMyMusic({ 'GET /api/albums': { body: [album] } });
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Sold Out' }));
    const toast = await findToast('Cannot delete album');
    expect(within(toast).getByText('This album has been sold and cannot be deleted to preserve purchase records.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls(`DELETE /api/albums/${album.id}`)).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Sold Out' })).toBeVisible();
  });

  it("marks priced songs and albums 'Not on sale yet' while there is no payout method, with a way to Payments", async () => {
    const user = userEvent.setup();
    const { currentPath } = await openMyMusic({
      'GET /api/tracks': { body: [makeTrack({ trackName: 'Priced', price: 5000 }), makeTrack({ trackName: 'Gift', price: 0 })] },
      'GET /api/albums': { body: [makeAlbum({ albumName: 'Priced Album', price: 30000 }), makeAlbum({ albumName: 'Free Album', price: 0 })] },
      'GET /api/payment-methods': { body: [] },
    });
    const priced = await screen.findByRole('listitem', { name: 'Priced' });
    expect(await within(priced).findByTestId('not-on-sale')).toHaveTextContent('Not on sale yet: fans cannot buy it until you add a payout method.');
    expect(within(screen.getByRole('listitem', { name: 'Gift' })).queryByTestId('not-on-sale')).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Albums/ }));
    expect(within(await screen.findByRole('listitem', { name: 'Priced Album' })).getByTestId('not-on-sale')).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'Free Album' })).queryByTestId('not-on-sale')).toBeNull();
    await user.click(within(screen.getByRole('listitem', { name: 'Priced Album' })).getByRole('button', { name: 'Go to Payments' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard?section=payments'));
  });

  it('marks nothing once a payout method exists, or while the list is unknown', async () => {
    const { calls } = await openMyMusic({
      'GET /api/tracks': { body: [makeTrack({ trackName: 'Priced', price: 5000 })] },
      'GET /api/payment-methods': { body: [{ id: 'p1', type: 'mobile_money', mobileNumber: '+254712345678' }] },
    });
    await screen.findByRole('listitem', { name: 'Priced' });
    await waitFor(() => expect(calls('GET /api/payment-methods')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('not-on-sale')).toBeNull();
  });

  it('marks nothing when the payout methods could not be read', async () => {
    const { calls } = await openMyMusic({
      'GET /api/tracks': { body: [makeTrack({ trackName: 'Priced', price: 5000 })] },
      'GET /api/payment-methods': { status: 500, body: { message: 'Down' } },
    });
    await screen.findByRole('listitem', { name: 'Priced' });
    await waitFor(() => expect(calls('GET /api/payment-methods')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('not-on-sale')).toBeNull();
  });
});

describe('playing from My Music (the app wires the player in)', () => {
  it('plays a song in the fixed bottom player, toggles it from its row, and closes when the song is deleted', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    const user = userEvent.setup();
    const track = makeTrack({ trackName: 'Sunrise', duration: 185 });
    let tracks = [track];
    await openMyMusic({
      'GET /api/tracks': () => ({ body: tracks }),
      [`GET /api/purchases/track/${track.id}`]: { body: [] },
      [`DELETE /api/tracks/${track.id}`]: () => {
        tracks = [];
        return { body: { message: 'Track deleted' } };
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Sunrise' });
    await user.click(within(row).getByRole('button', { name: 'Play Sunrise' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' });
    expect(within(bar).getByTestId('player-title').textContent).toBe('Sunrise');
    expect(within(bar).getByTestId('player-total').textContent).toBe('3:05');
    expect((screen.getByTestId('player-audio') as HTMLAudioElement).getAttribute('src')).toBe(`/api/tracks/${track.id}/stream`);

    await user.click(within(row).getByRole('button', { name: 'Pause Sunrise' }));
    expect(within(row).getByRole('button', { name: 'Play Sunrise' })).toBeVisible();
    expect(within(bar).getByRole('button', { name: 'Play Sunrise' })).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Delete Sunrise' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull());
    vi.restoreAllMocks();
  });
});

describe('takedowns (issue 21, decision 058)', () => {
  it('marks a song an operator took down, with the reason, and says so above the list', async () => {
    const down = makeTrack({ id: 'track-down', trackName: 'Nyota' });
    const up = makeTrack({ id: 'track-up', trackName: 'Kesho' });
    await openMyMusic({
      'GET /api/tracks': { body: [down, up] },
      'GET /api/takedowns/mine': {
        body: { takedowns: [{ itemType: 'track', itemId: 'track-down', name: 'Nyota', reason: 'Reported: not your song', takenDownAt: '2026-11-26T10:00:00.000Z' }] },
      },
    });
    const notice = await screen.findByTestId('takedown-notice');
    expect(within(notice).getByText('Sauti took down some of your music')).toBeVisible();
    expect(within(notice).getByText(/“Nyota”: Reported: not your song/)).toBeVisible();
    const row = screen.getByRole('listitem', { name: 'Nyota' });
    expect(within(row).getByText('Taken down')).toBeVisible();
    expect(within(row).getByTestId('takedown-note').textContent).toBe('Taken down by Sauti: Reported: not your song');
    const other = screen.getByRole('listitem', { name: 'Kesho' });
    expect(within(other).queryByText('Taken down')).toBeNull();
  });
});
