import { Link } from 'wouter';
import { GENRES } from '#common/genres';
import { cn } from '@/lib/utils';
import { useI18n } from '@/lib/i18n';
import { genreDisplayName } from '@/lib/genre-name';

/** Every genre as a link (a fixed list: no request), the current one marked. */
export function GenreLinks({ current, className }: { current?: string; className?: string }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('genre.nav')} className={cn('-mx-1 flex flex-wrap gap-1.5', className)}>
      {GENRES.map((genre) => (
        <Link
          key={genre.slug}
          href={`/genre/${genre.slug}`}
          aria-current={genre.slug === current ? 'page' : undefined}
          className={cn(
            'rounded-full border px-3 py-1 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
            genre.slug === current && 'border-primary bg-primary text-primary-foreground hover:bg-primary',
          )}
        >
          {genreDisplayName(genre.slug, t)}
        </Link>
      ))}
    </nav>
  );
}
