/**
 * Where the analytics read money from. Until the payments issue records sales nothing has been
 * sold; that module decorates the app with `salesFigures` (reading its completed purchases) and
 * the analytics pick it up at request time, with no change here.
 */
export interface SalesFigures {
  /** Minor units: the artist's 90% share of their completed sales, all time. */
  totalRevenue(userId: string): Promise<number>;
  /** Per UTC day (YYYY-MM-DD) from `from` on, days without sales may be left out. */
  dailySales(userId: string, from: Date): Promise<{ date: string; sales: number; revenue: number }[]>;
}

export const noSalesYet: SalesFigures = {
  async totalRevenue() {
    return 0;
  },
  async dailySales() {
    return [];
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the payments module; absent until then. */
    salesFigures: SalesFigures;
  }
}
