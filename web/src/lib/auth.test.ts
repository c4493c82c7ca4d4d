import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '#common/session-hint';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { currentUserQuery } from './auth';

const forgetHint = () => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

describe('the current user (issue 33: no failed request for a visitor)', () => {
  it('is "signed out" without asking the server when the browser holds no session hint', async () => {
    forgetHint();
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT });
    await expect(new QueryClient().fetchQuery(currentUserQuery)).resolves.toBeNull();
    expect(calls('GET /api/user')).toHaveLength(0);
  });

  it('asks the server when the browser holds the hint, and believes its answer', async () => {
    const signedIn = mockFetch({ 'GET /api/user': { body: TEST_USER } });
    await expect(new QueryClient().fetchQuery(currentUserQuery)).resolves.toEqual(TEST_USER);
    expect(signedIn.calls('GET /api/user')).toHaveLength(1);

    // A hint outliving its session (expired on the server) still ends "signed out".
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    await expect(new QueryClient().fetchQuery(currentUserQuery)).resolves.toBeNull();
  });
});
