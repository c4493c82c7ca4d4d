import { ANALYTICS_MESSAGES } from '#common/schemas/analytics';

/** The Analytics section's fixed texts: the spec's (section 2) and ours, marked. */
export const ANALYTICS_TEXTS = {
  empty: ANALYTICS_MESSAGES.empty, // spec
  emptyHint: 'Your figures appear here once you have uploaded tracks and fans have started to listen and download.', // ours
  totalDownloads: 'Total Downloads', // spec
  totalTracks: 'Total Tracks', // spec
  totalStreams: 'Total Streams', // spec
  profileViews: 'Profile Views', // spec
  totalRevenue: 'Total Revenue', // spec
  storageUsage: 'Storage Usage', // spec
  loadFailed: 'Your analytics could not be loaded.', // ours
} as const;

/** The sales table and revenue breakdown (issue 16): all ours. */
export const SALES_TEXTS = {
  title: 'Sales',
  description: 'Every sale, newest first. Fans pay the processing fee on top of the price; you keep 90% of the price.',
  caption: 'Your sales',
  loading: 'Loading your sales',
  loadFailed: 'Your sales could not be loaded.',
  summaryFailed: 'Your revenue per item could not be loaded.',
  moreFailed: 'More sales could not be loaded. Please try again.',
  none: 'No sales yet. When a fan buys one of your tracks or albums, it shows here.',
  itemAndDate: 'Item and date',
  buyer: "Buyer's email",
  paidWith: 'Paid with',
  price: 'Price',
  fee: 'Fee paid by buyer',
  platform: 'Platform 10%',
  yours: 'Your 90%',
  track: 'Track',
  album: 'Album',
  refunded: 'Refunded',
  kept: 'kept',
  sale: 'sale',
  sales: 'sales',
  totalPrice: 'sold for',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  statement: 'Download statement (CSV)',
  perItem: 'Revenue per item',
  perItemDescription: 'Your 90% of every sale of each track and album.',
  perMonth: 'Revenue per month',
  perMonthDescription: 'Your 90% by calendar month (UTC).',
} as const;
