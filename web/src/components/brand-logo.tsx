import { Link } from 'wouter';
import { SITE_NAME } from '@/lib/site';
import { cn } from '@/lib/utils';

/** The sound-wave mark; decorative, the word beside it names the site. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <g className="stroke-primary-foreground" strokeWidth="2.6" strokeLinecap="round">
        <path d="M8 13v6" />
        <path d="M12.5 9.5v13" />
        <path d="M17 12v8" />
        <path d="M21.5 7.5v17" />
        <path d="M26 13.5v5" />
      </g>
    </svg>
  );
}

/** The logo linking home. */
export function BrandLogo({ className, href = '/' }: { className?: string; href?: string }) {
  return (
    <Link href={href} className={cn('inline-flex items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}>
      <BrandMark />
      <span className="text-xl">{SITE_NAME}</span>
    </Link>
  );
}
