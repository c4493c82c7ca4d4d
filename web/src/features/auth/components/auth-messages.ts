/** Spec section 9: after a successful verification the page moves on to the dashboard after 2 s. */
export const VERIFIED_REDIRECT_DELAY_MS = 2000;
