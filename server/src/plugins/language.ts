import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chooseLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGES, type Language } from '#common/i18n/language';
import { LANGUAGE_SWITCH_PATH, SITE_PATH, withoutLanguageParam } from '#common/i18n/switch';
import { translateBody } from '../i18n';

const languageSwitchQuerySchema = z.object({
  lang: z.enum(LANGUAGES),
  return: z.string().max(2000).regex(SITE_PATH, 'Must be a path on this site').default('/'),
});

/**
 * The language of an answer (decision 049): ?lang= > the `lang` cookie > Accept-Language > English.
 * It reads only the URL and these two headers, so an answer that depends on it sends
 * LANGUAGE_VARY, and a cache keys it by (URL, requestLanguage(request)).
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return chooseLanguage({
    // Most addresses have no query: no URL parsed for them (every kept page's request asks this).
    query: typeof query === 'string' ? query : request.url.includes('?') ? new URL(request.url, 'http://sauti.invalid').searchParams.get('lang') : null,
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
  });
}

const languageChoiceBodySchema = z.object({ lang: z.enum(LANGUAGES) });

/** Told of each choice posted to the switch (the auth module stores a signed-in person's choice, decision 063). */
export type LanguageSwitchListener = (request: FastifyRequest, language: Language) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a listener POST /api/language awaits before it answers. */
    onLanguageSwitch(listener: LanguageSwitchListener): void;
  }
}

/** The request headers requestLanguage reads (besides the URL). */
export const LANGUAGE_VARY = 'Cookie, Accept-Language';

/**
 * The switch in the public header: sets the cookie and goes back to the page. And every answer's
 * `message` (and its fields' `errors`), errors and successes alike, in the request's language
 * (decision 056): services and the error table speak English, translated here on the way out.
 *
 * GET /api/language is the plain link (it works before any script): it sets only the visitor's
 * own cookie. A signed-in person's stored language (their e-mails follow it) changes only by
 * POST /api/language (issue 33, decision 090): a GET must change nothing on the server, since a
 * crawler, a link preview or a prefetch may make one, and another site can make one with an <img>.
 * The switch's script posts the choice before it follows the link.
 */
export const languagePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload) => translateBody(payload, requestLanguage(request)));
    const listeners: LanguageSwitchListener[] = [];
    app.decorate('onLanguageSwitch', (listener: LanguageSwitchListener) => void listeners.push(listener));
    const cookieOptions = {
      path: '/',
      sameSite: 'lax' as const,
      secure: app.config.production,
      maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    };
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(LANGUAGE_SWITCH_PATH, { schema: { querystring: languageSwitchQuerySchema } }, async (request, reply) =>
      reply
        .setCookie(LANGUAGE_COOKIE, request.query.lang, cookieOptions)
        .header('Cache-Control', 'no-store')
        .redirect(withoutLanguageParam(request.query.return), 303),
    );
    routes.post(LANGUAGE_SWITCH_PATH, { schema: { body: languageChoiceBodySchema } }, async (request, reply) => {
      for (const listener of listeners) await listener(request, request.body.lang);
      return reply.setCookie(LANGUAGE_COOKIE, request.body.lang, cookieOptions).header('Cache-Control', 'no-store').code(204).send();
    });
  },
  { name: 'language' },
);
