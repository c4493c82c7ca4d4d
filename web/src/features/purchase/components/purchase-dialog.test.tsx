import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { amountBelowPriceMessage } from '#common/payment-messages';
import { PAYMENT_MESSAGES } from '#common/schemas/payments';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { mockFetch, SIGNED_OUT, type MockRoute } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { startDownload } from '@/lib/download';
import { openCheckout } from '../lib/checkout';
import type * as CheckoutModule from '../lib/checkout';
import type * as DownloadModule from '@/lib/download';

vi.mock('../lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutModule>()),
  openCheckout: vi.fn(),
}));
vi.mock('@/lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  startDownload: vi.fn(),
}));

const artist = { id: 'u1', displayName: 'Amani Wa Muziki', profilePhotoFilename: null, profileUrl: '/profile/amaniwamuziki', hasProfilePhoto: false };
const track = makeTrack({ id: 't1', trackName: 'Sunrise', price: 5000 });
const item = { id: 't1', name: 'Sunrise', price: 5000, type: 'track' };

const initialized = {
  body: {
    message: 'Payment initialized',
    data: { reference: 'ref-1', accessCode: 'ac-1', authorizationUrl: 'https://x/ac-1', finalAmount: 15100, price: 5000, fee: 10100, currency: 'KES', email: 'fan@example.com', item },
  },
};
const verified = { body: { message: 'Payment successful', data: { alreadyProcessed: false, reference: 'ref-1', item, downloadUrl: '/api/tracks/t1/download' } } };

function routes(extra: Record<string, MockRoute> = {}) {
  return mockFetch({
    'GET /api/user': SIGNED_OUT,
    'GET /api/track-detail/t1': { body: { track, user: artist } },
    'GET /api/config/paystack': { body: { publicKey: null, simulated: true } },
    'POST /api/payments/initialize': initialized,
    'POST /api/payments/verify': verified,
    'HEAD /api/tracks/t1/download': { status: 200 },
    ...extra,
  });
}

/** What the button shows (its screen-reader-only words left out). */
function visibleText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

async function openDialog(name = /^Buy Sunrise for KES 50\.00$/) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: /^Buy Sunrise/ });
}

