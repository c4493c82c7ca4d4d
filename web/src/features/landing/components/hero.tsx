import { Link } from 'wouter';
import { ArrowRightIcon, HeadphonesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/lib/i18n';

/** Decorative equaliser bars; pure CSS so it costs no image bytes. */
function SoundBars() {
  const heights = [40, 72, 56, 90, 64, 100, 48, 80, 60, 88, 52, 70, 36];
  return (
    <div aria-hidden="true" className="flex h-40 items-end justify-center gap-1.5 sm:h-56 sm:gap-2">
      {heights.map((height, index) => (
        <span
          key={index}
          className="w-2.5 rounded-full bg-gradient-to-t from-primary to-primary/40 sm:w-3.5"
          style={{ height: `${height}%`, opacity: 0.45 + (index % 4) * 0.15 }}
        />
      ))}
    </div>
  );
}

export function Hero() {
  const { t } = useI18n();
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/80 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 md:grid-cols-[1.2fr_1fr]">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-sm text-muted-foreground">
            <HeadphonesIcon className="size-4 text-primary" aria-hidden="true" />
            {t('landing.badge')}
          </p>
          <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            {t('landing.title')}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{t('landing.intro')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#discover">
                {t('landing.explore')}
                <ArrowRightIcon aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/for-artists">{t('landing.imArtist')}</Link>
            </Button>
          </div>
        </div>
        <div className="hidden md:block">
          <SoundBars />
        </div>
      </div>
    </section>
  );
}
