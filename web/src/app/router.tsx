import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FOLLOW_ACTIONS, PAGE_ROUTES } from '#common/routes';
import { isReservedRouteWord } from '#common/slug';
import { PageSpinner } from '@/components/page-spinner';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { GuestOnlyRoute, ProtectedRoute } from './route-guards';

/*
 * Route-level code splitting: the 404 page ships in the entry chunk; every other screen is its own
 * chunk (the landing's too, since decision 064: the profile, track and album pages no longer carry
 * it), and the dashboard's code is never fetched on a public page. A server-rendered page keeps its
 * markup while its chunk arrives (hydration waits for it inside PublicLayout's Suspense).
 * The artist side's screens (/auth, /dashboard, /admin) read their texts from a catalogue of their
 * own, fetched by <AppMessages> (decision 055), which comes with them: none of it is in the entry.
 */
function artistScreen(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [Screen, { AppMessages }] = await Promise.all([load(), import('@/lib/app-i18n')]);
    return {
      default: function ArtistScreen() {
        return (
          <AppMessages>
            <Screen />
          </AppMessages>
        );
      },
    };
  });
}

const AuthPage = artistScreen(() => import('@/features/auth/components/auth-page').then((m) => m.AuthPage));
const VerifyEmailPage = artistScreen(() => import('@/features/auth/components/verify-email-page').then((m) => m.VerifyEmailPage));
const ResetPasswordPage = artistScreen(() => import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage));
const LandingPage = lazy(() => import('@/features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })));
// A marketing page comes with its catalogue (decision 063): both are there before it hydrates.
const ForArtistsPage = lazy(() =>
  import('@/features/marketing/components/for-artists-page').then((m) => m.marketingReady.then(() => ({ default: m.ForArtistsPage }))),
);
const TermsPage = lazy(() =>
  import('@/features/marketing/components/terms-page').then((m) => m.marketingReady.then(() => ({ default: m.TermsPage }))),
);
const DashboardScreen = artistScreen(() => import('./screens/dashboard-screen').then((m) => m.DashboardScreen));
const ProfilePage = lazy(() => import('@/features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })));
const TrackPage = lazy(() => import('@/features/track/components/track-page').then((m) => ({ default: m.TrackPage })));
const AlbumPage = lazy(() => import('@/features/album/components/album-page').then((m) => ({ default: m.AlbumPage })));
const LibraryPage = lazy(() => import('@/features/library/components/library-page').then((m) => ({ default: m.LibraryPage })));
const FollowPage = lazy(() => import('@/features/follow/components/follow-pages').then((m) => ({ default: m.FollowPage })));
const SearchPage = lazy(() => import('@/features/search/components/search-page').then((m) => ({ default: m.SearchPage })));
const GenrePage = lazy(() => import('@/features/search/components/genre-page').then((m) => ({ default: m.GenrePage })));
const RedeemScreen = lazy(() => import('./screens/redeem-screen').then((m) => ({ default: m.RedeemScreen })));
const AdminPage = artistScreen(() => import('@/features/admin/components/admin-page').then((m) => m.AdminPage));
const ReceiptPage = lazy(() => import('@/features/receipt/components/receipt-page').then((m) => ({ default: m.ReceiptPage })));

/** A new page starts at its top, as a full page load would. */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** /{displayName}: a public profile, except for the reserved route words, which are the 404 page. */
export function DisplayNameRoute({ displayName }: { displayName: string }) {
  return isReservedRouteWord(displayName) ? <NotFoundPage /> : <ProfilePage identifier={displayName} />;
}

const isFollowAction = (action: string): action is (typeof FOLLOW_ACTIONS)[number] => (FOLLOW_ACTIONS as readonly string[]).includes(action);

/** Every route of spec section 2's route table; the paths are common/src/routes.ts's, which the server's 404s use too. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTopOnNavigate />
      <Switch>
        <Route path={PAGE_ROUTES.landing}>
          <PublicLayout>
            <LandingPage />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.auth}>
          <GuestOnlyRoute>
            <AuthLayout>
              <AuthPage />
            </AuthLayout>
          </GuestOnlyRoute>
        </Route>
        <Route path={PAGE_ROUTES.verifyEmail}>
          <AuthLayout>
            <VerifyEmailPage />
          </AuthLayout>
        </Route>
        <Route path={PAGE_ROUTES.resetPassword}>
          <AuthLayout>
            <ResetPasswordPage />
          </AuthLayout>
        </Route>
        <Route path={PAGE_ROUTES.forArtists}>
          <PublicLayout>
            <ForArtistsPage />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.terms}>
          <PublicLayout>
            <TermsPage />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.dashboard}>
          <ProtectedRoute>
            <Suspense fallback={<PageSpinner className="min-h-dvh" />}>
              <DashboardScreen />
            </Suspense>
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.profile}>
          {({ identifier }) => (
            <PublicLayout>
              <ProfilePage identifier={identifier} />
            </PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.track}>
          {({ trackId }) => (
            <PublicLayout>
              <TrackPage trackId={trackId} />
            </PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.album}>
          {({ albumId }) => (
            <PublicLayout>
              <AlbumPage albumId={albumId} />
            </PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.search}>
          <PublicLayout>
            <SearchPage />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.genre}>
          {({ slug }) => (
            <PublicLayout>
              <GenrePage slug={slug} />
            </PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.purchase}>
          {({ reference }) => (
            <PublicLayout>
              <ReceiptPage reference={reference} />
            </PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.library}>
          <PublicLayout>
            <LibraryPage />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.redeem}>
          <PublicLayout>
            <RedeemScreen />
          </PublicLayout>
        </Route>
        <Route path={PAGE_ROUTES.follow}>
          {({ action }) => (
            <PublicLayout>{isFollowAction(action) ? <FollowPage action={action} /> : <NotFoundPage />}</PublicLayout>
          )}
        </Route>
        <Route path={PAGE_ROUTES.admin}>
          <ProtectedRoute>
            <Suspense fallback={<PageSpinner className="min-h-dvh" />}>
              <AdminPage />
            </Suspense>
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.displayName}>
          {({ displayName }) => (
            <PublicLayout>
              <DisplayNameRoute displayName={displayName} />
            </PublicLayout>
          )}
        </Route>
        <Route>
          <PublicLayout>
            <NotFoundPage />
          </PublicLayout>
        </Route>
      </Switch>
    </>
  );
}
