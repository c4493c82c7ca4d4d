import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReceiptResponse } from '#common/schemas/payments';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AppRoutes } from '@/app/router';
import { compileCatalogue } from '#common/i18n/compile';
import sw from '../../../../../common/src/i18n/sw.json';
import { createTranslator, I18nProvider } from '@/lib/i18n';

const RECEIPT = 'GET /api/receipts/T123';
const TOKEN = 'A'.repeat(43);

const paidTrack: ReceiptResponse = {
  reference: 'T123',
  paidAt: '2026-11-26T09:30:00.000Z',
  status: 'paid',
  item: { type: 'track', id: 't1', name: 'Mvua', artist: 'Wanjiru', mimeType: 'audio/wav' },
  songs: [],
  downloads: [
    { format: 'original', bytes: 54_525_952, approximate: false, url: `/api/tracks/t1/download?format=original&token=${TOKEN}` },
    { format: 'mp3', bytes: 9_856_614, approximate: true, url: `/api/tracks/t1/download?format=mp3&token=${TOKEN}` },
    { format: 'flac', bytes: null, approximate: true, url: `/api/tracks/t1/download?format=flac&token=${TOKEN}` },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('purchase page (issue 16)', () => {
  it('names what was bought and offers a download per format with its size, MP3 first, the token sent to the API', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { body: paidTrack } });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mvua' })).toBeVisible();
    expect(screen.getByText('Track by Wanjiru')).toBeVisible();
    expect(calls(RECEIPT)[0]!.url).toBe(`/api/receipts/T123?token=${TOKEN}`);
    const links = within(screen.getByTestId('receipt-downloads')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['MP3 · about 9.40 MBBest for phones', 'Original (WAV) · 52.00 MB', 'FLAC (lossless)']);
    expect(links[0]).toHaveAttribute('href', `/api/tracks/t1/download?format=mp3&token=${TOKEN}`);
    expect(links[0]).toHaveAccessibleName('Download Mvua: MP3 · about 9.40 MB');
    expect(links[1]).toHaveAttribute('download');
    expect(screen.getByText(/Reference T123 · Paid 26 Nov 2026/)).toBeVisible();
  });

  it("says what each format is: an MP3 original's MP3 is that MP3, not '320 kb/s and smaller' (issue 33)", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { body: paidTrack } });
    const first = renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByText(/MP3 is 320 kb\/s/)).toBeVisible();
    expect(screen.getByText(/anyone with it can download/)).toBeVisible();
    first.unmount();
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { body: { ...paidTrack, item: { ...paidTrack.item, mimeType: 'audio/mpeg' }, downloads: paidTrack.downloads.slice(0, 2) } } });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByText(/The MP3 is the artist's own MP3/)).toBeVisible();
    expect(screen.queryByText(/320 kb\/s/)).toBeNull();
  });

  it('lists an album’s songs', async () => {
    const album: ReceiptResponse = {
      ...paidTrack,
      item: { type: 'album', id: 'a1', name: 'Safari', artist: 'Wanjiru', mimeType: null },
      songs: [
        { id: 's1', name: 'Safari 1', duration: 61 },
        { id: 's2', name: 'Safari 2', duration: 125 },
      ],
      downloads: paidTrack.downloads.slice(0, 2),
    };
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { body: album } });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: '2 songs' })).toBeVisible();
    expect(screen.getByText('Album by Wanjiru')).toBeVisible();
    expect(screen.getByText('Safari 2')).toBeVisible();
    expect(screen.getByText('2:05')).toBeVisible();
    expect(screen.getByRole('link', { name: /Original · 52\.00 MB/ })).toBeVisible();
  });

  it('heads an album’s songs with a capital in Kiswahili too ("Nyimbo 2", never the running text’s "nyimbo 2")', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { body: { ...paidTrack, item: { ...paidTrack.item, type: 'album' }, songs: [{ id: 's1', name: 'Safari 1', duration: 61 }, { id: 's2', name: 'Safari 2', duration: 125 }] } } });
    renderApp(
      `/purchase/T123?token=${TOKEN}`,
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <AppRoutes />
      </I18nProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Nyimbo 2' })).toBeVisible();
    expect(screen.getByText('Albamu ya Wanjiru')).toBeVisible();
  });

  it('says a refunded purchase was refunded, with no downloads', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      [RECEIPT]: { body: { ...paidTrack, status: 'refunded', message: 'This purchase was refunded, so it can no longer be downloaded.', downloads: [] } },
    });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByText('This purchase was refunded, so it can no longer be downloaded.')).toBeVisible();
    expect(screen.queryByTestId('receipt-downloads')).toBeNull();
    // Nothing to keep private: its link downloads nothing (issue 33).
    expect(screen.queryByText(/anyone with it can download/)).toBeNull();
  });

  it('shows the server’s message for a link that is not valid, and asks nothing without a token', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { status: 404, body: { code: 'receipt.not-found', message: 'This purchase link is not valid (server).' } } });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase link not valid' })).toBeVisible();
    expect(screen.getByText('This purchase link is not valid (server).')).toBeVisible();
  });

  it('without a token says the link is not valid and asks nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/purchase/T123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase link not valid' })).toBeVisible();
    expect(calls(RECEIPT)).toHaveLength(0);
  });

  it('shows an error it could not load, never a saved body', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, [RECEIPT]: { status: 503, body: { message: 'The server is busy. Please try again in a moment.' } } });
    renderApp(`/purchase/T123?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase could not be loaded' })).toBeVisible();
    expect(screen.getByText('The server is busy. Please try again in a moment.')).toBeVisible();
  });
});
