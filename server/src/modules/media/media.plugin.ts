import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { inspectAudio, type AudioFormat, type AudioInspection } from './audio-inspect';
import { locateFfmpeg, Semaphore, type FfmpegBinary } from './ffmpeg';
import { inspectCover, makeCoverVariants, type CoverInspection } from './images';
import { MediaWork } from './media-work';
import { makeDownloadFormat, type DownloadTags, type MadeFormat } from './download-formats';
import { makeRendition, type RenditionProfileName } from './renditions';

/** Deadlines for one ffmpeg run. A 50 MB upload decodes in seconds; these only stop a runaway. */
const INSPECT_TIMEOUT_MS = 120_000;
const TRANSCODE_TIMEOUT_MS = 15 * 60_000;

export interface Media {
  ffmpeg: FfmpegBinary;
  inspectAudio(filePath: string, allowed: readonly AudioFormat[], signal?: AbortSignal): Promise<AudioInspection>;
  makeRendition(input: string, output: string, profile: RenditionProfileName, sourceSeconds: number, signal?: AbortSignal): Promise<void>;
  makeDownloadFormat(input: { path: string; mimeType: string }, cover: string | null, output: string, format: MadeFormat, tags: DownloadTags, signal?: AbortSignal): Promise<void>;
  inspectCover(filePath: string): Promise<CoverInspection>;
  makeCoverVariants(original: string | Buffer): ReturnType<typeof makeCoverVariants>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: Media;
    /** The pipeline: renditions, thumbnails, deleting and sweeping stored objects (durable jobs). */
    mediaWork: MediaWork;
  }
}

/**
 * Audio and image work, and the pipeline that runs it in durable jobs. ffmpeg runs as a child process with a deadline; at most two decodes of
 * uploads and one transcode at a time, and one image at a time (libvips runs on libuv's thread
 * pool, which file reads for streaming share).
 */
export const mediaPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const ffmpeg = await locateFfmpeg(config.ffmpegPath, config.dataDir);
    const inspections = new Semaphore(2);
    const transcodes = new Semaphore(1);
    const images = new Semaphore(1);
    const media: Media = {
      ffmpeg,
      inspectAudio: (filePath, allowed, signal) =>
        inspections.run(() => inspectAudio(ffmpeg.path, filePath, allowed, { timeoutMs: INSPECT_TIMEOUT_MS, signal })),
      makeRendition: (input, output, profile, sourceSeconds, signal) =>
        transcodes.run(() => makeRendition(ffmpeg.path, input, output, profile, sourceSeconds, { timeoutMs: TRANSCODE_TIMEOUT_MS, signal })),
      makeDownloadFormat: (input, cover, output, format, tags, signal) =>
        transcodes.run(() => makeDownloadFormat(ffmpeg.path, input, cover, output, format, tags, { timeoutMs: TRANSCODE_TIMEOUT_MS, signal })),
      inspectCover: (filePath) => images.run(() => inspectCover(filePath)),
      makeCoverVariants: (original) => images.run(() => makeCoverVariants(original)),
    };
    app.decorate('media', media);
    const work = new MediaWork({
      db: () => app.database.db,
      storage: app.storage,
      media,
      jobs: app.jobs,
      scratchDir: app.scratchDir,
      log: app.log,
      events: app.events,
    });
    work.register(app.jobs);
    app.decorate('mediaWork', work);
  },
  { name: 'media', dependencies: ['database', 'storage'] },
);
