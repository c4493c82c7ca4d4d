import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Cookie } from '@playwright/test';
import { expect, expectFailedRequest, test, type Locator, type Page } from './support/test';
import { compileCatalogue } from '../common/src/i18n/compile';
import { formatMessage, type MessageValues } from '../common/src/i18n/format';
import type { Language } from '../common/src/i18n/language';
import { toSlug } from '../common/src/slug';
import type { TestAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { fanEmail, payWithTestCard, sellingArtist, startPurchase } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';

/**
 * WCAG 2.2 AA, proven (issue 20, decision 057): axe finds nothing on every public page, /auth,
 * each dashboard section and each dialog, at 390 and 1280 px, in English and in Kiswahili. Each
 * width and language is walked in four parts (PARTS), each a test with its own browser context,
 * signed out, then as the seeded artist; every finding of a part is listed at its end, so one run
 * shows them all.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const catalogue = (language: Language) => compileCatalogue(JSON.parse(fs.readFileSync(`common/src/i18n/${language}.json`, 'utf8')) as Record<string, string>);
const CATALOGUES = { en: catalogue('en'), sw: catalogue('sw') };
const translate = (language: Language) => (key: string, values?: MessageValues) => formatMessage(CATALOGUES[language][key]!, values, language);

const APP_CATALOGUES = {
  en: compileCatalogue(JSON.parse(fs.readFileSync('common/src/i18n/app.en.json', 'utf8')) as Record<string, string>),
  sw: compileCatalogue(JSON.parse(fs.readFileSync('common/src/i18n/app.sw.json', 'utf8')) as Record<string, string>),
};
/** The dashboard's openers, by name, from the artist side's catalogue (decision 055). */
function dashboardNames(language: Language) {
  const t = (key: string, values?: MessageValues) => formatMessage(APP_CATALOGUES[language][key]!, values, language);
  return {
    upload: t('myMusic.uploadTracks'),
    edit: (name: string) => t('myMusic.editNamed', { name }),
    albumsTab: new RegExp(t('myMusic.albums')),
    addAlbum: t('myMusic.addAlbum'),
    addBank: t('payments.addBankButton'),
    addMpesa: t('payments.addMpesaButton'),
  };
}
const SECTIONS = ['my-music', 'profile', 'payments', 'analytics', 'codes'] as const;

let artist: TestAccount;
let artistCookies: Cookie[];
let track: UploadedTrack;
let albumId: string;
let receiptPath: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await seed(browser, async (page, media) => {
    artist = await sellingArtist(page, 'axe');
    track = await uploadTrackByApi(page, media.wav, { trackName: 'Axe Tone', artistName: artist.displayName, price: '50', genre: 'benga', allowFullPlayback: false });
    const other = await uploadTrackByApi(page, media.mp3, { trackName: 'Axe Free Tone', artistName: artist.displayName, genre: 'benga' });
    albumId = (await createAlbumByApi(page, { albumName: 'Axe Album', trackIds: [other.id], price: '120' })).id;
    artistCookies = await page.context().cookies();
  });

  // A fan's receipt: one purchase through the simulated checkout.
  const fan = await browser.newPage();
  const email = fanEmail();
  await fan.goto(`/track/${track.id}`);
  await startPurchase(fan, fan.getByRole('main'), 'Axe Tone', 5000, email);
  await payWithTestCard(fan);
  const mail = await waitForMail(email, /Your Sauti purchase/);
  const link = /https?:\/\/\S+?(\/purchase\/[A-Za-z0-9._=-]+\?token=[A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  receiptPath = link![1]!;
  await fan.close();
});

async function walkContext(browser: Browser, width: number, language: Language): Promise<BrowserContext> {
  // Reduced motion (decision 057): axe measures colours as they are, not halfway through a fade.
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width, height: width < 640 ? 844 : 900 }, extraHTTPHeaders: { 'X-Forwarded-For': `10.20.${width % 250}.${language === 'sw' ? 2 : 1}` } });
  // The language a visitor chose by the switch (decision 049); the first page also says ?lang=.
  await context.addCookies([{ name: 'lang', value: language, url: test.info().project.use.baseURL ?? 'http://localhost' }]);
  return context;
}

