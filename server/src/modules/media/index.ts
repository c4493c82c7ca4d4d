/** The media pipeline: decoding and checking audio and images, renditions, thumbnails, staged objects. */
export { mediaPlugin, type Media } from './media.plugin';
export { FfmpegMissingError } from './ffmpeg';
export { ALBUM_TRACK_FORMATS, TRACK_FORMATS, type AudioFormat } from './audio-inspect';
export { coverFileName, VARIANT_MIME_TYPES, variantName, type VariantFormat } from './images';
export { MEDIA_JOBS, MediaWork, StagedObjects } from './media-work';
export { deleteRenditions, renditionsOf, type RenditionRecord } from './media.repo';
export { MADE_FORMATS, type MadeFormat } from './download-formats';
export type { RenditionProfileName } from './renditions';
