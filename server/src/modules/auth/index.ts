/** Accounts, sign-in and sessions. */
export { authPlugin, type AuthPluginOptions } from './auth.plugin';
export { sessionPlugin, requireUser, signedInUser, sessionIdHashOf, hasSessionCookie, type SessionUser } from './session.plugin';
export { toPublicUser } from './user-view';
export { toCurrentUser } from './user-view';
