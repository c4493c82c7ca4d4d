import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DataDirLockedError } from './lib/data-dir-lock';
import { openDatabase } from './db/client';
import { textPart } from '../test/support/smtp-capture';
import { makeDataDir, sessionCookie, startTestApp, uniqueEmail, uniqueName, type TestApp } from '../test/support/test-app';

describe('robustness of the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: string | Buffer, contentType: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });

  it('answers malformed JSON with a 400 message', async () => {
    const response = await post('/api/login', '{"email": "a@b.co", "password": ', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'request.malformed', message: 'The request body is not valid JSON.' });
  });

  it('refuses content types other than JSON and multipart with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await post('/api/login', 'email=a@b.co&password=x', type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ code: 'request.unsupported-type', message: 'Unsupported content type. Send JSON or multipart form data.' });
    }
  });

  it('refuses an oversized body with 413 before reading it all', async () => {
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) });
    const response = await post('/api/login', huge, 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'request.too-large', message: 'The request body is too large.' });
  });

  it('refuses __proto__ and constructor.prototype keys', async () => {
    for (const poison of ['"__proto__":{"admin":true}', '"constructor":{"prototype":{"admin":true}}']) {
      const body = `{"email":"a@b.co","password":"abcdefg1","displayName":"X",${poison}}`;
      const response = await post('/api/register', body, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'request.malformed', message: 'The request body is not valid JSON.' });
    }
  });

  it('answers wrong types with a field message', async () => {
    const response = await post('/api/login', JSON.stringify({ email: 42, password: ['x'] }), 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Please enter a valid email address', password: 'Password is required' });
    expect(response.json().code).toBe('form.invalid');
  });

  it('answers an empty JSON body with a 400 message', async () => {
    const response = await post('/api/login', '', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTypeOf('string');
    expect(response.json().code).toBe('request.malformed');
  });

  it('answers addresses the router cannot read with a JSON message', async () => {
    for (const url of ['/api/user/%zz', '/%zz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ code: 'request.malformed', message: 'The address is not valid.' });
    }
  });

  it('answers unknown API paths with JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ code: 'not-found', message: 'Not found' });
    }
  });

  it('refuses state changes from another site', async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: 'whatever1' });
    const foreignOrigin = await post('/api/login', body, 'application/json', { origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    expect(foreignOrigin.json()).toEqual({ code: 'request.cross-site', message: 'Cross-site requests are not allowed.' });
    const crossSite = await post('/api/logout', '{}', 'application/json', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const ownOrigin = await post('/api/login', body, 'application/json', { origin: 'http://sauti.test', 'sec-fetch-site': 'same-origin' });
    expect(ownOrigin.statusCode).toBe(401);
  });

  it('sends API answers the short security headers of a REST answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
    // Anything else may be a page of the web app: the CSP it runs under.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self';.*script-src 'self';.*frame-ancestors 'none'/);
  });
});

