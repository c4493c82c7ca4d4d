import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError, openPaystackCheckout, openSimulatedCheckout, simulatedCheckoutUrl } from './checkout';

const overlay = () => document.querySelector<HTMLElement>('[data-testid="checkout-overlay"]');
const frame = () => overlay()?.querySelector('iframe') ?? null;

function post(data: unknown, { origin = window.location.origin, source = frame()?.contentWindow ?? null } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the simulated checkout overlay', () => {
  it('shows the checkout page of the access code in a modal overlay and resolves on its success message', async () => {
    const page = document.createElement('div');
    page.id = 'root';
    document.body.append(page);
    const onOpen = vi.fn();
    const result = openSimulatedCheckout({ accessCode: 'ac/1' }, { onOpen });

    expect(onOpen).toHaveBeenCalledOnce();
    const dialog = overlay()!;
    expect(dialog).toHaveAttribute('role', 'dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Checkout');
    expect(frame()).toHaveAttribute('src', '/api/payments/simulated/checkout/ac%2F1');
    expect(frame()).toHaveAttribute('title', 'Checkout');
    expect(simulatedCheckoutUrl('abc')).toBe('/api/payments/simulated/checkout/abc');
    // The rest of the page is out of reach meanwhile.
    expect(page).toHaveAttribute('inert');

    post({ source: 'sauti-checkout', event: 'success', reference: 'ref-1' });
    await expect(result).resolves.toEqual({ status: 'success', reference: 'ref-1' });
    expect(overlay()).toBeNull();
    expect(page).not.toHaveAttribute('inert');
  });

  it('ignores messages from another origin, another window or anything but the checkout', async () => {
    const settled = vi.fn();
    const result = openSimulatedCheckout({ accessCode: 'ac1' }).then(settled);
    post({ source: 'sauti-checkout', event: 'success', reference: 'forged' }, { origin: 'https://evil.example' });
    post({ source: 'sauti-checkout', event: 'success', reference: 'forged' }, { source: window });
    post({ source: 'other', event: 'success', reference: 'x' });
    post('success');
    post({ source: 'sauti-checkout', event: 'error', message: 'Declined' });
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    expect(overlay()).not.toBeNull();

    post({ source: 'sauti-checkout', event: 'cancel' });
    await result;
    expect(settled).toHaveBeenCalledWith({ status: 'cancelled' });
  });

  it("closes on its own when the checkout says the payment ended (an M-Pesa prompt expired or cancelled, issue 33)", async () => {
    const result = openSimulatedCheckout({ accessCode: 'ac1' });
    post({ source: 'sauti-checkout', event: 'ended', reference: 'ref-1' });
    await expect(result).resolves.toEqual({ status: 'ended' });
    expect(overlay()).toBeNull();
  });

  it('cancels with its close button and with Escape, and gives focus back', async () => {
    const buy = document.createElement('button');
    document.body.append(buy);
    const first = openSimulatedCheckout({ accessCode: 'ac1' }, { returnFocusTo: buy });
    overlay()!.querySelector<HTMLButtonElement>('button[aria-label="Close checkout"]')!.click();
    await expect(first).resolves.toEqual({ status: 'cancelled' });
    expect(document.activeElement).toBe(buy);

    const second = openSimulatedCheckout({ accessCode: 'ac2' });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await expect(second).resolves.toEqual({ status: 'cancelled' });
    expect(overlay()).toBeNull();
  });
});

describe("Paystack's popup", () => {
  type Callbacks = { onSuccess?: (t: { reference: string }) => void; onCancel?: () => void; onError?: (e: unknown) => void };

  function fakePaystack(behaviour: (callbacks: Callbacks) => void) {
    const resumeTransaction = vi.fn((_accessCode: string, callbacks: Callbacks) => behaviour(callbacks));
    class PaystackPop {
      resumeTransaction = resumeTransaction;
      cancelTransaction() {}
    }
    return { load: async () => ({ default: PaystackPop }), resumeTransaction };
  }

  it('resumes the transaction by its access code and resolves with the reference on success', async () => {
    const { load, resumeTransaction } = fakePaystack((callbacks) => setTimeout(() => callbacks.onSuccess?.({ reference: 'ref-9' })));
    const onOpen = vi.fn();
    await expect(openPaystackCheckout({ accessCode: 'ac9' }, { onOpen }, load)).resolves.toEqual({ status: 'success', reference: 'ref-9' });
    expect(resumeTransaction).toHaveBeenCalledWith('ac9', expect.any(Object));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('resolves cancelled when the buyer closes the popup', async () => {
    const { load } = fakePaystack((callbacks) => callbacks.onCancel?.());
    await expect(openPaystackCheckout({ accessCode: 'ac' }, {}, load)).resolves.toEqual({ status: 'cancelled' });
  });

  it("says 'Paystack library not loaded' when its chunk fails, 'Payment system not available' when it fails to run", async () => {
    const notLoaded = openPaystackCheckout({ accessCode: 'ac' }, {}, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(notLoaded).rejects.toMatchObject({ kind: 'library', message: 'Paystack library not loaded' });

    const { load } = fakePaystack((callbacks) => callbacks.onError?.({ message: 'Something broke' }));
    const failed = openPaystackCheckout({ accessCode: 'ac' }, {}, load);
    await expect(failed).rejects.toBeInstanceOf(CheckoutError);
    await expect(failed).rejects.toMatchObject({ kind: 'system', message: 'Payment system not available' });

    const throws = fakePaystack(() => {
      throw new Error('no network');
    });
    await expect(openPaystackCheckout({ accessCode: 'ac' }, {}, throws.load)).rejects.toMatchObject({ kind: 'system' });
  });
});
