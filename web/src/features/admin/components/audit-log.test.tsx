import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileCatalogue } from '#common/i18n/compile';
import type { AuditEntry } from '#common/schemas/admin';
import type { ConsolePayout } from '#common/schemas/console';
import appSw from '../../../../../common/src/i18n/app.sw.json';
import sw from '../../../../../common/src/i18n/sw.json';
import { AppRoutes } from '@/app/router';
import { setAppCatalogue } from '@/lib/app-i18n';
import { createTranslator, I18nProvider } from '@/lib/i18n';
import { mockFetch, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const REFUND: AuditEntry = {
  id: '2',
  at: '2026-12-03T09:05:00.000Z',
  actorEmail: 'ops@example.com',
  action: 'refund.create',
  targetType: 'order',
  targetId: 'SAUTI-REF-1',
  reason: 'Bought twice',
  // In jsonb's order, as the server answers them: shortest key first.
  details: { part: true, amount: 20_200, status: 'processed', refundId: 'r1' },
};
const PAYOUT: AuditEntry = {
  id: '1',
  at: '2026-11-30T23:59:00.000Z',
  actorEmail: null,
  action: 'payout.retry',
  targetType: 'payout',
  targetId: 'po_1',
  reason: null,
  details: { from: 'failed', newReference: 'po_2', newStatus: 'pending', amount: 150_000 },
};

function routes() {
  return {
    'GET /api/user': { body: TEST_USER },
    'GET /api/admin/me': { body: { email: TEST_USER.email, enrolled: true, verifiedUntil: '2026-12-07T18:00:00.000Z', recoveryCodesLeft: 10 } },
    'GET /api/admin/picks': { body: { picks: [] } },
    'GET /api/admin/audit': { body: { entries: [REFUND, PAYOUT], nextBefore: null } },
  };
}

async function openAuditLog(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }, { timeout: 10_000 }));
  const log = await screen.findByRole('list', { name });
  return within(log).getAllByRole('listitem');
}

describe("the console's dates and audit log in the console's language (issue 33)", () => {
  it('in English: fields by label, amounts in KES, months in English', async () => {
    mockFetch(routes());
    renderApp('/admin');
    const [refund, payout] = await openAuditLog('Audit log');
    expect(refund).toHaveTextContent('3 Dec 2026, 09:05 UTC · ops@example.com');
    expect(within(refund!).getByTestId('audit-details')).toHaveTextContent('Amount: KES 202.00 · Part of the sale: yes · Status: done · Refund id: r1');
    expect(within(payout!).getByTestId('audit-details')).toHaveTextContent('Amount: KES 1,500.00 · Status before: failed · New status: pending · New reference: po_2');
    expect(screen.getByText(/verified until 7 Dec 2026, 18:00 UTC/)).toBeVisible();
  });

  it('in Kiswahili: no raw field name, no amount in minor units, the month in Kiswahili', async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    mockFetch(routes());
    renderApp(
      '/admin',
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <AppRoutes />
      </I18nProvider>,
    );
    const [refund, payout] = await openAuditLog(appSw['admin.auditLog']);
    expect(refund).toHaveTextContent('3 Des 2026, 09:05 UTC · ops@example.com');
    expect(payout).toHaveTextContent(`30 Nov 2026, 23:59 UTC · ${appSw['admin.commandLine']}`);
    const details = within(refund!).getByTestId('audit-details');
    expect(details).toHaveTextContent('Kiasi: KES 202.00 · Sehemu ya mauzo: ndiyo · Hali: imekamilika · Id ya kurudisha pesa: r1');
    expect(within(payout!).getByTestId('audit-details')).toHaveTextContent('Kiasi: KES 1,500.00 · Hali ya awali: imeshindikana · Hali mpya: inasubiri · Kumbukumbu mpya: po_2');
    for (const raw of ['amount', '20200', 'part', 'status', 'refundId', 'true', 'processed']) expect(details.textContent).not.toMatch(new RegExp(`\\b${raw}\\b`));
    expect(screen.getByText(/imethibitishwa hadi 7 Des 2026, 18:00 UTC/)).toBeVisible();
  });

  it("in Kiswahili, the payouts tab: the amount grouped, the date's month and Paystack's answer in Kiswahili", async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    const payout: ConsolePayout = {
      reference: 'po_1',
      artistName: 'Amani',
      mobileNumber: '+254710000000',
      amount: 150_000,
      fee: 2_000,
      status: 'pending',
      attention: 'stuck',
      failureReason: null,
      createdAt: '2026-12-01T08:00:00.000Z',
      updatedAt: '2026-12-01T08:00:00.000Z',
    };
    mockFetch({ ...routes(), 'GET /api/admin/payouts': { body: { payouts: [payout] } }, 'POST /api/admin/payouts/po_1/retry': { body: { reference: 'po_1', status: 'success', newReference: null } } });
    renderApp(
      '/admin',
      <I18nProvider translator={createTranslator('sw', compileCatalogue(sw))}>
        <AppRoutes />
      </I18nProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: appSw['admin.payouts'] }, { timeout: 10_000 }));
    const row = await screen.findByRole('listitem', { name: 'Malipo kwa Amani' });
    expect(row).toHaveTextContent('KES 1,500.00 kwa Amani');
    expect(row).toHaveTextContent('1 Des 2026, 08:00 UTC');
    await user.click(within(row).getByRole('button', { name: 'Jaribu tena malipo kwa Amani' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Tumeuliza Paystack tena: hali ya malipo ni imelipwa.');
  });
});
