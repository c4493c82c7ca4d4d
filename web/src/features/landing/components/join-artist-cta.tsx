import { Link } from 'wouter';
import { MicVocalIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n';

/** Spec section 2: the landing page's join-as-artist call to action. */
export function JoinArtistCta() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="join-artist-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <MicVocalIcon className="size-8" aria-hidden="true" />
          <h2 id="join-artist-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.joinTitle')}
          </h2>
          <p className="max-w-xl text-primary-foreground/90">{t('landing.joinText')}</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link href="/auth?tab=register">{t('landing.joinButton')}</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/50 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link href="/for-artists">{t('landing.learnMore')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
