import type { PurchaseItem } from '#common/schemas/catalog/responses';

/**
 * What the catalogue needs to know about sales: a track with purchases cannot be deleted (spec
 * section 4). The payments module decorates app.sales with one reading its orders; an app built
 * without it (some tests) has sold nothing.
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
