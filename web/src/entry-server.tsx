import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { Router } from 'wouter';
import { isKnownPagePath } from '#common/routes';
import type { Language } from '#common/i18n/language';
import type { FetchJson, RenderResult } from '#common/ssr';
import en from '../../common/src/i18n/en.json?icu';
import sw from '../../common/src/i18n/sw.json?icu';
import { createTranslator, I18nProvider, type PageI18n } from '@/lib/i18n';
import { urlFromQueryKey } from '@/lib/api';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { notFoundPage, pageDataFor } from '@/app/ssr/page-data';

/**
 * The API reads a page at this address is made of (its `render` asks for exactly these), or null
 * for a page rendered in the browser only. The server keeps a rendered page for as long as these
 * answers stay the same (docs/decisions/052).
 */
export function pageQueries(url: string): string[] | null {
  const { pathname, search } = new URL(url, 'http://sauti.invalid');
  const page = pageDataFor(pathname, search) ?? (isKnownPagePath(pathname) ? null : notFoundPage(pathname));
  return page ? page.queries.map((queryKey) => urlFromQueryKey(queryKey)) : null;
}

/**
 * The server's renderer of public pages (built with `vite build --ssr`). It reads the page's API
 * data through the server (fetchJson), renders the page to HTML once every lazy chunk and data is
 * there, and answers the data for the browser to hydrate with, so the browser does not ask again.
 */
export async function render(url: string, fetchJson: FetchJson, language: Language = 'en'): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://sauti.invalid');
  // Any other address is the 404 page, painted here too (the server answers it with status 404).
  const page = pageDataFor(pathname, search) ?? (isKnownPagePath(pathname) ? null : notFoundPage(pathname));
  if (!page) return { kind: 'client-only' };

  const client = createQueryClient();
  const answers = await Promise.all(page.queries.map(async (queryKey) => ({ queryKey, ...(await fetchJson(urlFromQueryKey(queryKey))) })));
  for (const answer of answers) {
    if (answer.status === 404) return { kind: 'not-found' };
    if (answer.status !== 200) return { kind: 'client-only' };
    client.setQueryData(answer.queryKey, answer.body);
  }

  // The page in the request's language (decision 049); its catalogue goes with it for hydration.
  const i18n: PageI18n = { language, messages: language === 'sw' ? sw : en };
  const translator = createTranslator(i18n.language, i18n.messages);
  const renderErrors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
        <I18nProvider translator={translator}>
          <AppProviders queryClient={client}>
            <AppRoutes />
          </AppProviders>
        </I18nProvider>
      </Router>
    </StrictMode>,
    {
      // One document, no out-of-order segments: their completion scripts are inline, which the
      // Content-Security-Policy (script-src 'self') rightly refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        renderErrors.push(error);
      },
    },
  );
  // A part of the page that failed on the server would be client-rendered after a hydration
  // error: paint the whole page in the browser instead.
  if (renderErrors.length > 0) throw new AggregateError(renderErrors, 'server rendering failed');
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>) {
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  html += decoder.decode();
  return { kind: 'page', html, state: JSON.stringify(dehydrate(client)), head: page.head(client, translator.t), language, messages: JSON.stringify(i18n) };
}
