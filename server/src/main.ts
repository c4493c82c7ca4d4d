import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './lib/data-dir-lock';
import { FfmpegMissingError } from './modules/media';

/** After the grace period, the clean-up of cut uploads and the database close get this long. */
const CLEAN_UP_MS = 10_000;
/** Between no longer accepting connections and closing the idle ones (after the not-ready period). */
const STOP_ACCEPTING_MS = 1_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
// Bundled as dist/server/main.js beside dist/web; from source (npm run dev) Vite serves the web app.
if (!import.meta.url.endsWith('.ts')) config.webDir = fileURLToPath(new URL('../web', import.meta.url));

let shuttingDown = false;
/**
 * SIGTERM: first report not ready (GET /api/health answers 503) for SHUTDOWN_NOT_READY_SECONDS while
 * serving everything that arrives, so the balancer stops sending here before anything is refused;
 * then stop accepting, let requests finish for SHUTDOWN_GRACE_SECONDS, then cut the uploads
 * still arriving (each removes its scratch files and staged objects, as when a client goes away)
 * and close the remaining connections (a player resumes with a range request elsewhere), close
 * the database, and exit 0. Exit 1 only if the clean-up itself hangs or fails.
 */
async function shutdown(app: Awaited<ReturnType<typeof buildApp>>, code: number) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (code === 0 && config.shutdownNotReadyMs > 0) {
    app.beginDraining();
    app.log.info({ ms: config.shutdownNotReadyMs }, 'shutting down: reporting not ready, still serving');
    await new Promise((resolve) => setTimeout(resolve, config.shutdownNotReadyMs));
    // Stop accepting before closing idle connections (app.close does both at once): a connection the
    // balancer opened an instant earlier would count as idle before its request is read, and be
    // reset under a POST the balancer may not retry. Its request is served (Connection: close).
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, STOP_ACCEPTING_MS));
  }
  app.log.info('shutting down: finishing in-flight requests');
  const deadline = setTimeout(() => {
    void (async () => {
      const cut = app.uploads.inFlight;
      app.server.closeAllConnections();
      await app.uploads.abortAll();
      app.log.warn({ uploads: cut }, 'shutdown grace period over: closed the remaining connections');
    })();
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, CLEAN_UP_MS).unref();
  }, config.shutdownGraceMs);
  deadline.unref();
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
