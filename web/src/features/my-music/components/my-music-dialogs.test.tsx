import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { audioFile, makeAlbum, makeTrack, pngFile } from '@/test/catalog-fixtures';
import { TEST_USER, type MockRoute } from '@/test/fetch-mock';
import { findToastBehindDialog, openDashboard } from '@/test/dashboard';

const openMyMusic = (routes: Record<string, MockRoute> = {}) =>
  openDashboard('/dashboard', { 'GET /api/tracks': { body: [] }, 'GET /api/albums': { body: [] }, ...routes }, ['tab', { name: /Songs/ }]);

const findToast = findToastBehindDialog;

const progressbar = (dialog: HTMLElement) => within(dialog).getByRole('progressbar', { name: 'Upload progress' });

describe('Upload New Track (spec sections 4, 5 and 8)', () => {
  async function openUpload(routes: Record<string, MockRoute> = {}) {
    const app = await openMyMusic(routes);
    await app.user.click(screen.getByRole('button', { name: 'Upload Tracks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload New Track' });
    return { ...app, dialog };
  }

  it('uploads with a real percentage bar, closes on success and lists the track', async () => {
    const uploaded = makeTrack({ trackName: 'Sunrise Mix', price: 9950, allowFullPlayback: false });
    let stored: unknown[] = [];
    const { dialog, user, xhr } = await openUpload({ 'GET /api/tracks': () => ({ body: stored }) });
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('Sunrise Mix.mp3'));
    // The name is guessed from the file; the artist is the artist's display name.
    expect((within(dialog).getByLabelText('Track name') as HTMLInputElement).value).toBe('Sunrise Mix');
    expect((within(dialog).getByLabelText('Artist name') as HTMLInputElement).value).toBe(TEST_USER.displayName);
    await user.type(within(dialog).getByLabelText('Price (KES)'), '99.5');
    await user.click(within(dialog).getByRole('switch', { name: 'Allow full playback' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));

    const request = await xhr.next('POST', '/api/tracks');
    expect(request.withCredentials).toBe(true);
    expect(request.form.get('trackName')).toBe('Sunrise Mix');
    expect(request.form.get('artistName')).toBe(TEST_USER.displayName);
    expect(request.form.get('price')).toBe('99.50');
    expect(request.form.get('allowFullPlayback')).toBe('false');
    expect((request.form.get('audio') as File).name).toBe('Sunrise Mix.mp3');
    expect(request.form.has('coverPhoto')).toBe(false);

    act(() => request.progress(2500, 10_000));
    expect(progressbar(dialog).getAttribute('aria-valuenow')).toBe('25');
    expect(within(dialog).getByText('25%')).toBeVisible();
    act(() => request.progress(10_000, 10_000));
    expect(within(dialog).getByText('Checking your audio…')).toBeVisible();
    stored = [uploaded];
    act(() => request.respond(201, uploaded));

    expect(await findToast('Upload successful')).toHaveTextContent('“Sunrise Mix” is now in your songs.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload New Track' })).toBeNull());
    const row = await screen.findByRole('listitem', { name: 'Sunrise Mix' });
    expect(within(row).getByTestId('track-price').textContent).toBe('KES 99.50');
  });

  it("shows 'Upload failed' with the server's text and keeps the dialog", async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('song.wav', 4096, 'audio/wav'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    act(() => void 0);
    const request = await xhr.next('POST', '/api/tracks');
    act(() => request.respond(400, { message: 'The audio file could not be read to the end.', errors: { audio: 'The audio file could not be read to the end.' } }));
    const toast = await findToast('Upload failed');
    expect(within(toast).getByText('The audio file could not be read to the end.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Upload New Track' })).toBeVisible();
    // The field the server named shows the message too.
    expect(within(dialog).getAllByText('The audio file could not be read to the end.').length).toBeGreaterThan(0);
  });

  it("falls back to 'Failed to upload track. Please try again.' and says 'Network error' offline", async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    act(() => void 0);
    const first = await xhr.next('POST', '/api/tracks');
    act(() => first.respond(500, 'oops', 'Internal Server Error'));
    expect(within(await findToast('Upload failed')).getByText('Failed to upload track. Please try again.')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const second = await xhr.next('POST', '/api/tracks');
    act(() => second.failNetwork());
    await waitFor(async () => expect(within(await findToast('Upload failed')).getByText('Network error')).toBeVisible());
  });

  it('refuses files by the drop rules, in plain words: type, size and count', async () => {
    const { dialog, user, xhr } = await openUpload();
    const input = within(dialog).getByLabelText('Audio file');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('“notes.txt” is not an audio file we take; choose MP3 or WAV')).toBeVisible();
    await user.upload(input, new File([], 'empty.mp3', { type: 'audio/mpeg' }));
    expect(await within(dialog).findByText('“empty.mp3” is empty (0 bytes); choose another file')).toBeVisible();
    const big = audioFile('big.mp3', 1);
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    // In plain words, with the file's own size (issue 20).
    expect(await within(dialog).findByText('This file is 50.1 MB; the limit is 50 MB')).toBeVisible();
    const phoneVideo = audioFile('long.mp3', 1);
    Object.defineProperty(phoneVideo, 'size', { value: 62 * 1024 * 1024 });
    await user.upload(input, phoneVideo);
    expect(await within(dialog).findByText('This file is 62 MB; the limit is 50 MB')).toBeVisible();
    const files = Array.from({ length: 21 }, (_, index) => audioFile(`song-${index}.mp3`));
    fireEvent.drop(within(dialog).getByTestId('audio-dropzone'), { dataTransfer: { files, items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })), types: ['Files'] } });
    expect(await within(dialog).findByText('You chose 21 files; choose up to 20 at a time')).toBeVisible();
    // None of them was taken.
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    expect(await within(dialog).findByText('Please choose an audio file')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);
  });

  it('checks the cover is exactly 3000x3000 before sending anything', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.upload(within(dialog).getByLabelText('Cover photo'), pngFile(1000, 1000));
    expect(await within(dialog).findByText('Cover photo must be exactly 3000x3000px and in PNG or JPG format')).toBeVisible();
    const submit = within(dialog).getByRole('button', { name: 'Upload Track' });
    await user.click(submit);
    // The submit is over once the button is pressable again (it stays disabled while a valid form uploads).
    await waitFor(() => expect(submit).toBeEnabled());
    expect(within(dialog).getByLabelText('Cover photo')).toHaveAttribute('aria-invalid', 'true');
    expect(xhr.requests).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText('Cover photo'), pngFile(3000, 3000, 'square.png'));
    await waitFor(() => expect(within(dialog).queryByText('Cover photo must be exactly 3000x3000px and in PNG or JPG format')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect((request.form.get('coverPhoto') as File).name).toBe('square.png');
  });

  it('says what is missing', async () => {
    const { dialog, user } = await openUpload();
    await user.clear(within(dialog).getByLabelText('Artist name'));
    await user.type(within(dialog).getByLabelText('Price (KES)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    expect(await within(dialog).findByText('Track name is required')).toBeVisible();
    expect(within(dialog).getByText('Artist name is required')).toBeVisible();
    expect(within(dialog).getByText('Price must be 0 or greater')).toBeVisible();
    expect(within(dialog).getByText('Please choose an audio file')).toBeVisible();
  });

  it('never turns a price it cannot read into a free track', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.type(within(dialog).getByLabelText('Price (KES)'), '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    expect(await within(dialog).findByText('Use a point for cents (12.50); a comma only separates thousands (1,500)')).toBeVisible();
    expect(xhr.requests).toHaveLength(0);
  });

  it('reads a price as Kenyans type it and sends the amount in KES', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.type(within(dialog).getByLabelText('Price (KES)'), 'KSh 1,500/-');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect(request.form.get('price')).toBe('1500.00');
  });

  it('lets fans pay more with a suggested price, refusing a suggestion below the price (issue 21)', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.type(within(dialog).getByLabelText('Price (KES)'), '500');
    expect(within(dialog).queryByLabelText('Suggested price (KES)')).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: 'Let fans pay more' }));
    await user.type(within(dialog).getByLabelText('Suggested price (KES)'), '400');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    expect(await within(dialog).findByText(CATALOG_MESSAGES.suggestedBelowPrice)).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Suggested price (KES)'));
    await user.type(within(dialog).getByLabelText('Suggested price (KES)'), '750');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect(request.form.get('payMore')).toBe('true');
    expect(request.form.get('suggestedPrice')).toBe('750.00');
  });

  it('uploads several picked files one after another, each its own track checked before it goes up', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), [audioFile('Asubuhi.mp3'), audioFile('Mchana.mp3'), audioFile('Jioni.wav', 2048, 'audio/wav')]);
    expect(within(dialog).getByTestId('upload-batch')).toHaveTextContent('Song 1 of 3');
    expect((within(dialog).getByLabelText('Track name') as HTMLInputElement).value).toBe('Asubuhi');
    const queue = within(dialog).getByTestId('upload-queue');
    expect(within(queue).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mchana.mp3 · 2.00 KB', 'Jioni.wav · 2.00 KB']);

    await user.type(within(dialog).getByLabelText('Price (KES)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const first = await xhr.next('POST', '/api/tracks');
    expect(first.form.get('trackName')).toBe('Asubuhi');
    expect(first.form.get('price')).toBe('100.00');
    act(() => first.respond(201, makeTrack({ id: 't-1', trackName: 'Asubuhi' })));

    // The next song fills the form afresh: its own name, the artist's name, no price yet.
    await waitFor(() => expect(within(dialog).getByTestId('upload-batch')).toHaveTextContent('Song 2 of 3'));
    expect((within(dialog).getByLabelText('Track name') as HTMLInputElement).value).toBe('Mchana');
    expect((within(dialog).getByLabelText('Artist name') as HTMLInputElement).value).toBe(TEST_USER.displayName);
    expect((within(dialog).getByLabelText('Price (KES)') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const second = await xhr.next('POST', '/api/tracks');
    expect((second.form.get('audio') as File).name).toBe('Mchana.mp3');
    expect(second.form.get('price')).toBe('');
    act(() => second.respond(201, makeTrack({ id: 't-2', trackName: 'Mchana' })));

    await waitFor(() => expect(within(dialog).getByTestId('upload-batch')).toHaveTextContent('Song 3 of 3'));
    expect(within(dialog).queryByTestId('upload-queue')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const third = await xhr.next('POST', '/api/tracks');
    expect((third.form.get('audio') as File).name).toBe('Jioni.wav');
    act(() => third.respond(201, makeTrack({ id: 't-3', trackName: 'Jioni' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload New Track' })).toBeNull());
  });

  it('names the track after a newly chosen file, unless the artist typed a name', async () => {
    const { dialog, user } = await openUpload();
    const input = within(dialog).getByLabelText('Audio file');
    const name = () => (within(dialog).getByLabelText('Track name') as HTMLInputElement).value;
    await user.upload(input, audioFile('AUD-20250101.mp3'));
    expect(name()).toBe('AUD-20250101');
    await user.upload(input, audioFile('Mvua ya Jioni.mp3'));
    expect(name()).toBe('Mvua ya Jioni');
    await user.clear(within(dialog).getByLabelText('Track name'));
    await user.type(within(dialog).getByLabelText('Track name'), 'Rain at Dusk');
    await user.upload(input, audioFile('final-master.wav', 2048, 'audio/wav'));
    expect(name()).toBe('Rain at Dusk');
  });

  it('takes a file without an extension by its type (phone pickers)', async () => {
    const { dialog, user, xhr } = await openUpload();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile('AUD-20250101', 2048, 'audio/mpeg'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    expect((request.form.get('audio') as File).name).toBe('AUD-20250101');
  });

  it('cancels an upload in flight only with its own button', async () => {
    const { dialog, user, xhr } = await openUpload();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    await user.upload(within(dialog).getByLabelText('Audio file'), audioFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Track' }));
    const request = await xhr.next('POST', '/api/tracks');
    // No close button while the file goes up: a stray tap must not lose it.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    expect(request.aborted).toBe(true);
    expect(within(dialog).queryByTestId('upload-progress')).toBeNull();
    expect(screen.queryByRole('region', { name: /Notifications/ })?.querySelector('li') ?? null).toBeNull();
  });
});

describe('Edit Track: optimistic, rolled back on error (spec section 4)', () => {
  async function editSunrise() {
    const track = makeTrack({ trackName: 'Sunrise', price: 15_000 });
    const server = { track };
    const app = await openMyMusic({ 'GET /api/tracks': () => ({ body: [server.track] }) });
    await app.user.click(await screen.findByRole('button', { name: 'Edit Sunrise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Track' });
    expect((within(dialog).getByLabelText('Price (KES)') as HTMLInputElement).value).toBe('150.00');
    await app.user.clear(within(dialog).getByLabelText('Track name'));
    await app.user.type(within(dialog).getByLabelText('Track name'), 'Sunset');
    await app.user.clear(within(dialog).getByLabelText('Price (KES)'));
    await app.user.click(within(dialog).getByRole('switch', { name: 'Allow full playback' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    return { ...app, track, server };
  }

  it('shows the change at once and keeps it when the server agrees', async () => {
    const { track, xhr, server } = await editSunrise();
    // Before the server answers: the dialog is closed and the row already changed.
    const row = await screen.findByRole('listitem', { name: 'Sunset' });
    expect(screen.queryByRole('dialog', { name: 'Edit Track' })).toBeNull();
    expect(within(row).getByTestId('track-price').textContent).toBe('Free');
    expect(within(row).getByText('25-second preview')).toBeVisible();
    expect(within(row).getByText('Saving…')).toBeVisible();

    const request = await xhr.next('PATCH', `/api/tracks/${track.id}`);
    expect(request.form.get('trackName')).toBe('Sunset');
    expect(request.form.get('price')).toBe('');
    expect(request.form.get('allowFullPlayback')).toBe('false');
    expect(request.form.has('coverPhoto')).toBe(false);
    server.track = { ...track, trackName: 'Sunset', price: 0, allowFullPlayback: false };
    act(() => request.respond(200, server.track));
    expect(await findToast('Track updated')).toBeVisible();
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Sunset' })).queryByText('Saving…')).toBeNull());
  });

  it("rolls the change back and shows the server's message when it refuses", async () => {
    const { track, xhr } = await editSunrise();
    await screen.findByRole('listitem', { name: 'Sunset' });
    const request = await xhr.next('PATCH', `/api/tracks/${track.id}`);
    act(() => request.respond(409, { message: 'This track is being changed elsewhere' }));
    const toast = await findToast('Track not updated');
    expect(within(toast).getByText('This track is being changed elsewhere')).toBeVisible();
    const row = await screen.findByRole('listitem', { name: 'Sunrise' });
    expect(within(row).getByTestId('track-price').textContent).toBe('KES 150.00');
    expect(within(row).queryByText('25-second preview')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Sunset' })).toBeNull();
  });

  it("rolls back with 'Failed to update track. Please try again.' when the server says nothing useful", async () => {
    const { track, xhr } = await editSunrise();
    const request = await xhr.next('PATCH', `/api/tracks/${track.id}`);
    act(() => request.failNetwork());
    const toast = await findToast('Track not updated');
    expect(within(toast).getByText('Failed to update track. Please try again.')).toBeVisible();
    expect(await screen.findByRole('listitem', { name: 'Sunrise' })).toBeVisible();
  });
});

describe('Create/Edit Album (spec sections 2 and 4)', () => {
  const one = makeTrack({ trackName: 'One' });
  const two = makeTrack({ trackName: 'Two' });

  async function openCreate() {
    const app = await openMyMusic({ 'GET /api/tracks': { body: [one, two] } });
    await app.user.click(screen.getByRole('tab', { name: /Albums/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add Album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Album' });
    return { ...app, dialog };
  }

  it('keeps Create Album disabled until a song is selected, and counts the songs', async () => {
    const { dialog, user } = await openCreate();
    const submit = within(dialog).getByRole('button', { name: 'Create Album' });
    expect(submit).toHaveProperty('disabled', true);
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('0 songs selected');
    expect(within(dialog).getByTestId('song-checklist').className).toContain('max-h-60');

    await user.click(within(dialog).getByRole('checkbox', { name: /One/ }));
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('1 song selected');
    expect(submit).toHaveProperty('disabled', false);
    await user.click(within(dialog).getByRole('checkbox', { name: /Two/ }));
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('2 songs selected');
    await user.click(within(dialog).getByRole('checkbox', { name: /One/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Two/ }));
    expect(submit).toHaveProperty('disabled', true);
  });

  it("adds new tracks shown as 'New track' with Remove, and sends them with the chosen songs", async () => {
    const { dialog, user, xhr } = await openCreate();
    await user.type(within(dialog).getByLabelText('Album name'), 'Morning');
    await user.type(within(dialog).getByLabelText('Price (KES)'), '500');
    await user.click(within(dialog).getByRole('checkbox', { name: /Two/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Upload Tracks' }));
    const add = await screen.findByRole('dialog', { name: 'Add Track to Album' });
    await user.upload(within(add).getByLabelText('Audio file'), audioFile('dawn.flac', 4096, 'audio/flac'));
    await user.click(within(add).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());

    const newTracks = within(dialog).getByRole('list', { name: 'New tracks' });
    expect(within(newTracks).getByText('New track')).toBeVisible();
    expect(within(newTracks).getByText('dawn')).toBeVisible();
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('2 songs selected');

    // Remove, then add it again.
    await user.click(within(newTracks).getByRole('button', { name: 'Remove dawn' }));
    expect(within(dialog).queryByRole('list', { name: 'New tracks' })).toBeNull();
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('1 song selected');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Tracks' }));
    const again = await screen.findByRole('dialog', { name: 'Add Track to Album' });
    await user.upload(within(again).getByLabelText('Audio file'), audioFile('dawn.m4a', 4096, 'audio/mp4'));
    await user.click(within(again).getByRole('switch', { name: 'Allow full playback' }));
    await user.click(within(again).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    const request = await xhr.next('POST', '/api/albums');
    expect(request.form.get('albumName')).toBe('Morning');
    expect(request.form.get('price')).toBe('500.00');
    expect(JSON.parse(request.form.get('selectedSongs') as string)).toEqual([two.id]);
    expect(JSON.parse(request.form.get('albumTracks') as string)).toEqual([
      { trackName: 'dawn', artistName: TEST_USER.displayName, price: '', allowFullPlayback: false, genre: '', tags: '' },
    ]);
    expect((request.form.get('albumTrackFile_0') as File).name).toBe('dawn.m4a');
    act(() => request.progress(50, 100));
    expect(progressbar(dialog).getAttribute('aria-valuenow')).toBe('50');
    act(() => request.respond(201, makeAlbum({ albumName: 'Morning' })));
    expect(await findToast('Album created')).toHaveTextContent('“Morning”');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Album' })).toBeNull());
  });

  it('says before adding that a song left free in a priced album can be downloaded without the album', async () => {
    const { dialog, user } = await openCreate();
    await user.type(within(dialog).getByLabelText('Price (KES)'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Tracks' }));
    const add = await screen.findByRole('dialog', { name: 'Add Track to Album' });
    await user.upload(within(add).getByLabelText('Audio file'), audioFile('dawn.mp3'));
    expect(within(add).getByRole('status')).toHaveTextContent(
      'Left empty, this song is free: fans can download it without buying the album (KES 500.00).',
    );
    // A price of its own: the note goes.
    await user.type(within(add).getByLabelText('Price (KES)'), '50');
    expect(within(add).queryByRole('status')).toBeNull();
    await user.clear(within(add).getByLabelText('Price (KES)'));
    await user.click(within(add).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());
    const newTracks = within(dialog).getByRole('list', { name: 'New tracks' });
    expect(within(newTracks).getByText('Free: downloadable without buying the album')).toBeVisible();
  });

  it("says 'Failed to create album.' when the server refuses", async () => {
    const { dialog, user, xhr } = await openCreate();
    await user.type(within(dialog).getByLabelText('Album name'), 'Morning');
    await user.click(within(dialog).getByRole('checkbox', { name: /One/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    act(() => void 0);
    const request = await xhr.next('POST', '/api/albums');
    act(() => request.respond(500, {}));
    expect(await findToast('Failed to create album.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Create Album' })).toBeVisible();
  });

  it('edits an album: its songs come checked, and Update Album sends the whole list', async () => {
    const album = makeAlbum({ albumName: 'Pair', tracks: [{ ...one, albumId: 'x' }] });
    const app = await openMyMusic({ 'GET /api/tracks': { body: [one, two] }, 'GET /api/albums': { body: [album] } });
    await app.user.click(screen.getByRole('tab', { name: /Albums/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Edit Pair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Album' });
    expect((within(dialog).getByLabelText('Album name') as HTMLInputElement).value).toBe('Pair');
    expect(within(dialog).getByRole('checkbox', { name: /One/ }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByTestId('songs-selected').textContent).toBe('1 song selected');
    await app.user.click(within(dialog).getByRole('checkbox', { name: /Two/ }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Update Album' }));
    const request = await app.xhr.next('PATCH', `/api/albums/${album.id}`);
    expect(JSON.parse(request.form.get('selectedSongs') as string)).toEqual([one.id, two.id]);
    act(() => request.respond(400, { message: 'Album name must be at most 200 characters' }));
    const failed = await findToast('Album not updated');
    expect(within(failed).getByText('Album name must be at most 200 characters')).toBeVisible();

    await app.user.click(within(dialog).getByRole('button', { name: 'Update Album' }));
    const retry = await app.xhr.next('PATCH', `/api/albums/${album.id}`);
    act(() => retry.respond(200, { ...album, tracks: [one, two] }));
    expect(await findToast('Album updated')).toHaveTextContent('“Pair”');
  });
});
