import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Bank, PaymentMethod } from '#common/schemas/payments';
import type { MockRoute } from '@/test/fetch-mock';
import { BANNER_DISMISSED_KEY } from './mpesa-fee-banner';
import { findToastBehindDialog, openDashboard } from '@/test/dashboard';

const BANKS: Bank[] = [
  { name: 'ABSA Bank Kenya PLC', code: '03' },
  { name: 'Co-operative Bank of Kenya', code: '11' },
  { name: 'Equity Bank Kenya Limited', code: '68' },
  { name: 'I&M Bank Limited', code: '57' },
  { name: 'Kenya Commercial Bank', code: '01' },
];

const BANK_METHOD: PaymentMethod = {
  id: 'pm-1',
  type: 'bank',
  bankName: 'Equity Bank Kenya Limited',
  accountName: 'Amani Wa Muziki',
  accountNumber: '0123456789',
  mobileNumber: null,
  createdAt: '2025-05-01T10:00:00.000Z',
};

const MPESA_METHOD: PaymentMethod = {
  id: 'pm-2',
  type: 'mobile_money',
  bankName: null,
  accountName: null,
  accountNumber: null,
  mobileNumber: '+254712345678',
  createdAt: '2025-05-01T10:00:00.000Z',
};

/** GET /api/payment-methods answering what `state.methods` holds at the time (it changes as the test adds and removes). */
function methodsRoute(state: { methods: PaymentMethod[] }): MockRoute {
  return () => ({ body: state.methods });
}

const openPayments = (routes: Record<string, MockRoute> = {}) =>
  openDashboard(
    '/dashboard?section=payments',
    {
      'GET /api/payment-methods': { body: [] },
      'GET /api/banks': { body: BANKS },
      'GET /api/payouts': { body: { balance: { owed: 0, pending: 0 }, nextPayout: null, payouts: [] } },
      'GET /api/user/preferences': { body: { saleEmails: true } },
      ...routes,
    },
    ['heading', { level: 2, name: 'Payment method' }],
  );

/** No method yet; `route` adds `method` (201), and the list read after it shows that one. */
function openAdding(route: string, method: PaymentMethod) {
  const state = { methods: [] as PaymentMethod[] };
  return openPayments({
    'GET /api/payment-methods': methodsRoute(state),
    [route]: () => {
      state.methods = [method];
      return { status: 201, body: method };
    },
  });
}

const findToast = findToastBehindDialog;

// The first test of the file also loads the dashboard's lazy chunk; a busy machine is slow at both.
const SLOW = { timeout: 15_000 };

const addBankButton = () => screen.getByRole('button', { name: 'Add Bank Account' });
const addMpesaButton = () => screen.getByRole('button', { name: 'Add M-Pesa Number' });

describe('Payments section (spec section 2)', SLOW, () => {
  it('recommends a bank for larger earnings with the M-Pesa fee bands, says the split, and remembers the dismissal', async () => {
    const { user, unmount } = await openPayments();
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent('KES 20 up to KES 1,500, KES 40 up to KES 20,000 and KES 60 up to KES 150,000');
    expect(banner).toHaveTextContent('Bank payouts have no extra fee');
    expect(screen.getByText('You receive 90% of every sale')).toBeVisible();
    expect(await screen.findByText(/No payment method yet/)).toBeVisible();
    expect(addBankButton()).toBeEnabled();
    expect(addMpesaButton()).toBeEnabled();

    await user.click(within(banner).getByRole('button', { name: 'Dismiss recommendation' }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment method' })).toHaveFocus();
    expect(window.localStorage.getItem(BANNER_DISMISSED_KEY)).toBe('1');

    unmount();
    await openPayments();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a bank method with its account number masked to the last 4 digits, both add buttons disabled', async () => {
    await openPayments({ 'GET /api/payment-methods': { body: [BANK_METHOD] } });
    const card = await screen.findByRole('listitem', { name: 'Bank account at Equity Bank Kenya Limited' });
    expect(card).toHaveTextContent('Amani Wa Muziki');
    expect(card).toHaveTextContent('•••• 6789');
    expect(card).not.toHaveTextContent('0123456789');
    expect(within(card).getByText('Account number ending in 6 7 8 9')).toBeInTheDocument();
    expect(addBankButton()).toBeDisabled();
    expect(addMpesaButton()).toBeDisabled();
    expect(screen.getByText('You already have a payment method. Remove it to add another.')).toBeVisible();
  });

  it('says when the list could not be loaded, keeps adding off, and tries again', async () => {
    const state = { fail: true };
    const { user } = await openPayments({
      'GET /api/payment-methods': () => (state.fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: [MPESA_METHOD] }),
    });
    expect(await screen.findByText('Your payment method could not be loaded.')).toBeVisible();
    expect(addBankButton()).toBeDisabled();
    state.fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'M-Pesa number +254712345678' })).toBeVisible();
  });
});

