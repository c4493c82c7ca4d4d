import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './lib/data-dir-lock';
import { FfmpegMissingError } from './modules/media/ffmpeg';

const SHUTDOWN_GRACE_MS = 20_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
// Bundled as dist/server/main.js beside dist/web; from source (npm run dev) Vite serves the web app.
if (!import.meta.url.endsWith('.ts')) config.webDir = fileURLToPath(new URL('../web', import.meta.url));

let shuttingDown = false;
async function shutdown(app: Awaited<ReturnType<typeof buildApp>>, code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info('shutting down: finishing in-flight requests');
  setTimeout(() => process.exit(code || 1), SHUTDOWN_GRACE_MS).unref();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    code ||= 1;
  }
  process.exit(code);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, {
    onFatal: (error) => {
      app.log.fatal({ err: error }, 'fatal error; stopping');
      void shutdown(app, 1);
    },
  });
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof FfmpegMissingError) fail(error.message);
  throw error;
}

process.once('SIGTERM', () => void shutdown(app, 0));
process.once('SIGINT', () => void shutdown(app, 0));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const problem =
    code === 'EADDRINUSE'
      ? `PORT ${config.port} is already in use; stop the other server or set PORT.`
      : code === 'EACCES'
        ? `PORT ${config.port} needs privileges this process does not have; choose a PORT above 1023.`
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL'
          ? `HOST ${config.host} is not an address of this machine (${code}).`
          : undefined;
  if (problem) {
    await app.close();
    fail(problem);
  }
  throw error;
}
app.log.info(
  `Sauti is running at ${config.publicUrl} (database: ${app.database.kind}, data: ${config.dataDir})`,
);
app.log.info(
  `Media: ffmpeg ${app.media.ffmpeg.version} (${app.media.ffmpeg.source}, ${app.media.ffmpeg.path}); storage: ${app.storage.description}`,
);
