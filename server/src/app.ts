import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { batchedStdout } from './lib/batched-stdout';
import { lockDataDir } from './lib/data-dir-lock';
import { serializeError } from './lib/error-serializer';
import { EventBus } from './lib/events';
import { dropPublicAnswersOnEvents, PublicAnswers } from './lib/public-answers';
import { RELAYED_ANSWER_MAX_MS } from './lib/event-relay';
import { AccessLogController } from './plugins/access-log';
import { clientErrorHandler, routerErrorHandler } from './plugins/client-errors';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { databasePlugin } from './plugins/database';
import { languagePlugin } from './plugins/language';
import { trailingSlashPlugin } from './plugins/trailing-slash';
import { webPlugin } from './plugins/web';
import { authPlugin, sessionPlugin, type AuthPluginOptions } from './modules/auth';
import { catalogPlugin, storageUsed } from './modules/catalog';
import { discoveryPlugin } from './modules/discovery';
import { limitsPlugin } from './modules/limits';
import { mailPlugin, type MailTransport } from './modules/mail';
import { mediaPlugin } from './modules/media';
import { playbackPlugin } from './modules/playback';
import { publicPagesPlugin } from './modules/public-pages';
import { searchPlugin } from './modules/search';
import { storagePlugin } from './modules/storage';
import { resumableUploadsPlugin, uploadsPlugin } from './modules/uploads';
import { profilesPlugin } from './modules/profiles';
import { analyticsPlugin } from './modules/analytics';
import { followsPlugin } from './modules/follows';
import { paymentProviderPlugin } from './modules/payment-provider';
import { paymentsPlugin } from './modules/payments';
import { payoutsPlugin } from './modules/payouts';
import { adminPlugin } from './modules/admin';

export interface BuildAppOptions {
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Run background jobs on a timer (the server does; tests drain the queue themselves). */
  startJobs?: boolean;
  /** Called when something the app cannot live without (the embedded database) dies. */
  onFatal?: (error: Error) => void;
  /** Replace the mail transport chosen from the configuration (tests capture mail this way or over SMTP). */
  mailTransport?: MailTransport;
  /** Rate-limit overrides (tests exercise the limits with small numbers). */
  authLimits?: AuthPluginOptions['limits'];
}

/** Request logs carry no query strings: they can hold e-mail addresses and tokens. */
const requestSerializer = (request: { method: string; url: string; id: string }) => ({
  id: request.id,
  method: request.method,
  url: request.url.split('?')[0],
});

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const lock = lockDataDir(config.dataDir);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: 'info',
            serializers: { req: requestSerializer, err: serializeError },
            stream: batchedStdout(),
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // A request reaching a closing process is served: a balancer does not retry an answered 503.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: routerErrorHandler,
    logController: new AccessLogController(),
    // The first start of the embedded database creates a cluster: seconds, more on a slow disk.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => lock.release());

  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);

    await app.register(errorsPlugin);
    await app.register(securityPlugin, { config });
    await app.register(trailingSlashPlugin);
    await app.register(cookie);
    await app.register(languagePlugin);
    app.decorate('events', new EventBus(app.log));
    await app.register(databasePlugin, {
      config,
      startJobs: options.startJobs ?? true,
      onFatal: options.onFatal ?? ((error) => app.log.fatal({ err: error }, 'fatal error')),
    });
    // A change answers once its events reached the other processes (docs/decisions/053), so the
    // client's next request, whichever process it reaches, sees it. Reads pass straight through.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
      void app.events.flush().then(() => done(null, payload));
    });
    await app.register(limitsPlugin);
    // Public answers kept serialised, dropped by the events that change them (decision 052), on
    // every process (decision 053): kept only while this process hears of every change, and on
    // PostgreSQL for a minute at most (a notification lost with a crashed process).
    const publicAnswers = new PublicAnswers(() => app.events.synced, app.database.kind === 'embedded' ? undefined : RELAYED_ANSWER_MAX_MS);
    dropPublicAnswersOnEvents(app.events, publicAnswers);
    app.decorate('publicAnswers', publicAnswers);

    await app.register(sessionPlugin);
    await app.register(mailPlugin, { transport: options.mailTransport });
    await app.register(authPlugin, { limits: options.authLimits });
    await app.register(storagePlugin, { config });
    // Selling comes before the catalogue, playback and analytics, follows before analytics: each
    // reads what the other decorates and names it in its dependencies (fastify-plugin checks them).
    await app.register(paymentProviderPlugin);
    await app.register(payoutsPlugin);
    await app.register(paymentsPlugin);
    await app.register(mediaPlugin, { config });
    await app.register(uploadsPlugin);
    // tus at /api/uploads; the quota it checks at creation is the catalogue's count.
    await app.register(resumableUploadsPlugin, { storageUsed: (userId) => storageUsed(app.database.db, userId) });
    await app.register(catalogPlugin);
    await app.register(playbackPlugin);
    await app.register(discoveryPlugin);
    await app.register(publicPagesPlugin);
    await app.register(searchPlugin);
    await app.register(profilesPlugin);
    await app.register(followsPlugin);
    await app.register(analyticsPlugin);
    await app.register(adminPlugin);

    // Draining (SIGTERM): the balancer reads "not ready" here and sends new requests elsewhere, while
    // this process still serves what reaches it, each answer closing its connection so the client's
    // next request opens one through the balancer (docs/decisions/036).
    let draining = false;
    app.decorate('beginDraining', () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
    app.get('/api/health', async (_request, reply) => {
      if (draining) return reply.code(503).send({ status: 'draining', message: 'This process is shutting down; send requests to another.' });
      return { status: 'ok' };
    });

    await app.register(webPlugin, { webDir: config.webDir, publicUrl: config.publicUrl });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    lock.release();
    throw error;
  }
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Domain events of this process: services emit after commit, caches subscribe. */
    events: EventBus;
    /** Public answers (profiles, track and album data, landing lists, rendered pages) kept serialised (decision 052). */
    publicAnswers: PublicAnswers;
    /** Shutdown's first step: GET /api/health answers 503 from now on; everything else is still served. */
    beginDraining(): void;
  }
}
