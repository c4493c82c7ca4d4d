/**
 * The yardstick of the public reads' budget: a minimal Fastify server answering each of a few
 * addresses with fixed bytes from memory (no logger, no plugins, no database).
 * Usage: node --import tsx minimal-bytes-server.ts <port> <manifest.json: {url: {file, type, encoding?}}>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, manifestFile] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(manifestFile!, 'utf8')) as Record<string, { file: string; type: string; encoding?: string }>;
const answers = new Map(Object.entries(manifest).map(([url, { file, type, encoding }]) => [url, { body: fs.readFileSync(file), type, encoding }]));
const app = Fastify({ logger: false });
app.get('*', (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  if (answer.encoding) void reply.header('content-encoding', answer.encoding);
  return reply.header('content-type', answer.type).send(answer.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
