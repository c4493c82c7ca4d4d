import { Link } from 'wouter';
import { ArrowRightIcon, HeadphonesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

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
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/80 to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 md:grid-cols-[1.2fr_1fr]">
        <div className="space-y-6">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-sm text-muted-foreground">
            <HeadphonesIcon className="size-4 text-primary" aria-hidden="true" />
            Independent music from Kenya
          </p>
          <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
            Hear it first. Buy it straight from the artist.
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Stream and download songs by Kenya&rsquo;s independent artists. Pay in shillings by card or M-Pesa, and most of
            every sale goes to the artist who made it.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href="#discover">
                Explore music
                <ArrowRightIcon aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/for-artists">I&rsquo;m an artist</Link>
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
