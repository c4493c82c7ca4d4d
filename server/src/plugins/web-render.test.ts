import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headTags, jsonForScript, pageHtml, shellHtml, templateForRenderedPages } from './web-render';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="default" />
    <title>Sauti</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

/** TEMPLATE rendered for sauti.example: an empty English page but for what `view` gives. */
const render = (view: Partial<Parameters<typeof pageHtml>[1]>) =>
  pageHtml(TEMPLATE, { html: '', state: '{}', head: { title: 'T', description: 'D', canonicalPath: '/', type: 'website' }, language: 'en', messages: '{}', ...view }, 'https://sauti.example');

const hostile = `"></title><script>alert(1)</script> $& $' <!-- & Zoë 🎵`;

describe('server-rendered pages', () => {
  it('puts the markup in #root, the data in a JSON block and one title and description in the head', () => {
    const html = render({
      html: '<main>Hello</main>',
      state: '{"a":1}',
      head: { title: 'T', description: 'D', canonicalPath: '/x', type: 'website' },
      messages: '{"language":"en","messages":{"a":"b"}}',
    });
    expect(html).toContain(
      '<div id="root"><main>Hello</main></div><script type="application/json" id="sauti-state">{"a":1}</script><script type="application/json" id="sauti-i18n">{"language":"en","messages":{"a":"b"}}</script>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<link rel="canonical" href="https://sauti.example/x?lang=en" />');
  });

  it('escapes every share-card field, so a title cannot close a tag or run a script', () => {
    const tags = headTags(
      { title: hostile, description: hostile, canonicalPath: '/track/1?a="b"', imagePath: '/api/tracks/1/cover?size=640&v=x"', type: 'music.song' },
      'https://sauti.example',
    );
    expect(tags).not.toContain('<script>');
    expect(tags).not.toContain('"></title>');
    expect(tags).toContain('&quot;&gt;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(tags).toContain('<meta property="og:image" content="https://sauti.example/api/tracks/1/cover?size=640&amp;v=x&quot;" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it("gives the image's size when the page knows it (issue 17's share cards)", () => {
    const head = { title: 'T', description: 'D', canonicalPath: '/search', type: 'website', imagePath: '/api/cards/site.png' };
    const tags = headTags({ ...head, imageWidth: 1200, imageHeight: 630 }, 'https://sauti.example');
    expect(tags).toContain('<meta property="og:image" content="https://sauti.example/api/cards/site.png" />');
    expect(tags).toContain('<meta property="og:image:width" content="1200" />');
    expect(tags).toContain('<meta property="og:image:height" content="630" />');
    expect(headTags(head, 'https://sauti.example')).not.toContain('og:image:width');
  });

  it('announces the oEmbed answer of track and album pages only, with the page address encoded', () => {
    const head = { title: 'Jioni · Nyota', description: 'D', canonicalPath: '/track/abc', type: 'music.song' };
    expect(headTags({ ...head, oembed: true }, 'https://sauti.example')).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://sauti.example/api/oembed?url=https%3A%2F%2Fsauti.example%2Ftrack%2Fabc&amp;format=json" title="Jioni · Nyota" />',
    );
    expect(headTags(head, 'https://sauti.example')).not.toContain('oembed');
  });

  it('keeps replacement patterns in names literal', () => {
    const html = render({ html: '<p>$& $` $\'</p>', head: { title: '$&', description: '$`', canonicalPath: '/', type: 'website' } });
    expect(html).toContain('<p>$& $` $\'</p>');
    expect(html).toContain('<title>$&amp;</title>');
  });

  it('is written in its language: <html lang> and the page in each language (decision 049)', () => {
    const html = render({ head: { title: 'T', description: 'D', canonicalPath: '/search?q=a"b&lang=en', type: 'website' }, language: 'sw' });
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://sauti.example/search?q=a%22b&amp;lang=en" />');
    expect(html).toContain('<link rel="alternate" hreflang="sw" href="https://sauti.example/search?q=a%22b&amp;lang=sw" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://sauti.example/search?q=a%22b" />');
  });

  it('names the page in its own language: canonical, og:url and og:locale (issue 33)', () => {
    const head = { title: 'T', description: 'D', canonicalPath: '/track/1?x=1&lang=en', type: 'music.song' as const };
    const sw = render({ head, language: 'sw' });
    expect(sw).toContain('<link rel="canonical" href="https://sauti.example/track/1?x=1&amp;lang=sw" />');
    expect(sw).toContain('<meta property="og:url" content="https://sauti.example/track/1?x=1&amp;lang=sw" />');
    expect(sw).toContain('<meta property="og:locale" content="sw_KE" />');
    expect(sw).toContain('<meta property="og:locale:alternate" content="en_KE" />');
    // The canonical address is the one its hreflang link names.
    expect(sw).toContain('<link rel="alternate" hreflang="sw" href="https://sauti.example/track/1?x=1&amp;lang=sw" />');
    const en = render({ head, language: 'en' });
    expect(en).toContain('<link rel="canonical" href="https://sauti.example/track/1?x=1&amp;lang=en" />');
    expect(en).toContain('<meta property="og:url" content="https://sauti.example/track/1?x=1&amp;lang=en" />');
    expect(en).toContain('<meta property="og:locale" content="en_KE" />');
    expect(en).toContain('<meta property="og:locale:alternate" content="sw_KE" />');
    expect(en.match(/og:locale"/g)).toHaveLength(1);
  });

  it('gives a page the browser renders its language, title and description (issue 33)', () => {
    const html = shellHtml(TEMPLATE, { language: 'sw', title: 'Maktaba yako · Sauti', description: 'Muziki <wa> "Kenya"' });
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain('<title>Maktaba yako · Sauti</title>');
    expect(html).toContain('<meta name="description" content="Muziki &lt;wa&gt; &quot;Kenya&quot;" />');
    expect(html).toContain('<div id="root"></div>');
  });

  it('links a drawn share card in the page language, a cover as it is', () => {
    const head = (imagePath: string) => ({ title: 'T', description: 'D', canonicalPath: '/track/1', type: 'music.song' as const, imagePath });
    const page = (imagePath: string, language: 'en' | 'sw') => render({ head: head(imagePath), language });
    expect(page('/api/cards/track/1.png', 'sw')).toContain('<meta property="og:image" content="https://sauti.example/api/cards/track/1.png?lang=sw" />');
    expect(page('/api/cards/track/1.png', 'en')).toContain('<meta property="og:image" content="https://sauti.example/api/cards/track/1.png" />');
    expect(page('/api/media/cover.jpg?v=1', 'sw')).toContain('content="https://sauti.example/api/media/cover.jpg?v=1"');
  });

  it('writes the hydration data so that nothing in it can end the script element', () => {
    const state = JSON.stringify({ trackName: '</script><script>alert(1)</script><!--', line: '\u2028' });
    const safe = jsonForScript(state);
    expect(safe).not.toMatch(/<|>/);
    expect(JSON.parse(safe)).toEqual(JSON.parse(state));
  });
});

describe('the template of server-rendered pages', () => {
  const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Sauti</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/query-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

  it('inlines the stylesheet and asks for the scripts only through boot.js, after the page has painted', () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'index-jkl.css'), 'body{color:red}</style><script>x</script>');
    fs.writeFileSync(path.join(webDir, 'boot.js'), '');
    const html = templateForRenderedPages(built, webDir);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<style>body{color:red}<\\/style><script>x</script></style>');
    expect(html).toContain('<script src="/boot.js" defer data-entry="/assets/index-abc.js" data-preload="/assets/react-def.js /assets/query-ghi.js"></script>');
    fs.rmSync(webDir, { recursive: true });
  });
});
