import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { PUBLIC_ARTIST, visitSignedOut, expectPageHeading, stubClipboard, unstubClipboard, clickWithFakeTimers, spyOnRefusedDownload } from '@/test/public-pages';

const artist = PUBLIC_ARTIST;
const DETAIL = 'GET /api/album-detail/a1';
const { tracks: _none, ...album } = makeAlbum({ id: 'a1', albumName: 'Nairobi Nights', price: 0 });
const tracks = [
  makeTrack({ id: 't1', trackName: 'First Light', price: 0, duration: 61, albumId: 'a1' }),
  makeTrack({ id: 't2', trackName: 'Second Wind', price: 5000, duration: 200, albumId: 'a1' }),
];

afterEach(() => {
  unstubClipboard();
  vi.restoreAllMocks();
});

describe('album page (spec section 2)', () => {
  it('shows a loading state while the album loads', async () => {
    visitSignedOut('/album/a1', { [DETAIL]: () => new Promise(() => {}) });
    expect(await screen.findByTestId('album-loading')).toBeVisible();
  });

  it('shows the album, its numbered songs, its price and its download', async () => {
    const free = [tracks[0]!, { ...tracks[1]!, price: 0 }];
    visitSignedOut('/album/a1', { [DETAIL]: { body: { album, tracks: free, user: artist } } });
    await expectPageHeading('Nairobi Nights');
    expect(screen.getByRole('link', { name: 'Back to Amani Wa Muziki' })).toHaveAttribute('href', '/profile/amaniwamuziki');
    expect(screen.getByTestId('song-count')).toHaveTextContent('2 songs');
    expect(screen.getByRole('main')).toHaveTextContent('2 days ago');
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent('Free');
    expect(screen.getByRole('link', { name: 'Download Album' })).toHaveAttribute('href', '/api/albums/a1/download');
  });

  it("a free pay-more album and a free pay-more song in it say 'Name your price', with no Free or Download (issue 21)", async () => {
    const gift = { ...album, payMore: true };
    const songs = [{ ...tracks[0]!, payMore: true }, { ...tracks[1]!, price: 0 }];
    visitSignedOut('/album/a1', { 'GET /api/purchases/owned': { body: { trackIds: [], albumIds: [] } }, [DETAIL]: { body: { album: gift, tracks: songs, user: artist } } });
    await expectPageHeading('Nairobi Nights');
    const hero = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(hero).getByTestId('price')).toHaveTextContent('Name your price');
    expect(screen.queryByRole('link', { name: 'Download Album' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Name your price for Nairobi Nights' })).toBeVisible();
    const rows = within(screen.getByRole('list', { name: 'Songs' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByTestId('price')).toHaveTextContent('Name your price');
    expect(within(rows[0]!).queryByRole('link', { name: 'Download First Light' })).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Name your price for First Light' })).toBeVisible();
    // Its free song without pay more still downloads.
    expect(within(rows[1]!).getByRole('link', { name: 'Download Second Wind' })).toBeVisible();
  });

  it("an album priced 0 holding a priced song is not free: no 'Free', no Download Album, each song its own price (albumIsFree)", async () => {
    visitSignedOut('/album/a1', { [DETAIL]: { body: { album, tracks, user: artist } } });
    await expectPageHeading('Nairobi Nights');
    expect(screen.queryByRole('link', { name: 'Download Album' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Buy Nairobi Nights/ })).toBeNull();
    const hero = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(hero).queryByTestId('price')).toBeNull();
    expect(hero).not.toHaveTextContent('Free');

    const songs = screen.getByRole('list', { name: 'Songs' });
    const rows = within(songs).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByTestId('track-number').textContent)).toEqual(['1', '2']);
    expect(within(rows[0]!).getByRole('link', { name: 'First Light' })).toHaveAttribute('href', '/track/t1');
    expect(within(rows[0]!).getByRole('button', { name: 'Play First Light' })).toBeVisible();
    expect(rows[0]).toHaveTextContent('1:01');
    expect(within(rows[0]!).getByRole('link', { name: 'Download First Light' })).toBeVisible();
    expect(within(rows[1]!).getByTestId('price')).toHaveTextContent('KES 50.00');
    expect(within(rows[1]!).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it("shows each song's price beside its Buy, and a preview-only song's '25-second preview' badge (issue 17)", async () => {
    const priced = [tracks[0]!, { ...tracks[1]!, price: 50000, allowFullPlayback: false }];
    visitSignedOut('/album/a1', { [DETAIL]: { body: { album, tracks: priced, user: artist } } });
    const rows = within(await screen.findByRole('list', { name: 'Songs' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByTestId('price')).toHaveTextContent('Free');
    expect(within(rows[0]!).queryByText('25-second preview')).toBeNull();
    expect(within(rows[1]!).getByTestId('price')).toHaveTextContent('KES 500.00');
    expect(within(rows[1]!).getByTestId('price')).not.toHaveClass('hidden');
    expect(within(rows[1]!).getByText('25-second preview')).toBeVisible();
  });

  it('offers no download for a priced album, and says when it has no songs', async () => {
    visitSignedOut('/album/a1', { [DETAIL]: { body: { album: { ...album, price: 20000 }, tracks: [], user: artist } } });
    expect(await screen.findByText('No songs in this album')).toBeVisible();
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent('KES 200.00');
    expect(screen.queryByRole('link', { name: 'Download Album' })).toBeNull();
  });

  it("copies the album's address and says 'Copied!' for 2 seconds", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: { body: { album, tracks, user: artist } } });
    const writeText = stubClipboard(async () => {});
    renderApp('/album/a1');
    const button = await screen.findByRole('button', { name: 'Copy Album Link' });
    await clickWithFakeTimers(button);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/album/a1`);
    expect(button).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveTextContent('Copy Album Link');
  });

  it("says 'Failed to download album. Please try again.' (or the server's message) instead of saving a refusal", async () => {
    const free = [tracks[0]!];
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      [DETAIL]: { body: { album, tracks: free, user: artist } },
      'HEAD /api/albums/a1/download': { status: 500 },
      'GET /api/albums/a1/download': { status: 500, body: 'oops' },
    });
    const click = spyOnRefusedDownload();
    renderApp('/album/a1');
    fireEvent.click(await screen.findByRole('link', { name: 'Download Album' }));
    expect(await findToast('Download failed')).toHaveTextContent('Failed to download album. Please try again.');
    expect(click).not.toHaveBeenCalled();
  });

  it("shows 'Purchased' with Download Album, and on each song bought with it, in the browser that bought it", async () => {
    visitSignedOut('/album/a1', {
      [DETAIL]: { body: { album: { ...album, price: 30000, purchasable: true }, tracks, user: artist } },
      'GET /api/purchases/owned': { body: { trackIds: ['t1', 't2'], albumIds: ['a1'] } },
    });
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Nairobi Nights' })).closest('header')!;
    expect(await within(hero).findByText('Purchased')).toBeVisible();
    expect(within(hero).getByRole('link', { name: 'Download Nairobi Nights' })).toHaveAttribute('href', '/api/albums/a1/download');
    expect(within(hero).getByRole('link', { name: 'Download Nairobi Nights' })).toHaveTextContent('Download Album');
    const row = screen.getByRole('listitem', { name: 'Second Wind' });
    expect(within(row).getByRole('link', { name: 'Purchased: download Second Wind' })).toHaveAttribute('href', '/api/tracks/t2/download');
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
  });

  it("says 'Not on sale yet' for a priced album and its priced songs while the artist cannot take payments", async () => {
    visitSignedOut('/album/a1', {
      [DETAIL]: {
        body: { album: { ...album, price: 30000, purchasable: false }, tracks: tracks.map((track) => ({ ...track, purchasable: track.price === 0 })), user: artist },
      },
    });
    const hero = (await screen.findByRole('heading', { level: 1, name: 'Nairobi Nights' })).closest('header')!;
    expect(within(hero).getByText('Not on sale yet')).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'Second Wind' })).getByText('Not on sale yet')).toBeVisible();
    expect(within(screen.getByRole('listitem', { name: 'First Light' })).getByRole('link', { name: 'Download First Light' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
  });

  it('shows Album Not Found for an unknown album', async () => {
    visitSignedOut('/album/a1', { [DETAIL]: { status: 404, body: { code: 'album.not-found', message: 'Album not found' } } });
    await expectPageHeading('Album Not Found');
  });
});
