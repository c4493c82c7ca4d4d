import { createHash } from 'node:crypto';
import { formatDuration } from '#common/format';
import { formatPrice } from '#common/money';
import { coverUrl, PLAY_COUNT_AFTER_SECONDS, PREVIEW_SECONDS } from '#common/playback';
import type { AlbumDetail, PublicTrack, TrackDetail } from '#common/schemas/public';
import { compileCatalogue } from '#common/i18n/compile';
import { formatMessage, type MessageValues } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import en from '../../../../common/src/i18n/en.json';
import sw from '../../../../common/src/i18n/sw.json';

/**
 * The embeddable players (issue 17, docs/decisions/042): one small HTML answer each, with its
 * style and script inline, so a blog on a phone pays one request of a few KB per player and no
 * part of the web app. The audio comes from the stream route, which applies the preview rule
 * itself (decision 012): a preview-only track sends its first 25 seconds and nothing more, whoever
 * frames the player.
 */

const STYLE = [
  ':root{color-scheme:light dark;--b:#fff;--f:#2a211c;--m:#6b625c;--p:#b4531f;--l:#eee6e0}',
  '@media(prefers-color-scheme:dark){:root{--b:#1d1916;--f:#f6f2ee;--m:#b7aea7;--p:#e8894a;--l:#3a332e}}',
  '*{box-sizing:border-box}body{margin:0;font:14px/1.35 system-ui,sans-serif;background:var(--b);color:var(--f)}',
  '.e{display:flex;gap:12px;align-items:center;padding:12px;height:120px}',
  '.c{flex:none;width:96px;height:96px;border-radius:8px;object-fit:cover;background:var(--l);display:grid;place-items:center;font-size:32px;color:var(--m)}',
  '.i{flex:1;min-width:0}.i p{margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.t{font-weight:600;font-size:16px}',
  '.m{color:var(--m);font-size:12px}',
  '.r{display:flex;gap:8px;align-items:center;margin-top:8px}',
  'button{font:inherit;color:inherit;background:none;border:0;cursor:pointer;padding:0}',
  '#p{flex:none;width:40px;height:40px;border-radius:50%;background:var(--p);color:var(--b);font-size:16px}',
  '#p:after{content:"\\25B6"}#p.on:after{content:"\\275A\\275A";font-size:12px}',
  '.g{flex:1;height:4px;border-radius:2px;background:var(--l)}.g i{display:block;height:100%;width:0;border-radius:2px;background:var(--p)}',
  'a{flex:none;color:var(--p);font-weight:600;text-decoration:none;border:1px solid var(--p);border-radius:16px;padding:4px 12px}',
  'ol{margin:0;padding:0 12px 8px;list-style:none;height:232px;overflow:auto;border-top:1px solid var(--l)}',
  'li button{display:flex;width:100%;gap:8px;padding:8px 0;text-align:left;border-bottom:1px solid var(--l)}',
  'li button span:first-child{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}li button[aria-current=true]{color:var(--p);font-weight:600}',
  'li .m{flex:none}:focus-visible{outline:2px solid var(--p);outline-offset:2px}',
].join('');

/**
 * Plays the songs one after another ([data-i] elements, in order); the round button plays or
 * pauses the current one. A preview that ends says so, beside Buy (DESIGN.md: the player stays
 * open with a word and Buy), until a song starts playing again, the next one of an album included:
 * then the line says what it said before (issue 33: the notice stayed while the next, full song
 * played). A play is counted
 * once a song reaches 5 seconds, as the site's player counts it (decision 015). Its words come
 * from the <audio> element's data attributes, in the page's language: the script itself is one
 * text in every language, allowed by its hash.
 */
const SCRIPT = `(function(){var a=document.getElementById("a"),b=document.getElementById("p"),g=document.querySelector(".g i"),n=document.getElementById("n"),m=document.getElementById("m"),M=m.textContent,D=a.dataset,L=[].slice.call(document.querySelectorAll("[data-i]")),i=0,c=0,s=0;
function sel(k){i=k;s=0;c=0;a.src="/api/tracks/"+L[k].dataset.i+"/stream";n.textContent=L[k].dataset.n;L.forEach(function(e,j){e.setAttribute("aria-current",j==k)})}
b.onclick=function(){if(!s)sel(i),s=1;a.paused?a.play():a.pause()};
L.forEach(function(e,k){if(e!=b)e.onclick=function(){sel(k);s=1;a.play()}});
a.onplay=function(){b.className="on";b.setAttribute("aria-label",D.pause)};
a.onplaying=function(){m.textContent=M};
a.onpause=function(){b.className="";b.setAttribute("aria-label",D.play)};
a.ontimeupdate=function(){var t=a.currentTime,d=a.duration||1;g.style.width=100*t/d+"%";if(!c&&t>=${PLAY_COUNT_AFTER_SECONDS}){c=1;fetch("/api/tracks/"+L[i].dataset.i+"/stream",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({duration:Math.round(t*10)/10,completedPercentage:Math.min(100,Math.round(t/d*1e4)/100),streamType:"play"})}).catch(function(){})}};
a.onended=function(){if(L[i].dataset.p)m.textContent=D.ended;if(i<L.length-1){sel(i+1);s=1;a.play()}}})()`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * What the players' Content-Security-Policy allows: their one inline style and one inline script
 * by hash (no eval, no other script), images, audio and the play count from this site only.
 */
export const EMBED_CONTENT_SECURITY = Object.freeze({ scriptSrc: [hashOf(SCRIPT)], styleSrc: [hashOf(STYLE)] });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** The players' words, from the fan catalogues (en.json, sw.json), in the language the address asks (?lang=). */
const CATALOGUES = { en: compileCatalogue(en), sw: compileCatalogue(sw) };
type EmbedKey = keyof typeof en & (`embed.${string}` | 'preview.badge' | 'count.songs' | 'item.embedTitle' | 'price.free');
const text = (language: Language, key: EmbedKey, values?: MessageValues) => formatMessage(CATALOGUES[language][key]!, values, language);

