/** The landing page's lists: trending songs, popular artists, editor's picks. */
export { discoveryPlugin, DISCOVERY_RANK_JOB } from './discovery.plugin';
export { DiscoveryService, type RecomputeResult } from './discovery.service';
export { EditorsPicks, PicksError, type PickRow, type PicksAnnouncer } from './editor-picks';
export { trendingScore, TRENDING_HALF_LIFE_DAYS, TRENDING_WINDOW_DAYS, DOWNLOAD_WEIGHT, POPULAR_WINDOW_DAYS } from './discovery.rules';
