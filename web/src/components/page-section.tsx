import type { ReactNode } from 'react';

/**
 * A titled section of a public page (the profile's albums and music, an album's songs, a track's
 * "more from"): its h2 names the section for screen readers. With `empty` set, the section shows
 * that note (in the dashed box) instead of its list.
 */
export function PageSection({ headingId, title, empty, children }: { headingId: string; title: ReactNode; empty?: string | false; children?: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {empty ? <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">{empty}</p> : children}
    </section>
  );
}
