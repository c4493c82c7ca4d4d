/**
 * npm run seed -- [--artists N] [--tracks N] [--plays N] [--downloads N] [--random-seed N]
 *
 * Fills the configured database (DATABASE_URL, else the embedded one under DATA_DIR) and media
 * storage with sample data for trying the product and for benchmarks: verified artists, tracks
 * that really play, covers, albums, prices, plays and downloads over the last 30 days skewed so
 * the rankings are interesting, and a few editor's picks; then computes the rankings once.
 *
 * Audio: four 30-second clips made with ffmpeg, each stored once (original and its four
 * renditions) and shared by the seeded tracks, so 100,000 tracks cost a few megabytes. Only the
 * first artist can sign in (password printed at the end); their tracks get objects of their own,
 * so deleting one of them through the app never removes audio other tracks use.
 *
 * It runs as a server would on the DATA_DIR (it takes its lock): stop the server first.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { GENRE_SLUGS } from '#common/genres';
import { toSlug } from '#common/slug';
import { albums, covers, tracks, users } from '../db/schema';
import { rebuildDailyStats } from '../modules/analytics';
import { EditorsPicks } from '../modules/discovery';
import { rebuildTrends } from '../modules/playback';
import { storageKeys } from '../modules/storage';
import { buildCliApp, CliError, loadCliConfig, parseCliArgs, runCli } from './cli-support';

const run = promisify(execFile);

const USAGE = `Usage: npm run seed -- [--artists N] [--tracks N] [--plays N] [--downloads N] [--random-seed N]
  defaults: 20 artists, 200 tracks, 10 plays per track, a download per 10 plays`;

const PASSWORD = 'password123';
const FIRST_EMAIL = 'artist1@seed.sauti.test';
// The server's hashing parameters (workers/password-hasher.ts): argon2id, 19 MiB, 2 passes.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CLIP_SECONDS = 30;
const CLIPS = 4;
const COVER_IMAGES = 6;
const RENDITION_KINDS = ['standard', 'low', 'preview', 'preview_low'] as const;
const BATCH = 1_000;
const EVENT_BATCH = 20_000;
const DAY = 86_400_000;

// --- a small deterministic random source, so two seeds with the same numbers look alike ---------
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = ['Amani', 'Wanjiru', 'Otieno', 'Akinyi', 'Kamau', 'Njeri', 'Baraka', 'Zawadi', 'Kiprono', 'Atieno', 'Mwangi', 'Nyokabi', 'Juma', 'Halima', 'Chebet', 'Odhiambo', 'Wairimu', 'Kibet', 'Nafula', 'Imani'];
const STAGE_WORDS = ['Wave', 'Sound', 'Beats', 'Vibes', 'Collective', 'Band', 'Sauti', 'Groove', 'Rhythm', 'Echo', 'Pulse', 'Strings'];
const TITLE_A = ['Nairobi', 'Mombasa', 'Usiku', 'Jua', 'Mvua', 'Upendo', 'Safari', 'Moyo', 'Nyota', 'Bahari', 'Kesho', 'Pamoja', 'Tamu', 'Rafiki', 'Amani', 'Mji'];
const TITLE_B = ['Nights', 'Sunrise', 'Dreams', 'Dance', 'Blues', 'Road', 'Fire', 'Rain', 'Heart', 'Skies', 'Groove', 'Love', 'Story', 'Lights', 'Anthem', 'Waves'];

interface Args {
  artists: number;
  tracks: number;
  plays: number;
  downloads: number;
  seed: number;
}

function parse(argv: string[]): Args {
  const { values } = parseCliArgs(
    {
      args: argv,
      options: {
        artists: { type: 'string' },
        tracks: { type: 'string' },
        plays: { type: 'string' },
        downloads: { type: 'string' },
        'random-seed': { type: 'string' },
      },
    },
    USAGE,
  );
  const count = (name: string, value: string | undefined, fallback: number, min: number) => {
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > 10_000_000) {
      throw new CliError(`--${name} must be a whole number from ${min} to 10000000, not "${value}".\n${USAGE}`, 2);
    }
    return Number(value);
  };
  const artists = count('artists', values.artists, 20, 1);
  const trackCount = count('tracks', values.tracks, 200, 1);
  const plays = count('plays', values.plays, trackCount * 10, 0);
  return {
    artists,
    tracks: trackCount,
    plays,
    downloads: count('downloads', values.downloads, Math.round(plays / 10), 0),
    seed: count('random-seed', values['random-seed'], 2026, 0),
  };
}

// --- media: a few real clips and images, stored once -------------------------------------------

interface StoredAudio {
  audioKey: string;
  fileSize: number;
  renditions: { kind: (typeof RENDITION_KINDS)[number]; key: string; size: number }[];
}

interface Clip {
  original: string;
  renditions: Record<(typeof RENDITION_KINDS)[number], string>;
}

/** Four short pieces: a few notes of a pentatonic scale over a drone, each in its own key and tempo. */
async function makeClips(app: FastifyInstance, dir: string): Promise<Clip[]> {
  const clips: Clip[] = [];
  for (let i = 0; i < CLIPS; i++) {
    const base = [196, 220, 247, 262][i]!;
    const beat = [0.5, 0.4, 0.6, 0.45][i]!;
    const notes = [1, 9 / 8, 5 / 4, 3 / 2, 5 / 3];
    // The note changes every beat: step through the scale by a pattern of the clip's own.
    const step = `floor(t/${beat})`;
    const frequency = `${base}*(${notes.map((ratio, k) => `eq(mod(${step}*${i + 2},5),${k})*${ratio}`).join('+')})`;
    const envelope = `exp(-3*mod(t,${beat}))`;
    const expression = `0.35*${envelope}*sin(2*PI*${frequency}*t)+0.12*sin(2*PI*${base / 2}*t)`;
    const original = path.join(dir, `clip-${i}.mp3`);
    await run(app.media.ffmpeg.path, [
      '-hide_banner', '-nostdin', '-loglevel', 'error',
      // Quoted: the expression's commas are not the filter graph's separators.
      '-f', 'lavfi', '-i', `aevalsrc=exprs='${expression}':s=44100:d=${CLIP_SECONDS}`,
      '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-y', original,
    ]);
    const renditions = {} as Clip['renditions'];
    for (const kind of RENDITION_KINDS) {
      const output = path.join(dir, `clip-${i}-${kind}.m4a`);
      await app.media.makeRendition(original, output, kind, CLIP_SECONDS);
      renditions[kind] = output;
    }
    clips.push({ original, renditions });
  }
  return clips;
}

