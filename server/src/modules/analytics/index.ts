/** The artist's analytics: the dashboard's figures and their last days. */
export { analyticsPlugin } from './analytics.plugin';
export { rebuildDailyStats } from './rollup';
export { type SalesFigures } from './sales-figures';
