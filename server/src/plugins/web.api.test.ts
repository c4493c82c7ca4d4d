import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, makeDataDir, seedDataDir } from '../../test/support/test-app';

const UNKNOWN = ['/a/b/c', '/track', '/Track', '/dashboard/x', '/search/x', '/auth/extra', '/follow/other', '/track/1/extra', '/genre'];
const KNOWN = ['/', '/auth', '/dashboard', '/search?q=nyo', '/library', '/follow/confirm?token=x', '/genre/benga', '/track/t1', '/album/a1', '/profile/nyota', '/nyota'];

/** The built web app in a temporary folder: index.html, and with `renderer` a stand-in server renderer that paints every page. */
async function appWithWebDir(renderer: boolean): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-web-'));
  const webDir = path.join(root, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html lang="en"><head><title>Sauti</title></head><div id="root"></div></html>');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (renderer) {
    fs.mkdirSync(path.join(root, 'web-ssr'));
    fs.writeFileSync(
      path.join(root, 'web-ssr', 'entry-server.js'),
      `export async function render(url, fetchJson, language) {
        return { kind: 'page', html: '<h1>painted ' + url.replace(/[<&]/g, '') + '</h1>', state: '{}', head: { title: 'T', description: 'D', canonicalPath: '/', type: 'website' },
          language, messages: JSON.stringify({ language, messages: {} }) };
      }`,
    );
  }
  const dataDir = seedDataDir(makeDataDir());
  const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });
  const app = await buildApp({ ...config, webDir }, { logger: false, startJobs: false });
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

describe('addresses that are no page answer 404 (issue 17)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await appWithWebDir(false)));
  afterAll(async () => close?.());

  it.each(UNKNOWN)('%s: 404 with the web app, whose router shows the 404 page', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      if (method === 'GET') expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it.each(KNOWN)('%s: 200 with the web app', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('keeps JSON 404s under /api, 404s for missing assets, and serves static files', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/no-such-endpoint' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const favicon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.body).toContain('<svg');
  });
});

describe('with the server renderer, the 404 page is painted on the server and answered 404', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await appWithWebDir(true)));
  afterAll(async () => close?.());

  it.each(UNKNOWN)('%s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(`<h1>painted ${url}</h1>`);
  });

  it.each(KNOWN)('%s: 200', async (url) => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('a rendered page comes in the language chosen (decision 049)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await appWithWebDir(true)));
  afterAll(async () => close?.());

  const languageOf = (body: string) => /<html lang="([^"]+)"/.exec(body)?.[1];

  it('takes ?lang= over the cookie, the cookie over Accept-Language, else English; and says what it varies by', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/nyota?lang=sw', { cookie: 'lang=en', 'accept-language': 'en' }, 'sw'],
      ['/nyota', { cookie: 'lang=sw', 'accept-language': 'en' }, 'sw'],
      ['/nyota', { cookie: 'lang=en', 'accept-language': 'sw-KE' }, 'en'],
      ['/nyota', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' }, 'sw'],
      ['/nyota', {}, 'en'],
    ];
    for (const [url, headers, language] of cases) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(languageOf(response.body), `${url} ${JSON.stringify(headers)}`).toBe(language);
      expect(response.body).toContain(`<script type="application/json" id="sauti-i18n">{"language":"${language}","messages":{}}</script>`);
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    }
  });

  it('links the page in each language', async () => {
    const { body } = await app.inject({ method: 'GET', url: '/nyota?lang=sw' });
    expect(body).toContain('<link rel="alternate" hreflang="en" href="http://localhost:');
    expect(body).toMatch(/hreflang="sw" href="http:\/\/localhost:\d+\/\?lang=sw"/);
    expect(body).toMatch(/hreflang="x-default" href="http:\/\/localhost:\d+\/"/);
  });

  it('the switch sets the cookie for a year and goes back to the page, without a ?lang= that would outvote it', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/language?lang=en&return=${encodeURIComponent('/track/t1?lang=sw&x=1')}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/track/t1?x=1');
    expect(String(response.headers['set-cookie'])).toMatch(/^lang=en; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const home = await app.inject({ method: 'GET', url: '/api/language?lang=sw' });
    expect(home.headers.location).toBe('/');
  });

  it('refuses a language it does not speak and any return address off the site', async () => {
    for (const url of [
      '/api/language?lang=fr&return=/',
      '/api/language?return=/',
      '/api/language?lang=sw&return=https://evil.example/',
      '/api/language?lang=sw&return=//evil.example/',
      '/api/language?lang=sw&return=/%5Cevil.example',
      `/api/language?lang=sw&return=/${'a'.repeat(2001)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
  });
});

describe('one address per page: a trailing slash answers 301 to the address without it (issue 33)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await appWithWebDir(true)));
  afterAll(async () => close?.());

  it.each([
    ['/track/t1/', '/track/t1'],
    ['/album/a1/?lang=sw&x=%2F', '/album/a1?lang=sw&x=%2F'],
    ['/nyota/', '/nyota'],
    ['/profile/nyota//', '/profile/nyota'],
    ['/embed/track/t1/?lang=sw', '/embed/track/t1?lang=sw'],
    ['/embed/album/a1/', '/embed/album/a1'],
    ['/search/?q=benga', '/search?q=benga'],
    ['/no/such/page/', '/no/such/page'],
  ])('%s → %s', async (url, location) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, method).toBe(301);
      expect(response.headers.location, method).toBe(location);
    }
  });

  it('never sends a visitor to another site, and leaves the API, the home page and other methods alone', async () => {
    for (const url of ['//evil.example/', '///evil.example/', '/\\evil.example/', '/%5Cevil.example/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(String(response.headers.location ?? ''), url).not.toMatch(/^(\/\/|\/\\)/);
      if (response.statusCode === 301) expect(response.headers.location, url).toMatch(/^\/[^/\\]/);
    }
    expect((await app.inject({ method: 'GET', url: '//evil.example/' })).statusCode).not.toBe(301);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/?lang=sw' })).statusCode).toBe(200);
    const api = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(api.statusCode).not.toBe(301);
    expect((await app.inject({ method: 'POST', url: '/track/t1/' })).statusCode).not.toBe(301);
  });
});

describe('a page the browser renders comes in its language with its title, before any script runs (issue 33)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await appWithWebDir(false)));
  afterAll(async () => close?.());

  it.each([
    ['/auth?lang=sw', {}, 'sw', 'Ingia · Sauti'],
    ['/auth?tab=register', { cookie: 'lang=sw' }, 'sw', 'Jisajili · Sauti'],
    ['/auth?view=forgot-password', { 'accept-language': 'sw-KE' }, 'sw', 'Umesahau nenosiri · Sauti'],
    ['/auth', {}, 'en', 'Sign in · Sauti'],
    ['/library?token=x&lang=sw', {}, 'sw', 'Maktaba yako · Sauti'],
    ['/library?token=x', {}, 'en', 'Your library · Sauti'],
    ['/redeem', { cookie: 'lang=sw' }, 'sw', 'Tumia vocha · Sauti'],
    ['/redeem?lang=en', { cookie: 'lang=sw' }, 'en', 'Redeem a code · Sauti'],
    ['/dashboard?lang=sw', {}, 'sw', 'Sauti · Muziki wa wasanii huru wa Kenya'],
    ['/a/b/c?lang=sw', {}, 'sw', 'Ukurasa haupatikani · Sauti'],
  ])('%s %j: lang="%s", <title>%s', async (url, headers, language, title) => {
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(response.body).toContain(`<title>${title}</title>`);
    expect(response.body.match(/<title>/g)).toHaveLength(1);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
  });
});
