import { expect, expectFailedRequest, test } from './support/test';
import { RESET_SUBJECT, verifiedAccount } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

test('forgot password, follow the e-mailed link, set a new password, sign in with it', async ({ page, context }) => {
  // The server refuses a confirmation that does not match (400).
  expectFailedRequest(page, '/api/reset-password', 400);
  // The old password is tried once after the reset, and refused.
  expectFailedRequest(page, '/api/login', 401);
  const account = await verifiedAccount(page, 'reset');
  await context.clearCookies();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account with that email address exists, we have sent a link to reset the password.'),
  ).toBeVisible();

  const link = linkIn(await waitForMail(account.email, RESET_SUBJECT), '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');

  const newPassword = `${account.password} renewed`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}!`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset. You can now sign in with your new password.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Invalid email or password')).toBeVisible();

  await form.getByLabel('Password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();

  // The link works once; Try Again returns to the form.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Confirm new password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
});

test('a password reset signs out the session that was signed in', async ({ page, browser }) => {
  const account = await verifiedAccount(page, 'reset-session');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/auth?view=forgot-password');
  await otherPage.getByLabel('Email').fill(account.email);
  await otherPage.getByRole('button', { name: 'Send Reset Link' }).click();
  await otherPage.goto(linkIn(await waitForMail(account.email, RESET_SUBJECT), '/reset-password'));
  await otherPage.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await otherPage.getByLabel('Confirm new password').fill('a brand new passphrase');
  await otherPage.getByRole('button', { name: 'Reset Password' }).click();
  await expect(otherPage.getByText(/Your password has been reset/)).toBeVisible();
  await other.close();

  // The browser still holds the ended session's cookie: the server answers its user check 401.
  expectFailedRequest(page, '/api/user', 401);
  await page.reload();
  await page.waitForURL('**/auth');
});
