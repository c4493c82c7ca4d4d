/**
 * The contract between the server and the web app's server-side renderer (web/src/entry-server.tsx,
 * built by `vite build --ssr` into dist/web-ssr). Public pages paint from their HTML: the server
 * asks the renderer for a page, the renderer asks back for the API data it needs.
 */

import type { Language } from './i18n/language';

/** One API read made for a page, answered by the server itself (no network hop). */
export type FetchJson = (url: string) => Promise<{ status: number; body: unknown }>;

/** What a share card shows (Open Graph and Twitter tags); paths are made absolute by the server. */
export interface PageHead {
  title: string;
  description: string;
  /** Site-relative path of the page's canonical address. */
  canonicalPath: string;
  /** Site-relative path of an image (a cover, a photo or a generated card), if the page has one. */
  imagePath?: string;
  /** The image's size in pixels, for og:image:width and og:image:height. */
  imageWidth?: number;
  imageHeight?: number;
  /** Open Graph type: website, profile, music.song, music.album. */
  type: string;
  /** Track and album pages: announce their oEmbed answer (issue 17), for blogs that paste the link. */
  oembed?: boolean;
}

export type RenderResult =
  /**
   * The page, ready: its markup, the query data for hydration (JSON), its head, its language and
   * that language's compiled catalogue (JSON, for hydration: decision 049).
   */
  | { kind: 'page'; html: string; state: string; head: PageHead; language: Language; messages: string }
  /** An API read the page needs answered 404: the address names nothing. */
  | { kind: 'not-found' }
  /** Not a server-rendered page (signed-in screens, auth) or its data could not be read. */
  | { kind: 'client-only' };

export interface PageRenderer {
  render(url: string, fetchJson: FetchJson, language: Language): Promise<RenderResult>;
  /** The API reads `render` makes for this address (null: a page the browser renders), so the server can keep the page while they stay the same. */
  pageQueries?(url: string): string[] | null;
}
