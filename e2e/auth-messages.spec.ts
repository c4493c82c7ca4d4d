import AxeBuilder from '@axe-core/playwright';
import { expect, expectFailedRequest, test, type Page } from './support/test';
import { newAccount, registerByApi, VERIFY_SUBJECT, type TestAccount } from './support/accounts';
import { linkIn, mailsTo, waitForMail } from './support/mail';

/** Issue 11, item 4: messages that tell the truth, on a phone. */
test.use({ viewport: { width: 390, height: 844 } });

const REGISTERED = 'Registration successful. Please check your email to verify your account.';
const TAKEN = 'This display name is already taken. Please choose another.';
const INVALID = 'Invalid email or password';

async function fillSignUp(page: Page, account: TestAccount) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Display name').fill(account.displayName);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  return form;
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('signing up again before verifying sends a new link; a name that is really taken offers free ones', async ({ page }) => {
  // A display name really taken is refused (409).
  expectFailedRequest(page, '/api/register', 409);
  const account = newAccount('again');
  await fillSignUp(page, account);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await waitForMail(account.email, VERIFY_SUBJECT);

  // The first mail went astray: the same sign-up again is a resend, not "name taken".
  await fillSignUp(page, account);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(REGISTERED)).toBeVisible();
  const second = await waitForMail(account.email, VERIFY_SUBJECT, { count: 2 });
  expect(mailsTo(account.email).filter((mail) => VERIFY_SUBJECT.test(mail.subject))).toHaveLength(2);
  await page.goto(linkIn(second, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.waitForURL('**/dashboard', { timeout: 5_000 });
  // Signed out with no page loading: the dashboard's own requests, still under way, would
  // otherwise be refused (401) and fail the test as console errors (seen on a loaded CI run).
  await page.goto('about:blank');
  await page.request.post('/api/logout');

  // Someone else asking for that name is told it is taken, with free names to try.
  const stranger = { ...newAccount('stranger'), displayName: account.displayName };
  const form = await fillSignUp(page, stranger);
  await expect(form.getByText(TAKEN)).toBeVisible();
  const suggestions = form.getByRole('group', { name: 'Free display names' });
  await expect(suggestions).toBeVisible();
  await expect(suggestions).toContainText('Try:');
  await expect(suggestions.getByRole('button')).toHaveText([
    `${account.displayName} Music`,
    `${account.displayName} KE`,
    `${account.displayName} 254`,
  ]);
  expect(await violations(page)).toEqual([]);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/sauti-signup-suggestions.png' });

  await suggestions.getByRole('button', { name: `${account.displayName} KE` }).click();
  await expect(form.getByLabel('Display name')).toHaveValue(`${account.displayName} KE`);
  await expect(form.getByLabel('Display name')).toBeFocused();
  await expect(suggestions).toBeHidden();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await waitForMail(stranger.email, VERIFY_SUBJECT);
});

test('opening the verification link again while signed in says the address is verified and goes to the dashboard', async ({ page }) => {
  // The used link is refused (400), and the page says the address is verified.
  expectFailedRequest(page, '/api/verify-email', 400);
  const account = newAccount('twice');
  const link = await registerByApi(page.request, account);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.waitForURL('**/dashboard', { timeout: 5_000 });

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
  await expect(page.getByText('Your email address is already verified.')).toBeVisible();
  await expect(page.getByText(/invalid/i)).toHaveCount(0);
  await page.waitForURL('**/dashboard', { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
});

test('a wrong password is told at the form, and its toast does not follow onto the dashboard', async ({ page }) => {
  expectFailedRequest(page, '/api/login', 401);
  const account = newAccount('wrongpw');
  await page.goto(await registerByApi(page.request, account));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.request.post('/api/logout');

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill('not the password');
  await form.getByRole('button', { name: 'Sign In' }).click();

  await expect(form.getByRole('alert')).toHaveText(INVALID);
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(toasts.getByText('Login failed')).toBeVisible();
  await expect(toasts.getByText(INVALID)).toBeVisible();
  // The toast slides in: photograph it settled.
  await toasts.first().evaluate((element) => Promise.all(element.getAnimations().map((animation: { finished: Promise<unknown> }) => animation.finished)));
  await page.screenshot({ path: '/tmp/sauti-signin-error.png' });

  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  await expect(toasts).toHaveCount(0);
  await expect(page.getByText('Login failed')).toHaveCount(0);
});