beforeEach(() => {
  vi.mocked(openCheckout).mockReset();
  vi.mocked(startDownload).mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Buy button and Purchase dialog (spec sections 2 and 4)', () => {
  it('shows Buy on a priced track, and the price, processing fee and total before paying', async () => {
    routes();
    renderApp('/track/t1');
    const buy = await screen.findByRole('button', { name: 'Buy Sunrise for KES 50.00' });
    expect(visibleText(buy)).toBe('Buy KES 50.00');
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Buy Sunrise' })).toBeVisible();
    // Spec section 9: round(50 x 0.015) + 100 = KES 101; total KES 151.
    expect(within(dialog).getByTestId('purchase-price')).toHaveTextContent('KES 50.00');
    expect(within(dialog).getByTestId('purchase-fee')).toHaveTextContent('KES 101.00');
    expect(within(dialog).getByTestId('purchase-total')).toHaveTextContent('KES 151.00');
    expect(within(dialog).getByRole('button', { name: 'Pay KES 151.00' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it("says 'Email Required' at the field and in a toast when the e-mail is empty, and sends nothing", async () => {
    const { calls } = routes();
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    const toast = await findToast(PAYMENT_MESSAGES.emailRequiredTitle);
    expect(toast).toHaveTextContent(PAYMENT_MESSAGES.emailRequired);
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(PAYMENT_MESSAGES.emailRequired)).toBeVisible();
    expect(calls('POST /api/payments/initialize')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.emailInvalid)).toBeVisible();
    expect(calls('POST /api/payments/initialize')).toHaveLength(0);

    // A good e-mail takes the 'Email Required' toast away (it would cover the checkout).
    vi.mocked(openCheckout).mockImplementation(() => new Promise(() => {})); // the checkout stays open
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(calls('POST /api/payments/initialize')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(PAYMENT_MESSAGES.emailRequiredTitle)).toBeNull());
  });

  it('pays: initializes with the page address, closes ~100 ms after the checkout opens, verifies and downloads', async () => {
    const { calls } = routes();
    let finishCheckout: (reference: string) => void = () => {};
    vi.mocked(openCheckout).mockImplementation((_session, hooks) => {
      hooks?.onOpen?.();
      return new Promise((resolve) => (finishCheckout = (reference) => resolve({ status: 'success', reference })));
    });
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' Fan@Example.com ' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KES 151.00' }));

    await waitFor(() => expect(openCheckout).toHaveBeenCalledOnce());
    expect(calls('POST /api/payments/initialize')[0]!.body).toEqual({
      email: 'fan@example.com',
      trackId: 't1',
      callbackUrl: window.location.href,
    });
    expect(vi.mocked(openCheckout).mock.calls[0]![0]).toEqual({ accessCode: 'ac-1', reference: 'ref-1', simulated: true });
    // Spec section 9: the dialog closes about 100 ms after the checkout opens.
    expect(screen.getByRole('dialog', { name: /^Buy Sunrise/ })).toBeVisible();
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Buy Sunrise/ })).toBeNull());
    vi.useRealTimers();

    await act(async () => finishCheckout('ref-1'));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/tracks/t1/download'));
    expect(calls('POST /api/payments/verify')[0]!.body).toEqual({ reference: 'ref-1' });
    expect(await findToast('Download started')).toHaveTextContent('Payment successful');
  });

  it("shows the server's message when the payment was already processed", async () => {
    routes({
      'POST /api/payments/verify': { body: { message: PAYMENT_MESSAGES.alreadyProcessed, data: { alreadyProcessed: true, reference: 'ref-1', item, downloadUrl: null } } },
    });
    vi.mocked(openCheckout).mockResolvedValue({ status: 'success', reference: 'ref-1' });
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await findToast(PAYMENT_MESSAGES.alreadyProcessed)).toBeVisible();
    expect(startDownload).not.toHaveBeenCalled();
  });

  it("toasts 'Payment Failed' with the server's message and keeps the dialog open when initialization is refused", async () => {
    routes({ 'POST /api/payments/initialize': { status: 409, body: { code: 'purchase.seller-not-ready', message: PAYMENT_MESSAGES.sellerNotReady } } });
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await findToast('Payment Failed')).toHaveTextContent(PAYMENT_MESSAGES.sellerNotReady);
    expect(openCheckout).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: /^Buy Sunrise/ })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /^Pay/ })).toBeEnabled();
  });

  it("says 'You already own this' with a deliberate 'Buy again' that pays with buyAgain (issue 16)", async () => {
    let owned = true;
    const { calls } = routes({
      'POST /api/payments/initialize': () =>
        owned ? { status: 409, body: { code: 'purchase.already-owned', alreadyOwned: true, message: PAYMENT_MESSAGES.alreadyOwned } } : initialized,
    });
    vi.mocked(openCheckout).mockImplementation(() => new Promise(() => {})); // the checkout stays open
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KES 151.00' }));

    // Nothing charged, no 'Payment Failed': the dialog stays open and says so.
    const notice = await within(dialog).findByText(PAYMENT_MESSAGES.alreadyOwned);
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByText(PAYMENT_MESSAGES.paymentFailed)).toBeNull();
    expect(openCheckout).not.toHaveBeenCalled();
    expect(calls('POST /api/payments/initialize')[0]!.body).not.toHaveProperty('buyAgain');

    owned = false;
    fireEvent.click(within(dialog).getByRole('button', { name: PAYMENT_MESSAGES.buyAgain }));
    await waitFor(() => expect(openCheckout).toHaveBeenCalledOnce());
    expect(calls('POST /api/payments/initialize')[1]!.body).toEqual({
      email: 'fan@example.com',
      trackId: 't1',
      callbackUrl: window.location.href,
      buyAgain: true,
    });
    expect(within(dialog).queryByText(PAYMENT_MESSAGES.alreadyOwned)).toBeNull();
  });

  it("shows 'Purchased' with Download instead of Buy as soon as the purchase went through", async () => {
    let bought = false;
    const { calls } = routes({ 'GET /api/purchases/owned': () => ({ body: { trackIds: bought ? ['t1'] : [], albumIds: [] } }) });
    vi.mocked(openCheckout).mockImplementation(async () => {
      bought = true;
      return { status: 'success', reference: 'ref-1' };
    });
    renderApp('/track/t1');
    await waitFor(() => expect(calls('GET /api/purchases/owned')).toHaveLength(1));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/tracks/t1/download'));
    expect(await screen.findByText(PAYMENT_MESSAGES.purchased)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download Sunrise' })).toHaveAttribute('href', '/api/tracks/t1/download');
    expect(screen.queryByRole('button', { name: /^Buy Sunrise/ })).toBeNull();
    expect(calls('GET /api/purchases/owned')).toHaveLength(2);
    // Focus, given back to Buy by the checkout, moves on to the Download that replaced it.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download Sunrise' })).toHaveFocus());
  });

  it('downloads MP3 on a phone (a coarse pointer), after paying and from Purchased (issue 16)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    let bought = false;
    const { calls } = routes({ 'GET /api/purchases/owned': () => ({ body: { trackIds: bought ? ['t1'] : [], albumIds: [] } }) });
    vi.mocked(openCheckout).mockImplementation(async () => {
      bought = true;
      return { status: 'success', reference: 'ref-1' };
    });
    try {
      renderApp('/track/t1');
      await waitFor(() => expect(calls('GET /api/purchases/owned')).toHaveLength(1));
      const dialog = await openDialog();
      fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
      await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/tracks/t1/download?format=mp3'));
      expect(await screen.findByRole('link', { name: 'Download Sunrise' })).toHaveAttribute('href', '/api/tracks/t1/download?format=mp3');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('e-mails the download link again to a buyer who asks, with the server’s message', async () => {
    const { calls } = routes({ 'POST /api/purchases/resend': { body: { message: PAYMENT_MESSAGES.receiptResent } } });
    renderApp('/track/t1');
    const dialog = await openDialog();
    const resend = within(dialog).getByRole('button', { name: 'Already bought this? Email me the download link' });
    fireEvent.click(resend);
    expect(await findToast(PAYMENT_MESSAGES.emailRequiredTitle)).toBeVisible();
    expect(calls('POST /api/purchases/resend')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(resend);
    expect(await within(dialog).findByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.receiptResent);
    expect(calls('POST /api/purchases/resend')[0]!.body).toEqual({ email: 'fan@example.com', trackId: 't1' });
  });

  it("a checkout closed while M-Pesa is pending: 'We're waiting for M-Pesa', polls with back-off, then 'Check again' (issue 16)", async () => {
    let answer: 'pending' | 'paid' = 'pending';
    let bought = false;
    const pendingBody = { message: PAYMENT_MESSAGES.paymentPending, pending: true, reference: 'ref-1' };
    const { calls } = routes({
      'POST /api/payments/verify': () => (answer === 'pending' ? { status: 202, body: pendingBody } : ((bought = true), verified)),
      'GET /api/purchases/owned': () => ({ body: { trackIds: bought ? ['t1'] : [], albumIds: [] } }),
    });
    vi.mocked(openCheckout).mockImplementation(async (_session, hooks) => {
      hooks?.onOpen?.();
      return { status: 'cancelled' };
    });
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));

    const pending = await screen.findByTestId('payment-pending');
    expect(pending).toHaveTextContent(PAYMENT_MESSAGES.paymentPendingTitle);
    expect(pending).toHaveTextContent(PAYMENT_MESSAGES.paymentPendingNote);
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(calls('POST /api/payments/verify')).toHaveLength(1);

    // Three more asks, after 3, 6 and 12 seconds, then it stops.
    for (const [wait, count] of [[3000, 2], [6000, 3], [12000, 4]] as const) {
      await act(async () => vi.advanceTimersByTime(wait));
      await waitFor(() => expect(calls('POST /api/payments/verify')).toHaveLength(count));
    }
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(calls('POST /api/payments/verify')).toHaveLength(4);
    vi.useRealTimers();
    expect(await screen.findByText('Answered the prompt? Check again.')).toBeVisible();

    // The fan entered the PIN: Check again downloads, and the page shows 'Purchased'.
    answer = 'paid';
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.checkAgain }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('/api/tracks/t1/download'));
    await waitFor(() => expect(screen.queryByTestId('payment-pending')).toBeNull());
    expect(await screen.findByText(PAYMENT_MESSAGES.purchased)).toBeVisible();
  });

  it.each([
    ['declined', 'Payment declined', PAYMENT_MESSAGES.paymentDeclined],
    ['expired', 'M-Pesa prompt expired', PAYMENT_MESSAGES.paymentExpired],
    ['cancelled', 'Payment cancelled', PAYMENT_MESSAGES.paymentCancelled],
  ])("says a %s M-Pesa payment ended so, with 'Try again' starting a new checkout (issue 16)", async (outcome, title, message) => {
    const { calls } = routes({
      'POST /api/payments/verify': { status: 402, body: { code: 'payment.not-completed', message: PAYMENT_MESSAGES.paymentNotCompleted, outcome } },
    });
    vi.mocked(openCheckout).mockImplementation(async (_session, hooks) => {
      hooks?.onOpen?.();
      return { status: 'success', reference: 'ref-1' };
    });
    renderApp('/track/t1');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    const unpaid = await screen.findByTestId('payment-unpaid');
    expect(unpaid).toHaveTextContent(title);
    expect(unpaid).toHaveTextContent(message);
    expect(calls('POST /api/payments/initialize')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.tryAgain }));
    await waitFor(() => expect(calls('POST /api/payments/initialize')).toHaveLength(2));
    await waitFor(() => expect(openCheckout).toHaveBeenCalledTimes(2));
  });

  it('offers Buy for a priced album on its page and in a priced album track row', async () => {
    const song = makeTrack({ id: 't9', trackName: 'Night Drive', price: 2000, albumId: 'a1' });
    const album = makeAlbum({ id: 'a1', albumName: 'Nairobi Nights', price: 30000 });
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'GET /api/album-detail/a1': { body: { album, tracks: [song], user: artist } } });
    renderApp('/album/a1');
    expect(visibleText(await screen.findByRole('button', { name: 'Buy Nairobi Nights for KES 300.00' }))).toBe('Buy KES 300.00');
    const row = screen.getByRole('listitem', { name: 'Night Drive' });
    expect(visibleText(within(row).getByRole('button', { name: 'Buy Night Drive for KES 20.00' }))).toBe('Buy');
  });
});

