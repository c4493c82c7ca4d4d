import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AppRoutes } from '@/app/router';

const VERIFIED = { message: 'Your email address has been verified. Welcome to Sauti!', redirectTo: '/dashboard' };

describe('/verify-email', () => {
  it('says the link is invalid when it has no token, and offers a new one', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp('/verify-email');
    expect(await screen.findByText('Invalid verification link. Please check your email for the correct link.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    expect(calls('POST /api/verify-email')).toHaveLength(0);
  });

  it('verifies once (even in StrictMode), signs in, and moves to the dashboard after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let signedIn = false;
    const { calls } = mockFetch({
      'GET /api/user': () => (signedIn ? { body: TEST_USER } : SIGNED_OUT),
      'POST /api/verify-email': () => {
        signedIn = true;
        return { body: VERIFIED };
      },
    });
    const { currentPath } = renderApp('/verify-email?token=abc123', (
      <StrictMode>
        <AppRoutes />
      </StrictMode>
    ));
    expect(await screen.findByText(VERIFIED.message)).toBeVisible();
    expect(calls('POST /api/verify-email')).toHaveLength(1);
    expect(calls('POST /api/verify-email')[0]!.body).toEqual({ token: 'abc123' });
    // The token leaves the address bar once read.
    expect(currentPath()).toBe('/verify-email');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(currentPath()).toBe('/verify-email');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(currentPath()).toBe('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it('goes to the dashboard at once with the button', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/user': () => (signedIn ? { body: TEST_USER } : SIGNED_OUT),
      'POST /api/verify-email': () => {
        signedIn = true;
        return { body: VERIFIED };
      },
    });
    const user = userEvent.setup();
    const { currentPath } = renderApp('/verify-email?token=abc123');
    await user.click(await screen.findByRole('link', { name: 'Go to Dashboard' }));
    expect(currentPath()).toBe('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it("shows the server's error message for a bad token", async () => {
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/verify-email': {
        status: 400,
        body: { message: 'This verification link is invalid or has expired. Please request a new one.' },
      },
    });
    renderApp('/verify-email?token=used');
    expect(await screen.findByText('This verification link is invalid or has expired. Please request a new one.')).toBeVisible();
  });

  it('tells a signed-in, verified artist who opens the used link again that the address is verified, and moves on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'POST /api/verify-email': {
        status: 400,
        body: { message: 'Your email address is already verified.', alreadyVerified: true, redirectTo: '/dashboard' },
      },
    });
    const { currentPath } = renderApp('/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'Email already verified' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Your email address is already verified.');
    expect(screen.queryByText(/invalid/i)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(currentPath()).toBe('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it('keeps saying the link is invalid to a visitor who is not signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/user': SIGNED_OUT,
      'POST /api/verify-email': {
        status: 400,
        body: { message: 'This verification link is invalid or has expired. Please request a new one.' },
      },
    });
    const { currentPath } = renderApp('/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is invalid or has expired. Please request a new one.');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(currentPath()).toBe('/verify-email');
  });

  it("falls back to 'Email verification failed' without a server message", async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/verify-email': { status: 502, body: '<html>' } });
    renderApp('/verify-email?token=abc');
    expect(await screen.findByText('Email verification failed')).toBeVisible();
  });

  it('says an error occurred when the request never got an answer', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/verify-email': () => Promise.reject(new TypeError('offline')) });
    renderApp('/verify-email?token=abc');
    expect(await screen.findByText('An error occurred during verification. Please try again.')).toBeVisible();
  });

  it('shows a loading state while it verifies', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT, 'POST /api/verify-email': () => new Promise(() => {}) });
    renderApp('/verify-email?token=abc');
    expect(await screen.findByRole('heading', { name: 'Verifying your email' })).toBeVisible();
  });

  it('does not move on by itself when the server names another destination', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'POST /api/verify-email': { body: { message: 'Verified', redirectTo: '/elsewhere' } },
    });
    const { currentPath } = renderApp('/verify-email?token=abc');
    expect(await screen.findByText('Verified')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(currentPath()).toBe('/verify-email'));
  });
});
