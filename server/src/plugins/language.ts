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

/** Told of each use of the switch (the auth module stores a signed-in person's choice, decision 063). */
export type LanguageSwitchListener = (request: FastifyRequest, language: Language) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a listener the switch awaits before it goes back to the page. */
    onLanguageSwitch(listener: LanguageSwitchListener): void;
  }
}

/** The request headers requestLanguage reads (besides the URL). */
export const LANGUAGE_VARY = 'Cookie, Accept-Language';

/**
 * The switch in the public header: sets the cookie and goes back to the page. And every answer's
 * `message` (and its fields' `errors`), errors and successes alike, in the request's language
 * (decision 056): services and the error table speak English, translated here on the way out.
 */
export const languagePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preSerialization', async (request, _reply, payload) => translateBody(payload, requestLanguage(request)));
    const listeners: LanguageSwitchListener[] = [];
    app.decorate('onLanguageSwitch', (listener: LanguageSwitchListener) => void listeners.push(listener));
    app.withTypeProvider<ZodTypeProvider>().get(LANGUAGE_SWITCH_PATH, { schema: { querystring: languageSwitchQuerySchema } }, async (request, reply) => {
      for (const listener of listeners) await listener(request, request.query.lang);
      reply
        .setCookie(LANGUAGE_COOKIE, request.query.lang, {
          path: '/',
          sameSite: 'lax',
          secure: app.config.production,
          maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
        })
        .header('Cache-Control', 'no-store')
        .redirect(withoutLanguageParam(request.query.return), 303);
    });
  },
  { name: 'language' },
);
