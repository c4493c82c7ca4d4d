import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  forgotPasswordSchema,
  loginSchema,
  messageResponseSchema,
  registerResponseSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '#common/schemas/auth';
import { AppError } from '../../lib/errors';
import { AUTH_SERVER_MESSAGES, type AuthService } from './auth.service';
import { toCurrentUser } from './user-view';
import { answersArePersonal } from '../../lib/no-store';
import { requestLanguage } from '../../plugins/language';

export interface AuthRouteLimits {
  /** Requests per client address per window, by route. */
  login: number;
  register: number;
  mail: number;
  token: number;
  windowMs: number;
}

export const DEFAULT_ROUTE_LIMITS: AuthRouteLimits = { login: 100, register: 30, mail: 30, token: 60, windowMs: 15 * 60 * 1000 };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; limits: AuthRouteLimits }> = async (app, { auth, limits }) => {
  const perAddress = (max: number) => ({ rateLimit: { max, timeWindow: limits.windowMs } });

  // Account responses are personal: never cached by a browser or a proxy.
  answersArePersonal(app);

  app.get('/user', { schema: { response: { 200: currentUserSchema } } }, async (request) => {
    const user = await request.currentUser();
    if (!user) throw new AppError('auth.required', 'Not signed in');
    return toCurrentUser(user);
  });

  app.post(
    '/register',
    { config: perAddress(limits.register), schema: { body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      await auth.register({ ...request.body, language: requestLanguage(request) });
      return reply.code(201).send({ message: AUTH_SERVER_MESSAGES.registered, requiresEmailVerification: true as const });
    },
  );

  app.post(
    '/login',
    { config: perAddress(limits.login), schema: { body: loginSchema, response: { 200: currentUserSchema } } },
    async (request, reply) => {
      const user = await auth.login(request.body);
      await app.sessions.start(reply, user.id);
      return toCurrentUser(user);
    },
  );

  app.post('/logout', async (request, reply) => {
    await app.sessions.end(request, reply);
    return reply.code(204).send();
  });

  app.post(
    '/verify-email',
    { config: perAddress(limits.token), schema: { body: verifyEmailSchema, response: { 200: verifyEmailResponseSchema } } },
    async (request, reply) => {
      const userId = await auth.verifyEmail(request.body.token, async () => (await request.currentUser())?.id);
      await app.sessions.start(reply, userId);
      return { message: AUTH_SERVER_MESSAGES.verified, redirectTo: '/dashboard' };
    },
  );

  app.post(
    '/resend-verification',
    { config: perAddress(limits.mail), schema: { body: resendVerificationSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.resendVerification(request.body.email);
      return { message: AUTH_SERVER_MESSAGES.verificationResent };
    },
  );

  app.post(
    '/forgot-password',
    { config: perAddress(limits.mail), schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      return { message: AUTH_SERVER_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/reset-password',
    { config: perAddress(limits.token), schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.newPassword);
      return { message: AUTH_SERVER_MESSAGES.passwordReset };
    },
  );
};
