import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { findToast } from '@/test/render';
import { openAuth, signInForm, signUpForm } from '@/test/auth-page';

const INVALID = 'Invalid email or password';
const TAKEN = 'This display name is already taken. Please choose another.';
const REGISTERED = 'Registration successful. Please check your email to verify your account.';

describe('a failed sign-in', () => {
  it("tells the server's message at the form as well as in the 'Login failed' toast", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/login': { status: 401, body: { code: 'auth.invalid-credentials', message: INVALID } } });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));

    const alert = await within(signInForm()).findByRole('alert');
    expect(alert).toHaveTextContent(INVALID);
    expect(within(await findToast('Login failed')).getByText(INVALID)).toBeVisible();
  });

  it('clears the message when trying again, and the toast once signed in and on the dashboard', async () => {
    let attempt = 0;
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/login': () => (++attempt === 1 ? { status: 401, body: { code: 'auth.invalid-credentials', message: INVALID } } : { body: TEST_USER }),
    });
    const { user, currentPath } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    await findToast('Login failed');
    expect(within(signInForm()).getByRole('alert')).toHaveTextContent(INVALID);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
    expect(calls('POST /api/login')).toHaveLength(2);
    // The toast about the form stayed behind with the form.
    await waitFor(() => expect(screen.queryByText('Login failed')).toBeNull());
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('shows the unverified notice, not a second copy of the message, for an unverified account', async () => {
    const UNVERIFIED = 'Please verify your email address before signing in. Check your inbox for the verification link.';
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/login': { status: 403, body: { message: UNVERIFIED, requiresEmailVerification: true } },
    });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('unverified-account')).toBeVisible();
    expect(screen.queryByTestId('sign-in-error')).toBeNull();
  });
});

describe('a taken display name', () => {
  async function signUpAs(user: ReturnType<typeof userEvent.setup>, displayName: string) {
    await user.type(screen.getByLabelText('Display name'), displayName);
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Create Account' }));
  }

  it('offers the free names the server suggests; choosing one fills the field in and it can be sent', async () => {
    const suggestions = ['Amani Music', 'Amani KE', 'Amani 254'];
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/register': (request) =>
        (request.body as { displayName: string }).displayName === 'Amani'
          ? { status: 409, body: { code: 'auth.display-name-taken', message: TAKEN, suggestions } }
          : { status: 201, body: { message: REGISTERED, requiresEmailVerification: true } },
    });
    const { user } = await openAuth('/auth?tab=register');
    await signUpAs(user, 'Amani');

    const group = await within(signUpForm()).findByRole('group', { name: 'Free display names' });
    expect(group).toHaveTextContent('Try:');
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(suggestions);
    expect(within(signUpForm()).getByText(TAKEN)).toBeVisible();
    expect(screen.getByLabelText('Display name').getAttribute('aria-invalid')).toBe('true');

    await user.click(within(group).getByRole('button', { name: 'Amani KE' }));
    const field = screen.getByLabelText('Display name');
    expect(field).toHaveValue('Amani KE');
    // The buttons go with the taken name; the keyboard stays on the field, its error gone.
    expect(field).toHaveFocus();
    expect(within(signUpForm()).queryByRole('group', { name: 'Free display names' })).toBeNull();
    await waitFor(() => expect(within(signUpForm()).queryByText(TAKEN)).toBeNull());

    await user.click(within(signUpForm()).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(calls('POST /api/register').map((call) => (call.body as { displayName: string }).displayName)).toEqual([
      'Amani',
      'Amani KE',
    ]);
  });

  it('hides the suggestions once the artist types another name', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/register': { status: 409, body: { code: 'auth.display-name-taken', message: TAKEN, suggestions: ['Amani Music'] } },
    });
    const { user } = await openAuth('/auth?tab=register');
    await signUpAs(user, 'Amani');
    expect(await within(signUpForm()).findByRole('button', { name: 'Amani Music' })).toBeVisible();
    await user.type(screen.getByLabelText('Display name'), ' Band');
    expect(within(signUpForm()).queryByRole('group', { name: 'Free display names' })).toBeNull();
  });

  it('shows no suggestions when the server has none', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/register': { status: 409, body: { code: 'auth.display-name-taken', message: TAKEN, suggestions: [] } } });
    const { user } = await openAuth('/auth?tab=register');
    await signUpAs(user, 'Amani');
    expect(await within(signUpForm()).findByText(TAKEN)).toBeVisible();
    expect(within(signUpForm()).queryByRole('group', { name: 'Free display names' })).toBeNull();
  });
});
