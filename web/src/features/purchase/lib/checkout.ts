import type PaystackPop from '@paystack/inline-js';

/**
 * The checkout: where the buyer pays, outside our page's own form (spec section 4, Purchase
 * flow). With Paystack keys it is Paystack's popup (@paystack/inline-js, loaded only now, as its
 * own chunk); without them it is the server's simulated checkout page in an overlay that behaves
 * like that popup. Either way the caller learns one of: paid (with the reference), cancelled, or
 * a CheckoutError, and then asks the server to verify: nothing here is proof of payment.
 */

export interface CheckoutSession {
  /** The provider's access code from POST /api/payments/initialize. */
  accessCode: string;
  /** The order's reference from the same answer. */
  reference: string;
  /** No Paystack keys on the server: the simulated checkout page stands in for the popup. */
  simulated: boolean;
}

/**
 * 'ended': the checkout itself saw the payment end unpaid with nothing left to do in it (an
 * M-Pesa prompt that expired or was cancelled on the phone, issue 33): the caller asks the server
 * how it ended and offers to try again, rather than leave the fan before a closed checkout.
 */
export type CheckoutOutcome = { status: 'success'; reference: string } | { status: 'cancelled' } | { status: 'ended' };

export interface CheckoutHooks {
  /** The checkout is on screen (the purchase dialog closes about 100 ms later, spec section 9). */
  onOpen?: () => void;
  /** Where keyboard focus goes when the simulated checkout closes (default: where it was). */
  returnFocusTo?: HTMLElement | null;
}

/**
 * 'library': the Paystack library could not be loaded ('Paystack library not loaded');
 * 'system': it loaded but could not run the checkout ('Payment system not available').
 */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  constructor(
    readonly kind: 'library' | 'system',
    options?: { cause?: unknown },
  ) {
    super(kind === 'library' ? 'Paystack library not loaded' : 'Payment system not available', options);
  }
}

export type OpenCheckout = (session: CheckoutSession, hooks?: CheckoutHooks) => Promise<CheckoutOutcome>;

/** Opens the checkout the server's configuration calls for. */
export const openCheckout: OpenCheckout = (session, hooks = {}) =>
  session.simulated ? openSimulatedCheckout(session, hooks) : openPaystackCheckout(session, hooks);

type PaystackModule = { default: typeof PaystackPop };

/** The Paystack library's own chunk. A failed chunk load (offline, a new deploy) is 'library'. */
export const loadPaystack = (): Promise<PaystackModule> => import('./paystack');

/**
 * Paystack's popup (PAYSTACK.md, "Take a payment"): resumes the transaction the server
 * initialized. PaystackPop is constructed here, on the Pay click, because constructing it
 * contacts Paystack (DESIGN.md).
 */
export async function openPaystackCheckout(
  session: Pick<CheckoutSession, 'accessCode'>,
  hooks: CheckoutHooks = {},
  load: () => Promise<PaystackModule> = loadPaystack,
): Promise<CheckoutOutcome> {
  let Popup: PaystackModule['default'];
  try {
    Popup = (await load()).default;
  } catch (error) {
    throw new CheckoutError('library', { cause: error });
  }
  if (typeof Popup !== 'function') throw new CheckoutError('library');
  return new Promise<CheckoutOutcome>((resolve, reject) => {
    try {
      const popup = new Popup();
      popup.resumeTransaction(session.accessCode, {
        onSuccess: (transaction) => resolve({ status: 'success', reference: transaction.reference }),
        onCancel: () => resolve({ status: 'cancelled' }),
        onError: (error) => reject(new CheckoutError('system', { cause: error })),
      });
      hooks.onOpen?.();
    } catch (error) {
      reject(new CheckoutError('system', { cause: error }));
    }
  });
}

/** The message the simulated checkout page posts to its parent (same origin only). */
export const CHECKOUT_MESSAGE_SOURCE = 'sauti-checkout';

export const simulatedCheckoutUrl = (accessCode: string) => `/api/payments/simulated/checkout/${encodeURIComponent(accessCode)}`;

/** Keyboard focus moves into the checkout only once the purchase dialog (and its focus trap) has gone. */
const FOCUS_AFTER_MS = 150;

const CLOSE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-5"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The simulated checkout in an overlay, as Paystack's popup is an iframe overlay: full screen on
 * a phone, a centred panel from sm up. The page in the iframe (served by our server) takes the
 * test card or M-Pesa number and posts {source: 'sauti-checkout', event: 'success', reference},
 * {event: 'cancel'} or {event: 'ended'} (an M-Pesa prompt that expired or was cancelled) to this window; messages from any other origin or window are ignored. The
 * close button and Escape cancel. Plain DOM rather than React: like Paystack's popup it lives
 * outside the page's tree and outlives the purchase dialog that opened it.
 */
