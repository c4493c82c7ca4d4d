/**
 * The yardstick of the JSON API budget: a minimal Fastify server answering GET /api/tracks with
 * fixed bytes from memory (no logger, no plugins, no database).
 * Usage: node --import tsx minimal-json-server.ts <port> <file with the body>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file!);
const app = Fastify({ logger: false });
app.get('/api/tracks', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
