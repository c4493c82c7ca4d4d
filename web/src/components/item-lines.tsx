import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * A listed song's or album's lines beside its cover: its name, linking to its page, its artist,
 * and a small line of facts (`children`: price, counts, date). The profile's albums and the
 * public lists of songs share it.
 */
export function ItemLines({ href, name, artistName, children }: { href: string; name: string; artistName: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <Link href={href} className="block truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
        {name}
      </Link>
      <p className="truncate text-sm text-muted-foreground">{artistName}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">{children}</p>
    </div>
  );
}
