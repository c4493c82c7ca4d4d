import { randomBytes } from 'node:crypto';
import { TEST_CARD_SUCCESS } from '../../server/src/modules/payment-provider/simulated';

/**
 * The steady load of `npm run test:faults` (run.ts), through nginx: readers loop over public reads
 * and a stream, buyers buy through the simulated provider, the artist uploads. Every answer is
 * kept as a sample of the phase (the fault under way) it was sent and answered in.
 */

const READERS = 4;
const BUYERS = 2;
/** Over one stored part (1 MiB), so a PATCH cut midway keeps some of its bytes. */
const UPLOAD_BYTES = 1_500_000;

export type Phase = 'baseline' | 'db-restart' | 'kill' | 'bucket-outage' | 'rolling-restart' | 'between';

export interface Sample {
  /** The phase the request was sent in (the table's row), and the one its answer came in. */
  phase: Phase;
  endPhase?: Phase;
  method: string;
  what: string;
  status: number;
  retryAfter: boolean;
  ms: number;
  /** The start of an answer other than 2xx, for the report. */
  body?: string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON POST for fetch. */
export const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Where the load goes: nginx's address, the artist's session, their profile and priced songs. */
export interface LoadTarget {
  base: string;
  cookie: string;
  artistId: string;
  trackIds: string[];
}

/** Starts the load; it runs until `stop()`, which answers how each of its loops ended. */
export function startLoad({ base, cookie, artistId, trackIds }: LoadTarget) {
  let phase: Phase = 'baseline';
  let running = true;
  const samples: Sample[] = [];
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };
  let clientRetries = 0;
  const send = async (what: string, url: string, init: RequestInit = {}): Promise<Response | undefined> => {
    const startedIn = phase;
    const began = performance.now();
    const method = init.method ?? 'GET';
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(base + url, { ...init, headers: { 'x-forwarded-for': nextAddress(), ...(init.headers as Record<string, string>) } });
        const sample: Sample = { phase: startedIn, endPhase: phase, method, what, status: response.status, retryAfter: response.headers.has('retry-after'), ms: performance.now() - began };
        if (response.status >= 300 && method !== 'HEAD') sample.body = (await response.clone().text()).slice(0, 200);
        samples.push(sample);
        return response;
      } catch (error) {
        // A kept-alive connection to nginx that nginx closed as it reloaded (an old worker letting
        // go of its idle connections) before our request reached it: a browser sends the request
        // again on a new connection, and so do we (a few times: the pool may hold several such).
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (attempt < 3 && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) {
          clientRetries += 1;
          continue;
        }
        samples.push({ phase: startedIn, endPhase: phase, method, what, status: 0, retryAfter: false, ms: performance.now() - began, body: String(code ?? error) });
        return undefined;
      }
    }
  };
  const reads: [string, () => string, RequestInit?][] = [
    ['landing page', () => '/'],
    ['profile', () => `/api/profile/${artistId}`],
    ['track detail', () => `/api/track-detail/${trackIds[0]}`],
    ['search', () => '/api/search?q=song'],
    ['stream', () => `/api/tracks/${trackIds[1]}/stream`, { headers: { range: 'bytes=0-65535' } }],
  ];
  const reader = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const [what, url, init] = reads[i % reads.length]!;
      const response = await send(what, url(), init);
      await response?.arrayBuffer().catch(() => undefined);
      if (!response || response.status >= 500) await sleep(200);
    }
  };
  const completed: { email: string; reference: string }[] = [];
  let fans = 0;
  /** A step of a checkout, retried as a browser would after a 503 (or a 502: a POST cut by a killed process). */
  const step = async (what: string, url: string, init: RequestInit, accept: (status: number, attempt: number) => boolean) => {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const response = await send(what, url, init);
      if (response && accept(response.status, attempt)) return response;
      await response?.arrayBuffer().catch(() => undefined);
      if (response && response.status < 500) throw new Error(`${what}: ${response.status}`);
      await sleep(500);
    }
    throw new Error(`${what}: no answer after 120 tries`);
  };
  const buyer = async (index: number) => {
    while (running) {
      fans += 1;
      const fan = `fan-${index}-${fans}@example.com`;
      const trackId = trackIds[fans % trackIds.length]!;
      const init = await step('initialize', '/api/payments/initialize', json({ email: fan, trackId }), (s) => s === 200);
      const { data } = (await init.json()) as { data: { reference: string; accessCode: string } };
      const buyerCookie = init.headers.getSetCookie().find((c) => c.startsWith('sauti_buyer='))!.split(';')[0]!;
      const card = { channel: 'card', cardNumber: TEST_CARD_SUCCESS, cvv: '408', expiry: '12/30' };
      // A retried payment whose first answer was lost may be refused as already paid: verify says.
      const paid = await step('pay', `/api/payments/simulated/checkout/${data.accessCode}/pay`, json(card), (s, attempt) => s === 200 || (attempt > 0 && s < 500));
      await paid.arrayBuffer();
      const verified = await step('verify', '/api/payments/verify', json({ reference: data.reference }, { cookie: buyerCookie }), (s) => s === 200);
      await verified.arrayBuffer();
      completed.push({ email: fan, reference: data.reference });
    }
  };
  // The artist uploads (tus, as the web app does: one PATCH, resumed from HEAD's offset after a
  // failure) and ends each upload, over and over.
  const tus = { 'tus-resumable': '1.0.0', cookie };
  const upload = randomBytes(UPLOAD_BYTES);
  let uploads = 0;
  const uploader = async () => {
    while (running) {
      const created = await step(
        'upload create',
        '/api/uploads',
        { method: 'POST', headers: { ...tus, 'upload-length': String(upload.length), 'upload-metadata': `filename ${Buffer.from('faults.mp3').toString('base64')}` } },
        (s) => s === 201,
      );
      await created.arrayBuffer();
      const location = new URL(created.headers.get('location')!, base).pathname;
      let offset = 0;
      for (let attempt = 0; offset < upload.length; attempt += 1) {
        if (attempt === 120) throw new Error('upload: 120 PATCHes without finishing');
        const patch = await send('upload patch', location, {
          method: 'PATCH',
          headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: upload.subarray(offset),
        });
        await patch?.arrayBuffer().catch(() => undefined);
        if (patch?.status === 204) {
          offset = Number(patch.headers.get('upload-offset'));
          continue;
        }
        if (patch && patch.status < 500) throw new Error(`upload patch: ${patch.status}`);
        await sleep(500);
        const head = await step('upload head', location, { method: 'HEAD', headers: tus }, (s) => s === 200);
        offset = Number(head.headers.get('upload-offset'));
      }
      (await step('upload delete', location, { method: 'DELETE', headers: tus }, (s) => s === 204)).arrayBuffer().catch(() => undefined);
      uploads += 1;
    }
  };
  const load = [...Array.from({ length: READERS }, (_, i) => reader(i)), ...Array.from({ length: BUYERS }, (_, i) => buyer(i)), uploader()];
  const loadDone = Promise.allSettled(load);

  return {
    samples,
    /** The purchases paid and verified. */
    completed,
    get uploads() {
      return uploads;
    },
    get clientRetries() {
      return clientRetries;
    },
    /** The phase new requests are sent in. */
    get phase() {
      return phase;
    },
    set phase(next: Phase) {
      phase = next;
    },
    stop() {
      running = false;
      return loadDone;
    },
  };
}
