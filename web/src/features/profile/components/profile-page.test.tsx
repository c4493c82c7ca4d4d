import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfileResponse } from '#common/schemas/public';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { PUBLIC_ARTIST, visitSignedOut, expectPageHeading, stubMediaElement, catchDownloadClicks, expectDownloadStarted, spyOnRefusedDownload } from '@/test/public-pages';

const DAY = 24 * 60 * 60 * 1000;
const artist = PUBLIC_ARTIST;

function profile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  const freeSong = makeTrack({ id: 't-free', trackName: 'Free Song', price: 0, duration: 185.2, streamCount: 2, downloadCount: 1, coverPhotoFilename: 'c1.png' });
  const pricedSong = makeTrack({ id: 't-priced', trackName: 'Priced Song', price: 5000, duration: 61, streamCount: 1, downloadCount: 0 });
  const albumSong = makeTrack({ id: 't-album', trackName: 'Album Song', price: 0, albumId: 'a1', uploadedAt: new Date(Date.now() - 10 * DAY).toISOString() });
  return {
    user: artist,
    tracks: [freeSong, pricedSong, albumSong],
    albums: [
      { ...makeAlbum({ id: 'a1', albumName: 'Nairobi Nights', price: 0 }), tracks: [albumSong] },
      { ...makeAlbum({ id: 'a2', albumName: 'Empty Album', price: 20000 }), tracks: [] },
    ],
    socialLinks: [
      { id: 's1', title: 'Instagram', url: 'https://instagram.com/amani' },
      { id: 's2', title: 'Sneaky', url: 'javascript:alert(1)' },
    ],
    ...overrides,
  } as ProfileResponse;
}

