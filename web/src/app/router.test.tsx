import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Switch } from 'wouter';
import { isKnownPagePath, PAGE_ROUTES, SERVER_PAGE_ROUTES } from '#common/routes';
import { RESERVED_ROUTE_WORDS } from '#common/slug';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { AppRoutes, DisplayNameRoute } from './router';

const signedOut = () => mockFetch({ 'GET /api/user': SIGNED_OUT });
const signedIn = () => mockFetch({ 'GET /api/user': { body: TEST_USER } });

/** A signed-out visitor opens `path` (in the whole app, or in `element`) and finds the page's h1 `heading`. */
async function expectSignedOutHeading(path: string, heading: string, element?: ReactElement) {
  signedOut();
  renderApp(path, element);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
}

describe('routes (spec section 2)', () => {
  it('shows the landing page at /', async () => {
    signedOut();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Currently Trending Songs' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Popular Artists' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: "Editor's Pick" })).toBeVisible();
  });

  it.each(['/no-such/page', '/auth/extra', '/dashboard/settings', '/track', '/album', '/profile', '/follow', '/follow/other'])(
    'shows the 404 page for %s',
    async (path) => {
      await expectSignedOutHeading(path, '404 Page Not Found');
    },
  );

  it.each(RESERVED_ROUTE_WORDS.flatMap((word) => [word, word.toUpperCase()]))(
    'shows the 404 page, not a profile, for the reserved word %s as a display name',
    async (word) => {
      await expectSignedOutHeading(`/${word}`, '404 Page Not Found', <DisplayNameRoute displayName={word} />);
      expect(screen.queryByText('Profile Not Found')).toBeNull();
    },
  );

  it('shows the library page at /library (issue 17): signed out, it asks for a sign-in link', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'GET /api/library': { status: 401, body: { code: 'library.signed-out', message: 'Ask for your library by e-mail to see it on this device.' } } });
    renderApp('/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
    expect(calls('GET /api/library')).toHaveLength(1);
  });

  it('matches reserved words without regard to case in the full router', async () => {
    await expectSignedOutHeading('/Track', '404 Page Not Found');
  });

  it('treats any other single segment as a display name: the profile API is asked for it', async () => {
    const { calls } = mockFetch({ 'GET /api/user': SIGNED_OUT, 'GET /api/profile/Amani%20Wa%20Muziki': { status: 404, body: { code: 'profile.not-found', message: 'Profile not found' } } });
    renderApp('/Amani%20Wa%20Muziki');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
    expect(calls('GET /api/profile/Amani%20Wa%20Muziki')).toHaveLength(1);
  });

  it.each([
    ['/profile/amaniwamuziki', 'Profile Not Found'],
    ['/track/42', 'Track Not Found'],
    ['/album/7', 'Album Not Found'],
  ])('renders the not-found card at %s when the API answers 404', async (path, heading) => {
    await expectSignedOutHeading(path, heading);
  });

  it.each([
    ['/for-artists', 'Sell your music directly to your fans'],
    ['/terms-and-conditions', 'Terms and Conditions'],
  ])('renders %s', async (path, heading) => {
    await expectSignedOutHeading(path, heading);
  });
});

describe('protected and guest-only routes', () => {
  it('shows a centred spinner while the current user loads, then sends a signed-out visitor to /auth', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    mockFetch({ 'GET /api/user': () => new Promise((resolve) => (answer = resolve)) });
    const { currentPath } = renderApp('/dashboard');
    expect(await screen.findByTestId('page-spinner')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeVisible();
    answer(SIGNED_OUT);
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeVisible();
  });

  it('shows the dashboard to a signed-in artist', async () => {
    signedIn();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it('sends a signed-in visitor of /auth to /dashboard', async () => {
    signedIn();
    const { currentPath } = renderApp('/auth');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  });

  it('offers a retry when the sign-in check itself fails', async () => {
    mockFetch({ 'GET /api/user': { status: 500, body: { message: 'Database unavailable' } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

/** The path of each <Route> in the router's Switch, in order (undefined: the catch-all 404 route). */
function routerPaths(): (string | undefined)[] {
  const switchOf = (node: ReactNode): ReactElement<{ children: ReactNode }> | undefined => {
    for (const child of Children.toArray(node)) {
      if (!isValidElement<{ children?: ReactNode }>(child)) continue;
      if (child.type === Switch) return child as ReactElement<{ children: ReactNode }>;
      const inner = switchOf(child.props.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const routes = switchOf(AppRoutes())!;
  return Children.toArray(routes.props.children).map((route) => (route as ReactElement<{ path?: string }>).props.path);
}

describe("the server's 404s and the router agree (common/src/routes.ts, issue 17)", () => {
  it('routes exactly the shared list of pages, in its order, and then the 404 page', () => {
    expect(routerPaths()).toEqual([...Object.values(PAGE_ROUTES), undefined]);
  });

  // Every address here shows the 404 page in the browser: the server must call each unknown.
  it.each(['/a/b/c', '/track', '/Track', '/album/', '/dashboard/x', '/search/x', '/auth/extra', '/follow/other', '/follow/Confirm', '/genre', '/library/x', '/purchase', '/embed/track', '/track/1/extra'])(
    'the browser shows the 404 page at %s and the server calls it unknown',
    async (path) => {
      expect(isKnownPagePath(path)).toBe(false);
      await expectSignedOutHeading(path, '404 Page Not Found');
    },
  );

  it.each([
    '/',
    '/auth',
    '/AUTH/',
    '/verify-email',
    '/reset-password',
    '/for-artists',
    '/terms-and-conditions',
    '/dashboard',
    '/profile/nyota',
    '/track/t1',
    '/album/a1',
    '/search',
    '/genre/benga',
    '/purchase/T123',
    '/library',
    '/redeem',
    '/follow/confirm',
    '/follow/unsubscribe',
    '/nyota',
    '/Amani%20Wa%20Muziki',
  ])('the server calls %s a page', (path) => {
    expect(isKnownPagePath(path)).toBe(true);
  });

  it("knows the embeddable players, which the server answers outside the router", () => {
    expect(SERVER_PAGE_ROUTES).toEqual(['/embed/track/:id', '/embed/album/:id']);
    expect(isKnownPagePath('/embed/track/t1')).toBe(true);
    expect(isKnownPagePath('/embed/album/a1')).toBe(true);
  });
});
