import { Suspense, type ReactNode } from 'react';
import { BrandLogo } from '@/components/brand-logo';
import { PageSpinner } from '@/components/page-spinner';
import { PublicPlayerBar } from '../player';

/** Sign-in, sign-up, e-mail verification and password reset: the logo and one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/70 via-background to-background">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <BrandLogo />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <PublicPlayerBar />
    </div>
  );
}
