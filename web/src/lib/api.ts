import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ErrorCode } from '#common/errors';

/**
 * The one way the web app talks to the API (spec section 7): every call sends the session
 * cookie, a JSON content type goes with a JSON body and only then, and a non-OK answer becomes an
 * ApiError that follows the error-message rule of spec section 8. No toasts, no redirects here:
 * callers decide what an error means on their screen, by its code (docs/decisions/046).
 */

/** A non-OK HTTP answer. `data` carries every field of the JSON body (e.g. requiresEmailVerification). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly data: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  /**
   * What went wrong, in the server's vocabulary (common/src/errors.ts): screens decide by this, not
   * by the status. Undefined for an answer without a code (a proxy's page). Not checked against
   * the list at run time: that would put the whole list in every page's script, and a code no
   * screen names matches no screen's branch anyway.
   */
  get code(): ErrorCode | undefined {
    const code = this.data.code;
    return typeof code === 'string' && code !== '' ? (code as ErrorCode) : undefined;
  }

  /** The body's own `message`, if the server sent one (screens fall back to their own text). */
  get serverMessage(): string | undefined {
    const message = this.data.message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  }
}

/** Whether a call failed with an answer carrying one of these codes. */
export function hasErrorCode(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/** The request never got an HTTP answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('Network error', options);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec section 8: the body is read as JSON (else the status text is the message); the message is
 * the body's `message`, otherwise the status code followed by the status text; every body field
 * rides along on the error.
 */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const statusLine = `${response.status}: ${response.statusText}`.trim().replace(/:$/, '');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // HTTP/2 has no status text; the status code still says something.
    return new ApiError(response.statusText || statusLine, response.status, {});
  }
  const data = isRecord(body) ? body : {};
  const message = typeof data.message === 'string' && data.message !== '' ? data.message : statusLine;
  return new ApiError(message, response.status, data);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError({ cause: error });
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends one request and returns the OK response (callers read the body they expect, or none:
 * POST /api/logout answers 204). `data` is sent as JSON; a FormData goes as multipart with the
 * browser's own boundary.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: Pick<RequestInit, 'signal'> = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (data instanceof FormData) {
    body = data;
  } else if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  }
  const response = await send(url, { method, headers, body, signal: init.signal });
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}

/**
 * apiRequest plus the parsed JSON body of the answer. A query passes its `signal`, so a query that
 * is cancelled (or whose component goes) aborts its request.
 */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  init: Pick<RequestInit, 'signal'> = {},
): Promise<T> {
  const response = await apiRequest(method, url, data, init);
  return (await response.json()) as T;
}

/**
 * The URL of a query key: string parts joined with '/', and a trailing plain object as the query
 * string. ['/api/featured-tracks', { limit: 12 }] -> '/api/featured-tracks?limit=12'.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts = [...queryKey];
  let search = '';
  const last = parts.at(-1);
  if (isRecord(last)) {
    parts.pop();
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(last)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const query = params.toString();
    if (query) search = `?${query}`;
  }
  return parts.map(String).join('/') + search;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data fetch: GET the query key's URL and parse the JSON. Only the current-user call
 * passes 'returnNull' (a 401 there means "signed out", spec section 7); every other query fails.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await send(urlFromQueryKey(queryKey), { method: 'GET', signal });
    if (on401 === 'returnNull' && response.status === 401) {
      // Drain the small body so the browser can reuse the connection (and count the request done).
      await response.text().catch(() => '');
      return null;
    }
    if (!response.ok) throw await errorFromResponse(response);
    return (await response.json()) as T;
  };
}

/** The text a screen shows for a failed call: the server's message, else the screen's own fallback. */
export function messageOf(error: unknown, fallback: string, networkFallback = fallback): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return networkFallback;
  return fallback;
}
