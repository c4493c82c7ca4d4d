import { useEffect, useRef } from 'react';
import { EmailField } from '@/components/email-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearchParams } from 'wouter';
import { LibraryIcon, MailCheckIcon } from 'lucide-react';
import { libraryLinkSchema, type Library, type LibraryItem } from '#common/schemas/library';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { messageOf } from '@/lib/api';
import { DownloadLink } from '@/lib/catalog-ui';
import { useLibrary, useLibraryLink, useLibrarySession, useLibrarySignOut } from '../api/library';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "26 Nov 2026", the same everywhere (no locale or time zone). */
function boughtOn(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * /library (issue 17): everything a fan bought with their e-mail address, on any device, without a
 * password. Signed out, it asks for a sign-in link by e-mail; the mailed link (/library?token=…)
 * signs this browser in once and the token leaves the address bar at once.
 */
export function LibraryPage() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const token = searchParams.get('token') ?? '';
  const session = useLibrarySession();
  const used = useRef<string | null>(null);
  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    session.mutate(token);
    navigate('/library', { replace: true });
  }, [token, session, navigate]);
  const waitingForSession = Boolean(token) || session.isPending;
  const library = useLibrary(!waitingForSession);
  useDocumentTitle('Your library');

  if (waitingForSession || (library.isPending && !session.isError)) return <LibrarySkeleton />;
  if (library.data) return <LibraryList library={library.data} />;
  return (
    <SignedOut
      problem={
        session.isError
          ? messageOf(session.error, 'This sign-in link is not valid any more. Ask for a new one below.')
          : library.isError
            ? messageOf(library.error, 'Your library could not be loaded. Please try again.', 'Your library could not be loaded. Please check your connection and try again.')
            : undefined
      }
    />
  );
}

function SignedOut({ problem }: { problem?: string }) {
  const link = useLibraryLink();
  const form = useForm({ resolver: zodResolver(libraryLinkSchema), defaultValues: { email: '' } });
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-8 pb-16 sm:pt-12">
      <LibraryIcon className="size-8 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Your library</h1>
      <p className="mt-2 text-muted-foreground">
        Everything you bought on Sauti, on any phone or computer. Enter the e-mail address you paid with and we will send you a sign-in link: no password.
      </p>
      {problem && (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      {link.isSuccess ? (
        <Alert className="mt-6" role="status">
          <MailCheckIcon aria-hidden="true" />
          <AlertDescription>{link.data.message}</AlertDescription>
        </Alert>
      ) : (
        <Form {...form}>
          <form noValidate aria-label="Get my library by e-mail" className="mt-6 grid gap-4" onSubmit={form.handleSubmit((input) => link.mutate(input))}>
            <EmailField inputClassName="h-11" />
            {link.isError && (
              <Alert variant="destructive">
                <AlertDescription>{messageOf(link.error, 'The link could not be sent. Please try again.', 'The link could not be sent. Please check your connection and try again.')}</AlertDescription>
              </Alert>
            )}
            <Button type="submit" className="h-11" disabled={link.isPending}>
              {link.isPending ? 'Sending…' : 'Send me a sign-in link'}
            </Button>
          </form>
        </Form>
      )}
    </div>
  );
}

function LibraryList({ library }: { library: Library }) {
  const signOut = useLibrarySignOut();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-16 sm:pt-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Your library</h1>
      <p className="mt-1 text-sm break-all text-muted-foreground">Bought with {library.email}</p>
      {library.items.length === 0 ? (
        <p className="mt-8 text-muted-foreground">
          Nothing here yet. When you buy a track or an album with this address, it appears here, ready to download.{' '}
          <Link href="/" className="text-foreground underline underline-offset-4">
            Find music
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y rounded-md border" data-testid="library-items">
          {library.items.map((item) => (
            <LibraryRow key={`${item.type}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm text-muted-foreground">MP3 is smaller and plays on any phone; the original is the file exactly as the artist uploaded it.</p>
      <Button variant="ghost" className="mt-4 px-0" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out of the library on this device
      </Button>
    </div>
  );
}

function LibraryRow({ item }: { item: LibraryItem }) {
  const base = item.type === 'album' ? `/api/albums/${item.id}/download` : `/api/tracks/${item.id}/download`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link href={`/${item.type}/${item.id}`} className="font-medium break-words underline-offset-4 hover:underline">
          {item.name}
        </Link>
        <p className="text-sm text-muted-foreground">
          {item.type === 'album' ? 'Album' : 'Track'} by {item.artistName} · Bought {boughtOn(item.purchasedAt)}
        </p>
      </div>
      <div className="flex gap-2">
        <DownloadLink href={`${base}?format=mp3`} label="MP3" accessibleName={`Download ${item.name} as MP3`} className="h-11 flex-1 sm:flex-none" />
        <DownloadLink href={`${base}?format=original`} label="Original" accessibleName={`Download ${item.name}, the original file`} className="h-11 flex-1 sm:flex-none" />
      </div>
    </li>
  );
}

function LibrarySkeleton() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-16 sm:pt-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your library…
      </span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-2 h-4 w-64" />
      <Skeleton className="mt-6 h-20 w-full" />
      <Skeleton className="mt-3 h-20 w-full" />
    </div>
  );
}
