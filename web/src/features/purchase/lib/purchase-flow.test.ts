import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type InitializePaymentResponse, type VerifyPaymentResponse } from '#common/schemas/payments';
import { ApiError } from '@/lib/api';
import { compileCatalogue } from '#common/i18n/compile';
import { createTranslator } from '@/lib/i18n';
import en from '../../../../../common/src/i18n/en.json';
import { CheckoutError } from './checkout';
import { checkPayment, runPurchase, type PurchaseFlowDependencies } from './purchase-flow';

const item = { type: 'track' as const, id: 't1', name: 'Sunrise', price: 5000 };

const initialized: InitializePaymentResponse = {
  message: 'Payment initialized',
  data: {
    reference: 'ref-1',
    accessCode: 'ac-1',
    authorizationUrl: 'https://checkout.example/ac-1',
    finalAmount: 15100,
    price: 5000,
    fee: 10100,
    currency: 'KES',
    email: 'fan@example.com',
    item,
  },
};

const verified = (alreadyProcessed: boolean, message = 'Payment successful'): VerifyPaymentResponse => ({
  message,
  data: { alreadyProcessed, reference: 'ref-1', item, downloadUrl: alreadyProcessed ? null : '/api/tracks/t1/download' },
});

function deps(overrides: Partial<PurchaseFlowDependencies> = {}) {
  const all: PurchaseFlowDependencies = {
    getConfig: vi.fn(async () => ({ publicKey: null, simulated: true })),
    initialize: vi.fn(async () => initialized),
    openCheckout: vi.fn(async (_session, hooks) => {
      hooks.onOpen?.();
      return { status: 'success' as const, reference: 'ref-1' };
    }),
    verify: vi.fn(async () => verified(false)),
    download: vi.fn(async () => true),
    toast: vi.fn(),
    t: createTranslator('en', compileCatalogue(en)).t,
    ...overrides,
  };
  return all;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const request = { email: 'fan@example.com', item, callbackUrl: 'http://localhost/track/t1' };

describe('the purchase flow (spec section 4)', () => {
  it('initializes, opens the checkout, verifies the order reference and starts the download', async () => {
    const onCheckoutOpen = vi.fn();
    const d = deps();
    await expect(runPurchase({ ...request, onCheckoutOpen }, d)).resolves.toEqual({ status: 'downloaded', reference: 'ref-1' });
    expect(d.initialize).toHaveBeenCalledWith({ email: 'fan@example.com', item, callbackUrl: 'http://localhost/track/t1' });
    expect(d.openCheckout).toHaveBeenCalledWith({ accessCode: 'ac-1', reference: 'ref-1', simulated: true }, expect.objectContaining({ onOpen: onCheckoutOpen }));
    expect(onCheckoutOpen).toHaveBeenCalledOnce();
    expect(d.verify).toHaveBeenCalledWith('ref-1');
    expect(d.download).toHaveBeenCalledWith('/api/tracks/t1/download');
    expect(d.toast).toHaveBeenLastCalledWith({ title: 'Download started', description: 'Payment successful' });
  });

  it("shows the server's message instead of downloading when the payment was already processed", async () => {
    const d = deps({ verify: vi.fn(async () => verified(true, PAYMENT_MESSAGES.alreadyProcessed)) });
    await expect(runPurchase(request, d)).resolves.toMatchObject({ status: 'already-processed' });
    expect(d.download).not.toHaveBeenCalled();
    expect(d.toast).toHaveBeenLastCalledWith({ title: PAYMENT_MESSAGES.alreadyProcessed });
  });

  it('needs a public key unless payments are simulated', async () => {
    const d = deps({ getConfig: vi.fn(async () => ({ publicKey: null, simulated: false })) });
    await expect(runPurchase(request, d)).resolves.toEqual({ status: 'not-started' });
    expect(d.initialize).not.toHaveBeenCalled();
    expect(d.toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Payment Failed', description: PAYMENT_MESSAGES.configMissing });

    const failing = deps({ getConfig: vi.fn(async () => Promise.reject(new ApiError('Internal Server Error', 500, {}))) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await runPurchase(request, failing);
    expect(failing.toast).toHaveBeenCalledWith(expect.objectContaining({ description: PAYMENT_MESSAGES.configMissing }));

    const real = deps({ getConfig: vi.fn(async () => ({ publicKey: 'pk_test_1', simulated: false })) });
    await runPurchase(request, real);
    expect(real.openCheckout).toHaveBeenCalledWith(expect.objectContaining({ simulated: false }), expect.any(Object));
  });

  it("toasts 'Payment Failed' with the server's details, else its message, else 'Failed to initialize payment'", async () => {
    const cases: [unknown, string][] = [
      [new ApiError('Bad', 400, { message: 'Bad', details: 'Amount too small' }), 'Amount too small'],
      [new ApiError(PAYMENT_MESSAGES.sellerNotReady, 409, { code: 'purchase.seller-not-ready', message: PAYMENT_MESSAGES.sellerNotReady }), PAYMENT_MESSAGES.sellerNotReady],
      [new TypeError('boom'), PAYMENT_MESSAGES.initializeFailed],
    ];
    for (const [error, description] of cases) {
      const d = deps({ initialize: vi.fn(async () => Promise.reject(error)) });
      await expect(runPurchase(request, d)).resolves.toMatchObject({ status: 'not-started' });
      expect(d.toast).toHaveBeenCalledWith({ variant: 'destructive', title: 'Payment Failed', description });
      expect(d.openCheckout).not.toHaveBeenCalled();
    }
    const withFields = deps({
      initialize: vi.fn(async () => Promise.reject(new ApiError('Invalid', 400, { code: 'form.invalid', message: 'Invalid', errors: { email: 'Please enter a valid email address' } }))),
    });
    await expect(runPurchase(request, withFields)).resolves.toEqual({
      status: 'not-started',
      fieldErrors: { email: 'Please enter a valid email address' },
    });
  });

  it('answers already-owned without a toast for a 409 alreadyOwned, and passes buyAgain on (issue 16)', async () => {
    const d = deps({
      initialize: vi.fn(async () => Promise.reject(new ApiError(PAYMENT_MESSAGES.alreadyOwned, 409, { code: 'purchase.already-owned', alreadyOwned: true, message: PAYMENT_MESSAGES.alreadyOwned }))),
    });
    await expect(runPurchase(request, d)).resolves.toEqual({ status: 'already-owned', message: PAYMENT_MESSAGES.alreadyOwned });
    expect(d.toast).not.toHaveBeenCalled();
    expect(d.openCheckout).not.toHaveBeenCalled();

    const again = deps();
    await runPurchase({ ...request, buyAgain: true }, again);
    expect(again.initialize).toHaveBeenCalledWith({ email: request.email, item: request.item, callbackUrl: request.callbackUrl, buyAgain: true });
  });

  it('reports a checkout that cannot open with the spec texts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const kind of ['library', 'system'] as const) {
      const d = deps({ openCheckout: vi.fn(async () => Promise.reject(new CheckoutError(kind))) });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'not-started' });
      expect(d.toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Payment Failed',
        description: kind === 'library' ? 'Paystack library not loaded' : 'Payment system not available',
      });
      expect(d.verify).not.toHaveBeenCalled();
    }
  });

  const notCompleted = (outcome?: string) =>
    Promise.reject(new ApiError(PAYMENT_MESSAGES.paymentNotCompleted, 402, { code: 'payment.not-completed', message: PAYMENT_MESSAGES.paymentNotCompleted, ...(outcome ? { outcome } : {}) }));
  const cancelled = () => vi.fn(async () => ({ status: 'cancelled' as const }));

  it('stops quietly when the buyer cancels the checkout (asking once whether a payment is under way)', async () => {
    for (const verify of [vi.fn(async () => notCompleted('cancelled')), vi.fn(async () => notCompleted()), vi.fn(async () => Promise.reject(new TypeError('offline')))]) {
      const d = deps({ openCheckout: cancelled(), verify });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'cancelled' });
      expect(d.verify).toHaveBeenCalledExactlyOnceWith('ref-1');
      expect(d.download).not.toHaveBeenCalled();
      expect(d.toast).toHaveBeenLastCalledWith({ title: 'Payment cancelled', description: 'You can buy it whenever you are ready.' });
    }
  });

  it('a checkout closed while the M-Pesa prompt is open is pending, never failed (issue 16)', async () => {
    const pending = vi.fn(async () => ({ message: PAYMENT_MESSAGES.paymentPending, pending: true as const, reference: 'ref-1' }));
    for (const openCheckout of [cancelled(), deps().openCheckout]) {
      const d = deps({ openCheckout, verify: pending });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'pending', reference: 'ref-1' });
      expect(d.toast).not.toHaveBeenCalled();
      expect(d.download).not.toHaveBeenCalled();
    }
  });

  it('a checkout closed and then paid on the phone downloads as usual', async () => {
    const d = deps({ openCheckout: cancelled() });
    await expect(runPurchase(request, d)).resolves.toEqual({ status: 'downloaded', reference: 'ref-1' });
    expect(d.download).toHaveBeenCalledWith('/api/tracks/t1/download');
  });

  it('says how an unpaid M-Pesa payment ended: declined, cancelled on the phone, expired', async () => {
    for (const outcome of ['declined', 'cancelled', 'expired'] as const) {
      const d = deps({ verify: vi.fn(async () => notCompleted(outcome)) });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'unpaid', reference: 'ref-1', outcome });
      expect(d.toast).not.toHaveBeenCalled();
    }
    for (const outcome of ['declined', 'expired'] as const) {
      const d = deps({ openCheckout: cancelled(), verify: vi.fn(async () => notCompleted(outcome)) });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'unpaid', reference: 'ref-1', outcome });
    }
  });

  it("a checkout that ended by itself (prompt expired or cancelled on the phone) is 'unpaid' with how it ended, so the dialog offers 'Try again' (issue 33)", async () => {
    for (const outcome of ['cancelled', 'expired'] as const) {
      const d = deps({ openCheckout: vi.fn(async () => ({ status: 'ended' as const })), verify: vi.fn(async () => notCompleted(outcome)) });
      await expect(runPurchase(request, d)).resolves.toEqual({ status: 'unpaid', reference: 'ref-1', outcome });
      expect(d.toast).not.toHaveBeenCalled();
    }
  });

  it('checkPayment asks once more: paid downloads, pending stays pending', async () => {
    const d = deps({ verify: vi.fn(async () => ({ message: PAYMENT_MESSAGES.paymentPending, pending: true as const, reference: 'ref-1' })) });
    await expect(checkPayment('ref-1', d)).resolves.toEqual({ status: 'pending', reference: 'ref-1' });
    await expect(checkPayment('ref-1', deps())).resolves.toEqual({ status: 'downloaded', reference: 'ref-1' });
  });

  it("titles a failed verification 'Payment Verification Failed' with the server's message or the spec's", async () => {
    const d = deps({ verify: vi.fn(async () => Promise.reject(new ApiError(PAYMENT_MESSAGES.paymentNotCompleted, 402, { code: 'payment.not-completed', message: PAYMENT_MESSAGES.paymentNotCompleted }))) });
    await expect(runPurchase(request, d)).resolves.toEqual({ status: 'verification-failed' });
    expect(d.toast).toHaveBeenLastCalledWith({
      variant: 'destructive',
      title: 'Payment Verification Failed',
      description: PAYMENT_MESSAGES.paymentNotCompleted,
    });
    expect(d.download).not.toHaveBeenCalled();

    const offline = deps({ verify: vi.fn(async () => Promise.reject(new TypeError('offline'))) });
    await runPurchase(request, offline);
    expect(offline.toast).toHaveBeenLastCalledWith(expect.objectContaining({ description: 'Payment verification failed' }));
  });

  it('says nothing more when the download itself failed (it was reported already)', async () => {
    const d = deps({ download: vi.fn(async () => false) });
    await expect(runPurchase(request, d)).resolves.toEqual({ status: 'download-failed', reference: 'ref-1' });
    expect(d.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Download started' }));
  });
});
