import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CODE_MESSAGES } from '#common/codes';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const ITEM = { id: 't1', name: 'Mvua', price: 20_000, type: 'track' as const, payMore: false };

describe('/redeem (issue 21)', () => {
  it('sends the code normalised with the e-mail, and gives a download code’s file at once', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/codes/redeem': { body: { kind: 'download', message: CODE_MESSAGES.downloadReady, item: ITEM, reference: 'sauti-code-1', downloadUrl: '/api/tracks/t1/download' } },
    });
    const user = userEvent.setup();
    renderApp('/redeem');
    await user.type(await screen.findByLabelText('Code'), 'abcd efgh-jklm');
    await user.type(screen.getByLabelText('Email'), 'Fan@Example.com');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(/is yours/)).toBeVisible();
    expect(calls('POST /api/codes/redeem').map((call) => call.body)).toEqual([{ code: 'ABCDEFGHJKLM', email: 'fan@example.com' }]);
    expect(screen.getByRole('link', { name: 'Download Mvua' })).toHaveAttribute('href', expect.stringContaining('/api/tracks/t1/download'));
  });

  it('says what is wrong: a code that cannot be one before asking, a used one from the server', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/codes/redeem': { status: 409, body: { code: 'code.used', message: CODE_MESSAGES.used } } });
    const user = userEvent.setup();
    renderApp('/redeem');
    await user.type(await screen.findByLabelText('Code'), 'hello');
    await user.type(screen.getByLabelText('Email'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(CODE_MESSAGES.codeFormat)).toBeVisible();
    expect(calls('POST /api/codes/redeem')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'ABCD-EFGH-JKLM');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(CODE_MESSAGES.used)).toBeVisible();
  });
});
