/** The artist's own catalogue: tracks, albums and covers (the writes), and what sold. */
export { catalogPlugin } from './catalog.plugin';
export type { Sales } from './sales';
export { storageUsed } from './tracks.repo';
export { findSellableAlbum, findSellableTrack, songsOfAlbums, type SellableItem } from './sellable';
