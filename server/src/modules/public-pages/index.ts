/** What anyone may read: public profiles, track and album pages, their embeddable players and oEmbed, the sitemap and robots.txt. */
export { publicPagesPlugin } from './public-pages.plugin';
export { toPublicAlbumSummary, toPublicArtist, toPublicTrack } from './public-view';
export { isPublicArtist, publicAlbumColumns, publicTrackColumns, type ArtistRow, type PublicAlbumRow } from './public-pages.repo';
export { itemDownloads, type ItemDownloads } from './item-downloads';
export { EMBED_CONTENT_SECURITY } from './embed-page';
