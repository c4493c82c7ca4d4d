/** Playback: streaming, cover thumbnails, play counts (public). */
export { playbackPlugin } from './playback.plugin';
export { ListenerHasher } from './streams.service';
/** Currently Trending's scores are kept by the counting (decision 039): the list's expiry and repair. */
export { expireTrends, rebuildTrends } from './trends.repo';
