import { expect, expectFailedRequest, test, type Page } from './support/test';
import { newAccount, VERIFY_SUBJECT, type TestAccount } from './support/accounts';
import { linkIn, mailsTo, waitForMail } from './support/mail';
import { BASE_URL } from './support/server-state';

const REGISTERED = 'Registration successful. Please check your email to verify your account.';

async function signUp(page: Page, account: TestAccount) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Display name').fill(account.displayName);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(REGISTERED)).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('sign up, verify by the e-mailed link, use the dashboard, sign out and sign in again', async ({ page }) => {
  // The used link, opened again at the end, is refused (400) before the page says the address is verified.
  expectFailedRequest(page, '/api/verify-email', 400);
  const account = newAccount('flow');
  await signUp(page, account);
  await expect(page.getByText(account.email)).toBeVisible();

  const mail = await waitForMail(account.email, VERIFY_SUBJECT);
  const link = linkIn(mail, '/verify-email');
  expect(link.startsWith(`${BASE_URL}/verify-email?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page.getByText('Your email address has been verified. Welcome to Sauti!')).toBeVisible();
  // The token leaves the address bar once read.
  expect(new URL(page.url()).search).toBe('');
  // Spec: redirected to the dashboard after 2 s.
  await page.waitForURL('**/dashboard', { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${account.displayName}`)).toBeVisible();

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/auth');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // Signed out for real: the dashboard sends us back.
  await page.goto('/dashboard');
  await page.waitForURL('**/auth');

  await signIn(page, account.email, account.password);
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();

  // A used link does not verify twice; opened again while signed in, it says the address is verified and goes on.
  await page.goto(link);
  await expect(page.getByText('Your email address is already verified.')).toBeVisible();
  await page.waitForURL('**/dashboard');
});

test('an unverified account is told to verify, and can get a new link that works', async ({ page }) => {
  // Signing in before verifying is refused (403).
  expectFailedRequest(page, '/api/login', 403);
  const account = newAccount('unverified');
  await signUp(page, account);
  await waitForMail(account.email, VERIFY_SUBJECT);

  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await signIn(page, account.email, account.password);
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toast.getByText('Login failed')).toBeVisible();
  await expect(toast.getByText(/Please verify your email address before signing in/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const notice = page.getByTestId('unverified-account');
  await notice.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(notice.getByText('Verification email has been resent successfully')).toBeVisible();
  const second = await waitForMail(account.email, VERIFY_SUBJECT, { count: 2 });
  expect(mailsTo(account.email).filter((mail) => VERIFY_SUBJECT.test(mail.subject))).toHaveLength(2);

  await page.goto(linkIn(second, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
});

test('the registration-success view can resend the verification e-mail', async ({ page }) => {
  const account = newAccount('resend');
  await signUp(page, account);
  await waitForMail(account.email, VERIFY_SUBJECT);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email has been resent successfully')).toBeVisible();
  await waitForMail(account.email, VERIFY_SUBJECT, { count: 2 });
});

test('a wrong password gets the Login failed toast with the server message', async ({ page }) => {
  expectFailedRequest(page, '/api/login', 401);
  await page.goto('/auth');
  await signIn(page, newAccount('nobody').email, 'not the password');
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toast.getByText('Login failed')).toBeVisible();
  await expect(toast.getByText('Invalid email or password')).toBeVisible();
});
