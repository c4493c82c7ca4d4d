import { expect, expectFailedRequest, test } from './support/test';

test('sign in: the exact messages for a bad e-mail and a missing password', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  await form.getByLabel('Email').fill('amani@');
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
});

test('sign up: the exact messages for each field', async ({ page }) => {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Display name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('12345');
  await expect(form.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('123456');
  await expect(form.getByText('This password is too common. Please choose a less common one.')).toBeVisible();
  await form.getByLabel('Display name').fill('Dashboard');
  await expect(form.getByText('This display name is not available. Please choose another.')).toBeVisible();
});

test('forgot password: the exact message for a missing e-mail', async ({ page }) => {
  await page.goto('/auth?view=forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
});

test('reset password: the exact messages for a short password and a mismatch', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm new password').fill('54321');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('links without a token say so', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('Invalid verification link. Please check your email for the correct link.')).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid password reset link. Please request a new one.')).toBeVisible();
});

test('a made-up verification token gets the server message', async ({ page }) => {
  // The server refuses it (400): that refusal is what this test shows.
  expectFailedRequest(page, '/api/verify-email', 400);
  await page.goto('/verify-email?token=made-up');
  await expect(page.getByText('This verification link is invalid or has expired. Please request a new one.')).toBeVisible();
});
