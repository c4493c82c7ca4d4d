import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { isReservedSlug, toSlug } from '../slug';
import { cleanName } from '../text';

/** The spec's texts (section 5) and our own for rules the spec leaves to the server. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Please enter your email address',
  emailTooLong: 'Email address must be at most 254 characters',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMinLong: 'Password must be at least 6 characters long',
  passwordMax: 'Password must be at most 128 characters',
  passwordCommon: 'This password is too common. Please choose a less common one.',
  passwordBlank: 'Password must contain more than spaces',
  passwordsDoNotMatch: 'Passwords do not match',
  displayNameRequired: 'Display name is required',
  displayNameMax: 'Display name must be at most 50 characters',
  displayNameNoLetters: 'Display name must contain at least one letter or number',
  displayNameReserved: 'This display name is not available. Please choose another.',
  invalidResetToken: 'Invalid reset token',
  invalidVerificationToken: 'Invalid verification link. Please check your email for the correct link.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Long passphrases are welcome; a bound keeps a megabyte "password" from costing a hash. */
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 50;

const email = z
  .string({ message: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(254, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }))
  .transform((value) => value.toLowerCase());

const requiredEmail = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }))
  .transform((value) => value.toLowerCase());

/** A new password: the spec's minimum (with the message the calling form uses), a maximum, no common ones. */
const newPassword = (minMessage: string) =>
  z
    .string({ message: minMessage })
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax)
    .refine((value) => value.trim() !== '', AUTH_MESSAGES.passwordBlank)
    .refine((value) => !isCommonPassword(value), AUTH_MESSAGES.passwordCommon);

export const displayNameSchema = z
  .string({ message: AUTH_MESSAGES.displayNameRequired })
  .overwrite(cleanName)
  .trim()
  .min(1, AUTH_MESSAGES.displayNameRequired)
  .max(DISPLAY_NAME_MAX_LENGTH, AUTH_MESSAGES.displayNameMax)
  .refine((value) => toSlug(value).length > 0, AUTH_MESSAGES.displayNameNoLetters)
  .refine((value) => !isReservedSlug(toSlug(value)), AUTH_MESSAGES.displayNameReserved);

export const loginSchema = z.object({
  email,
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  email,
  password: newPassword(AUTH_MESSAGES.passwordMin),
  displayName: displayNameSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: requiredEmail });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resendVerificationSchema = z.object({ email: requiredEmail });

export const verifyEmailSchema = z.object({
  token: z.string({ message: AUTH_MESSAGES.invalidVerificationToken }).min(1, AUTH_MESSAGES.invalidVerificationToken).max(200, AUTH_MESSAGES.invalidVerificationToken),
});

const resetToken = z.string({ message: AUTH_MESSAGES.invalidResetToken }).min(1, AUTH_MESSAGES.invalidResetToken).max(200, AUTH_MESSAGES.invalidResetToken);

/** POST /api/reset-password. */
export const resetPasswordSchema = z.object({
  token: resetToken,
  newPassword: newPassword(AUTH_MESSAGES.passwordMinLong),
});

/** The reset form in the browser: the same rules, plus the confirmation field. */
export const resetPasswordFormSchema = z
  .object({
    token: resetToken,
    newPassword: newPassword(AUTH_MESSAGES.passwordMinLong),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** The user object of GET /api/user, login and profile calls (spec section 3). */
export const publicUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePhotoFilename: z.string().nullable(),
  profileUrl: z.string(),
  hasProfilePhoto: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own view adds the e-mail address. */
export const currentUserSchema = publicUserSchema.extend({ email: z.string() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  requiresEmailVerification: z.literal(true),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verifyEmailResponseSchema = z.object({ message: z.string(), redirectTo: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** What the server answers on the account calls (its successes, and the errors of server/src/lib/errors.ts). */
export const AUTH_SERVER_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  invalidCredentials: 'Invalid email or password',
  unverified: 'Please verify your email address before signing in. Check your inbox for the verification link.',
  displayNameTaken: 'This display name is already taken. Please choose another.',
  verified: 'Your email address has been verified. Welcome to Sauti!',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  alreadyVerified: 'Your email address is already verified.',
  verificationResent: 'If an account with that email address is waiting for verification, we have sent a new link.',
  resetRequested: 'If an account with that email address exists, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;
