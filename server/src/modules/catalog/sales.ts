import type { PurchaseItem } from '#common/schemas/catalog/responses';

/**
 * What the catalogue needs to know about sales: a sold track or a sold album cannot be deleted
 * (spec section 4; issue 16 for albums), so a buyer's receipt link keeps working. The payments
 * module decorates app.sales with one reading its orders; the catalogue declares it a dependency,
 * so an app built without it, or with it registered later, fails at start naming it.
 */
export interface Sales {
  /** Paid orders granting the track: its own, or its album's (the album's buyer owns its songs). */
  trackPurchases(trackId: string): Promise<PurchaseItem[]>;
  /** Paid orders of the album itself. */
  albumPurchases(albumId: string): Promise<PurchaseItem[]>;
  /** Which of these albums have a paid order of their own (the artist's album list says so before Delete, issue 33). */
  soldAlbumIds(albumIds: readonly string[]): Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sales: Sales;
  }
}
