import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentMethod } from '#common/schemas/payments';
import type { PayoutsResponse } from '#common/schemas/sales';
import type { MockRoute } from '@/test/fetch-mock';
import { openDashboard } from '@/test/dashboard';

const MPESA: PaymentMethod = { id: 'pm-2', type: 'mobile_money', bankName: null, accountName: null, accountNumber: null, mobileNumber: '+254712345678', createdAt: '2025-05-01T10:00:00.000Z' };
const BANK: PaymentMethod = { id: 'pm-1', type: 'bank', bankName: 'Equity Bank Kenya Limited', accountName: 'Amani', accountNumber: '0123456789', mobileNumber: null, createdAt: '2025-05-01T10:00:00.000Z' };

const FAILED_REASON = 'The transfer to your M-Pesa number did not go through. The money is back in your balance: the next payout run sends it again.';

const PAYOUTS: PayoutsResponse = {
  balance: { owed: 45_000, pending: 11_111 },
  nextPayout: { at: '2026-11-27T06:15:00.000Z', amount: 43_000, salesUpTo: '2026-11-26T06:10:00.000Z', rest: { amount: 11_111, paidAt: '2026-11-28T07:00:00.000Z' } },
  payouts: [
    { id: 'p2', createdAt: '2026-11-26T06:00:00.000Z', amount: 43_000, fee: 2_000, status: 'failed', reason: FAILED_REASON },
    { id: 'p1', createdAt: '2026-11-20T06:00:00.000Z', amount: 98_000, fee: 2_000, status: 'success' },
  ],
};

const openPayments = (routes: Record<string, MockRoute>) =>
  openDashboard(
    '/dashboard?section=payments',
    {
      'GET /api/payment-methods': { body: [MPESA] },
      'GET /api/payouts': { body: PAYOUTS },
      'GET /api/user/preferences': { body: { saleEmails: true } },
      ...routes,
    },
    ['heading', { level: 2, name: 'Payouts' }],
  );

const SLOW = { timeout: 15_000 };

describe('the Payouts card (issue 16)', SLOW, () => {
  it('shows what is owed, what is settling, the next M-Pesa payout after its fee, and every payout with a failure explained', async () => {
    await openPayments({});
    const card = screen.getByTestId('payouts-card');
    expect(await within(card).findByTestId('payouts-owed')).toHaveTextContent('KES 450.00');
    expect(within(card).getByTestId('payouts-pending')).toHaveTextContent('KES 111.11');
    // 06:15 UTC is 09:15 in Nairobi.
    expect(within(card).getByTestId('next-payout')).toHaveTextContent('Next M-Pesa payout: KES 430.00 on 27 Nov 2026, 09:15 (after the M-Pesa withdrawal fee).');
    // Which sales it holds, and when the settling rest is paid (issue 33).
    expect(within(card).getByTestId('next-payout-holds')).toHaveTextContent('It holds your share of the sales made up to 26 Nov 2026, 09:10.');
    expect(within(card).getByTestId('next-payout-rest')).toHaveTextContent(
      'Your KES 111.11 from sales made since then is still settling (a sale settles 24 hours after it is made) and is paid on 28 Nov 2026, 10:00.',
    );
    const rows = within(within(card).getByRole('list', { name: 'Your payouts' })).getAllByTestId('payout-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('KES 430.00');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('fee KES 20.00');
    expect(rows[0]).toHaveTextContent(FAILED_REASON);
    expect(rows[1]).toHaveTextContent('KES 980.00');
    expect(rows[1]).toHaveTextContent('Paid');
  });

  it("shows the bank settlement note instead of an M-Pesa payout, and zero as 'KES 0.00'", async () => {
    await openPayments({
      'GET /api/payment-methods': { body: [BANK] },
      'GET /api/payouts': { body: { balance: { owed: 0, pending: 0 }, nextPayout: null, payouts: [] } },
    });
    const card = screen.getByTestId('payouts-card');
    expect(await within(card).findByTestId('payouts-owed')).toHaveTextContent('KES 0.00');
    await waitFor(() => expect(within(card).getByTestId('next-payout')).toHaveTextContent('Your bank account is paid by Paystack'));
    expect(within(card).getByText('No payouts yet.')).toBeVisible();
  });

  it('turns the sale e-mail off and on with the switch', async () => {
    let saleEmails = true;
    const { user, calls } = await openPayments({
      'GET /api/user/preferences': () => ({ body: { saleEmails } }),
      'PATCH /api/user/preferences': (request) => {
        saleEmails = (request.body as { saleEmails: boolean }).saleEmails;
        return { body: { saleEmails } };
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when I make a sale' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls('PATCH /api/user/preferences').map((request) => request.body)).toEqual([{ saleEmails: false }]);
    expect(await screen.findByText('Sale e-mails turned off')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(saleEmails).toBe(true);
  });

  it('puts the switch back when the server refuses', async () => {
    const { user } = await openPayments({ 'PATCH /api/user/preferences': { status: 500, body: { message: 'boom' } } });
    const toggle = await screen.findByRole('switch', { name: 'E-mail me when I make a sale' });
    await user.click(toggle);
    expect(await screen.findByText('Failed to update your preferences. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
