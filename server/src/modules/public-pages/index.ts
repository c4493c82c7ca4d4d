/** What anyone may read: public profiles, track and album pages, the sitemap and robots.txt. */
export { publicPagesPlugin } from './public-pages.plugin';
export { toPublicAlbumSummary, toPublicTrack } from './public-view';
export { publicAlbumColumns, publicTrackColumns, type PublicAlbumRow } from './public-pages.repo';
export { itemDownloads, type ItemDownloads } from './item-downloads';
