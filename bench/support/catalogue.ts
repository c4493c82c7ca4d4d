import fs from 'node:fs';
import path from 'node:path';
import { MAX_UPLOADS_PER_ARTIST } from '#common/schemas/catalog/rules';
import { signUpArtist, type Artist } from './accounts';
import { songMp3 } from './media';
import { atFinish } from './processes';
import { startServer, type ServerProcess } from './server';
import { listTracks, uploadTrack, waitForRenditions } from './upload';

export const CATALOGUE_PORT = 5141;
/** The artist's catalogue size: GET /api/tracks answers this many tracks. */
export const TRACK_COUNT = 40;

export interface Catalogue {
  server: ServerProcess;
  artist: Artist;
  /** A 4-minute song whose stream rendition is the file the stream benchmarks ask for. */
  song: { id: string; size: number; renditionPath: string };
}

let catalogue: Promise<Catalogue> | undefined;

async function uploadOrFail(server: ServerProcess, artist: Artist, file: string, trackName: string): Promise<string> {
  const result = await uploadTrack(server.url, artist.cookie, { file, trackName, artistName: artist.displayName });
  if (result.status !== 201) throw new Error(`upload of ${trackName}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.id as string;
}

/**
 * One server with one artist of TRACK_COUNT tracks, all with their renditions made (so no
 * background job runs during a measurement); shared by the benchmarks of one run, started on
 * first use. Everything goes through the API.
 */
export function sharedCatalogue(): Promise<Catalogue> {
  catalogue ??= (async () => {
    const started = Date.now();
    const server = await startServer(CATALOGUE_PORT);
    atFinish(() => server.stop());
    const artist = await signUpArtist(server, 'Catalogue Artist');
    const songId = await uploadOrFail(server, artist, songMp3(240), 'Bench song');
    const shortSong = songMp3(10);
    for (let next = 1; next < TRACK_COUNT; ) {
      // As many at once as the server lets one artist have in progress.
      const batch = Array.from({ length: Math.min(MAX_UPLOADS_PER_ARTIST, TRACK_COUNT - next) }, (_, k) =>
        uploadOrFail(server, artist, shortSong, `Track ${next + k}`),
      );
      next += batch.length;
      await Promise.all(batch);
    }
    const uploaded = Date.now();
    await waitForRenditions(server.url, artist.cookie);
    console.log(`(uploads ${((uploaded - started) / 1000).toFixed(1)} s, renditions ${((Date.now() - uploaded) / 1000).toFixed(1)} s more)`);
    if ((await listTracks(server.url, artist.cookie)).length !== TRACK_COUNT) throw new Error('catalogue has the wrong number of tracks');
    const folder = path.join(server.dataDir, 'media', 'renditions', songId);
    const rendition = fs.readdirSync(folder).find((name) => name.endsWith('-standard.m4a'));
    if (!rendition) throw new Error(`no standard rendition in ${folder}`);
    const renditionPath = path.join(folder, rendition);
    const head = await fetch(`${server.url}/api/tracks/${songId}/stream`, { method: 'HEAD' });
    const size = Number(head.headers.get('content-length'));
    if (size !== fs.statSync(renditionPath).size) throw new Error('the stream route does not serve the standard rendition');
    console.log(`(catalogue of ${TRACK_COUNT} tracks ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { server, artist, song: { id: songId, size, renditionPath } };
  })();
  return catalogue;
}
