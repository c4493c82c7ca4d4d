import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { analyticsPlugin } from './modules/analytics';
import { catalogPlugin } from './modules/catalog';
import { playbackPlugin } from './modules/playback';

/**
 * Issue 19: the modules that read what payments (and follows) decorate name them as fastify-plugin
 * dependencies, so an app built without them, or with them registered later, fails at start
 * naming the missing one, instead of quietly answering "nothing sold".
 */
const dependenciesOf = (plugin: FastifyPluginAsync) => (Reflect.get(plugin, Symbol.for('plugin-meta')) as { dependencies: string[] }).dependencies;

describe('modules that read another module name it as a dependency', () => {
  it.each([
    ['catalog', catalogPlugin, 'payments'],
    ['playback', playbackPlugin, 'payments'],
    ['analytics', analyticsPlugin, 'payments'],
    ['analytics', analyticsPlugin, 'follows'],
  ] as const)('%s refuses to start without %s', async (_name, plugin, missing) => {
    const app = Fastify();
    // Every other dependency is there (empty stand-ins), only `missing` is not.
    for (const name of dependenciesOf(plugin).filter((dependency) => dependency !== missing)) {
      await app.register(fp(async () => {}, { name }));
    }
    await expect(app.register(plugin).ready()).rejects.toThrow(new RegExp(`dependency '${missing}'`));
    await app.close().catch(() => {});
  });
});
