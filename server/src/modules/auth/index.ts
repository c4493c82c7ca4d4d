/** Accounts, sign-in and sessions. */
export { authPlugin, type AuthPluginOptions } from './auth.plugin';
export { sessionPlugin, requireUser, signedInUser, sessionIdHashOf, type SessionUser } from './session.plugin';
export { toPublicUser } from './user-view';
export { toCurrentUser } from './user-view';
