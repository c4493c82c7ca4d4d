import { useEffect, useRef } from 'react';
import { EmailField } from '@/components/email-field';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useSearchParams } from 'wouter';
import { LibraryIcon, MailCheckIcon } from 'lucide-react';
import { libraryLinkSchema, type Library, type LibraryItem } from '#common/schemas/library';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormMessageLocalizer } from '@/components/ui/form';
import { fanFormMessage } from '@/lib/form-messages';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { messageOf } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { shortDate } from '#common/i18n/dates';
import { DownloadLink } from '@/components/public-pieces';
import { albumDownloadUrl, trackDownloadUrl } from '@/lib/download';
import { useLibrary, useLibraryLink, useLibrarySession, useLibrarySignOut } from '../api/library';
import { PageSkeleton } from '@/components/page-skeleton';


/**
 * /library (issue 17): everything a fan bought with their e-mail address, on any device, without a
 * password. Signed out, it asks for a sign-in link by e-mail; the mailed link (/library?token=…)
 * signs this browser in once and the token leaves the address bar at once.
 */
export function LibraryPage() {
  const [searchParams] = useSearchParams();
  const { t } = useI18n();
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
  useDocumentTitle(t('library.title'));

  if (waitingForSession || (library.isPending && !session.isError)) return <LibrarySkeleton />;
  if (library.data) return <LibraryList library={library.data} />;
  return (
    <SignedOut
      problem={
        session.isError
          ? messageOf(session.error, t('library.linkExpired'))
          : library.isError
            ? messageOf(library.error, t('library.loadFailed'), t('library.loadFailedNetwork'))
            : undefined
      }
    />
  );
}

function SignedOut({ problem }: { problem?: string }) {
  const { t } = useI18n();
  const link = useLibraryLink();
  const form = useForm({ resolver: zodResolver(libraryLinkSchema), defaultValues: { email: '' } });
  return (
    <div className="mx-auto w-full max-w-md px-4 pt-8 pb-16 sm:pt-12">
      <LibraryIcon className="size-8 text-primary" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{t('library.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('library.intro')}</p>
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
          <FormMessageLocalizer value={(message) => fanFormMessage(message, t)}>
            <form noValidate aria-label={t('library.form')} className="mt-6 grid gap-4" onSubmit={form.handleSubmit((input) => link.mutate(input))}>
              <EmailField inputClassName="h-11" />
              {link.isError && (
                <Alert variant="destructive">
                  <AlertDescription>{messageOf(link.error, t('library.sendFailed'), t('library.sendFailedNetwork'))}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" className="h-11" disabled={link.isPending}>
                {link.isPending ? t('library.sending') : t('library.send')}
              </Button>
            </form>
          </FormMessageLocalizer>
        </Form>
      )}
      <RedeemHint />
    </div>
  );
}

/** A fan holding an artist's code finds where to use it (issue 33: no page linked /redeem). */
function RedeemHint() {
  const { t } = useI18n();
  return (
    <p className="mt-6 text-sm text-muted-foreground">
      {t('library.haveCode')}{' '}
      <Link href="/redeem" className="text-foreground underline underline-offset-4">
        {t('library.redeemCode')}
      </Link>
    </p>
  );
}

function LibraryList({ library }: { library: Library }) {
  const { t } = useI18n();
  const signOut = useLibrarySignOut();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-16 sm:pt-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('library.title')}</h1>
      <p className="mt-1 text-sm break-all text-muted-foreground">{t('library.boughtWith', { email: library.email })}</p>
      {library.items.length === 0 ? (
        <p className="mt-8 text-muted-foreground">
          {t('library.empty')}{' '}
          <Link href="/" className="text-foreground underline underline-offset-4">
            {t('library.findMusic')}
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y rounded-md border" data-testid="library-items">
          {library.items.map((item) => (
            <LibraryRow key={`${item.type}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm text-muted-foreground">{t('library.formats')}</p>
      <Button variant="ghost" className="mt-4 px-0" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {t('library.signOut')}
      </Button>
      <RedeemHint />
    </div>
  );
}

function LibraryRow({ item }: { item: LibraryItem }) {
  const { t, language } = useI18n();
  const base = item.type === 'album' ? albumDownloadUrl(item.id) : trackDownloadUrl(item.id);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link href={`/${item.type}/${item.id}`} className="font-medium break-words underline-offset-4 hover:underline">
          {item.name}
        </Link>
        <p className="text-sm text-muted-foreground">
          {t('library.itemBy', { type: item.type, artist: item.artistName, date: shortDate(language, item.purchasedAt) })}
        </p>
      </div>
      <div className="flex gap-2">
        <DownloadLink href={`${base}?format=mp3`} label={t('library.mp3')} accessibleName={t('library.downloadMp3', { name: item.name })} className="h-11 flex-1 sm:flex-none" />
        <DownloadLink href={`${base}?format=original`} label={t('library.original')} accessibleName={t('library.downloadOriginal', { name: item.name })} className="h-11 flex-1 sm:flex-none" />
      </div>
    </li>
  );
}

function LibrarySkeleton() {
  const { t } = useI18n();
  return (
    <PageSkeleton
      label={t('library.loading')}
      className="mx-auto w-full max-w-2xl px-4 pt-6 pb-16 sm:pt-10"
      bars={['h-8 w-48', 'mt-2 h-4 w-64', 'mt-6 h-20 w-full', 'mt-3 h-20 w-full']}
    />
  );
}
