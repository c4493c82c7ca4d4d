import { describe, expect, it } from 'vitest';
import { albumSchema, type Album, type Track } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import type { TestArtist } from '../../../test/support/artists';
import { catalogAppForBlock, type CatalogTestApp, STORAGE_BACKENDS, type FormFile } from '../../../test/support/catalog-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';

describe.each(STORAGE_BACKENDS)('albums, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  catalogAppForBlock(backend, (app, fixtures) => ((t = app), (media = fixtures)));

  const single = (artist: TestArtist, trackName: string): Promise<Track> => t.uploadTrack(artist, media.mp3Short, { trackName });

  const newTrack = (trackName: string, extra: Record<string, unknown> = {}) => ({
    trackName,
    artistName: 'Wanjiru',
    price: '',
    allowFullPlayback: true,
    ...extra,
  });

  /** POST /api/albums of existing songs only. */
  const newAlbum = (artist: TestArtist, albumName: string, songIds: string[]) =>
    t.sendForm('POST', '/api/albums', { fields: { albumName, selectedSongs: JSON.stringify(songIds) } }, artist.cookie);

  const albums = async (artist: TestArtist): Promise<Album[]> => (await t.request('GET', '/api/albums', { cookie: artist.cookie })).body;
  const tracks = async (artist: TestArtist): Promise<Track[]> => (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;

  it('creates an album from existing songs plus new uploads in m4a, aac, ogg and flac', async () => {
    const artist = await t.artist();
    const first = await single(artist, 'Asubuhi');
    const second = await single(artist, 'Jioni');
    const formats: [string, string][] = [
      ['m4a', media.m4a],
      ['aac', media.aac],
      ['ogg', media.ogg],
      ['flac', media.flac],
    ];
    const response = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: {
          albumName: 'Siku Moja',
          price: '500',
          selectedSongs: JSON.stringify([second.id, first.id]),
          albumTracks: JSON.stringify(formats.map(([format], index) => newTrack(`New ${format}`, index === 0 ? { price: '20.5', allowFullPlayback: false } : {}))),
        },
        files: [
          ...formats.map(([format, path], index): FormFile => ({ field: `albumTrackFile_${index}`, path, name: `song.${format}` })),
          { field: 'coverPhoto', path: media.coverPng },
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    const album = albumSchema.parse(response.body);
    expect(album).toMatchObject({ userId: artist.id, albumName: 'Siku Moja', artistName: artist.displayName, price: 50000 });
    expect(album.coverPhotoFilename).toMatch(/\.png$/);
    expect(album.tracks.map((track) => track.trackName)).toEqual(['Jioni', 'Asubuhi', 'New m4a', 'New aac', 'New ogg', 'New flac']);
    expect(album.tracks.map((track) => track.mimeType)).toEqual(['audio/mpeg', 'audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/flac']);
    expect(album.tracks.every((track) => track.albumId === album.id)).toBe(true);
    expect(album.tracks[2]).toMatchObject({ price: 2050, allowFullPlayback: false });
    for (const track of album.tracks.slice(2)) expect(track.duration).toBeCloseTo(6, 0);

    // The artist's list says also whether each album has sold (its Delete then gives the reason at once).
    expect(await albums(artist)).toEqual([{ ...album, sold: false }]);
    // New album tracks are the artist's tracks too.
    expect((await tracks(artist)).map((track) => track.trackName).sort()).toEqual(
      ['Asubuhi', 'Jioni', 'New aac', 'New flac', 'New m4a', 'New ogg'].sort(),
    );
    await t.app.jobs.drain();
    expect((await albums(artist))[0]!.tracks.every((track) => track.streamReady)).toBe(true);
    const cover = await t.fetchBytes(`/api/albums/${album.id}/cover?size=96&v=${album.coverPhotoFilename}`, { accept: 'image/webp' });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
  });

  it("gives a new song its own genre, tags and cover when it has them, and the album's genre and tags when not (issue 33)", async () => {
    const artist = await t.artist();
    const response = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: {
          albumName: 'Pwani',
          genre: 'taarab',
          tags: 'mombasa, bahari',
          albumTracks: JSON.stringify([newTrack('Own Labels', { genre: 'gengetone', tags: 'usiku, nairobi' }), newTrack('Album Labels', { genre: '', tags: '' })]),
        },
        files: [
          { field: 'albumTrackFile_0', path: media.ogg },
          { field: 'albumTrackCover_0', path: media.coverPng, name: 'own.png' },
          { field: 'albumTrackFile_1', path: media.flac },
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    const [own, inherited] = albumSchema.parse(response.body).tracks;
    expect(own).toMatchObject({ trackName: 'Own Labels', genre: 'gengetone', tags: ['usiku', 'nairobi'], coverPhotoFilename: expect.stringMatching(/\.png$/) });
    expect(inherited).toMatchObject({ trackName: 'Album Labels', genre: 'taarab', tags: ['mombasa', 'bahari'], coverPhotoFilename: null });
    expect(response.body.coverPhotoFilename).toBeNull();
    await t.app.jobs.drain();
    const thumbnail = await t.fetchBytes(`/api/tracks/${own!.id}/cover?size=96&v=${own!.coverPhotoFilename}`, { accept: 'image/webp' });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');

    // Added by an edit, a song's own labels (tags as a JSON list too) and cover hold the same way.
    const edited = await t.sendForm(
      'PATCH',
      `/api/albums/${response.body.id}`,
      {
        fields: { albumTracks: JSON.stringify([newTrack('Later', { genre: 'benga', tags: ['jioni'] })]) },
        files: [
          { field: 'albumTrackFile_0', path: media.wav },
          { field: 'albumTrackCover_0', path: media.coverJpg },
        ],
      },
      artist.cookie,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.tracks[2]).toMatchObject({ trackName: 'Later', genre: 'benga', tags: ['jioni'], coverPhotoFilename: expect.stringMatching(/\.jpe?g$/) });
  });

  it('edits an album: name, price, order, songs out (they become singles), new songs in', async () => {
    const artist = await t.artist();
    const [a, b, c] = [await single(artist, 'A'), await single(artist, 'B'), await single(artist, 'C')];
    const created = await newAlbum(artist, 'Draft', [a.id, b.id]);
    expect(created.status).toBe(201);
    expect(created.body.price).toBe(0);
    const albumId: string = created.body.id;

    const edited = await t.sendForm(
      'PATCH',
      `/api/albums/${albumId}`,
      {
        fields: {
          albumName: 'Final',
          price: '99.99',
          selectedSongs: JSON.stringify([c.id, a.id]),
          albumTracks: JSON.stringify([newTrack('D')]),
        },
        files: [{ field: 'albumTrackFile_0', path: media.wav }],
      },
      artist.cookie,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: albumId, albumName: 'Final', price: 9999 });
    expect(edited.body.tracks.map((track: Track) => track.trackName)).toEqual(['C', 'A', 'D']);
    const bAfter = (await tracks(artist)).find((track) => track.id === b.id);
    expect(bAfter!.albumId).toBeNull();

    // Fields left out keep their values: a rename alone keeps the songs.
    const renamed = await t.request('PATCH', `/api/albums/${albumId}`, { cookie: artist.cookie, json: { albumName: 'Final (Deluxe)' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.tracks.map((track: Track) => track.trackName)).toEqual(['C', 'A', 'D']);
    expect(renamed.body.price).toBe(9999);

    // An album keeps at least one song.
    const emptied = await t.request('PATCH', `/api/albums/${albumId}`, { cookie: artist.cookie, json: { selectedSongs: [] } });
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toBe(CATALOG_MESSAGES.albumNeedsSongs);
  });

  it('moves a song selected from another album', async () => {
    const artist = await t.artist();
    const song = await single(artist, 'Wanderer');
    const first = await newAlbum(artist, 'One', [song.id]);
    const other = await single(artist, 'Stay');
    const second = await newAlbum(artist, 'Two', [song.id, other.id]);
    expect(second.status).toBe(201);
    const all = await albums(artist);
    expect(all.find((album) => album.id === first.body.id)!.tracks).toEqual([]);
    expect(all.find((album) => album.id === second.body.id)!.tracks.map((track) => track.trackName)).toEqual(['Wanderer', 'Stay']);
  });

  it('tells every track an album change moves or renames (track.changed), and each album it changes (lib/events)', async () => {
    const artist = await t.artist();
    const [a, b, c] = [await single(artist, 'Alfajiri'), await single(artist, 'Mchana'), await single(artist, 'Usiku')];
    await t.app.jobs.drain(); // their renditions' own track.changed are told before we listen
    const told: string[] = [];
    const offTrack = t.app.events.on('track.changed', ({ trackId }) => told.push(`track ${[a, b, c].find((x) => x.id === trackId)?.trackName ?? trackId}`));
    const albumNames = new Map<string, string>();
    const offAlbum = t.app.events.on('album.changed', ({ albumId }) => told.push(`album ${albumNames.get(albumId) ?? albumId}`));
    const heard = () => told.splice(0).sort();
    const expected = (...lines: string[]) => lines.sort();
    try {
      const one = await newAlbum(artist, 'One', [a.id, b.id]);
      albumNames.set(one.body.id, 'One');
      expect(heard()).toEqual(expected(`album ${one.body.id}`, 'track Alfajiri', 'track Mchana'));
      // b moves from One to Two: both albums change.
      const two = await newAlbum(artist, 'Two', [b.id]);
      albumNames.set(two.body.id, 'Two');
      expect(heard()).toEqual(expected(`album ${two.body.id}`, 'album One', 'track Mchana'));
      // A rename: the songs on it show the new name.
      expect((await t.sendForm('PATCH', `/api/albums/${one.body.id}`, { fields: { albumName: 'One Again' } }, artist.cookie)).status).toBe(200);
      expect(heard()).toEqual(expected('album One', 'track Alfajiri'));
      // Two's songs become [c]: b leaves (a single again), c joins.
      expect((await t.sendForm('PATCH', `/api/albums/${two.body.id}`, { fields: { selectedSongs: JSON.stringify([c.id]) } }, artist.cookie)).status).toBe(200);
      expect(heard()).toEqual(expected('album Two', 'track Mchana', 'track Usiku'));
      // Deleted: its songs stay as singles, each told.
      expect((await t.request('DELETE', `/api/albums/${one.body.id}`, { cookie: artist.cookie })).status).toBe(200);
      expect(heard()).toEqual(expected('album One', 'track Alfajiri'));
    } finally {
      offTrack();
      offAlbum();
    }
  });

  it('keeps an album whose songs were all deleted: it can be renamed and repriced, not given an empty song list', async () => {
    const artist = await t.artist();
    const song = await single(artist, 'Only One');
    const created = await newAlbum(artist, 'Emptied', [song.id]);
    expect((await t.request('DELETE', `/api/tracks/${song.id}`, { cookie: artist.cookie })).status).toBe(200);
    expect((await albums(artist))[0]).toMatchObject({ albumName: 'Emptied', tracks: [] });

    const renamed = await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: artist.cookie, json: { albumName: 'Renamed', price: '5' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ albumName: 'Renamed', price: 500, tracks: [] });
    const emptyList = await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: artist.cookie, json: { selectedSongs: [] } });
    expect(emptyList.status).toBe(400);
    expect(emptyList.body.message).toBe(CATALOG_MESSAGES.albumNeedsSongs);
  });

  it('reads song ids in any case, once each', async () => {
    const artist = await t.artist();
    const song = await single(artist, 'Shouted');
    const created = await newAlbum(artist, 'Case', [song.id, song.id.toUpperCase()]);
    expect(created.status).toBe(201);
    expect(created.body.tracks.map((track: Track) => track.id)).toEqual([song.id]);
  });

  it('deletes an album and its cover, keeping its songs as singles', async () => {
    const artist = await t.artist();
    const song = await single(artist, 'Keeper');
    const created = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: { albumName: 'Short-lived', selectedSongs: JSON.stringify([song.id]), albumTracks: JSON.stringify([newTrack('Also kept')]) },
        files: [
          { field: 'albumTrackFile_0', path: media.ogg },
          { field: 'coverPhoto', path: media.coverJpg },
        ],
      },
      artist.cookie,
    );
    expect(created.status).toBe(201);
    await t.app.jobs.drain();
    expect(await t.storedKeys(`covers/${artist.id}/`)).toHaveLength(7);

    const deleted = await t.request('DELETE', `/api/albums/${created.body.id}`, { cookie: artist.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Album deleted' });
    expect(await albums(artist)).toEqual([]);
    const left = await tracks(artist);
    expect(left.map((track) => track.trackName).sort()).toEqual(['Also kept', 'Keeper']);
    expect(left.every((track) => track.albumId === null)).toBe(true);
    await t.app.jobs.drain();
    expect(await t.storedKeys(`covers/${artist.id}/`)).toEqual([]);
    expect(await t.storedKeys(`audio/${artist.id}/`)).toHaveLength(2);
    expect((await t.request('GET', `/api/albums/${created.body.id}/cover`)).status).toBe(404);
  });

  it("hides another artist's albums: absent from lists, 404 for every change", async () => {
    const owner = await t.artist();
    const other = await t.artist();
    const song = await single(owner, 'Private');
    const created = await newAlbum(owner, 'Mine', [song.id]);
    expect(await albums(other)).toEqual([]);
    const theirSong = await single(other, 'Theirs');
    const attempts = [
      await t.sendForm('PATCH', `/api/albums/${created.body.id}`, { fields: { albumName: 'Taken', selectedSongs: JSON.stringify([theirSong.id]) } }, other.cookie),
      await t.request('DELETE', `/api/albums/${created.body.id}`, { cookie: other.cookie }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.message).toBe(CATALOG_MESSAGES.albumNotFound);
    }
    // Nor can the owner pull the other artist's song into the album.
    const stolen = await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: owner.cookie, json: { selectedSongs: [song.id, theirSong.id] } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(CATALOG_MESSAGES.selectedSongsNotFound);
    expect((await albums(owner))[0]).toMatchObject({ albumName: 'Mine' });
    expect((await albums(owner))[0]!.tracks.map((track) => track.id)).toEqual([song.id]);
  });
});