const PROFILE = 'GET /api/profile/amaniwamuziki';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('public profile (spec section 2)', () => {
  it('shows a loading state while the profile loads', async () => {
    visitSignedOut('/profile/amaniwamuziki', { [PROFILE]: () => new Promise(() => {}) });
    expect(await screen.findByTestId('profile-loading')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile…');
  });

  it('shows the header, the albums and the music collection', async () => {
    const { calls } = visitSignedOut('/profile/amaniwamuziki', { [PROFILE]: { body: profile() } });
    await expectPageHeading('Amani Wa Muziki');
    expect(calls(PROFILE)).toHaveLength(1);
    // No photo yet: the initials.
    expect(screen.getByText('AM')).toBeVisible();
    expect(screen.getByTestId('tracks-available')).toHaveTextContent('3 tracks available');

    // Social links open in a new tab; only web addresses are shown.
    const social = screen.getByRole('list', { name: 'Social links' });
    const instagram = within(social).getByRole('link', { name: /Instagram/ });
    expect(instagram).toHaveAttribute('href', 'https://instagram.com/amani');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(social).queryByText('Sneaky')).toBeNull();

    // Music Collection rows.
    const music = screen.getByRole('list', { name: 'Music Collection' });
    const free = within(music).getByRole('listitem', { name: 'Free Song' });
    expect(within(free).getByRole('button', { name: 'Play Free Song' })).toBeVisible();
    expect(within(free).getByRole('link', { name: 'Free Song' })).toHaveAttribute('href', '/track/t-free');
    expect(free).toHaveTextContent('Amani Wa Muziki');
    expect(free).toHaveTextContent('3:05');
    expect(free).toHaveTextContent('3 days ago');
    expect(free).toHaveTextContent('2 streams');
    expect(free).toHaveTextContent('1 download');
    expect(within(free).getByTestId('price')).toHaveTextContent('Free');
    expect(within(free).getByRole('link', { name: 'Download Free Song' })).toHaveAttribute('href', '/api/tracks/t-free/download');
    const cover = free.querySelector('img');
    expect(cover).toHaveAttribute('src', '/api/tracks/t-free/cover?size=96&v=c1.png');
    expect(cover).toHaveAttribute('width', '48');
    expect(cover).toHaveAttribute('loading', 'lazy');

    const priced = within(music).getByRole('listitem', { name: 'Priced Song' });
    expect(within(priced).getByTestId('price')).toHaveTextContent('KES 50.00');
    expect(within(priced).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(priced).toHaveTextContent('1:01');
    expect(priced).toHaveTextContent('1 stream');
    expect(within(music).getByRole('listitem', { name: 'Album Song' })).toHaveTextContent('1 weeks ago');

    // Albums: collapsed, then expanded.
    const albums = screen.getByRole('list', { name: 'Albums' });
    const nights = within(albums).getByRole('listitem', { name: 'Nairobi Nights' });
    expect(nights).toHaveTextContent('1 song');
    expect(nights).toHaveTextContent('2 days ago');
    expect(within(nights).getByTestId('price')).toHaveTextContent('Free');
    expect(within(nights).getByRole('link', { name: 'Download Album' })).toHaveAttribute('href', '/api/albums/a1/download');
    expect(within(nights).getByRole('link', { name: 'Nairobi Nights' })).toHaveAttribute('href', '/album/a1');
    const toggle = within(nights).getByRole('button', { name: 'Show the songs of Nairobi Nights' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nights).getByRole('list', { name: 'Songs of Nairobi Nights' })).toHaveTextContent('Album Song');

    const empty = within(albums).getByRole('listitem', { name: 'Empty Album' });
    expect(within(empty).getByTestId('price')).toHaveTextContent('KES 200.00');
    expect(within(empty).queryByRole('link', { name: 'Download Album' })).toBeNull();
    fireEvent.click(within(empty).getByRole('button', { name: 'Show the songs of Empty Album' }));
    expect(within(empty).getByText('No songs in this album')).toBeVisible();
  });

  it("says 'Name your price' on a free pay-more album, with no Download Album (issue 21)", async () => {
    const body = profile();
    body.albums[0] = { ...body.albums[0]!, payMore: true };
    visitSignedOut('/profile/amaniwamuziki', { 'GET /api/purchases/owned': { body: { trackIds: [], albumIds: [] } }, [PROFILE]: { body } });
    const nights = within(await screen.findByRole('list', { name: 'Albums' })).getByRole('listitem', { name: 'Nairobi Nights' });
    expect(within(nights).getByTestId('price')).toHaveTextContent('Name your price');
    expect(within(nights).queryByRole('link', { name: 'Download Album' })).toBeNull();
    expect(await within(nights).findByRole('button', { name: 'Name your price for Nairobi Nights' })).toBeVisible();
  });

  it('says so when the artist has no tracks', async () => {
    visitSignedOut('/profile/amaniwamuziki', { [PROFILE]: { body: profile({ tracks: [], albums: [], socialLinks: [] }) } });
    expect(await screen.findByText('No tracks available')).toBeVisible();
    expect(screen.getByTestId('tracks-available')).toHaveTextContent('0 tracks available');
    expect(screen.queryByRole('heading', { name: 'Albums' })).toBeNull();
  });

  it('asks for a display name with spaces and capitals as it is written', async () => {
    const { calls } = visitSignedOut('/Amani%20Wa%20Muziki', { 'GET /api/profile/Amani%20Wa%20Muziki': { body: profile() } });
    await expectPageHeading('Amani Wa Muziki');
    expect(calls('GET /api/profile/Amani%20Wa%20Muziki')).toHaveLength(1);
  });

  it.each([
    ['a 404', { status: 404, body: { code: 'profile.not-found', message: 'Profile not found' } }],
    ['an answer without an artist', { body: {} }],
  ])('shows Profile Not Found for %s', async (_name, reply) => {
    visitSignedOut('/profile/amaniwamuziki', { [PROFILE]: reply });
    await expectPageHeading('Profile Not Found');
  });

  it('shows Profile Error when the profile fails to load otherwise', async () => {
    visitSignedOut('/profile/amaniwamuziki', { [PROFILE]: { status: 500, body: { message: 'Something went wrong' } } });
    await expectPageHeading('Profile Error');
  });

  it('plays a track in the global player; the current track toggles', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [PROFILE]: { body: profile() } });
    stubMediaElement();
    renderApp('/profile/amaniwamuziki');
    const row = await screen.findByRole('listitem', { name: 'Free Song' });
    fireEvent.click(within(row).getByRole('button', { name: 'Play Free Song' }));
    const bar = await screen.findByRole('region', { name: 'Audio player' });
    expect(within(bar).getByTestId('player-title')).toHaveTextContent('Free Song');
    expect(screen.getByTestId('player-audio')).toHaveAttribute('src', '/api/tracks/t-free/stream');
    fireEvent.click(within(row).getByRole('button', { name: 'Pause Free Song' }));
    expect(within(row).getByRole('button', { name: 'Play Free Song' })).toBeVisible();
    // Another track becomes current and plays.
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Priced Song' })).getByRole('button', { name: 'Play Priced Song' }));
    await waitFor(() => expect(within(bar).getByTestId('player-title')).toHaveTextContent('Priced Song'));
  });

  it("shows 'Purchased' with a download on what this browser bought, 'Not on sale yet' on what cannot be sold (issue 16)", async () => {
    const bought = makeTrack({ id: 't-bought', trackName: 'Bought Song', price: 5000 });
    const unsellable = { ...makeTrack({ id: 't-later', trackName: 'Later Song', price: 5000 }), purchasable: false };
    const albumSong = makeTrack({ id: 't-a3', trackName: 'Album Priced Song', price: 2000, albumId: 'a3' });
    visitSignedOut('/profile/amaniwamuziki', {
      [PROFILE]: {
        body: profile({
          tracks: [bought, unsellable, albumSong] as unknown as ProfileResponse['tracks'],
          albums: [
            { ...makeAlbum({ id: 'a3', albumName: 'Mixed Album', price: 0 }), tracks: [albumSong], purchasable: true },
            { ...makeAlbum({ id: 'a4', albumName: 'Owned Album', price: 30000 }), tracks: [albumSong], purchasable: true },
          ] as unknown as ProfileResponse['albums'],
        }),
      },
      'GET /api/purchases/owned': { body: { trackIds: ['t-bought'], albumIds: ['a4'] } },
    });
    const boughtRow = await screen.findByRole('listitem', { name: 'Bought Song' });
    const download = await within(boughtRow).findByRole('link', { name: 'Purchased: download Bought Song' });
    expect(download).toHaveAttribute('href', '/api/tracks/t-bought/download');
    expect(download).toHaveTextContent('Purchased');
    expect(within(boughtRow).queryByRole('button', { name: /^Buy/ })).toBeNull();

    const later = screen.getByRole('listitem', { name: 'Later Song' });
    expect(within(later).getByText('Not on sale yet')).toBeVisible();
    expect(within(later).queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Album Priced Song' })).getByRole('button', { name: 'Buy Album Priced Song for KES 20.00' })).toBeVisible();

    // An album priced 0 holding a priced song: no 'Free', no Download Album (albumIsFree).
    const mixed = screen.getByRole('listitem', { name: 'Mixed Album' });
    expect(within(mixed).queryByTestId('price')).toBeNull();
    expect(within(mixed).queryByRole('link', { name: 'Download Album' })).toBeNull();
    fireEvent.click(within(mixed).getByRole('button', { name: 'Show the songs of Mixed Album' }));
    expect(within(within(mixed).getByRole('list', { name: 'Songs of Mixed Album' })).getByTestId('price')).toHaveTextContent('KES 20.00');

    const owned = screen.getByRole('listitem', { name: 'Owned Album' });
    expect(within(owned).getByText('Purchased')).toBeVisible();
    expect(within(owned).getByRole('link', { name: 'Download Owned Album' })).toHaveAttribute('href', '/api/albums/a4/download');
  });

  it('downloads a free track after a HEAD check of its download address', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      [PROFILE]: { body: profile() },
      'HEAD /api/tracks/t-free/download': { status: 200 },
    });
    const clicked = catchDownloadClicks();
    renderApp('/profile/amaniwamuziki');
    const row = await screen.findByRole('listitem', { name: 'Free Song' });
    fireEvent.click(within(row).getByRole('link', { name: 'Download Free Song' }));
    await expectDownloadStarted(calls, clicked, '/api/tracks/t-free/download');
  });

  it('shows an alert with the server message when a download fails', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      [PROFILE]: { body: profile() },
      'HEAD /api/albums/a1/download': { status: 402 },
      'GET /api/albums/a1/download': { status: 402, body: { code: 'download.purchase-required', message: 'This album must be bought before it can be downloaded' } },
    });
    const click = spyOnRefusedDownload();
    renderApp('/profile/amaniwamuziki');
    const album = await screen.findByRole('listitem', { name: 'Nairobi Nights' });
    fireEvent.click(within(album).getByRole('link', { name: 'Download Album' }));
    const alert = await findToast('Download failed');
    expect(alert).toHaveTextContent('This album must be bought before it can be downloaded');
    expect(click).not.toHaveBeenCalled();
  });

  it("shows 'Download failed' when the server cannot be reached", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      [PROFILE]: { body: profile() },
      'HEAD /api/tracks/t-free/download': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/tracks/t-free/download': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const click = spyOnRefusedDownload();
    renderApp('/profile/amaniwamuziki');
    const row = await screen.findByRole('listitem', { name: 'Free Song' });
    fireEvent.click(within(row).getByRole('link', { name: 'Download Free Song' }));
    const alert = await findToast('Download failed');
    expect(alert).toHaveTextContent(/^Download failed$/);
    expect(click).not.toHaveBeenCalled();
  });
});