describe('requests Node cannot parse', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Writes raw bytes on a fresh connection; resolves with everything the server sent before closing it. */
  const exchange = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

  const parse = (raw: string) => {
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    return { statusLine: head.split('\r\n')[0], head, body };
  };

  it('answers a body longer than its Content-Length with a 400 JSON message and closes', async () => {
    const body = JSON.stringify({ email: 'someone@example.com', password: 'long enough secret' });
    const raw = await exchange(`POST /api/login HTTP/1.1\r\nHost: sauti.test\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${body}`);
    const response = parse(raw);
    expect(response.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(response.head).toMatch(/^Content-Type: application\/json/im);
    expect(response.head).toMatch(/^Connection: close$/im);
    expect(JSON.parse(response.body)).toEqual({ code: 'request.malformed', message: 'The request is malformed.' });
  });

  it('answers oversized headers with a 431 JSON message', async () => {
    const raw = await exchange(`GET /api/health HTTP/1.1\r\nHost: sauti.test\r\nX-Filler: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    const response = parse(raw);
    expect(response.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(response.body)).toEqual({ code: 'request.headers-too-large', message: 'The request headers are too large.' });
  });

  it('still answers well-formed requests on other connections', async () => {
    const raw = await exchange('GET /api/health HTTP/1.1\r\nHost: sauti.test\r\nConnection: close\r\n\r\n');
    expect(parse(raw).statusLine).toBe('HTTP/1.1 200 OK');
  });
});

describe('production mode', () => {
  it('marks the session cookie Secure and sends HSTS', async () => {
    const smtpless = await startTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://sauti.example', TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) });
    try {
      const health = await smtpless.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      // Sign an account in directly through the session service, as the verify route does.
      const account = { email: uniqueEmail(), password: 'production secret', displayName: uniqueName() };
      await smtpless.app.inject({ method: 'POST', url: '/api/register', payload: account });
      await smtpless.app.jobs.drain();
      const outbox = path.join(smtpless.dataDir, 'outbox');
      const mail = textPart(fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]!), 'utf8'));
      const token = /verify-email\?token=([\w-]+)/.exec(mail)![1];
      const verify = await smtpless.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
      const header = ([] as string[]).concat(verify.headers['set-cookie'] ?? []).find((c) => c.startsWith('sauti_sid='))!;
      expect(header).toMatch(/; Secure/);
      expect(sessionCookie(header)).toMatch(/^sauti_sid=/);
    } finally {
      await smtpless.close();
    }
  });
});

describe('mail without SMTP', () => {
  it('writes each mail whole to DATA_DIR/outbox', async () => {
    const t = await startTestApp();
    try {
      const email = uniqueEmail();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email, password: 'outbox secret', displayName: uniqueName() },
      });
      expect(response.statusCode).toBe(201);
      await t.app.jobs.drain();
      const outbox = path.join(t.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(raw).toMatch(new RegExp(`^To: ${email}$`, 'm'));
      expect(raw).toMatch(/^Subject: Verify your email address for Sauti$/m);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      expect(textPart(raw)).toMatch(/^Verify email address: http:\/\/sauti\.test\/verify-email\?token=[\w-]{43}$/m);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per e-mail address with a 429 message', async () => {
    const t = await startTestApp({}, { authLimits: { perEmail: { loginPerEmail: 3 } } });
    try {
      const email = uniqueEmail();
      const attempt = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'guess-guess' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'request.too-many', message: 'Too many attempts. Please wait a few minutes and try again.' });
      // Another address is not held back by this one.
      const other = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: uniqueEmail(), password: 'guess-guess' } });
      expect(other.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('limits forgot-password, resend and register per client address', async () => {
    const t = await startTestApp({}, { authLimits: { perAddress: { mail: 2, register: 1 } } });
    try {
      for (const url of ['/api/forgot-password', '/api/resend-verification']) {
        const send = () => t.app.inject({ method: 'POST', url, payload: { email: uniqueEmail() } });
        expect((await send()).statusCode).toBe(200);
        expect((await send()).statusCode).toBe(200);
        const limited = await send();
        expect(limited.statusCode, url).toBe(429);
        expect(limited.json()).toEqual({ code: 'request.too-many', message: 'Too many attempts. Please wait a few minutes and try again.' });
      }
      const register = () =>
        t.app.inject({ method: 'POST', url: '/api/register', payload: { email: uniqueEmail(), password: 'limit secret', displayName: uniqueName() } });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('limits mails per e-mail address even across client addresses', async () => {
    const t = await startTestApp({}, { authLimits: { perEmail: { mailPerEmail: 2 } } });
    try {
      const email = uniqueEmail();
      const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: ip });
      expect((await send('10.0.0.1')).statusCode).toBe(200);
      expect((await send('10.0.0.2')).statusCode).toBe(200);
      expect((await send('10.0.0.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the data directory and the database', () => {
  it('keeps accounts across a restart', async () => {
    const first = await startTestApp();
    const email = uniqueEmail();
    await first.app.inject({ method: 'POST', url: '/api/register', payload: { email, password: 'restart secret', displayName: uniqueName() } });
    await first.close({ remove: false });
    const second = await startTestApp({}, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      const login = await second.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'restart secret' } });
      // The account is still there: it answers "verify first", not "wrong password".
      expect(login.statusCode).toBe(403);
    } finally {
      await second.close();
      await first.dropDatabase();
    }
  });

  it('refuses a second app on the same DATA_DIR', async () => {
    const t = await startTestApp();
    try {
      await expect(buildApp({ ...t.config }, { logger: false, startJobs: false })).rejects.toThrow(DataDirLockedError);
      await expect(buildApp({ ...t.config }, { logger: false, startJobs: false })).rejects.toThrow(/already in use/);
    } finally {
      await t.close();
    }
    // Once the first has closed, the directory is free again.
    const dataDir = makeDataDir();
    const again = await startTestApp({}, { dataDir });
    await again.close();
  });

  it('applies migrations once when two processes open the database together', async () => {
    const t = await startTestApp();
    const { databaseUrl } = t;
    await t.close({ remove: !databaseUrl });
    if (databaseUrl) {
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl, dataDir: makeDataDir() }),
        openDatabase({ databaseUrl, dataDir: makeDataDir() }),
      ]);
      const applied = await a.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = fs.readdirSync(path.join(import.meta.dirname, 'db/migrations')).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0].n).toBe(files.length);
      await Promise.all([a.close(), b.close()]);
      await t.dropDatabase();
    } else {
      // Embedded: a second opener on the same files is refused by the DATA_DIR lock (above);
      // migrating an already migrated database again must change nothing.
      const dataDir = makeDataDir();
      const first = await openDatabase({ databaseUrl: undefined, dataDir });
      await first.close();
      const second = await openDatabase({ databaseUrl: undefined, dataDir });
      const applied = await second.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = fs.readdirSync(path.join(import.meta.dirname, 'db/migrations')).filter((f) => f.endsWith('.sql'));
      expect(applied.rows[0].n).toBe(files.length);
      await second.close();
    }
  });
});