/** The player's iframe title ("Jioni by Nyota on Sauti"), as the item pages' embed code names it. */
export const embedTitle = (language: Language, name: string, artist: string) => text(language, 'item.embedTitle', { name, artist });

function page(language: Language, title: string, body: string, script: boolean): string {
  const words = ` data-play="${escapeHtml(text(language, 'embed.play'))}" data-pause="${escapeHtml(text(language, 'embed.pause'))}" data-ended="${escapeHtml(text(language, 'embed.previewEnded'))}"`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}` +
    (script ? `<audio id="a" preload="none"${words}></audio><script>${SCRIPT}</script>` : '') +
    `</body></html>`
  );
}

function cover(kind: 'track' | 'album', id: string, filename: string | null, name: string): string {
  const small = coverUrl(kind, id, filename, 96);
  const large = coverUrl(kind, id, filename, 300);
  if (!small || !large) return `<div class="c" aria-hidden="true">${escapeHtml([...name.trim()][0]?.toUpperCase() ?? '♪')}</div>`;
  return `<img class="c" src="${escapeHtml(small)}" srcset="${escapeHtml(small)} 1x, ${escapeHtml(large)} 3x" width="96" height="96" alt="">`;
}

/** "Buy KES 50.00" for a priced item, "Get" for a free one: both open the item's page on Sauti. */
function buyLink(language: Language, href: string, price: number, name: string): string {
  const label = price > 0 ? text(language, 'embed.buy', { price: formatPrice(price) }) : text(language, 'embed.get');
  return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener" aria-label="${escapeHtml(text(language, 'embed.linkLabel', { label, name }))}">${escapeHtml(label)}</a>`;
}

const previewNote = (language: Language, track: PublicTrack) => (track.allowFullPlayback ? '' : ` · ${text(language, 'preview.badge', { seconds: PREVIEW_SECONDS })}`);

/** The item's page, in the player's language when it is not the default (so "Buy" opens the page as the listener reads it). */
const pageIn = (pageUrl: string, language: Language) => (language === 'en' ? pageUrl : `${pageUrl}?lang=${language}`);

function header(options: { language: Language; coverHtml: string; name: string; artist: string; note: string; link: string; playable: boolean; playData: string }): string {
  return (
    `<main class="e">${options.coverHtml}<div class="i"><p class="t" id="n">${escapeHtml(options.name)}</p>` +
    `<p>${escapeHtml(options.artist)}</p><p class="m" id="m">${escapeHtml(options.note)}</p>` +
    `<div class="r">${options.playable ? `<button id="p" type="button" aria-label="${escapeHtml(text(options.language, 'embed.play'))}"${options.playData}></button><div class="g"><i></i></div>` : ''}${options.link}</div></div></main>`
  );
}

export function trackEmbedHtml({ track }: TrackDetail, pageUrl: string, language: Language = 'en'): string {
  const body = header({
    language,
    coverHtml: cover('track', track.id, track.coverPhotoFilename, track.trackName),
    name: track.trackName,
    artist: track.artistName,
    note: `${formatDuration(track.duration)}${previewNote(language, track)}`,
    link: buyLink(language, pageIn(pageUrl, language), track.price, track.trackName),
    playable: true,
    playData: ` data-i="${escapeHtml(track.id)}" data-n="${escapeHtml(track.trackName)}"${track.allowFullPlayback ? '' : ' data-p="1"'}`,
  });
  return page(language, `${track.trackName} · ${track.artistName}`, body, true);
}

export function albumEmbedHtml({ album, tracks }: AlbumDetail, pageUrl: string, language: Language = 'en'): string {
  const songs = tracks
    .map(
      (track, index) =>
        `<li><button type="button" data-i="${escapeHtml(track.id)}" data-n="${escapeHtml(track.trackName)}"${track.allowFullPlayback ? '' : ' data-p="1"'} aria-current="${index === 0}">` +
        `<span>${index + 1}. ${escapeHtml(track.trackName)}</span><span class="m">${formatDuration(track.duration)}${track.allowFullPlayback ? '' : ` · ${escapeHtml(text(language, 'embed.preview'))}`}</span></button></li>`,
    )
    .join('');
  const body =
    header({
      language,
      coverHtml: cover('album', album.id, album.coverPhotoFilename, album.albumName),
      name: tracks[0]?.trackName ?? album.albumName,
      artist: `${album.artistName} · ${album.albumName}`,
      // Each song that is a preview says so in the list.
      note: text(language, 'count.songs', { count: tracks.length }),
      link: buyLink(language, pageIn(pageUrl, language), album.price, album.albumName),
      // An album without songs has nothing to play: no button, no script.
      playable: tracks.length > 0,
      playData: '',
    }) + `<ol aria-label="${escapeHtml(text(language, 'embed.songs'))}">${songs}</ol>`;
  return page(language, `${album.albumName} · ${album.artistName}`, body, tracks.length > 0);
}

export function notFoundEmbedHtml(homeUrl: string, language: Language = 'en'): string {
  const body = `<main class="e"><div class="i"><p class="t">${escapeHtml(text(language, 'embed.notFound'))}</p><p class="m">${escapeHtml(text(language, 'embed.unavailable'))}</p></div><a href="${escapeHtml(homeUrl)}" target="_blank" rel="noopener">Sauti</a></main>`;
  return page(language, `${text(language, 'embed.notFound')} · Sauti`, body, false);
}