export function openSimulatedCheckout(
  session: Pick<CheckoutSession, 'accessCode'>,
  hooks: CheckoutHooks = {},
  win: Window = window,
): Promise<CheckoutOutcome> {
  const doc = win.document;
  const active = doc.activeElement as HTMLElement | null;
  const previousFocus = active && typeof active.focus === 'function' ? active : null;

  const overlay = doc.createElement('div');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-labelledby', 'sauti-checkout-title');
  overlay.dataset.testid = 'checkout-overlay';
  overlay.className = 'fixed inset-0 z-[60] flex items-stretch justify-center bg-black/60 sm:items-center sm:p-6';
  // A modal Radix dialog may still be closing (it sets pointer-events: none on the body).
  overlay.style.pointerEvents = 'auto';

  const panel = doc.createElement('div');
  panel.className =
    'flex h-dvh w-full flex-col overflow-hidden bg-background text-foreground shadow-2xl sm:h-[min(44rem,calc(100dvh-3rem))] sm:max-w-md sm:rounded-xl sm:border';

  const header = doc.createElement('div');
  header.className = 'flex min-h-12 items-center justify-between gap-3 border-b px-4 py-1.5';
  const titles = doc.createElement('div');
  titles.className = 'min-w-0';
  const title = doc.createElement('h2');
  title.id = 'sauti-checkout-title';
  title.className = 'text-base font-semibold';
  title.textContent = 'Checkout';
  titles.append(title);

  const close = doc.createElement('button');
  close.type = 'button';
  close.className =
    'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50';
  close.setAttribute('aria-label', 'Close checkout');
  close.innerHTML = CLOSE_ICON;
  header.append(titles, close);

  const iframe = doc.createElement('iframe');
  iframe.title = 'Checkout';
  iframe.src = simulatedCheckoutUrl(session.accessCode);
  iframe.className = 'block min-h-0 w-full flex-1 border-0 bg-background';
  panel.append(header, iframe);
  overlay.append(panel);

  return new Promise<CheckoutOutcome>((resolve) => {
    // Everything else on the page is out of reach while the checkout is open (a true modal).
    const madeInert: Element[] = [];
    const openedAt = Date.now();
    let focusTimer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const finish = (outcome: CheckoutOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(focusTimer);
      win.removeEventListener('message', onMessage);
      win.removeEventListener('keydown', onKeyDown, true);
      try {
        iframe.contentWindow?.removeEventListener('keydown', onKeyDown, true);
      } catch {
        // The page in the frame is gone already.
      }
      overlay.remove();
      madeInert.forEach((element) => element.removeAttribute('inert'));
      doc.documentElement.style.removeProperty('overflow');
      const focusTarget = hooks.returnFocusTo ?? previousFocus;
      if (focusTarget?.isConnected) focusTarget.focus();
      resolve(outcome);
    };

    function onMessage(event: MessageEvent) {
      if (event.origin !== win.location.origin || event.source !== iframe.contentWindow) return;
      const data: unknown = event.data;
      if (!isRecord(data) || data.source !== CHECKOUT_MESSAGE_SOURCE) return;
      if (data.event === 'success' && typeof data.reference === 'string' && data.reference !== '') {
        finish({ status: 'success', reference: data.reference });
      } else if (data.event === 'cancel') {
        finish({ status: 'cancelled' });
      } else if (data.event === 'ended') {
        finish({ status: 'ended' });
      }
      // 'error' (a declined card) is shown in the checkout page, where the buyer may try again.
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      finish({ status: 'cancelled' });
    }

    const focusFrame = () => {
      clearTimeout(focusTimer);
      focusTimer = setTimeout(() => {
        if (!done) iframe.focus();
      }, Math.max(0, FOCUS_AFTER_MS - (Date.now() - openedAt)));
    };

    iframe.addEventListener('load', () => {
      // Same origin: Escape pressed inside the checkout page closes it too.
      try {
        iframe.contentWindow?.addEventListener('keydown', onKeyDown, true);
      } catch {
        // Not reachable (it should be: the page is ours); the close button still works.
      }
      focusFrame();
    });
    close.addEventListener('click', () => finish({ status: 'cancelled' }));
    win.addEventListener('message', onMessage);
    win.addEventListener('keydown', onKeyDown, true);

    for (const element of Array.from(doc.body.children)) {
      if (!element.hasAttribute('inert')) {
        element.setAttribute('inert', '');
        madeInert.push(element);
      }
    }
    doc.documentElement.style.overflow = 'hidden';
    doc.body.append(overlay);
    focusFrame();
    hooks.onOpen?.();
  });
}
