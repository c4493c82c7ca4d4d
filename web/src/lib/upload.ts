import { errorFromResponse, NetworkError, type HttpMethod } from './api';

/**
 * Multipart uploads with real progress. fetch() cannot report how much of a request body has been
 * sent, so files go through XMLHttpRequest; errors follow the same rule as every other call
 * (lib/api.ts, spec section 8): ApiError for an HTTP answer, NetworkError when none came.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
  /** 0-100, whole numbers. */
  percent: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** A resumable upload lost its connection (true) and waits to resume by itself, or got it back (false). */
  onConnection?: (lost: boolean) => void;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Percent of a body sent, never 100 before the last byte is out (rounding down). */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/**
 * Sends `form` (multipart, the browser sets the boundary) with the session cookie and resolves
 * with the parsed JSON answer. `onProgress` is called as the body goes out.
 */
export function uploadForm<T>(method: HttpMethod, url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (!event.lengthComputable) return;
        onProgress({ loaded: event.loaded, total: event.total, percent: percentOf(event.loaded, event.total) });
      });
    }

    xhr.addEventListener('load', () => {
      settle();
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((text === '' ? undefined : JSON.parse(text)) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error('The server sent an answer that is not JSON'));
        }
        return;
      }
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new NetworkError());
        return;
      }
      // The same error rule as fetch calls: reuse it on an equivalent Response.
      const response = new Response(text === '' ? null : text, { status: xhr.status, statusText: xhr.statusText });
      void errorFromResponse(response).then(reject, reject);
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new NetworkError());
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new NetworkError());
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });

    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(form);
  });
}
