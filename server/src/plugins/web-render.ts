import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '#common/i18n/language';
import type { FetchJson, PageHead, PageRenderer, RenderResult } from '#common/ssr';
import { requestLanguage } from './language';

/**
 * Server-side rendering of public pages (docs/decisions/029): the web app's renderer, built by
 * `vite build --ssr` beside the web app, turns a page and its API data into HTML; this file asks
 * it, answers its API reads from this same server, and puts the result and a share card into
 * index.html.
 */

/** The renderer built beside the web app (dist/web-ssr next to dist/web), if there is one. */
export async function loadPageRenderer(webDir: string): Promise<PageRenderer | undefined> {
  const entry = path.join(webDir, '..', 'web-ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}

/**
 * index.html for rendered pages. On a phone network such a page paints from its one HTML
 * response (docs/decisions/029), so nothing else may stand in its way:
 * - its stylesheets are inlined, instead of a CSS file that shares the first round trips with
 *   the scripts (Lighthouse mobile: FCP 1.72 s with the link, 0.76 s inline);
 * - its scripts are asked for once the page has painted (public/boot.js), not as the HTML
 *   arrives: they only make the page interactive, and fetched alongside it they delayed its
 *   paint on a slow network (Lighthouse mobile LCP ~1.9 s; ~0.9 s after).
 * Pages the browser renders keep index.html as built: they wait for the script anyway.
 */
export function templateForRenderedPages(template: string, webDir: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry || !fs.existsSync(path.join(webDir, 'boot.js'))) return inlineStylesheets(template, webDir);
  const chunks: string[] = [];
  const withoutScripts = template.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_link, href: string) => {
    chunks.push(href);
    return '';
  });
  const boot = `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload="${chunks.join(' ')}"></script>`;
  return inlineStylesheets(withoutScripts, webDir).replace('</head>', () => `  ${boot}\n  </head>`);
}

function inlineStylesheets(template: string, webDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const file = path.join(webDir, href);
    if (!file.startsWith(path.join(webDir, 'assets')) || !fs.existsSync(file)) return link;
    // Our own build output; still, nothing in it may end the element early.
    const css = fs.readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}

/** The page's API reads, made in-process with the visitor's address and cookie (a view is theirs). */
function fetchJsonFor(app: FastifyInstance, request: FastifyRequest): FetchJson {
  return async (url) => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: response.statusCode, body };
  };
}

/** `reads`: the page's answers when they were already read for it (page-cache.ts), so none is read (or counted) twice. */
export function renderPage(app: FastifyInstance, renderer: PageRenderer, request: FastifyRequest, reads?: FetchJson): Promise<RenderResult> {
  return renderer.render(request.url, reads ?? fetchJsonFor(app, request), requestLanguage(request));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** JSON inside <script type="application/json">: nothing in it can close the element or open a comment. */
export const jsonForScript = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The page's address in a language (decision 049): with ?lang=en or ?lang=sw, any other ?lang=
 * dropped; without a language, the bare address (x-default) whose language the visitor's cookie
 * or browser chooses. Escaped for an attribute.
 */
function addressIn(canonicalPath: string, publicUrl: string, language?: Language): string {
  const url = new URL(canonicalPath, 'http://sauti.invalid');
  url.searchParams.delete('lang');
  if (language) url.searchParams.set('lang', language);
  return escapeHtml(`${publicUrl}${url.pathname}${url.search}`);
}

/** Open Graph's locale of each language: the language as spoken in Kenya. */
export const OG_LOCALES: Record<Language, string> = { en: 'en_KE', sw: 'sw_KE' };

/**
 * Title, description, canonical address and Open Graph / Twitter card tags, all escaped. The
 * canonical address and og:url are the page in the language it is written in, the same address
 * its hreflang link names (issue 33: a Kiswahili page pointed to the English one, so search
 * engines and link previews took the English page for it).
 */
export function headTags(head: PageHead, publicUrl: string, language: Language = 'en'): string {
  const absolute = (sitePath: string) => `${publicUrl}${sitePath}`;
  const canonical = addressIn(head.canonicalPath, publicUrl, language);
  const tags: string[] = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:site_name" content="Sauti" />`,
    `<meta property="og:type" content="${escapeHtml(head.type)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}" />`,
    ...LANGUAGES.filter((other) => other !== language).map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}" />`),
    `<meta name="twitter:card" content="${head.imagePath ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.imagePath) {
    // A drawn card has words: in the page's language (a link preview sends no cookie to choose it).
    const drawn = language !== 'en' && head.imagePath.startsWith('/api/cards/');
    const image = escapeHtml(absolute(drawn ? `${head.imagePath}?lang=${language}` : head.imagePath));
    tags.push(`<meta property="og:image" content="${image}" />`, `<meta name="twitter:image" content="${image}" />`);
    if (head.imageWidth && head.imageHeight) {
      tags.push(`<meta property="og:image:width" content="${head.imageWidth}" />`, `<meta property="og:image:height" content="${head.imageHeight}" />`);
    }
  }
  if (head.oembed) {
    // The bare address: the oEmbed answer is a player, which takes the visitor's language.
    const oembed = `/api/oembed?url=${encodeURIComponent(absolute(head.canonicalPath))}&format=json`;
    tags.push(`<link rel="alternate" type="application/json+oembed" href="${escapeHtml(absolute(oembed))}" title="${escapeHtml(head.title)}" />`);
  }
  return tags.join('\n    ');
}

/**
 * The page in each language (decision 049): ?lang=en and ?lang=sw, and the address without it
 * (x-default) for a visitor whose cookie or browser then chooses.
 */
export function alternateLanguageTags(canonicalPath: string, publicUrl: string): string {
  return [
    ...LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language}" href="${addressIn(canonicalPath, publicUrl, language)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${addressIn(canonicalPath, publicUrl)}" />`,
  ].join('\n    ');
}

/**
 * index.html for a page the browser renders (/auth, /library, /redeem, the dashboard...), in the
 * request's language with its title (issue 33): before its script runs, a screen reader, the tab
 * and a link preview see the page's own language and title, not English "Sauti".
 */
export function shellHtml(template: string, page: { language: Language; title: string; description: string }): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${escapeHtml(page.description)}"`);
}

/**
 * index.html with the page's markup in #root, its data and its language's messages for hydration,
 * its head, and <html lang> of the language it is written in.
 */
export function pageHtml(
  template: string,
  page: { html: string; state: string; head: PageHead; language: Language; messages: string },
  publicUrl: string,
): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${headTags(page.head, publicUrl, page.language)}\n    ${alternateLanguageTags(page.head.canonicalPath, publicUrl)}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      // A function, so "$&" and friends in a track name are not replacement patterns.
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="sauti-state">${jsonForScript(page.state)}</script>` +
        `<script type="application/json" id="sauti-i18n">${jsonForScript(page.messages)}</script>`,
    );
}
