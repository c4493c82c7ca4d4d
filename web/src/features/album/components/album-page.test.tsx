import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const artist = {
  id: 'u1',
  displayName: 'Amani Wa Muziki',
  profilePhotoFilename: null,
  profileUrl: '/profile/amaniwamuziki',
  hasProfilePhoto: false,
};
const DETAIL = 'GET /api/album-detail/a1';
const { tracks: _none, ...album } = makeAlbum({ id: 'a1', albumName: 'Nairobi Nights', price: 0 });
const tracks = [
  makeTrack({ id: 't1', trackName: 'First Light', price: 0, duration: 61, albumId: 'a1' }),
  makeTrack({ id: 't2', trackName: 'Second Wind', price: 5000, duration: 200, albumId: 'a1' }),
];

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe('album page (spec section 2)', () => {
  it('shows a loading state while the album loads', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: () => new Promise(() => {}) });
    renderApp('/album/a1');
    expect(await screen.findByTestId('album-loading')).toBeVisible();
  });

  it('shows the album, its numbered songs, its price and its download', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: { body: { album, tracks, user: artist } } });
    renderApp('/album/a1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nairobi Nights' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Amani Wa Muziki' })).toHaveAttribute('href', '/profile/amaniwamuziki');
    expect(screen.getByTestId('song-count')).toHaveTextContent('2 songs');
    expect(screen.getByRole('main')).toHaveTextContent('2 days ago');
    expect(screen.getByRole('link', { name: 'Download Album' })).toHaveAttribute('href', '/api/albums/a1/download');

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

  it('offers no download for a priced album, and says when it has no songs', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: { body: { album: { ...album, price: 20000 }, tracks: [], user: artist } } });
    renderApp('/album/a1');
    expect(await screen.findByText('No songs in this album')).toBeVisible();
    expect(screen.getAllByTestId('price')[0]).toHaveTextContent('KES 200.00');
    expect(screen.queryByRole('link', { name: 'Download Album' })).toBeNull();
  });

  it("copies the album's address and says 'Copied!' for 2 seconds", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: { body: { album, tracks, user: artist } } });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/album/a1');
    const button = await screen.findByRole('button', { name: 'Copy Album Link' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/album/a1`);
    expect(button).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveTextContent('Copy Album Link');
  });

  it('shows Album Not Found for an unknown album', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: { status: 404, body: { message: 'Album not found' } } });
    renderApp('/album/a1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Album Not Found' })).toBeVisible();
  });
});
