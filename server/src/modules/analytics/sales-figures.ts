/**
 * Where the analytics read money from: the payments module decorates the app with `salesFigures`
 * (reading its ledger); the analytics declare it a dependency.
 */
export interface SalesFigures {
  /** Minor units: the artist's 90% share of their completed sales, all time. */
  totalRevenue(userId: string): Promise<number>;
  /** Per UTC day (YYYY-MM-DD) from `from` on, days without sales may be left out. */
  dailySales(userId: string, from: Date): Promise<{ date: string; sales: number; revenue: number }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the payments module. */
    salesFigures: SalesFigures;
  }
}
