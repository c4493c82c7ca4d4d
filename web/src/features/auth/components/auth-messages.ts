/** Spec section 8's texts for the auth screens, in one place so tests and screens agree. */
export const AUTH_TEXTS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  forgotFailed: 'Failed to send reset email',
  forgotError: 'An error occurred. Please try again.',
  resendFailed: 'Failed to resend verification email',
  resendError: 'An error occurred while resending the email',
  resendSuccess: 'Verification email has been resent successfully',
  verifyFailed: 'Email verification failed',
  verifyError: 'An error occurred during verification. Please try again.',
  resetFailed: 'Password reset failed',
  invalidVerificationLink: 'Invalid verification link. Please check your email for the correct link.',
  invalidResetLink: 'Invalid password reset link. Please request a new one.',
} as const;

/** Spec section 9: after a successful verification the page moves on to the dashboard after 2 s. */
export const VERIFIED_REDIRECT_DELAY_MS = 2000;