describe('Add Payment Method: a bank account (spec sections 2, 5, 8)', SLOW, () => {
  it('refuses empty fields with the spec texts and sends nothing', async () => {
    const { user, calls } = await openPayments();
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    await within(dialog).findByRole('combobox', { name: 'Bank' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(await within(dialog).findByText('Bank name is required')).toBeVisible();
    expect(within(dialog).getByText('Account name is required')).toBeVisible();
    expect(within(dialog).getByText('Account number is required')).toBeVisible();
    expect(calls('POST /api/payment-methods')).toHaveLength(0);
  });

  it('asks for a bank from the list when the typed name is none of them', async () => {
    const { user } = await openPayments();
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    const bank = await within(dialog).findByRole('combobox', { name: 'Bank' });
    await user.type(bank, 'Bank of Nowhere');
    expect(within(dialog).getByText('No bank matches “Bank of Nowhere”.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));
    expect(await within(dialog).findByText('Please choose your bank from the list')).toBeVisible();
  });

  it('filters the banks as you type, adds the account and shows its card', async () => {
    const { user, calls } = await openAdding('POST /api/payment-methods', BANK_METHOD);
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    const bank = await within(dialog).findByRole('combobox', { name: 'Bank' });
    expect(bank).toHaveAttribute('aria-expanded', 'false');
    await user.type(bank, 'equ');
    expect(bank).toHaveAttribute('aria-expanded', 'true');
    const list = within(dialog).getByRole('listbox', { name: 'Banks' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Equity Bank Kenya Limited']);
    await user.click(within(list).getByRole('option', { name: 'Equity Bank Kenya Limited' }));
    expect(bank).toHaveValue('Equity Bank Kenya Limited');
    expect(bank).toHaveAttribute('aria-expanded', 'false');

    await user.type(within(dialog).getByLabelText('Account name'), 'Amani Wa Muziki');
    await user.type(within(dialog).getByLabelText('Account number'), '0123 456 789');
    await user.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));

    const toast = await findToast('Payment method added');
    expect(toast).toHaveTextContent('Equity Bank Kenya Limited •••• 6789');
    expect(calls('POST /api/payment-methods')[0]!.body).toEqual({
      type: 'bank',
      bankName: 'Equity Bank Kenya Limited',
      bankCode: '68',
      accountName: 'Amani Wa Muziki',
      accountNumber: '0123456789',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'Bank account at Equity Bank Kenya Limited' })).toBeVisible();
    expect(addBankButton()).toBeDisabled();
    expect(addMpesaButton()).toBeDisabled();
    // The list is read again after the add (the server's word is the last).
    await waitFor(() => expect(calls('GET /api/payment-methods').length).toBeGreaterThanOrEqual(2));
  });

  it('picks a bank with the keyboard: arrows and Enter, Escape closes the list before the dialog', async () => {
    const { user } = await openPayments();
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    const bank = await within(dialog).findByRole('combobox', { name: 'Bank' });
    bank.focus();
    await user.keyboard('{ArrowDown}');
    expect(bank).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getAllByRole('option')).toHaveLength(BANKS.length);
    await user.keyboard('{Escape}');
    expect(bank).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Add Payment Method' })).toBeVisible();

    await user.type(bank, 'bank');
    // Names starting with the search come first, then a word starting with it, then the rest.
    expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('ABSA Bank Kenya PLC');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = bank.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const activeName = document.getElementById(active!)!.textContent;
    await user.keyboard('{Enter}');
    expect(bank).toHaveValue(activeName);
    expect(screen.getByRole('dialog', { name: 'Add Payment Method' })).toBeVisible();
  });

  it("shows 'Failed to add payment method.' with the server's reason, and its field errors at the fields", async () => {
    const refused = {
      status: 400,
      body: { code: 'payment-provider.refused', message: 'The payment provider did not accept these details.', errors: { accountNumber: 'This account number was not found at Equity Bank' } },
    };
    const { user } = await openPayments({ 'POST /api/payment-methods': refused });
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    const bank = await within(dialog).findByRole('combobox', { name: 'Bank' });
    await user.type(bank, 'Equity Bank Kenya Limited');
    await user.tab(); // The exact name is taken as the choice.
    await user.type(within(dialog).getByLabelText('Account name'), 'Amani');
    await user.type(within(dialog).getByLabelText('Account number'), '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Add Bank Account' }));

    const toast = await findToast('Failed to add payment method.');
    expect(toast).toHaveTextContent(refused.body.message);
    expect(within(dialog).getByText(refused.body.errors.accountNumber)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add Payment Method' })).toBeVisible();
  });

  it('says so when the bank list cannot be loaded, and tries again', async () => {
    const state = { fail: true };
    const { user } = await openPayments({
      'GET /api/banks': () => (state.fail ? { status: 502, body: { message: 'The bank list could not be loaded. Please try again in a moment.' } } : { body: BANKS }),
    });
    await user.click(addBankButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Payment Method' });
    expect(await within(dialog).findByText('The bank list could not be loaded. Please try again in a moment.')).toBeVisible();
    state.fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Bank' })).toBeVisible();
  });
});

describe('Add M-Pesa Number (spec sections 2, 5, 8)', SLOW, () => {
  it("takes '0712 345 678', shows the number M-Pesa will pay, and adds +254712345678", async () => {
    const { user, calls } = await openAdding('POST /api/payment-methods/mobile-money', MPESA_METHOD);
    await user.click(addMpesaButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add M-Pesa Number' });
    const input = within(dialog).getByLabelText('M-Pesa mobile number');
    expect(input).toHaveFocus();
    await user.type(input, '0712 345 678');
    expect(within(dialog).getByText(/We’ll pay/)).toHaveTextContent('We’ll pay +254712345678');
    await user.click(within(dialog).getByRole('button', { name: 'Add M-Pesa Number' }));

    const toast = await findToast('M-Pesa Number Added Successfully');
    expect(toast).toHaveTextContent('+254712345678');
    expect(calls('POST /api/payment-methods/mobile-money')[0]!.body).toEqual({ mobileNumber: '+254712345678' });
    const card = await screen.findByRole('listitem', { name: 'M-Pesa number +254712345678' });
    expect(card).toHaveTextContent('+254712345678');
    expect(addBankButton()).toBeDisabled();
    expect(addMpesaButton()).toBeDisabled();
  });

  it("says 'Mobile Number Required' for nothing and 'Invalid Mobile Number' for a bad number, once: at the field, not again in a toast", async () => {
    const { user, calls } = await openPayments();
    await user.click(addMpesaButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add M-Pesa Number' });
    const input = within(dialog).getByLabelText('M-Pesa mobile number');
    await user.click(within(dialog).getByRole('button', { name: 'Add M-Pesa Number' }));
    expect(await within(dialog).findByText('Mobile Number Required')).toBeVisible();
    expect(within(dialog).getByText('Please enter your M-Pesa mobile number')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Please enter your M-Pesa mobile number'));

    await user.type(input, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add M-Pesa Number' }));
    const invalid = 'Please enter a valid Kenyan mobile number (e.g., 0712345678)';
    expect(await within(dialog).findByText('Invalid Mobile Number')).toBeVisible();
    expect(within(dialog).getByText(invalid)).toBeVisible();
    // Said once: the whole page holds each text one time (no toast repeating the field).
    expect(screen.getAllByText('Invalid Mobile Number')).toHaveLength(1);
    expect(screen.getAllByText(invalid)).toHaveLength(1);
    expect(calls('POST /api/payment-methods/mobile-money')).toHaveLength(0);
  });

  it("says 'Failed to Add M-Pesa Number' with the server's message", async () => {
    const refused = { status: 502, body: { message: 'The payment provider could not be reached. Please try again in a moment.' } };
    const { user } = await openPayments({ 'POST /api/payment-methods/mobile-money': refused });
    await user.click(addMpesaButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add M-Pesa Number' });
    await user.type(within(dialog).getByLabelText('M-Pesa mobile number'), '+254 712 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Add M-Pesa Number' }));
    expect(await findToast('Failed to Add M-Pesa Number')).toHaveTextContent(refused.body.message);
    expect(screen.getByRole('dialog', { name: 'Add M-Pesa Number' })).toBeVisible();
  });
});

describe('Remove payment method (spec sections 2, 4, 8)', SLOW, () => {
  it("shows the server's pending-transactions message and 'Remove Anyway' removes with force=true", async () => {
    const pending = { code: 'payment-method.pending-transactions', message: 'Money is still on its way to this payment method.', hasPendingTransactions: true };
    const state = { methods: [MPESA_METHOD] };
    const { user, calls } = await openPayments({
      'GET /api/payment-methods': methodsRoute(state),
      'DELETE /api/payment-methods/pm-2': (request) => {
        if (!request.url.endsWith('?force=true')) return { status: 409, body: pending };
        state.methods = [];
        return { body: { message: 'Payment method removed' } };
      },
    });
    const card = await screen.findByRole('listitem', { name: 'M-Pesa number +254712345678' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove payment method?' });
    expect(dialog).toHaveTextContent('Sales will no longer be paid to the M-Pesa number +254712345678.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(pending.message);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Anyway' }));
    expect(await findToast('Payment method removed')).toBeVisible();
    expect(calls('DELETE /api/payment-methods/pm-2').map((request) => request.url)).toEqual([
      '/api/payment-methods/pm-2',
      '/api/payment-methods/pm-2?force=true',
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText(/No payment method yet/)).toBeVisible();
    expect(addBankButton()).toBeEnabled();
    expect(addMpesaButton()).toBeEnabled();
  });

  it("says 'Failed to remove payment method.' with the server's reason and keeps the method", async () => {
    const { user } = await openPayments({
      'GET /api/payment-methods': { body: [BANK_METHOD] },
      'DELETE /api/payment-methods/pm-1': { status: 500, body: { message: 'Something went wrong' } },
    });
    const card = await screen.findByRole('listitem', { name: 'Bank account at Equity Bank Kenya Limited' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove payment method?' });
    expect(dialog).toHaveTextContent('the bank account at Equity Bank Kenya Limited (•••• 6789)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await findToast('Failed to remove payment method.')).toHaveTextContent('Something went wrong');
    // The dialog stays for another try or Cancel; the method is still there behind it.
    expect(screen.getByRole('alertdialog', { name: 'Remove payment method?' })).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Bank account at Equity Bank Kenya Limited', hidden: true })).toBeInTheDocument();
  });
});
