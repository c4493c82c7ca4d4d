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
