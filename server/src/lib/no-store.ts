import type { FastifyInstance } from 'fastify';

/**
 * Marks every answer of this plugin scope `Cache-Control: no-store`: accounts, money, libraries
 * and tokens are personal, and neither a browser nor a proxy may keep them.
 */
export function answersArePersonal(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
}