describe('Pay more (issue 21)', () => {
  const generous = makeTrack({ id: 't1', trackName: 'Sunrise', price: 5000, payMore: true, suggestedPrice: 8000 });

  it('asks how much, prefilled with the suggestion, refuses less than the price at the field, and sends the amount chosen', async () => {
    const { calls } = routes({ 'GET /api/track-detail/t1': { body: { track: generous, user: artist } } });
    vi.mocked(openCheckout).mockImplementation(() => new Promise(() => {}));
    renderApp('/track/t1');
    const dialog = await openDialog();
    const amount = within(dialog).getByLabelText(PAYMENT_MESSAGES.amountLabel);
    expect(amount).toHaveValue('80.00');
    expect(within(dialog).getByText('Minimum KES 50.00 · Suggested KES 80.00')).toBeVisible();
    // round(80 x 0.015) + 100 = KES 101; total KES 181.
    expect(within(dialog).getByTestId('purchase-total')).toHaveTextContent('KES 181.00');

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.change(amount, { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await within(dialog).findByText(amountBelowPriceMessage(5000))).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST /api/payments/initialize')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '1,200' } });
    expect(within(dialog).getByTestId('purchase-fee')).toHaveTextContent('KES 118.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay KES 1,318.00' }));
    await waitFor(() => expect(calls('POST /api/payments/initialize')).toHaveLength(1));
    expect(calls('POST /api/payments/initialize')[0]!.body).toMatchObject({ trackId: 't1', amount: '1200.00' });
  });

  it("shows 'Name your price' on a free pay-more track, and KES 0 downloads without a checkout", async () => {
    const gift = makeTrack({ id: 't1', trackName: 'Sunrise', price: 0, payMore: true });
    const { calls } = routes({ 'GET /api/track-detail/t1': { body: { track: gift, user: artist, downloads: [] } } });
    renderApp('/track/t1');
    const button = await screen.findByRole('button', { name: 'Name your price for Sunrise' });
    expect(visibleText(button)).toBe(PAYMENT_MESSAGES.nameYourPrice);
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: /^Buy Sunrise/ });
    expect(within(dialog).getByLabelText(PAYMENT_MESSAGES.amountLabel)).toHaveValue('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download for free' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalled());
    expect(calls('POST /api/payments/initialize')).toHaveLength(0);
  }, 20_000);
});
