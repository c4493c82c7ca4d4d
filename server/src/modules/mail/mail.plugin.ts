import path from 'node:path';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client';
import { outboxTransport, smtpTransport, type MailMessage, type MailTransport } from './transports';

const MAIL_JOB = 'mail.send';

export interface Mailer {
  readonly description: string;
  /**
   * Queues a mail durably, inside the caller's transaction when given: the request that causes a
   * mail never waits for (or fails with) the mail server, and a failed send is retried, not lost.
   */
  enqueue(message: MailMessage, options?: { tx?: DbOrTx }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ transport?: MailTransport }>(
  async (app, options) => {
    const { config } = app;
    const transport =
      options.transport ??
      (config.smtpUrl
        ? smtpTransport(config.smtpUrl, config.mailFrom)
        : outboxTransport(path.join(config.dataDir, 'outbox'), config.mailFrom));

    // One Message-ID per mail job, whichever attempt sends it (docs/decisions/036).
    const messageIdDomain = new URL(config.publicUrl).hostname;
    app.jobs.register<MailMessage>(
      MAIL_JOB,
      (message, { jobId }) => transport.send(message, { messageId: `<mail-${jobId}@${messageIdDomain}>` }),
      { concurrency: 2 },
    );
    app.decorate('mailer', {
      description: transport.description,
      async enqueue(message, { tx } = {}) {
        await app.jobs.enqueue(MAIL_JOB, message, { tx, maxAttempts: 30 });
      },
    } satisfies Mailer);
    app.addHook('onClose', async () => transport.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
