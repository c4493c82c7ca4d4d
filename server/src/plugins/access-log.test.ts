import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLogController } from './access-log';

describe('AccessLogController', () => {
  it('writes one line per request, and none for routes that opt out, but never hides their failures', async () => {
    const lines: { msg: string; req?: { url: string; method: string }; res?: { statusCode: number }; reqId: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLogController() });
    app.get('/logged', async () => 'ok');
    app.get('/quiet', { config: { accessLog: false } }, async () => 'ok');
    app.get('/quiet-failing', { config: { accessLog: false } }, async () => {
      throw new Error('broken');
    });
    try {
      await app.inject('/logged');
      await app.inject('/quiet');
      expect((await app.inject('/quiet-failing')).statusCode).toBe(500);
      const messagesOf = (url: string) => {
        const ids = new Set(lines.filter((line) => line.req?.url === url).map((line) => line.reqId));
        return lines.filter((line) => ids.has(line.reqId)).map((line) => line.msg);
      };
      expect(messagesOf('/logged')).toEqual(['request completed']);
      expect(lines.find((line) => line.req?.url === '/logged')).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
      expect(lines.some((line) => line.req?.url === '/quiet')).toBe(false);
      expect(lines.filter((line) => line.msg === 'broken')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
