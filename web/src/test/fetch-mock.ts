import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  statusText?: string;
  /** Sent as JSON unless it is a string (then as text/plain). Omit for an empty body. */
  body?: unknown;
}

export type MockRoute = MockReply | ((request: RecordedRequest) => MockReply | Promise<MockReply>);

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** A reply built like the server's: JSON bodies with their content type, the usual status text. */
export function toResponse({ status = 200, statusText, body }: MockReply): Response {
  const text = statusText ?? STATUS_TEXT[status] ?? '';
  if (body === undefined) return new Response(null, { status, statusText: text });
  if (typeof body === 'string') return new Response(body, { status, statusText: text, headers: { 'Content-Type': 'text/plain' } });
  return new Response(JSON.stringify(body), { status, statusText: text, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs global fetch with a table of "METHOD /path" routes (the query string is ignored when
 * matching). Unlisted calls answer 404 JSON, as the real server does for unknown API paths.
 */
export function mockFetch(routes: Record<string, MockRoute>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = init.body;
    const request: RecordedRequest = {
      method,
      url,
      path,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (route === undefined) return toResponse({ status: 404, body: { code: 'not-found', message: 'Not found' } });
    return toResponse(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests, calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key) };
}

export const SIGNED_OUT = { status: 401, body: { message: 'Not signed in' } } as const;

export const TEST_USER = {
  id: 'u1',
  email: 'amani@example.com',
  displayName: 'Amani Wa Muziki',
  profilePhotoFilename: null,
  profileUrl: '/profile/amaniwamuziki',
  hasProfilePhoto: false,
};
