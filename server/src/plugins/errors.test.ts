import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '#common/errors';
import { AppError, ERRORS } from '../lib/errors';
import { errorsPlugin } from './errors';
import { routerErrorHandler } from './client-errors';

/** Every kind of error answer carries its code beside its message (docs/decisions/046). */
describe('error answers', () => {
  const app = Fastify({ bodyLimit: 64, logger: false, frameworkErrors: routerErrorHandler }).withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.get('/sold', async () => {
      throw new AppError('album.sold');
    });
    app.get('/owned', async () => {
      throw new AppError('purchase.already-owned', undefined, { alreadyOwned: true });
    });
    app.post('/form', { schema: { body: z.object({ name: z.string().min(1, 'Name is required') }) } }, async () => ({ ok: true }));
    app.get('/items/:id', { schema: { params: z.object({ id: z.string().uuid('Not an id') }) } }, async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('a bug, with details no one outside should see');
    });
    app.get('/teapot', async () => {
      throw Object.assign(new Error('A refusal of its own'), { statusCode: 418 });
    });
    app.setNotFoundHandler(() => {
      throw new AppError('not-found');
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const body = async (method: 'GET' | 'POST', url: string, payload?: string) => {
    const response = await app.inject({ method, url, payload, headers: payload === undefined ? {} : { 'content-type': 'application/json' } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it('answers an AppError with its code, its message and its details', async () => {
    expect(await body('GET', '/sold')).toEqual({ status: 409, body: { code: 'album.sold', message: ERRORS['album.sold'].message } });
    expect(await body('GET', '/owned')).toEqual({
      status: 409,
      body: { code: 'purchase.already-owned', message: ERRORS['purchase.already-owned'].message, alreadyOwned: true },
    });
  });

  it("answers a form's invalid fields with form.invalid, and an invalid address with request.invalid", async () => {
    expect(await body('POST', '/form', '{"name":""}')).toEqual({
      status: 400,
      body: { code: 'form.invalid', message: 'Name is required', errors: { name: 'Name is required' } },
    });
    expect(await body('GET', '/items/nope')).toEqual({ status: 400, body: { code: 'request.invalid', message: 'Not an id', errors: { id: 'Not an id' } } });
  });

  it("answers Fastify's own refusals with a code of ours", async () => {
    expect(await body('POST', '/form', '{"name":')).toEqual({ status: 400, body: { code: 'request.malformed', message: 'The request body is not valid JSON.' } });
    expect(await body('POST', '/form', JSON.stringify({ name: 'x'.repeat(100) }))).toEqual({
      status: 413,
      body: { code: 'request.too-large', message: 'The request body is too large.' },
    });
    expect(await body('GET', '/teapot')).toEqual({ status: 418, body: { code: 'request.invalid', message: 'A refusal of its own' } });
    expect(await body('GET', `/items/${'x'.repeat(200)}`)).toEqual({ status: 404, body: { code: 'not-found', message: 'Not found' } });
  });

  it('answers an unknown path with not-found and the unforeseen with internal, never its text', async () => {
    expect(await body('GET', '/no-such-thing')).toEqual({ status: 404, body: { code: 'not-found', message: 'Not found' } });
    expect(await body('GET', '/broken')).toEqual({ status: 500, body: { code: 'internal', message: ERRORS.internal.message } });
  });

  it('sends only codes the web knows', async () => {
    for (const url of ['/sold', '/items/nope', '/broken', '/teapot', '/no-such-thing']) {
      expect(isErrorCode((await body('GET', url)).body.code), url).toBe(true);
    }
  });
});
