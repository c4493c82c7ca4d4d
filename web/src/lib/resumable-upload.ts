import { Upload, type DetailedError, type HttpStack, type PreviousUpload, type UploadOptions } from 'tus-js-client';
import { errorFromResponse, NetworkError } from './api';

/**
 * Resumable uploads over tus 1.0 (POST/HEAD/PATCH/DELETE /api/uploads, docs/decisions/033): a
 * large file survives a dropped connection. After an error the client waits, asks the server how
 * much it has (HEAD) and sends only the rest; a request that stops moving (a connection that died
 * without saying so) is dropped and resumed the same way. The upload's address is kept in the
 * browser (localStorage, by the file's name, type, size and date), so choosing the same file
 * again, after a reload too, continues it. Errors follow the rule of every call (lib/api.ts):
 * ApiError for an HTTP answer, NetworkError when none came, an AbortError when cancelled.
 */

export const RESUMABLE_ENDPOINT = '/api/uploads';

/** Pauses between attempts; any progress starts the list again (tus-js-client's rule). About 3.5 minutes in all. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000];

/** A request that sends nothing for this long is given up and the upload resumed. */
export const STALL_MS = 30_000;

/**
 * Files from this size go up resumably; smaller ones in the form itself (one request instead of
 * three, and a dropped connection costs little to send again).
 */
export const RESUMABLE_FROM_BYTES = 1024 * 1024;

export interface ResumableUploadOptions {
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * The connection was lost (true: the upload waits and retries by itself) or is back (false:
   * bytes move again), for a lasting "connection lost, retrying" state rather than a passing toast.
   */
  onConnection?: (lost: boolean) => void;
  /** For tests: the pauses between attempts, the stall limit and the HTTP layer (XMLHttpRequest by default). */
  retryDelays?: number[];
  stallMs?: number;
  httpStack?: HttpStack;
}

export interface ResumableUploadResult {
  /** The upload's id, for the form that uses the file (e.g. POST /api/tracks `audioUploadId`). */
  uploadId: string;
  /** Forgets the stored address (once the server has used the upload, it is gone). */
  forget(): Promise<void>;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/** Retry what may pass next time: no answer at all, a server error, a conflict, busy, too many at once. */
export function shouldRetry(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
}

/** The newest stored upload of this file, if any. */
export function newestUpload(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
}

async function toError(error: Error | DetailedError): Promise<Error> {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (!response || status < 200 || status > 599) return new NetworkError({ cause: error });
  const body = response.getBody();
  return errorFromResponse(new Response(body === '' ? null : body, { status }));
}

/**
 * Uploads `file` to the server and resolves once the server has all of it, with the upload's id.
 * `onProgress` gets the bytes the server has or is being sent, of the whole file.
 */
export function uploadResumable(file: File, options: ResumableUploadOptions = {}): Promise<ResumableUploadResult> {
  const { onProgress, signal, onConnection } = options;
  const stallMs = options.stallMs ?? STALL_MS;
  let lost = false;
  const setLost = (next: boolean) => {
    if (lost === next) return;
    lost = next;
    onConnection?.(next);
  };
  return new Promise<ResumableUploadResult>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', onAbort);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
    // The phone says it is offline: stop trying (the pauses between attempts would run out) and
    // start again, from what the server has, as soon as it is back online.
    let waitingForNetwork = false;
    function onOffline() {
      if (settled) return;
      setLost(true);
      waitingForNetwork = true;
      clearTimeout(stallTimer);
      void upload.abort(false);
    }
    function onOnline() {
      if (settled || !waitingForNetwork) return;
      waitingForNetwork = false;
      upload.start();
      watch();
    }
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    /** No progress for a while: drop the request and resume from what the server has. */
    const watch = () => {
      clearTimeout(stallTimer);
      if (settled) return;
      stallTimer = setTimeout(() => {
        if (settled) return;
        void upload.abort(false).then(() => {
          if (settled || waitingForNetwork) return;
          upload.start();
          watch();
        });
      }, stallMs);
    };

    const tusOptions: UploadOptions = {
      endpoint: RESUMABLE_ENDPOINT,
      metadata: { filename: file.name, filetype: file.type },
      retryDelays: options.retryDelays ?? RETRY_DELAYS_MS,
      // The whole rest of the file in one request: one stored piece per dropped connection.
      chunkSize: Infinity,
      storeFingerprintForResuming: true,
      ...(options.httpStack ? { httpStack: options.httpStack } : {}),
      // Kept until the form that uses it has succeeded (forget()): sending the form again after a
      // correction finds the finished upload instead of sending the file again.
      removeFingerprintOnSuccess: false,
      // Offline now is not a reason to give up: the pauses give the network time to come back.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 0) setLost(true);
        return shouldRetry(status);
      },
      onProgress: (sent, total) => {
        if (!waitingForNetwork) setLost(false);
        watch();
        onProgress?.(sent, total);
      },
      onSuccess: () => {
        settle();
        const url = upload.url ?? '';
        resolve({ uploadId: url.slice(url.lastIndexOf('/') + 1), forget: () => forget(upload) });
      },
      onError: (error) => {
        settle();
        void toError(error).then(reject, reject);
      },
    };
    const upload = new Upload(file, tusOptions);

    function onAbort() {
      settle();
      // Cancelled: the server forgets the upload too (and so does the browser).
      upload.abort(true).catch(() => {});
      reject(abortError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    upload
      .findPreviousUploads()
      .then((previous) => {
        const last = newestUpload(previous);
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => {
        // No stored uploads (private mode, storage full): start afresh.
      })
      .finally(() => {
        if (settled || waitingForNetwork) return;
        upload.start();
        watch();
      });
  });
}

/** Removes the stored addresses of this file's uploads. */
async function forget(upload: Upload): Promise<void> {
  try {
    const previous = await upload.findPreviousUploads();
    const storage = upload.options.urlStorage;
    await Promise.all(previous.map((entry) => storage?.removeUpload(entry.urlStorageKey)));
  } catch {
    // Nothing stored, or storage unavailable: nothing to forget.
  }
}