/** Stores a clip under keys of the given owner and track (putFile moves its file: a copy goes in). */
async function storeClip(app: FastifyInstance, clip: Clip, ownerId: string, trackId: string): Promise<StoredAudio> {
  const put = async (source: string, key: string, type: string) => {
    const copy = path.join(app.scratchDir, `seed-${randomUUID()}`);
    await fsp.copyFile(source, copy);
    const { size } = await fsp.stat(copy);
    await app.storage.putFile(key, copy, type);
    return size;
  };
  const audioKey = storageKeys.audio(ownerId, 'mp3');
  const fileSize = await put(clip.original, audioKey, 'audio/mpeg');
  const renditions: StoredAudio['renditions'] = [];
  for (const kind of RENDITION_KINDS) {
    const key = storageKeys.rendition(trackId, audioKey, kind);
    renditions.push({ kind, key, size: await put(clip.renditions[kind], key, 'audio/mp4') });
  }
  return { audioKey, fileSize, renditions };
}

const PALETTES = [
  ['#0f766e', '#f59e0b'],
  ['#7c3aed', '#ec4899'],
  ['#b91c1c', '#facc15'],
  ['#1d4ed8', '#22d3ee'],
  ['#15803d', '#a3e635'],
  ['#9a3412', '#fb7185'],
];

