import { z } from 'zod';
import { AUTH_MESSAGES, AUTH_SERVER_MESSAGES, currentUserSchema, displayNameSchema } from './auth';
import { cleanName } from '../text';
import { PROFILE_PHOTO_SIZES, type ProfilePhotoSize } from '../playback';
import { socialLinkSchema } from './public';

export { PROFILE_PHOTO_SIZES, profilePhotoUrl, type ProfilePhotoSize } from '../playback';

/**
 * The artist's profile: display name, profile photo and social links (spec sections 2, 3, 5, 7).
 * The web's Edit Profile and Add Social Media Link dialogs and the server check these same
 * schemas, so both give the same messages. Texts quoted from the spec are marked; the others are
 * ours, for rules the spec leaves to the server (docs/decisions/030).
 */
export const PROFILE_MESSAGES = {
  displayNameRequired: AUTH_MESSAGES.displayNameRequired, // spec
  displayNameTaken: AUTH_SERVER_MESSAGES.displayNameTaken,
  profileUpdated: 'Profile updated', // spec (toast)
  profileUpdateFailed: 'Update failed', // spec (toast)
  photoUpdated: 'Profile photo updated', // spec (toast)
  photoUpdateFailed: 'Failed to update profile photo. Please try again.', // spec (toast)
  photoRequired: 'Please choose a photo',
  photoFormat: 'Profile photo must be a JPG or PNG image',
  photoTooLarge: 'Profile photo must be at most 10 MB',
  photoTooManyPixels: 'Profile photo is too large: please use a photo of at most 8000x8000 pixels',
  photoTooSmall: 'Profile photo must be at least 96x96 pixels',
  photoDamaged: 'The photo could not be read. It may be damaged or incomplete; please choose another.',
  onePhoto: 'Please upload one photo',
  photoNotFound: 'Profile photo not found',
  titleRequired: 'Title is required', // spec
  titleTooLong: 'Title must be at most 100 characters',
  urlInvalid: 'Please enter a valid URL', // spec
  urlScheme: 'Links must start with http:// or https://',
  urlTooLong: 'URL must be at most 2048 characters',
  tooManySocialLinks: 'You can add at most 20 social links. Delete one to add another.',
  socialLinkNotFound: 'Social link not found',
  socialLinkAdded: 'Social link added', // spec (toast)
  socialLinkDeleted: 'Social link deleted', // spec (toast)
  socialLinkAddFailed: 'Failed to add social link.', // spec (toast)
  socialLinkDeleteFailed: 'Failed to delete social link.', // spec (toast)
} as const;

/** Spec section 9 (400x400 recommended) and our own bounds. Sizes in bytes. */
export const PROFILE_PHOTO_RECOMMENDED_PX = 400;
export const MAX_PROFILE_PHOTO_BYTES = 10 * 1024 * 1024;
/** Width x height bound of an accepted photo (decompression bombs are refused before decoding). */
export const MAX_PROFILE_PHOTO_PX = 8000;
export const MIN_PROFILE_PHOTO_PX = 96;
/** The multipart field of POST /api/user/profile-photo. */
export const PROFILE_PHOTO_FIELD = 'profilePhoto';
/** Accepted photos, as a react-dropzone `accept` map (MIME -> extensions). */
export const PROFILE_PHOTO_ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
};

export const SOCIAL_LINK_TITLE_MAX_LENGTH = 100;
export const SOCIAL_LINK_URL_MAX_LENGTH = 2048;
export const MAX_SOCIAL_LINKS = 20;


// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** PATCH /api/user/profile. The display name rules of sign-up: cleaned, 1..50, not reserved. */
export const updateProfileSchema = z.object({ displayName: displayNameSchema });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * A link as typed: surrounding spaces dropped, and a bare "instagram.com/name" (no scheme, as
 * phones often give it) read as https://. Only http and https links to a host with a dot (or
 * localhost) pass, without user:password@ parts (a link that shows one site and opens another).
 * The stored form is the parsed URL's href.
 */
export function normalizeSocialUrl(input: string): { url: string } | { error: string } {
  const value = input.trim();
  if (value === '' || /\s/.test(value)) return { error: PROFILE_MESSAGES.urlInvalid };
  if (value.length > SOCIAL_LINK_URL_MAX_LENGTH) return { error: PROFILE_MESSAGES.urlTooLong };
  const schemeMatch = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  // "instagram.com:443/x" has a port, not a scheme; a scheme is followed by anything but digits.
  const hasScheme = schemeMatch !== null && !/^[^:]+:\d/.test(value);
  if (hasScheme) {
    const scheme = schemeMatch[1]!.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return { error: PROFILE_MESSAGES.urlScheme };
    if (!/^https?:\/\//i.test(value)) return { error: PROFILE_MESSAGES.urlInvalid };
  }
  let parsed: URL;
  try {
    parsed = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return { error: PROFILE_MESSAGES.urlInvalid };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { error: PROFILE_MESSAGES.urlScheme };
  if (parsed.username !== '' || parsed.password !== '') return { error: PROFILE_MESSAGES.urlInvalid };
  const host = parsed.hostname;
  if (host === '' || (!host.includes('.') && host !== 'localhost') || host.startsWith('.') || host.endsWith('..')) {
    return { error: PROFILE_MESSAGES.urlInvalid };
  }
  if (parsed.href.length > SOCIAL_LINK_URL_MAX_LENGTH) return { error: PROFILE_MESSAGES.urlTooLong };
  return { url: parsed.href };
}

const socialLinkTitle = z
  .string({ message: PROFILE_MESSAGES.titleRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, PROFILE_MESSAGES.titleRequired)
  .max(SOCIAL_LINK_TITLE_MAX_LENGTH, PROFILE_MESSAGES.titleTooLong);

const socialLinkUrl = z
  .string({ message: PROFILE_MESSAGES.urlInvalid })
  .transform((value, ctx) => {
    const result = normalizeSocialUrl(value);
    if ('error' in result) {
      ctx.addIssue({ code: 'custom', message: result.error });
      return z.NEVER;
    }
    return result.url;
  });

/** POST /api/social-links. */
export const socialLinkInputSchema = z.object({ title: socialLinkTitle, url: socialLinkUrl });
export type SocialLinkInput = z.input<typeof socialLinkInputSchema>;

/** DELETE /api/social-links/{id}: any string (a malformed id is simply not found). */
export const socialLinkParamsSchema = z.object({ id: z.string().max(100) });

/** GET /api/user/{id}/profile-photo?size=96|300|400&v={profilePhotoFilename}. */
export const profilePhotoQuerySchema = z.object({
  size: z.coerce
    .number()
    .refine((value): value is ProfilePhotoSize => (PROFILE_PHOTO_SIZES as readonly number[]).includes(value), {
      message: `size must be one of ${PROFILE_PHOTO_SIZES.join(', ')}`,
    })
    .default(300),
  v: z.string().max(200).optional(),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** PATCH /api/user/profile and POST /api/user/profile-photo answer the updated current user. */
export const profileUserResponseSchema = currentUserSchema;

export { socialLinkSchema, type SocialLink } from './public';
/** GET /api/social-links: the signed-in artist's links, oldest first (the order they were added). */
export const socialLinksResponseSchema = z.array(socialLinkSchema);
/** POST /api/social-links answers the new link (201). */
export const socialLinkResponseSchema = socialLinkSchema;
/** DELETE /api/social-links/{id}. */
export const socialLinkDeletedResponseSchema = z.object({ message: z.string() });
