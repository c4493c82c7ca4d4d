import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch, toResponse } from '@/test/fetch-mock';
import { ApiError, NetworkError, apiJson, apiRequest, getQueryFn, hasErrorCode, messageOf, urlFromQueryKey } from './api';

function runQuery<T>(queryFn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) {
  return queryFn({
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: new QueryClient(),
  } as never);
}

describe('apiRequest', () => {
  it('sends the session cookie on every call', async () => {
    const { requests } = mockFetch({ 'GET /api/tracks': { body: [] }, 'POST /api/logout': { status: 204 } });
    await apiRequest('GET', '/api/tracks');
    await apiRequest('POST', '/api/logout');
    expect(requests.map((r) => r.credentials)).toEqual(['include', 'include']);
  });

  it('sends a JSON content type with a body and only then', async () => {
    const { requests } = mockFetch({ 'POST /api/login': { body: {} }, 'POST /api/logout': { status: 204 } });
    await apiRequest('POST', '/api/login', { email: 'a@b.co', password: 'secret1' });
    await apiRequest('POST', '/api/logout');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]!.body).toEqual({ email: 'a@b.co', password: 'secret1' });
    expect(requests[1]!.headers.has('Content-Type')).toBe(false);
    expect(requests[1]!.body).toBeUndefined();
  });

  it('lets the browser set the multipart type of a FormData body', async () => {
    const { requests } = mockFetch({ 'POST /api/tracks': { status: 201, body: {} } });
    const form = new FormData();
    form.set('trackName', 'Jua');
    await apiRequest('POST', '/api/tracks', form);
    expect(requests[0]!.headers.has('Content-Type')).toBe(false);
    expect(requests[0]!.body).toBe(form);
  });

  it("uses the body's message and carries every body field on the error", async () => {
    mockFetch({
      'POST /api/login': {
        status: 403,
        body: { message: 'Please verify your email address before signing in.', requiresEmailVerification: true },
      },
    });
    const error = await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Please verify your email address before signing in.',
      status: 403,
      data: { requiresEmailVerification: true },
    });
  });

  it("reads the body's code (docs/decisions/046); a code no screen names matches none, a body without one has none", async () => {
    mockFetch({
      'DELETE /api/albums/a1': { status: 409, body: { code: 'album.sold', message: 'This album has been sold.' } },
      'DELETE /api/albums/a2': { status: 409, body: { code: 'album.melted', message: 'A code from a newer server.' } },
      'DELETE /api/albums/a3': { status: 502, statusText: 'Bad Gateway', body: '<html>proxy error</html>' },
    });
    const sold = await apiRequest('DELETE', '/api/albums/a1').catch((e: unknown) => e);
    expect(sold).toMatchObject({ code: 'album.sold', status: 409, message: 'This album has been sold.', data: { code: 'album.sold' } });
    expect(hasErrorCode(sold, 'track.sold', 'album.sold')).toBe(true);
    expect(hasErrorCode(sold, 'track.sold')).toBe(false);

    const unknown = await apiRequest('DELETE', '/api/albums/a2').catch((e: unknown) => e);
    expect(hasErrorCode(unknown, 'album.sold', 'album.not-found')).toBe(false);
    expect((unknown as ApiError).data.code).toBe('album.melted');
    const proxied = await apiRequest('DELETE', '/api/albums/a3').catch((e: unknown) => e);
    expect((proxied as ApiError).code).toBeUndefined();
    expect(hasErrorCode(proxied, 'album.sold')).toBe(false);
  });

  it('decides by code, not by status: the same status with another code is another error', () => {
    expect(hasErrorCode(new ApiError('Not found', 404, { code: 'not-found' }), 'receipt.not-found')).toBe(false);
    expect(hasErrorCode(new ApiError('Not found', 404, {}), 'not-found')).toBe(false);
    expect(hasErrorCode(new NetworkError(), 'not-found')).toBe(false);
    expect(hasErrorCode(new Error('not-found'), 'not-found')).toBe(false);
  });

  it('falls back to the status code and status text when the JSON has no message', async () => {
    mockFetch({ 'GET /api/tracks': { status: 500, body: { error: 'boom' } } });
    await expect(apiRequest('GET', '/api/tracks')).rejects.toMatchObject({
      message: '500: Internal Server Error',
      data: { error: 'boom' },
    });
  });

  it('uses the status text when the body is not JSON', async () => {
    mockFetch({ 'GET /api/tracks': { status: 502, statusText: 'Bad Gateway', body: '<html>proxy error</html>' } });
    await expect(apiRequest('GET', '/api/tracks')).rejects.toMatchObject({ message: 'Bad Gateway', status: 502, data: {} });
  });

  it('still says something when there is neither JSON nor status text (HTTP/2)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 503, statusText: '' })));
    await expect(apiRequest('GET', '/api/tracks')).rejects.toMatchObject({ message: '503', status: 503 });
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiRequest('GET', '/api/tracks').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error');
  });

  it('apiJson parses the answer', async () => {
    mockFetch({ 'POST /api/forgot-password': { body: { message: 'Sent' } } });
    await expect(apiJson('POST', '/api/forgot-password', { email: 'a@b.co' })).resolves.toEqual({ message: 'Sent' });
  });

  it("apiJson hands a query's abort signal to fetch, and an abort stays an AbortError", async () => {
    const { fetchMock } = mockFetch({ 'GET /api/tracks': { body: [] } });
    const controller = new AbortController();
    await apiJson('GET', '/api/tracks', undefined, { signal: controller.signal });
    expect(fetchMock.mock.calls[0]![1]!.signal).toBe(controller.signal);

    vi.stubGlobal(
      'fetch',
      // As a browser's fetch does for an aborted signal.
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        return toResponse({ body: [] });
      }),
    );
    controller.abort();
    const error = await apiJson('GET', '/api/tracks', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('getQueryFn', () => {
  it('answers null for a 401 when asked to (the current-user call)', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).resolves.toBeNull();
  });

  it('reads the 401 body to the end, so the browser is done with the request', async () => {
    const response = new Response(JSON.stringify({ message: 'Not signed in' }), { status: 401 });
    vi.stubGlobal('fetch', vi.fn(async () => response));
    await runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user']);
    expect(response.bodyUsed).toBe(true);
  });

  it('fails on a 401 otherwise', async () => {
    mockFetch({ 'GET /api/tracks': { status: 401, body: { message: 'Not signed in' } } });
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/tracks'])).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in',
    });
  });

  it('GETs the URL of the query key with credentials and returns the JSON', async () => {
    const { requests } = mockFetch({ 'GET /api/featured-tracks': { body: [{ id: 1 }] } });
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/featured-tracks', { limit: 12 }])).resolves.toEqual([
      { id: 1 },
    ]);
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/featured-tracks?limit=12', credentials: 'include' });
    expect(requests[0]!.headers.has('Content-Type')).toBe(false);
  });

  it('only treats 401 as "signed out": other failures still fail', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => toResponse({ status: 500, body: { message: 'Database unavailable' } })));
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).rejects.toMatchObject({
      message: 'Database unavailable',
    });
  });
});

describe('urlFromQueryKey', () => {
  it('joins path parts and turns a trailing object into the query string', () => {
    expect(urlFromQueryKey(['/api/user'])).toBe('/api/user');
    expect(urlFromQueryKey(['/api/tracks', 'abc', 'streams'])).toBe('/api/tracks/abc/streams');
    expect(urlFromQueryKey(['/api/editors-picks', { limit: 12, skip: undefined }])).toBe('/api/editors-picks?limit=12');
    expect(urlFromQueryKey(['/api/x', {}])).toBe('/api/x');
  });
});

describe('messageOf', () => {
  it("prefers the server's message, then the screen's fallback, with its own text for network failures", () => {
    expect(messageOf(new ApiError('x', 400, { message: 'Token expired' }), 'Fallback')).toBe('Token expired');
    expect(messageOf(new ApiError('500: Internal Server Error', 500, {}), 'Fallback')).toBe('Fallback');
    expect(messageOf(new NetworkError(), 'Fallback', 'An error occurred.')).toBe('An error occurred.');
    expect(messageOf(new Error('?'), 'Fallback', 'An error occurred.')).toBe('Fallback');
  });
});