/** One walk's browser page and its checks; every finding is kept and listed at the walk's end. */
async function walk(browser: Browser, width: number, language: Language) {
  const context = await walkContext(browser, width, language);
  const page = await context.newPage();
  const found: string[] = [];
  const check = async (what: string, scope?: Locator) => {
    if (scope) await expect(scope).toBeVisible();
    // Colours are judged as they end, not mid-transition (a button fading in was once caught half-drawn).
    await page.waitForFunction(() => (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document.getAnimations().every((animation) => animation.playState !== 'running'));
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of results.violations) {
      found.push(`${what}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }
  };
  const visit = async (path: string, what: string) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // A section still loading is judged once it has loaded (its placeholders say aria-busy).
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await check(what);
  };
  const done = async () => {
    await context.close();
    expect.soft(found).toEqual([]);
  };
  return { context, page, check, visit, done, t: translate(language), dashboard: dashboardNames(language) };
}

type Walk = Awaited<ReturnType<typeof walk>>;

/**
 * The walk in four parts, each a test of its own (a slow machine's time limit is per part, and a
 * failure names the part): the public pages with the fan's dialogs, the fan's other pages, the
 * dashboard's sections, the dashboard's dialogs.
 */
const PARTS: Record<string, (walk: Walk, width: number, language: Language) => Promise<void>> = {
  'the public pages and the fan\'s dialogs': async ({ page, check, visit, t }, _width, language) => {
    await visit(`/?lang=${language}`, 'landing');
    await visit(`/profile/${toSlug(artist.displayName)}`, 'profile');
    await page.getByRole('button', { name: t('follow.buttonLabel', { artist: artist.displayName }) }).click();
    await check('follow dialog', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await visit(`/track/${track.id}`, 'track');
    await page.getByRole('main').getByTestId('buy-button').first().click();
    await check('purchase dialog', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('button', { name: t('item.play', { name: 'Axe Tone' }) }).first().click();
    await check('player', page.getByTestId('player-bar'));
    await visit(`/album/${albumId}`, 'album');
    await visit('/search?q=Axe', 'search');
    await visit('/genre/benga', 'genre');
  },
  'the fan\'s other pages and /auth': async ({ page, visit }) => {
    await visit('/redeem', 'redeem');
    await visit('/library', 'library');
    await visit(receiptPath, 'receipt');
    await visit('/for-artists', 'for artists');
    await visit('/terms-and-conditions', 'terms');
    // The 404 page is answered with status 404, which the browser logs.
    expectFailedRequest(page, '/no/such/page', 404);
    await visit('/no/such/page', 'not found');
    await visit('/auth', '/auth');
  },
  'the dashboard\'s sections': async ({ context, page, visit }) => {
    await context.addCookies(artistCookies);
    for (const section of SECTIONS) await visit(`/dashboard?section=${section}`, `dashboard ${section}`);
    await visit('/dashboard', 'my music');
    await expect(page.getByTestId('songs-count')).toHaveText(/^\d+$/);
  },
  'the dashboard\'s dialogs': async ({ context, page, check, visit, dashboard }) => {
    await context.addCookies(artistCookies);
    await visit('/dashboard', 'my music');
    await dialogCheck(page, check, 'upload dialog', page.getByRole('button', { name: dashboard.upload }));
    await dialogCheck(page, check, 'edit dialog', page.getByRole('button', { name: dashboard.edit('Axe Tone') }));
    await page.getByRole('tab', { name: dashboard.albumsTab }).click();
    await dialogCheck(page, check, 'album dialog', page.getByRole('button', { name: dashboard.addAlbum }));

    // The payout method dialogs open only without a method: removed here, given back after.
    const methods = (await (await page.request.get('/api/payment-methods')).json()) as { id: string }[];
    for (const { id } of methods) expect((await page.request.delete(`/api/payment-methods/${id}?force=true`)).ok()).toBe(true);
    try {
      await page.goto('/dashboard?section=payments');
      await expect(page.getByRole('button', { name: dashboard.addBank })).toBeEnabled();
      await check('payments, no method');
      await dialogCheck(page, check, 'bank dialog', page.getByRole('button', { name: dashboard.addBank }));
      await dialogCheck(page, check, 'M-Pesa dialog', page.getByRole('button', { name: dashboard.addMpesa }));
    } finally {
      const method = await page.request.post('/api/payment-methods/mobile-money', { data: { mobileNumber: '0712345678' } });
      expect(method.status(), await method.text()).toBe(201);
    }
  },
};

for (const width of [390, 1280]) {
  for (const language of ['en', 'sw'] as const) {
    for (const [part, run] of Object.entries(PARTS)) {
      test(`axe finds no WCAG 2.2 AA violation at ${width} px in ${language === 'en' ? 'English' : 'Kiswahili'}: ${part}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const current = await walk(browser, width, language);
        await run(current, width, language);
        await current.done();
      });
    }
  }
}

/** Opens a dialog by its opener, checks it, closes it by Escape and expects focus back on the opener. */
async function dialogCheck(page: Page, check: (what: string, scope?: Locator) => Promise<void>, what: string, opener: Locator) {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await check(what, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.soft(opener, `${what}: focus back on its opener`).toBeFocused();
}
