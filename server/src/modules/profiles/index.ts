/** The artist's profile: display name and slug history, profile photo, social links. */
export { profilesPlugin } from './profiles.plugin';
export { userIdForPreviousSlug } from './previous-slugs';
