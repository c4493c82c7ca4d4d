import type { PurchaseItem } from '#common/schemas/catalog/responses';

/**
 * What the catalogue needs to know about sales: a track with purchases cannot be deleted (spec
 * section 4). Until the payments issue records sales, nothing has been sold; that module replaces
 * this lookup (app.sales) with one reading its purchases.
 */
export interface Sales {
  trackPurchases(trackId: string): Promise<PurchaseItem[]>;
}

export const nothingSoldYet: Sales = {
  async trackPurchases() {
    return [];
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    sales: Sales;
  }
}
