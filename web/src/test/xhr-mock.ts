import { vi } from 'vitest';

type Listener = (event: { loaded?: number; total?: number; lengthComputable?: boolean }) => void;

class Listeners {
  private readonly map = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener) {
    if (!this.map.has(type)) this.map.set(type, new Set());
    this.map.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener) {
    this.map.get(type)?.delete(listener);
  }
  dispatch(type: string, event: Parameters<Listener>[0] = {}) {
    this.map.get(type)?.forEach((listener) => listener(event));
  }
}

/**
 * A stand-in for XMLHttpRequest (uploads go through it for their progress events). Each sent
 * request waits until the test answers it: progress(), respond(), failNetwork().
 */
export class FakeXhr extends Listeners {
  readonly upload = new Listeners();
  method = '';
  url = '';
  withCredentials = false;
  responseType = '';
  readonly headers = new Map<string, string>();
  body: unknown = undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  done = false;

  constructor(private readonly onSend: (xhr: FakeXhr) => void) {
    super();
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: unknown) {
    this.body = body;
    this.onSend(this);
  }
  abort() {
    if (this.done) return;
    this.done = true;
    this.aborted = true;
    this.dispatch('abort');
  }

  /** The FormData body (uploads always send one). */
  get form(): FormData {
    if (!(this.body instanceof FormData)) throw new Error('The request body is not a FormData');
    return this.body;
  }

  progress(loaded: number, total: number) {
    this.upload.dispatch('progress', { loaded, total, lengthComputable: true });
  }

  respond(status: number, body?: unknown, statusText = '') {
    if (this.done) throw new Error('This request was already answered');
    this.done = true;
    this.status = status;
    this.statusText = statusText;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatch('load');
  }

  failNetwork() {
    this.done = true;
    this.dispatch('error');
  }
}

/** Replaces XMLHttpRequest; `requests` lists every request sent, in order. */
export function mockXhr(onSend: (xhr: FakeXhr) => void = () => {}) {
  const requests: FakeXhr[] = [];
  const Fake = function FakeXMLHttpRequest() {
    return new FakeXhr((xhr) => {
      requests.push(xhr);
      onSend(xhr);
    });
  };
  vi.stubGlobal('XMLHttpRequest', Fake);
  return {
    requests,
    /** Waits for the next request matching `method url`. */
    async next(method: string, url: string | RegExp): Promise<FakeXhr> {
      return vi.waitFor(() => {
        const found = requests.find((xhr) => !xhr.done && xhr.method === method && (typeof url === 'string' ? xhr.url === url : url.test(xhr.url)));
        if (!found) throw new Error(`No pending ${method} ${url}`);
        return found;
      });
    },
  };
}
