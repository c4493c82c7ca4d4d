import type { z } from 'zod';
import { minorToKesInput } from '#common/money';
import { albumFormSchema, albumTrackFormSchema, trackEditFormSchema, trackUploadFormSchema } from '#common/schemas/catalog/forms';
import { CATALOG_MESSAGES, suggestedPriceProblem, type FileLike } from '#common/schemas/catalog/rules';
import { isValidCover } from './image-size';

/**
 * The dialogs' forms: the shared schemas of common/ plus the one check only a browser can make
 * before sending (the cover's pixel size), and the multipart bodies of spec section 7.
 */

const withCoverSizeCheck = <S extends z.ZodType<FileLike | null | undefined>>(schema: S) =>
  schema.refine(async (file) => !file || !(file instanceof File) || (await isValidCover(file)), CATALOG_MESSAGES.coverPhoto);

/** Issue 21: a suggestion below the price is refused at the suggestion, as the server does. */
const suggestionNotBelowPrice = (value: { price: number; suggestedPrice: number | null }, context: z.RefinementCtx) => {
  const message = suggestedPriceProblem(value.price, value.suggestedPrice);
  if (message) context.addIssue({ code: 'custom', message, path: ['suggestedPrice'] });
};

export const uploadTrackSchema = trackUploadFormSchema
  .extend({
    coverPhoto: withCoverSizeCheck(trackUploadFormSchema.shape.coverPhoto),
  })
  .superRefine(suggestionNotBelowPrice);
export type UploadTrackInput = z.input<typeof uploadTrackSchema>;
export type UploadTrackValues = z.output<typeof uploadTrackSchema>;

export const editTrackSchema = trackEditFormSchema
  .extend({
    coverPhoto: withCoverSizeCheck(trackEditFormSchema.shape.coverPhoto),
  })
  .superRefine(suggestionNotBelowPrice);
export type EditTrackInput = z.input<typeof editTrackSchema>;
export type EditTrackValues = z.output<typeof editTrackSchema>;

export const albumTrackSchema = albumTrackFormSchema.extend({
  coverPhoto: withCoverSizeCheck(albumTrackFormSchema.shape.coverPhoto),
});
export type AlbumTrackInput = z.input<typeof albumTrackSchema>;
export type AlbumTrackValues = z.output<typeof albumTrackSchema>;

export const albumSchema = albumFormSchema
  .safeExtend({
    coverPhoto: withCoverSizeCheck(albumFormSchema.shape.coverPhoto),
  })
  .superRefine(suggestionNotBelowPrice);
export type AlbumInput = z.input<typeof albumSchema>;
export type AlbumValues = z.output<typeof albumSchema>;

/** A price in minor units as the KES text the server reads ("150.50"; free is empty). */
export const priceField = (minor: number): string => minorToKesInput(minor);

/** Issue 17: genre ("" for none) and tags, comma-separated as the server reads them. */
function appendLabels(form: FormData, values: { genre: string | null; tags: string[] }) {
  form.append('genre', values.genre ?? '');
  form.append('tags', values.tags.join(','));
}

/** Issue 21: pay more, and the suggestion (empty clears it). */
function appendPayMore(form: FormData, values: { payMore: boolean; suggestedPrice: number | null }) {
  form.append('payMore', String(values.payMore));
  form.append('suggestedPrice', values.payMore && values.suggestedPrice ? priceField(values.suggestedPrice) : '');
}

function appendFile(form: FormData, name: string, file: FileLike | null | undefined) {
  if (file instanceof Blob) form.append(name, file, file.name);
}

/** The fields a track's upload and its edit send alike. */
function appendTrackFields(form: FormData, values: EditTrackValues) {
  form.append('trackName', values.trackName);
  form.append('artistName', values.artistName);
  form.append('price', priceField(values.price));
  appendPayMore(form, values);
  form.append('allowFullPlayback', String(values.allowFullPlayback));
  appendLabels(form, values);
}

/** An edit's cover: a new file replaces it, removeCover drops it, neither keeps the current one. */
function appendCoverChange(form: FormData, coverPhoto: FileLike | null | undefined, removeCover: boolean | undefined) {
  if (coverPhoto) appendFile(form, 'coverPhoto', coverPhoto);
  else if (removeCover) form.append('removeCoverPhoto', 'true');
}

/**
 * POST /api/tracks: audio, trackName, artistName, coverPhoto?, price?, allowFullPlayback. With
 * `audioUploadId`, the audio was sent before as a resumable upload and the form names it instead.
 */
export function uploadTrackFormData(values: UploadTrackValues, options: { audioUploadId?: string } = {}): FormData {
  const form = new FormData();
  appendTrackFields(form, values);
  appendFile(form, 'coverPhoto', values.coverPhoto);
  if (options.audioUploadId) form.append('audioUploadId', options.audioUploadId);
  else appendFile(form, 'audio', values.audioFile);
  return form;
}

/** PATCH /api/tracks/{id}: no cover keeps the current one; removeCover drops it. */
export function editTrackFormData(values: EditTrackValues, options: { removeCover?: boolean } = {}): FormData {
  const form = new FormData();
  appendTrackFields(form, values);
  appendCoverChange(form, values.coverPhoto, options.removeCover);
  return form;
}

/**
 * POST /api/albums and PATCH /api/albums/{id}: albumName, selectedSongs (JSON ids), albumTracks
 * (JSON trackName, artistName, price, allowFullPlayback, genre, tags) with albumTrackFile_{index}
 * and albumTrackCover_{index}?, coverPhoto?, price?. A new song's empty genre or tags take the album's.
 */
export function albumFormData(values: AlbumValues, options: { removeCover?: boolean } = {}): FormData {
  const form = new FormData();
  form.append('albumName', values.albumName);
  form.append('price', priceField(values.price));
  appendPayMore(form, values);
  appendLabels(form, values);
  form.append('selectedSongs', JSON.stringify(values.selectedSongs));
  form.append(
    'albumTracks',
    JSON.stringify(
      values.newTracks.map((track) => ({
        trackName: track.trackName,
        artistName: track.artistName,
        price: priceField(track.price),
        allowFullPlayback: track.allowFullPlayback,
        genre: track.genre ?? '',
        tags: track.tags.join(','),
      })),
    ),
  );
  appendCoverChange(form, values.coverPhoto, options.removeCover);
  values.newTracks.forEach((track, index) => {
    appendFile(form, `albumTrackFile_${index}`, track.audioFile);
    appendFile(form, `albumTrackCover_${index}`, track.coverPhoto);
  });
  return form;
}

/** "Amani - Sunrise (final).mp3" -> "Amani - Sunrise (final)": a first guess at a track name. */
export function trackNameFromFile(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).replace(/[_]+/g, ' ').trim().slice(0, 200);
}

/**
 * The track name to show once `chosen` replaces `previous` as the audio file: a guess from the new
 * file while the name is empty or still the guess from the previous one; otherwise the artist typed
 * it, and it stays (undefined).
 */
export function trackNameForNewFile(currentName: string, previous: unknown, chosen: File): string | undefined {
  const current = currentName.trim();
  const previousGuess = previous instanceof File ? trackNameFromFile(previous.name) : '';
  return current === '' || current === previousGuess ? trackNameFromFile(chosen.name) : undefined;
}
