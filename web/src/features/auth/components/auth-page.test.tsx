import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { findToast, renderApp } from '@/test/render';
import { openAuth, signInForm, signUpForm } from '@/test/auth-page';

const UNVERIFIED = 'Please verify your email address before signing in. Check your inbox for the verification link.';

describe('sign in', () => {
  it('shows the spec messages for an invalid e-mail and a missing password', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    const { user } = await openAuth();
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in and goes to the dashboard', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/login': { body: TEST_USER } });
    const { user, currentPath } = await openAuth();
    await user.type(screen.getByLabelText('Email'), ' Amani@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls('POST /api/login')[0]!.body).toEqual({ email: 'amani@example.com', password: 'correct horse' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it("shows the 'Login failed' toast with the server's message", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/login': { status: 401, body: { code: 'auth.invalid-credentials', message: 'Invalid email or password' } } });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    const toast = await findToast('Login failed');
    expect(within(toast).getByText('Invalid email or password')).toBeVisible();
    expect(screen.queryByTestId('unverified-account')).toBeNull();
  });

  it('offers a new verification e-mail when the account is not verified yet', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/login': { status: 403, body: { message: UNVERIFIED, requiresEmailVerification: true } },
      'POST /api/resend-verification': { body: { message: 'Sent' } },
    });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    expect(await findToast('Login failed')).toHaveTextContent(UNVERIFIED);
    const notice = await screen.findByTestId('unverified-account');
    await user.click(within(notice).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(notice).findByText('Verification email has been resent successfully')).toBeVisible();
    expect(calls('POST /api/resend-verification')[0]!.body).toEqual({ email: 'amani@example.com' });
  });

  it("tells the resend error: the server's message, else the spec's fallbacks", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/login': { status: 403, body: { message: UNVERIFIED, requiresEmailVerification: true } },
      'POST /api/resend-verification': { status: 429, body: { message: 'Too many requests. Please try again later.' } },
    });
    const { user } = await openAuth();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(within(signInForm()).getByRole('button', { name: 'Sign In' }));
    const notice = await screen.findByTestId('unverified-account');
    await user.click(within(notice).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(notice).findByText('Too many requests. Please try again later.')).toBeVisible();
  });
});

describe('sign up', () => {
  it('shows the spec messages for each field', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    const { user } = await openAuth('/auth?tab=register');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Display name is required')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    await user.type(screen.getByLabelText('Password'), '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  it('moves to the registration-success view, which can resend the e-mail', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/register': {
        status: 201,
        body: { message: 'Registration successful. Please check your email to verify your account.', requiresEmailVerification: true },
      },
      'POST /api/resend-verification': { body: { message: 'Sent' } },
    });
    const { user } = await openAuth('/auth');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Display name'), 'Amani Wa Muziki');
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByText('Registration successful. Please check your email to verify your account.')).toBeVisible();
    expect(screen.getByText('amani@example.com')).toBeVisible();
    expect(calls('POST /api/register')[0]!.body).toEqual({
      displayName: 'Amani Wa Muziki',
      email: 'amani@example.com',
      password: 'a long passphrase',
    });
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email has been resent successfully')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
  });

  it("shows 'Registration failed' and puts the server's field errors on their fields", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/register': { status: 409, body: { code: 'auth.display-name-taken', message: 'This display name is already taken. Please choose another.' } },
    });
    const { user } = await openAuth('/auth?tab=register');
    await user.type(screen.getByLabelText('Display name'), 'Amani');
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(within(signUpForm()).getByRole('button', { name: 'Create Account' }));
    const toast = await findToast('Registration failed');
    expect(within(toast).getByText('This display name is already taken. Please choose another.')).toBeVisible();
    expect(within(signUpForm()).getByText('This display name is already taken. Please choose another.')).toBeVisible();
  });
});

describe('forgot password', () => {
  it('goes form -> success with the server message, and back', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/forgot-password': {
        body: { message: 'If an account with that email address exists, we have sent a link to reset the password.' },
      },
    });
    const { user } = await openAuth();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'amani@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('If an account with that email address exists, we have sent a link to reset the password.'),
    ).toBeVisible();
    expect(calls('POST /api/forgot-password')[0]!.body).toEqual({ email: 'amani@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  it('opens straight from ?view=forgot-password and tells a failure', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/forgot-password': { status: 500, body: {} } });
    const user = userEvent.setup();
    renderApp('/auth?view=forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'amani@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to send reset email')).toBeVisible();
  });

  it('says "An error occurred" when the request never got an answer', async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/forgot-password': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = userEvent.setup();
    renderApp('/auth?view=forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'amani@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeVisible();
  });
});
