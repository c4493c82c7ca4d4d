/**
 * Embeddable players (issue 17, docs/decisions/042): /embed/track/{id} and /embed/album/{id},
 * framed by any site. One source for their size and the iframe code, which the track and album
 * pages offer to copy and GET /api/oembed answers.
 */

import { DEFAULT_LANGUAGE, type Language } from './i18n/language';

export type EmbedKind = 'track' | 'album';

/** The player's natural size in CSS pixels; the iframe shrinks to its container's width. */
export const EMBED_SIZES: Record<EmbedKind, { width: number; height: number }> = {
  track: { width: 480, height: 120 },
  album: { width: 480, height: 352 },
};

export const embedPath = (kind: EmbedKind, id: string) => `/embed/${kind}/${encodeURIComponent(id)}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * The <iframe> a blog pastes: as wide as its column up to `width`, lazily loaded. In Kiswahili
 * the player's address says so (?lang=sw, issue 33): a framed player has only its address to go by.
 */
export function embedIframe(options: { origin: string; kind: EmbedKind; id: string; title: string; width?: number; height?: number; language?: Language }): string {
  const width = options.width ?? EMBED_SIZES[options.kind].width;
  const height = options.height ?? EMBED_SIZES[options.kind].height;
  const language = options.language && options.language !== DEFAULT_LANGUAGE ? `?lang=${options.language}` : '';
  const src = `${options.origin}${embedPath(options.kind, options.id)}${language}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" style="width:100%;max-width:${width}px;border:0" ` +
    `frameborder="0" allow="autoplay" loading="lazy" title="${escapeAttribute(options.title)}"></iframe>`
  );
}