async function makeCoverImage(index: number): Promise<Buffer> {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="640" height="640" fill="url(#g)"/>
    <circle cx="${200 + index * 40}" cy="${260 + index * 20}" r="${120 + index * 10}" fill="#ffffff" fill-opacity="0.18"/>
    <text x="48" y="590" font-family="sans-serif" font-size="64" font-weight="bold" fill="#ffffff">SAUTI ${index + 1}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

interface StoredCover {
  originalKey: string;
  byteSize: number;
  variants: string[];
}

async function storeCover(app: FastifyInstance, image: Buffer, variants: { name: string; body: Buffer; mimeType: string }[], ownerId: string): Promise<StoredCover> {
  const originalKey = storageKeys.coverOriginal(ownerId, randomUUID(), 'jpg');
  await app.storage.putBuffer(originalKey, image, 'image/jpeg');
  for (const variant of variants) await app.storage.putBuffer(storageKeys.coverVariant(originalKey, variant.name), variant.body, variant.mimeType);
  return { originalKey, byteSize: image.length, variants: variants.map((variant) => variant.name) };
}

// --- plays and downloads, with a skew -----------------------------------------------------------

/** Picks indexes with the given weights (cumulative sums, binary search). */
function sampler(weights: Float64Array, random: () => number) {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) cumulative[i] = total += weights[i]!;
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

interface DrawnEvents {
  track: Int32Array;
  at: Float64Array;
  /** How much of the clip was heard (plays only). */
  share: Float32Array;
}

/** Draws `count` events (which track, when), counting them per track. */
function drawEvents(count: number, pick: () => number, eventAge: (track: number) => number, random: () => number, counts: Int32Array): DrawnEvents {
  const now = Date.now();
  const drawn = { track: new Int32Array(count), at: new Float64Array(count), share: new Float32Array(count) };
  for (let k = 0; k < count; k++) {
    const track = pick();
    counts[track]!++;
    drawn.track[k] = track;
    drawn.at[k] = now - eventAge(track);
    drawn.share[k] = 0.2 + 0.8 * random();
  }
  return drawn;
}

async function insertEvents(app: FastifyInstance, kind: 'plays' | 'downloads', drawn: DrawnEvents, trackIds: string[]) {
  const count = drawn.track.length;
  for (let done = 0; done < count; ) {
    const size = Math.min(EVENT_BATCH, count - done);
    const ids: string[] = [];
    const times: string[] = [];
    const durations: number[] = [];
    const completed: number[] = [];
    for (let k = done; k < done + size; k++) {
      ids.push(trackIds[drawn.track[k]!]!);
      times.push(new Date(drawn.at[k]!).toISOString());
      durations.push(Math.round(CLIP_SECONDS * drawn.share[k]! * 10) / 10);
      completed.push(Math.round(drawn.share[k]! * 1000) / 10);
    }
    if (kind === 'plays') {
      await app.database.pool.query(
        `INSERT INTO track_plays (track_id, duration, completed_percentage, played_at)
         SELECT * FROM unnest($1::uuid[], $2::float8[], $3::float8[], $4::timestamptz[])`,
        [ids, durations, completed, times],
      );
    } else {
      await app.database.pool.query(
        `INSERT INTO track_downloads (track_id, downloaded_at) SELECT * FROM unnest($1::uuid[], $2::timestamptz[])`,
        [ids, times],
      );
    }
    done += size;
    if (count >= 100_000 && done % 200_000 < EVENT_BATCH) console.log(`  ${done.toLocaleString('en')} of ${count.toLocaleString('en')} ${kind}`);
  }
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

// --- the command ----------------------------------------------------------------------------------

async function seed(args: Args) {
  const config = loadCliConfig();
  const started = Date.now();
  const app = await buildCliApp(config, 'npm run seed', 'seed');
  const work = fs.mkdtempSync(path.join(app.scratchDir, 'seed-'));
  try {
    const db = app.database.db;
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, FIRST_EMAIL));
    if (existing) throw new CliError(`This database is already seeded (${FIRST_EMAIL} exists). Seed a fresh DATA_DIR or database.`);
    console.log(
      `Seeding ${app.database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database of DATABASE_URL'} (${app.storage.description}): ` +
        `${args.artists.toLocaleString('en')} artists, ${args.tracks.toLocaleString('en')} tracks, ${args.plays.toLocaleString('en')} plays, ${args.downloads.toLocaleString('en')} downloads`,
    );
    const random = prng(args.seed);
    const now = Date.now();

    // Media first: if ffmpeg or storage fails, nothing has been written to the database.
    const clips = await makeClips(app, work);
    const images = await Promise.all(Array.from({ length: COVER_IMAGES }, (_, i) => makeCoverImage(i)));
    const variantsOf = [];
    for (const image of images) variantsOf.push(await app.media.makeCoverVariants(image));

    // Artists: the first can sign in; the others have a password nobody knows.
    const artistIds = Array.from({ length: args.artists }, () => randomUUID());
    const [knownHash, unknownHash] = await Promise.all([hash(PASSWORD, ARGON2ID), hash(randomUUID(), ARGON2ID)]);
    const artistNames: string[] = [];
    const artistRows = artistIds.map((id, i) => {
      const displayName =
        i === 0 ? 'Amani Wave' : `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${STAGE_WORDS[Math.floor(random() * STAGE_WORDS.length)]} ${i + 1}`;
      artistNames.push(displayName);
      const createdAt = new Date(now - (400 + random() * 700) * DAY);
      return {
        id,
        email: i === 0 ? FIRST_EMAIL : `artist${i + 1}@seed.sauti.test`,
        emailVerifiedAt: createdAt,
        passwordHash: i === 0 ? knownHash : unknownHash,
        displayName,
        displaySlug: toSlug(displayName),
        createdAt,
        updatedAt: createdAt,
      };
    });
    await insertInBatches(artistRows, (batch) => db.insert(users).values(batch));
    console.log(`  artists: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Shared media, stored once under the second artist (or the first when alone); the first artist's own copies.
    const sharedOwner = artistIds[Math.min(1, artistIds.length - 1)]!;
    const sharedAudio: StoredAudio[] = [];
    for (const clip of clips) sharedAudio.push(await storeClip(app, clip, sharedOwner, randomUUID()));
    const sharedCovers: StoredCover[] = [];
    for (const [i, image] of images.entries()) sharedCovers.push(await storeCover(app, image, variantsOf[i]!, sharedOwner));

    // Tracks, round robin over the artists; 5% are this week's new hits.
    const trackIds = Array.from({ length: args.tracks }, () => randomUUID());
    const hit = new Uint8Array(args.tracks);
    const owner = new Int32Array(args.tracks);
    for (let i = 0; i < args.tracks; i++) {
      owner[i] = i % args.artists;
      hit[i] = random() < 0.05 ? 1 : 0;
    }

    // Popularity: a Zipf-like law over a shuffled rank, new hits boosted.
    const weights = new Float64Array(args.tracks);
    const ranks = Array.from({ length: args.tracks }, (_, i) => i);
    for (let i = ranks.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
    }
    for (let i = 0; i < args.tracks; i++) weights[i] = (hit[i] ? 4 : 1) / (ranks[i]! + 1) ** 0.9;
    const pick = sampler(weights, random);
    // New hits were played in the last 3 days; the rest over 30 days, more of it recently.
    const eventAge = (track: number) => (hit[track] ? random() * 3 * DAY : random() ** 1.4 * 30 * DAY);
    const playCounts = new Int32Array(args.tracks);
    const downloadCounts = new Int32Array(args.tracks);

    // Albums: half the artists with four tracks or more group three to five of them.
    const albumRows: (typeof albums.$inferInsert)[] = [];
    const albumOf = new Map<number, { albumId: string; position: number }>();
    const tracksOf: number[][] = Array.from({ length: args.artists }, () => []);
    for (let i = 0; i < args.tracks; i++) tracksOf[owner[i]!]!.push(i);
    for (const [artist, own] of tracksOf.entries()) {
      if (own.length < 4 || (artist !== 0 && random() < 0.5)) continue;
      const albumId = randomUUID();
      const size = Math.min(own.length, 3 + Math.floor(random() * 3));
      const createdAt = new Date(now - (40 + random() * 300) * DAY);
      albumRows.push({
        id: albumId,
        userId: artistIds[artist]!,
        albumName: `${TITLE_A[Math.floor(random() * TITLE_A.length)]} ${['EP', 'Sessions', 'Vol. 1', 'Stories'][Math.floor(random() * 4)]}`,
        price: random() < 0.5 ? 0 : 20_000,
        createdAt,
        updatedAt: createdAt,
      });
      for (let position = 0; position < size; position++) albumOf.set(own[position]!, { albumId, position });
    }
    await insertInBatches(albumRows, (batch) => db.insert(albums).values(batch));

    // Plays and downloads are drawn before the tracks are written, so each track's counters match its rows.
    const plays = drawEvents(args.plays, pick, eventAge, random, playCounts);
    const downloads = drawEvents(args.downloads, pick, eventAge, random, downloadCounts);

    const coverRows: (typeof covers.$inferInsert)[] = [];
    const trackRows: (typeof tracks.$inferInsert)[] = [];
    const renditionRows: { trackId: string; kind: string; key: string; size: number; source: string }[] = [];
    for (let i = 0; i < args.tracks; i++) {
      const id = trackIds[i]!;
      const artist = owner[i]!;
      const userId = artistIds[artist]!;
      const clipIndex = Math.floor(random() * CLIPS);
      // The artist who can sign in (and delete) gets objects of their own.
      const audio = artist === 0 ? await storeClip(app, clips[clipIndex]!, userId, id) : sharedAudio[clipIndex]!;
      let coverId: string | null = null;
      if (random() < 0.6) {
        const imageIndex = Math.floor(random() * COVER_IMAGES);
        const cover = artist === 0 ? await storeCover(app, images[imageIndex]!, variantsOf[imageIndex]!, userId) : sharedCovers[imageIndex]!;
        coverId = randomUUID();
        coverRows.push({ id: coverId, userId, originalKey: cover.originalKey, mimeType: 'image/jpeg', byteSize: cover.byteSize, variants: cover.variants });
      }
      const trackName = `${TITLE_A[Math.floor(random() * TITLE_A.length)]} ${TITLE_B[Math.floor(random() * TITLE_B.length)]}`;
      const uploadedAt = new Date(now - (hit[i] ? 3 + random() : 31 + random() * 300) * DAY);
      const album = albumOf.get(i);
      const priced = random();
      trackRows.push({
        id,
        userId,
        albumId: album?.albumId ?? null,
        albumPosition: album?.position ?? null,
        trackName,
        artistName: artistNames[artist]!,
        originalName: `${trackName.toLowerCase().replace(/\s+/g, '-')}.mp3`,
        fileSize: audio.fileSize,
        mimeType: 'audio/mpeg',
        duration: CLIP_SECONDS,
        audioKey: audio.audioKey,
        coverId,
        price: priced < 0.6 ? 0 : priced < 0.9 ? 5_000 : 10_000,
        allowFullPlayback: random() < 0.85,
        // Every genre has songs to browse (by position: the random sequence stays as it was).
        genre: GENRE_SLUGS[i % GENRE_SLUGS.length]!,
        downloadCount: downloadCounts[i]!,
        streamCount: playCounts[i]!,
        uploadedAt,
        updatedAt: uploadedAt,
      });
      for (const rendition of audio.renditions) renditionRows.push({ trackId: id, kind: rendition.kind, key: rendition.key, size: rendition.size, source: audio.audioKey });
    }
    await insertInBatches(coverRows, (batch) => db.insert(covers).values(batch));
    await insertInBatches(trackRows, (batch) => db.insert(tracks).values(batch));
    console.log(`  tracks: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await insertEvents(app, 'plays', plays, trackIds);
    console.log(`  plays: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await insertEvents(app, 'downloads', downloads, trackIds);
    console.log(`  downloads: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (let i = 0; i < renditionRows.length; i += EVENT_BATCH) {
      const batch = renditionRows.slice(i, i + EVENT_BATCH);
      await app.database.pool.query(
        `INSERT INTO track_renditions (track_id, kind, storage_key, byte_size, mime_type, source_key)
         SELECT t, k, s, b, 'audio/mp4', src FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int8[], $5::text[]) AS r(t, k, s, b, src)`,
        [batch.map((r) => r.trackId), batch.map((r) => r.kind), batch.map((r) => r.key), batch.map((r) => r.size), batch.map((r) => r.source)],
      );
    }

    // A few editor's picks: tracks with covers, from different artists.
    // The app the seed built drops its own kept lists; servers started later read the picks afresh.
    const picks = new EditorsPicks(db, () => app.events.emit('discovery.changed', {}));
    const picked = new Set<number>();
    for (let i = 0; i < args.tracks && picked.size < Math.min(8, args.artists); i++) {
      const candidate = Math.floor(random() * args.tracks);
      if (!trackRows[candidate]!.coverId || [...picked].some((p) => owner[p] === owner[candidate])) continue;
      picked.add(candidate);
      await picks.add(trackIds[candidate]!);
    }

    // Fresh statistics for the planner: a bulk load leaves tables unanalysed until autovacuum's next pass.
    // Plays and downloads were written in bulk, not counted one by one: build the daily figures and
    // the trending scores.
    await rebuildDailyStats(app.database.db);
    const trendsStarted = Date.now();
    await rebuildTrends(app.database.db);
    console.log(`  trending scores built in ${((Date.now() - trendsStarted) / 1000).toFixed(2)} s`);
    await app.database.pool.query('ANALYZE');
    const ranked = await app.discovery.recompute();
    console.log(`  rankings computed in ${(ranked.ms / 1000).toFixed(2)} s (${ranked.popularArtists} popular artists)`);
    console.log(
      `\nSeeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${args.artists.toLocaleString('en')} artists, ${args.tracks.toLocaleString('en')} tracks ` +
        `(${coverRows.length.toLocaleString('en')} with covers, ${albumRows.length.toLocaleString('en')} albums), ${args.plays.toLocaleString('en')} plays, ` +
        `${args.downloads.toLocaleString('en')} downloads, ${picked.size} editor's picks.`,
    );
    console.log(`Sign in as ${FIRST_EMAIL} with the password ${PASSWORD} (display name "Amani Wave").`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await app.close();
  }
}

runCli(async () => seed(parse(process.argv.slice(2))));
