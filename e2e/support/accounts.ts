import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';

export interface TestAccount {
  email: string;
  password: string;
  displayName: string;
}

/** A fresh identity per test: unique e-mail and display name (its slug must be unique too). */
export function newAccount(label: string): TestAccount {
  const id = randomUUID().replace(/-/g, '').slice(0, 10);
  return {
    email: `${label}-${id}@example.test`,
    password: `river stones ${id}`,
    displayName: `E2E ${label} ${id}`,
  };
}

export const VERIFY_SUBJECT = /verify your email/i;
export const RESET_SUBJECT = /reset your sauti password/i;

/** Registers through the API and returns the verification link mailed for it. */
export async function registerByApi(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/api/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  return linkIn(await waitForMail(account.email, VERIFY_SUBJECT), '/verify-email');
}

/** A verified account, signed in in `page`'s browser context (verification signs in). */
export async function verifiedAccount(page: Page, label: string): Promise<TestAccount> {
  const account = newAccount(label);
  const link = await registerByApi(page.request, account);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  return account;
}
