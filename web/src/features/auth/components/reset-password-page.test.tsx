import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

async function openReset(path = '/reset-password?token=tok123') {
  const view = renderApp(path);
  return { ...view, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('says the link is invalid without a token and links to a new request', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    await openReset('/reset-password');
    expect(await screen.findByText('Invalid password reset link. Please request a new one.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth?view=forgot-password');
  });

  it('shows the spec messages for a short password and a mismatch', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    const { user } = await openReset();
    await fillAndSubmit(user, '12345', '12345');
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeVisible();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeVisible();
    expect(calls('POST /api/reset-password')).toHaveLength(0);
  });

  it('resets the password and shows the server message', async () => {
    const { calls, currentPath } = {
      ...mockFetch({
        'GET /api/user': SIGNED_OUT,
        'POST /api/reset-password': { body: { message: 'Your password has been reset. You can now sign in with your new password.' } },
      }),
      ...(await openReset()),
    };
    const user = userEvent.setup();
    await fillAndSubmit(user, 'a long passphrase', 'a long passphrase');
    expect(await screen.findByText('Your password has been reset. You can now sign in with your new password.')).toBeVisible();
    expect(calls('POST /api/reset-password')[0]!.body).toEqual({ token: 'tok123', newPassword: 'a long passphrase' });
    expect(currentPath()).toBe('/reset-password');
    await user.click(screen.getByRole('link', { name: 'Go to Sign In' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  it("shows the server's error, and 'Try Again' returns to the form", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/reset-password': {
        status: 400,
        body: { message: 'This password reset link is invalid or has expired. Please request a new one.' },
      },
    });
    const { user } = await openReset();
    await fillAndSubmit(user, 'a long passphrase', 'a long passphrase');
    expect(await screen.findByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('New password')).toBeVisible();
  });

  it("falls back to 'Password reset failed'", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/reset-password': { status: 500, body: {} } });
    const { user } = await openReset();
    await fillAndSubmit(user, 'a long passphrase', 'a long passphrase');
    expect(await screen.findByText('Password reset failed')).toBeVisible();
  });
});
