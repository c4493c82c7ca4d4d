import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileCatalogue } from '#common/i18n/compile';
import type { CodeBatch } from '#common/schemas/codes';
import appSw from '../../../../../common/src/i18n/app.sw.json';
import sw from '../../../../../common/src/i18n/sw.json';
import { AppRoutes } from '@/app/router';
import { setAppCatalogue } from '@/lib/app-i18n';
import { createTranslator, I18nProvider } from '@/lib/i18n';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const TRACK = makeTrack({ id: 't1', trackName: 'Siku Moja', price: 5_000 });
const ALBUM = makeAlbum({ id: 'a1', albumName: 'Siku Moja', price: 150_000 });
const BATCH: CodeBatch = {
  id: 'b1',
  itemType: 'album',
  itemId: 'a1',
  itemName: 'Café Siku Moja',
  kind: 'download',
  percentOff: null,
  expiresAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  count: 1,
  used: 0,
  codes: [{ code: 'ABCD-EFGH-JKLM', usedAt: null, usedBy: null }],
};

function routes() {
  return {
    'GET /api/user': { body: TEST_USER },
    'GET /api/tracks': { body: [TRACK] },
    'GET /api/albums': { body: [ALBUM] },
    'GET /api/codes': { body: { batches: [BATCH] } },
  };
}

/** The CSV the Export button hands the browser, caught where it becomes a download. */
function catchDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (blobs.push(blob as Blob), 'blob:codes'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return blobs;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

afterEach(() => vi.restoreAllMocks());

describe('the Codes section (issue 33)', () => {
  it('marks which entry of the item list is the album, whatever the names', async () => {
    mockFetch(routes());
    renderApp('/dashboard?section=codes');
    const select = await screen.findByLabelText('For', {}, { timeout: 10_000 });
    await within(select).findByRole('option', { name: 'Album: Siku Moja (KES 1,500.00)' });
    expect(within(select).getByRole('option', { name: 'Siku Moja (KES 50.00)' })).toHaveValue('track:t1');
    expect(within(select).getByRole('option', { name: 'Album: Siku Moja (KES 1,500.00)' })).toHaveValue('album:a1');
  });

  it('exports a batch as UTF-8 with its byte order mark, headed in English for an English dashboard', async () => {
    mockFetch(routes());
    const blobs = catchDownloads();
    renderApp('/dashboard?section=codes');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: 10_000 }));
    expect(blobs).toHaveLength(1);
    const bytes = await bytesOf(blobs[0]!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, line] = new TextDecoder().decode(bytes).split('\r\n');
    expect(header).toBe('Code,Item,Kind,Percent off,Expires (UTC),Used (UTC),Used by');
    expect(line).toBe('ABCD-EFGH-JKLM,Café Siku Moja,download,,,,');
  });

  it('in Kiswahili: the album marked, and the CSV headed in Kiswahili', async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    mockFetch(routes());
    const blobs = catchDownloads();
    renderApp(
      '/dashboard?section=codes',
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <AppRoutes />
      </I18nProvider>,
    );
    const select = await screen.findByLabelText(appSw['codes.for'], {}, { timeout: 10_000 });
    await within(select).findByRole('option', { name: 'Albamu: Siku Moja (KES 1,500.00)' });
    await userEvent.setup().click(screen.getByRole('button', { name: appSw['codes.export'] }));
    const [header] = new TextDecoder().decode(await bytesOf(blobs[0]!)).split('\r\n');
    expect(header).toBe('Vocha,Wimbo au albamu,Aina,Asilimia ya punguzo,Mwisho (UTC),Imetumika (UTC),Imetumiwa na');
  });
});
