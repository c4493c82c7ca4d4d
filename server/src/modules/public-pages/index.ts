/** What anyone may read: public profiles, track and album pages, the sitemap and robots.txt. */
export { publicPagesPlugin } from './public-pages.plugin';
export { toPublicTrack } from './public-view';
export { publicTrackColumns } from './public-pages.repo';
export { itemDownloads, type ItemDownloads } from './item-downloads';
