import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /** Scratch folder for uploads in flight and ffmpeg work (DATA_DIR/tmp). */
    scratchDir: string;
  }
}

export function createStorage(config: Config, scratchDir: string): Storage {
  return config.s3 ? new S3Storage(config.s3, scratchDir) : new LocalStorage(path.join(config.dataDir, 'media'), scratchDir);
}

/**
 * Media storage chosen by the configuration: an S3-compatible bucket when S3_BUCKET is set, else
 * local disk under DATA_DIR/media. Scratch files left by a previous process (an upload cut off by
 * a crash) are removed at startup: the data-directory lock guarantees no other process owns them.
 */
export const storagePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const scratchDir = path.join(config.dataDir, 'tmp');
    fs.rmSync(scratchDir, { recursive: true, force: true });
    fs.mkdirSync(scratchDir, { recursive: true });
    const storage = createStorage(config, scratchDir);
    app.decorate('storage', storage);
    app.decorate('scratchDir', scratchDir);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'storage' },
);
