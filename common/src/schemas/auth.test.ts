import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordFormSchema } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('registerSchema', () => {
  const valid = { email: 'Artist@Example.com ', password: 'my music 254', displayName: ' Nyota Band ' };

  it('normalises the e-mail and trims the display name', () => {
    expect(registerSchema.parse(valid)).toEqual({ email: 'artist@example.com', password: 'my music 254', displayName: 'Nyota Band' });
  });

  it.each([
    [{ email: 'nope' }, AUTH_MESSAGES.invalidEmail],
    [{ password: 'abcde' }, AUTH_MESSAGES.passwordMin],
    [{ password: 'Password1' }, AUTH_MESSAGES.passwordCommon],
    [{ password: 'x'.repeat(129) }, AUTH_MESSAGES.passwordMax],
    [{ password: '        ' }, AUTH_MESSAGES.passwordBlank],
    [{ displayName: '\u0000\u0001' }, AUTH_MESSAGES.displayNameRequired],
    [{ displayName: '' }, AUTH_MESSAGES.displayNameRequired],
    [{ displayName: 'x'.repeat(51) }, AUTH_MESSAGES.displayNameMax],
    [{ displayName: 'Track' }, AUTH_MESSAGES.displayNameReserved],
  ])('refuses %o', (override, message) => {
    expect(firstMessage(registerSchema.safeParse({ ...valid, ...override }))).toBe(message);
  });

  it('cleans control and bidi-override characters out of the display name', () => {
    expect(registerSchema.parse({ ...valid, displayName: 'Nyota\u0000Band\u202e' }).displayName).toBe('Nyota Band');
  });

  it('accepts passwords of exactly 6 and 128 characters', () => {
    expect(registerSchema.safeParse({ ...valid, password: 'kq7#mz' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: 'k'.repeat(128) }).success).toBe(true);
  });
});

describe('loginSchema', () => {
  it('needs a valid e-mail and any password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b', password: 'x' }))).toBe(AUTH_MESSAGES.invalidEmail);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(AUTH_MESSAGES.passwordRequired);
    // Old accounts keep signing in even with a password the sign-up rules would now refuse.
    expect(loginSchema.safeParse({ email: 'a@b.co', password: '123' }).success).toBe(true);
  });
});

describe('forgotPasswordSchema', () => {
  it('asks for the address, then for a valid one', () => {
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: '' }))).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'x' }))).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe('resetPasswordFormSchema', () => {
  it('needs matching passwords of at least 6 characters and a token', () => {
    const base = { token: 't', newPassword: 'fresh secret', confirmPassword: 'fresh secret' };
    expect(resetPasswordFormSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(resetPasswordFormSchema.safeParse({ ...base, confirmPassword: 'other' }))).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(firstMessage(resetPasswordFormSchema.safeParse({ ...base, newPassword: 'abc', confirmPassword: 'abc' }))).toBe(AUTH_MESSAGES.passwordMinLong);
    expect(firstMessage(resetPasswordFormSchema.safeParse({ ...base, token: '' }))).toBe(AUTH_MESSAGES.invalidResetToken);
  });
});
