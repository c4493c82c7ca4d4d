/**
 * The pieces the public profile, track, album, search and landing pages share (features do not
 * import each other), one idea a file beside this one, imported by those pages through this one
 * module on purpose: the bundler then puts them in one shared chunk. Imported file by file, they
 * came as a dozen small chunks, and the profile page went 228 bytes (gzip) over its script budget
 * (e2e/fan-pages.spec.ts; the same reason decision 059 gave for ReportLink). Everything here renders
 * the same markup on the server and in the browser: window, document and navigator are touched
 * only in effects and handlers.
 */
export { ArtistAvatar } from './artist-avatar';
export { BackToArtistLink } from './back-to-artist-link';
export { CatalogItemPage, ItemPageSkeleton } from './catalog-item-page';
export { CopyLinkButton } from './copy-link-button';
export { CoverImage } from './cover-image';
export { DownloadLink } from './download-link';
export { EmbedCode } from './embed-code';
export { ItemHero } from './item-hero';
export { PlayPauseButton } from './play-pause-button';
export { PreviewBadge } from './preview-badge';
export { PriceBadge } from './price-badge';
export { RelativeDate } from './relative-date';
export { ReportLink } from './report-link';
export { TrackListRow } from './track-list-row';
export { profileHref } from '@/lib/profile-link';
