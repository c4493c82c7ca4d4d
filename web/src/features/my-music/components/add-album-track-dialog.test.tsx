import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { audioFile, makeAlbum, pngFile } from '@/test/catalog-fixtures';
import { TEST_USER } from '@/test/fetch-mock';
import { openDashboard } from '@/test/dashboard';

const COVER_MESSAGE = 'Cover photo must be exactly 3000x3000px and in PNG or JPG format';

/** Issue 33: a song added in the album dialog has its own genre, tags and cover, as an uploaded track does. */
describe('Add Track to Album: genre, tags and cover of the new song', () => {
  // jsdom makes no blob: URLs; the list's thumbnail of a chosen cover needs one.
  const createObjectURL = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
  const revokeObjectURL = Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL');
  beforeEach(() => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:own-cover' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => {} });
  });
  afterEach(() => {
    for (const [key, descriptor] of [['createObjectURL', createObjectURL], ['revokeObjectURL', revokeObjectURL]] as const) {
      if (descriptor) Object.defineProperty(URL, key, descriptor);
      else delete (URL as unknown as Record<string, unknown>)[key];
    }
  });

  async function openAddSong() {
    const app = await openDashboard('/dashboard', { 'GET /api/tracks': { body: [] }, 'GET /api/albums': { body: [] } }, ['tab', { name: /Songs/ }]);
    await app.user.click(screen.getByRole('tab', { name: /Albums/ }));
    await app.user.click(screen.getByRole('button', { name: 'Add Album' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Album' });
    const openAdd = async () => {
      await app.user.click(within(dialog).getByRole('button', { name: 'Upload Tracks' }));
      return screen.findByRole('dialog', { name: 'Add Track to Album' });
    };
    return { ...app, dialog, openAdd };
  }

  it("offers the song's own genre, tags and cover, and says empty genre and tags are the album's", async () => {
    const { openAdd } = await openAddSong();
    const add = await openAdd();
    const genre = within(add).getByLabelText('Genre') as HTMLSelectElement;
    expect(genre.value).toBe('');
    expect(genre.selectedOptions[0]?.textContent).toBe('Same as the album');
    expect(genre).toHaveAccessibleDescription("Left empty, the song takes the album's genre.");
    expect(within(add).getByLabelText('Tags')).toHaveAccessibleDescription("Up to 5, separated by commas. Left empty, the song takes the album's tags.");
    expect(within(add).getByLabelText('Cover photo')).toBeInTheDocument();
  });

  it("sends a song's own genre, tags and cover with the album, and a song without them as the album's", async () => {
    const { dialog, user, xhr, openAdd } = await openAddSong();
    await user.type(within(dialog).getByLabelText('Album name'), 'Pwani');
    await user.selectOptions(within(dialog).getByLabelText('Genre'), 'taarab');

    const first = await openAdd();
    await user.upload(within(first).getByLabelText('Audio file'), audioFile('usiku.mp3'));
    await user.selectOptions(within(first).getByLabelText('Genre'), 'gengetone');
    await user.type(within(first).getByLabelText('Tags'), 'usiku, nairobi');
    await user.upload(within(first).getByLabelText('Cover photo'), pngFile(3000, 3000, 'own.png'));
    await user.click(within(first).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());

    const second = await openAdd();
    await user.upload(within(second).getByLabelText('Audio file'), audioFile('alfajiri.mp3'));
    await user.click(within(second).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());

    // The list shows each song's own genre and cover; the other takes the album's, so shows none.
    const items = within(within(dialog).getByRole('list', { name: 'New tracks' })).getAllByRole('listitem');
    expect(within(items[0]!).getByTestId('new-track-genre')).toHaveTextContent('Gengetone');
    expect(within(items[0]!).getByTestId('new-track-cover')).toHaveAttribute('src', 'blob:own-cover');
    expect(within(items[1]!).queryByTestId('new-track-genre')).toBeNull();
    expect(within(items[1]!).queryByTestId('new-track-cover')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Create Album' }));
    const request = await xhr.next('POST', '/api/albums');
    expect(request.form.get('genre')).toBe('taarab');
    expect(JSON.parse(request.form.get('albumTracks') as string)).toEqual([
      { trackName: 'usiku', artistName: TEST_USER.displayName, price: '', allowFullPlayback: true, genre: 'gengetone', tags: 'usiku,nairobi' },
      { trackName: 'alfajiri', artistName: TEST_USER.displayName, price: '', allowFullPlayback: true, genre: '', tags: '' },
    ]);
    expect((request.form.get('albumTrackCover_0') as File).name).toBe('own.png');
    expect(request.form.has('albumTrackCover_1')).toBe(false);
    act(() => request.respond(201, makeAlbum({ albumName: 'Pwani' })));
  });

  it('keeps a song whose cover is not 3000x3000 out of the album until the cover is fixed or removed', async () => {
    const { dialog, user, openAdd } = await openAddSong();
    const add = await openAdd();
    await user.upload(within(add).getByLabelText('Audio file'), audioFile('usiku.mp3'));
    await user.upload(within(add).getByLabelText('Cover photo'), pngFile(1000, 1000));
    expect(await within(add).findByText(COVER_MESSAGE)).toBeVisible();
    await user.click(within(add).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(within(add).getByLabelText('Cover photo')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog', { name: 'Add Track to Album' })).toBeVisible();
    expect(within(dialog).queryByRole('list', { name: 'New tracks' })).toBeNull();

    await user.click(within(add).getByRole('button', { name: 'Remove' }));
    await user.click(within(add).getByRole('button', { name: 'Add Track' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Track to Album' })).toBeNull());
    expect(within(within(dialog).getByRole('list', { name: 'New tracks' })).getByText('usiku')).toBeVisible();
  });

  it('refuses more tags than a track takes, as the track upload does', async () => {
    const { user, openAdd } = await openAddSong();
    const add = await openAdd();
    await user.upload(within(add).getByLabelText('Audio file'), audioFile('usiku.mp3'));
    await user.type(within(add).getByLabelText('Tags'), 'a, b, c, d, e, f');
    await user.click(within(add).getByRole('button', { name: 'Add Track' }));
    expect(await within(add).findByText('Add at most 5 tags')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add Track to Album' })).toBeVisible();
  });
});
