import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { PUBLIC_ARTIST, visitSignedOut, expectPageHeading, stubClipboard, unstubClipboard, clickWithFakeTimers, catchDownloadClicks, expectDownloadStarted, spyOnRefusedDownload } from '@/test/public-pages';

const artist = PUBLIC_ARTIST;
const DETAIL = 'GET /api/track-detail/t1';
const detail = (overrides: Parameters<typeof makeTrack>[0] = {}) => ({
  body: {
    track: makeTrack({ id: 't1', trackName: 'Sunrise', price: 0, duration: 185, streamCount: 4, downloadCount: 2, coverPhotoFilename: 'c.png', ...overrides }),
    user: artist,
  },
});

afterEach(() => {
  unstubClipboard();
  vi.restoreAllMocks();
});

describe('track page (spec section 2)', () => {
  it('shows a loading state, then the track with its artist, price, counts, player and download', async () => {
    let answer: (reply: ReturnType<typeof detail>) => void = () => {};
    visitSignedOut('/track/t1', { [DETAIL]: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByTestId('track-loading')).toBeVisible();
    answer(detail());
    await expectPageHeading('Sunrise');
    expect(screen.getByRole('link', { name: 'Back to Amani Wa Muziki' })).toHaveAttribute('href', '/profile/amaniwamuziki');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('3:05');
    expect(main).toHaveTextContent('3 days ago');
    expect(main).toHaveTextContent('4 streams');
    expect(main).toHaveTextContent('2 downloads');
    expect(within(main).getByTestId('price')).toHaveTextContent('Free');
    expect(screen.getByRole('button', { name: 'Play Sunrise' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download Sunrise' })).toHaveAttribute('href', '/api/tracks/t1/download');
    const cover = main.querySelector('img');
    expect(cover).toHaveAttribute('src', '/api/tracks/t1/cover?size=300&v=c.png');
    expect(cover).toHaveAttribute('srcset', '/api/tracks/t1/cover?size=300&v=c.png 300w, /api/tracks/t1/cover?size=640&v=c.png 640w');
    expect(cover).toHaveAttribute('width', '288');
    expect(cover).toHaveAttribute('height', '288');
  });

  it('links the album it is on, with its cover, and shows more from the artist (issue 17)', async () => {
    const more = [makeTrack({ id: 't2', trackName: 'Moonrise', coverPhotoFilename: null }), makeTrack({ id: 't3', trackName: 'Noon', coverPhotoFilename: 'n.jpg' })];
    visitSignedOut('/track/t1', {
      [DETAIL]: { body: { ...detail().body, album: { id: 'a1', albumName: 'Daylight', coverPhotoFilename: 'a.jpg' }, moreFromArtist: more } },
    });
    const albumLink = await screen.findByRole('link', { name: /From the album\s*Daylight/ });
    expect(albumLink).toHaveAttribute('href', '/album/a1');
    expect(albumLink.querySelector('img')).toHaveAttribute('src', '/api/albums/a1/cover?size=96&v=a.jpg');
    const section = screen.getByRole('region', { name: 'More from Amani Wa Muziki' });
    expect(within(section).getByRole('link', { name: 'Moonrise' })).toHaveAttribute('href', '/track/t2');
    expect(within(section).getByRole('link', { name: 'Noon' }).querySelector('img')).toHaveAttribute('src', '/api/tracks/t3/cover?size=300&v=n.jpg');
  });

  it('names no album and shows no "More from" when there is none', async () => {
    visitSignedOut('/track/t1', { [DETAIL]: { body: { ...detail().body, album: null, moreFromArtist: [] } } });
    await expectPageHeading('Sunrise');
    expect(screen.queryByText('From the album')).toBeNull();
    expect(screen.queryByRole('region', { name: /More from/ })).toBeNull();
  });

  it('shows the price of a priced track and no download', async () => {
    visitSignedOut('/track/t1', { [DETAIL]: detail({ price: 5000, allowFullPlayback: false }) });
    expect(await screen.findByTestId('price')).toHaveTextContent('KES 50.00');
    expect(screen.getByText('25-second preview')).toBeVisible();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it("copies the page's address and says 'Copied!' for 2 seconds", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: detail() });
    const writeText = stubClipboard(async () => {});
    renderApp('/track/t1');
    const button = await screen.findByRole('button', { name: 'Copy Track Link' });
    await clickWithFakeTimers(button);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/track/t1`);
    expect(button).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1999));
    expect(button).toHaveTextContent('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent('Copy Track Link');
    vi.useRealTimers();
    const copied = await findToast('Link copied!');
    expect(copied).toBeVisible();
    // The whole link, in a box that wraps anywhere: legible on a 390 px phone (issue 20, item 5).
    expect(within(copied).getByText(`${window.location.origin}/track/t1`)).toHaveClass('break-all', 'font-mono');
  });

  it('offers the code of its embeddable player under Embed, to copy (issue 17)', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: detail() });
    const writeText = stubClipboard(async () => {});
    renderApp('/track/t1');
    const code = await screen.findByRole('textbox', { name: 'Embed code for Sunrise by Amani Wa Muziki on Sauti' });
    expect(screen.getByText('Embed', { selector: 'summary' })).toBeInTheDocument();
    const iframe = `<iframe src="${window.location.origin}/embed/track/t1" width="480" height="120"`;
    expect((code as HTMLTextAreaElement).value).toContain(iframe);
    expect(code).toHaveAttribute('readonly');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Embed Code', hidden: true }));
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(iframe));
    expect(await findToast('Code copied!')).toBeVisible();
  });

  it('says when the link could not be copied', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: detail() });
    stubClipboard(async () => {
      throw new Error('Denied');
    });
    renderApp('/track/t1');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Track Link' }));
    expect(await findToast('Failed to copy link to clipboard.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy Track Link' })).toBeVisible();
  });

  it('shows Track Not Found for an unknown track', async () => {
    visitSignedOut('/track/t1', { [DETAIL]: { status: 404, body: { code: 'track.not-found', message: 'Track not found' } } });
    await expectPageHeading('Track Not Found');
  });

  it('shows an error card when the track fails to load otherwise', async () => {
    visitSignedOut('/track/t1', { [DETAIL]: { status: 500, body: { message: 'Something went wrong' } } });
    await expectPageHeading('Track Error');
  });

  it('asks the server first, then lets the browser download and toasts that the download started', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, [DETAIL]: detail(), 'HEAD /api/tracks/t1/download': { status: 200 } });
    const clicked = catchDownloadClicks();
    renderApp('/track/t1');
    const link = await screen.findByRole('link', { name: 'Download Sunrise' });
    fireEvent.click(link);
    await expectDownloadStarted(calls, clicked, '/api/tracks/t1/download');
  });

  it("never saves a refusal as a file: says the server's message instead (issue 16)", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      [DETAIL]: detail(),
      'HEAD /api/tracks/t1/download': { status: 402 },
      'GET /api/tracks/t1/download': { status: 402, body: { code: 'download.purchase-required', message: 'This track costs KES 50.00. Buy it to download it.', price: 5000 } },
    });
    const click = spyOnRefusedDownload();
    renderApp('/track/t1');
    fireEvent.click(await screen.findByRole('link', { name: 'Download Sunrise' }));
    expect(await findToast('Download failed')).toHaveTextContent('This track costs KES 50.00. Buy it to download it.');
    expect(click).not.toHaveBeenCalled();
  });

  it("shows 'Purchased' with Download instead of Buy, and no preview badge, once this browser's purchases say so", async () => {
    let answerOwned: (reply: { body: unknown }) => void = () => {};
    const { calls } = visitSignedOut('/track/t1', {
      [DETAIL]: detail({ price: 5000, allowFullPlayback: false }),
      'GET /api/purchases/owned': () => new Promise((resolve) => (answerOwned = resolve)),
    });
    // Buy first (as the server renders it for everyone), then Purchased once the list arrives.
    expect(await screen.findByRole('button', { name: 'Buy Sunrise for KES 50.00' })).toBeVisible();
    expect(screen.getByText('25-second preview')).toBeVisible();
    answerOwned({ body: { trackIds: ['t1'], albumIds: [] } });
    expect(await screen.findByText('Purchased')).toBeVisible();
    // The buyer hears the whole song: it is no longer a preview for them.
    expect(screen.queryByText('25-second preview')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download Sunrise' })).toHaveAttribute('href', '/api/tracks/t1/download');
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(calls('GET /api/purchases/owned')).toHaveLength(1);
  });

  it("says 'Not on sale yet' instead of Buy when the artist cannot take payments", async () => {
    visitSignedOut('/track/t1', {
      [DETAIL]: { body: { ...detail({ price: 5000 }).body, track: { ...detail({ price: 5000 }).body.track, purchasable: false } } },
      'GET /api/purchases/owned': { body: { trackIds: [], albumIds: [] } },
    });
    expect(await screen.findByText('Not on sale yet')).toBeVisible();
    expect(screen.getByTestId('price')).toHaveTextContent('KES 50.00');
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
  });
  it('reports the track from a small dialog fetched on the first click; a flood is told to wait (issue 21)', async () => {
    let answer = { status: 429, body: { code: 'request.too-many', message: 'Too many attempts.' } } as { status: number; body: unknown };
    const { calls } = visitSignedOut('/track/t1', { [DETAIL]: detail(), 'POST /api/reports': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Report Sunrise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Sunrise' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('What is wrong?'), { target: { value: 'This is my song, uploaded by someone else' } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('You have sent many reports. Please try again later.')).toBeVisible();
    answer = { status: 202, body: { message: 'Thank you' } };
    fireEvent.change(within(dialog).getByLabelText('Your e-mail (optional, if you want an answer)'), { target: { value: 'me@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText('The Sauti team will look at it.')).toBeVisible();
    expect(calls('POST /api/reports').map((call) => call.body)).toEqual([
      { itemType: 'track', itemId: 't1', reason: 'This is my song, uploaded by someone else' },
      { itemType: 'track', itemId: 't1', reason: 'This is my song, uploaded by someone else', email: 'me@example.com' },
    ]);
  });
});
