import { PROFILE_MESSAGES, PROFILE_PHOTO_RECOMMENDED_PX } from '#common/schemas/profile';

/** The Profile section's fixed texts: the spec's (sections 2, 5, 8, 9, through common/) and ours, marked. */
export const PROFILE_EDITOR_TEXTS = {
  editProfile: 'Edit Profile',
  addSocialLink: 'Add Social Media Link',
  profileUpdated: PROFILE_MESSAGES.profileUpdated,
  updateFailed: PROFILE_MESSAGES.profileUpdateFailed,
  photoUpdated: PROFILE_MESSAGES.photoUpdated,
  photoFailed: PROFILE_MESSAGES.photoUpdateFailed,
  // The spec's JPG or PNG and 400x400 px recommendation; the rest is ours.
  photoRecommendation: `JPG or PNG, ${PROFILE_PHOTO_RECOMMENDED_PX}x${PROFILE_PHOTO_RECOMMENDED_PX} px recommended. You choose the square of a photo of another shape.`,
  photoWrongType: PROFILE_MESSAGES.photoFormat,
  photoTooLarge: PROFILE_MESSAGES.photoTooLarge,
  socialLinkAdded: PROFILE_MESSAGES.socialLinkAdded,
  socialLinkDeleted: PROFILE_MESSAGES.socialLinkDeleted,
  addSocialLinkFailed: PROFILE_MESSAGES.socialLinkAddFailed,
  deleteSocialLinkFailed: PROFILE_MESSAGES.socialLinkDeleteFailed,
  noSocialLinks: 'No social links yet. Add your Instagram, TikTok, YouTube, X or website so fans can follow you.', // ours
} as const;
