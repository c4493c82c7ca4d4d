import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { audioFile, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { mockXhr } from '@/test/xhr-mock';
import { ApiError } from '@/lib/api';
import { RESUMABLE_FROM_BYTES, uploadResumable, type ResumableUploadOptions } from '@/lib/resumable-upload';

// The resumable upload itself (tus) has its own tests (lib/resumable-upload.test.ts); here it is
// a stand-in the test drives, so the dialog's part shows: progress, the form naming the upload.
vi.mock('@/lib/resumable-upload', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  uploadResumable: vi.fn(),
}));

const MB = 1024 * 1024;

async function openUpload() {
  let stored: unknown[] = [];
  mockFetch({ 'GET /api/user': { body: TEST_USER }, 'GET /api/tracks': () => ({ body: stored }), 'GET /api/albums': { body: [] } });
  const xhr = mockXhr();
  renderApp('/dashboard');
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Upload Tracks' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload New Track' });
  return { dialog, user, xhr, store: (tracks: unknown[]) => (stored = tracks) };
}

describe('Upload New Track with a large file: resumable, then the form names it', () => {
  it('sends the audio resumably, then the form with audioUploadId, counting both in one bar', async () => {
    let sending: ResumableUploadOptions = {};
    let finish: (id: string) => void = () => {};
    const forget = vi.fn(async () => {});
    vi.mocked(uploadResumable).mockImplementation((_file, options) => {
      sending = options ?? {};
      return new Promise((resolve) => (finish = (uploadId) => resolve({ uploadId, forget })));
    });
    const { dialog, user, xhr, store } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('Usiku Mwema.wav', 4 * MB, 'audio/wav'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));

    await waitFor(() => expect(uploadResumable).toHaveBeenCalledTimes(1));
    expect(vi.mocked(uploadResumable).mock.calls[0]![0].name).toBe('Usiku Mwema.wav');
    act(() => sending.onProgress?.(1 * MB, 4 * MB));
    const bar = within(dialog).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    // After a dropped connection the server may have a little less than was sent: the bar waits, never goes back.
    act(() => sending.onProgress?.(0.9 * MB, 4 * MB));
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    act(() => finish('0b0e9c8e-7a4f-4c1e-9a57-0d6f3b1e2a11'));

    const request = await xhr.next('POST', '/api/tracks');
    expect(request.form.get('audioUploadId')).toBe('0b0e9c8e-7a4f-4c1e-9a57-0d6f3b1e2a11');
    expect(request.form.has('audio')).toBe(false);
    expect(request.form.get('trackName')).toBe('Usiku Mwema');
    const uploaded = makeTrack({ trackName: 'Usiku Mwema' });
    store([uploaded]);
    act(() => request.respond(201, uploaded));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload New Track' })).toBeNull());
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when the resumable upload is refused", async () => {
    vi.mocked(uploadResumable).mockRejectedValue(new ApiError('Audio file must be at most 50 MB', 413, { code: 'upload.too-large', message: 'Audio file must be at most 50 MB' }));
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('big.wav', RESUMABLE_FROM_BYTES, 'audio/wav'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
    expect(await within(region).findByText('Audio file must be at most 50 MB')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);
  });

  it('keeps small files in the form itself (one request)', async () => {
    const { dialog, user, xhr } = await openUpload();
    vi.mocked(uploadResumable).mockClear();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('short.mp3', RESUMABLE_FROM_BYTES - 1));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect((request.form.get('audio') as File).name).toBe('short.mp3');
    expect(uploadResumable).not.toHaveBeenCalled();
  });
});
