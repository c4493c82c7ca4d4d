import type { Language } from '#common/i18n/language';
import { PAGE_ROUTES } from '#common/routes';
import en from '../../../common/src/i18n/en.json';
import sw from '../../../common/src/i18n/sw.json';
import appEn from '../../../common/src/i18n/app.en.json';
import appSw from '../../../common/src/i18n/app.sw.json';

/** The web app's name, as web/src/lib/site.ts's SITE_NAME ends each page's title. */
const SITE_NAME = 'Sauti';

const FAN = { en, sw };
const APP = { en: appEn, sw: appSw };

/**
 * The title and description of a page the browser renders, in its language (issue 33): the same
 * texts its component sets with useDocumentTitle once the script runs, from the same catalogues
 * (en/sw.json for the fan's pages, app.en/sw.json for /auth and the console), so the two agree.
 * A page without a title of its own keeps the site's.
 */
export function shellHead(url: string, language: Language, status: number): { language: Language; title: string; description: string } {
  const fan = FAN[language];
  const app = APP[language];
  const page = (name: string) => ({ language, title: `${name} · ${SITE_NAME}`, description: fan['head.siteDescription'] });
  if (status === 404) return page(fan['notFound.documentTitle']);
  const address = new URL(url, 'http://sauti.invalid');
  const query = address.searchParams;
  // The router matches regardless of case and of a trailing slash (redirected before this, trailing-slash.ts).
  switch (address.pathname.toLowerCase()) {
    case PAGE_ROUTES.auth:
      return page(query.get('view') === 'forgot-password' ? app['auth.forgotPassword'] : query.get('tab') === 'register' ? app['auth.signUpLabel'] : app['auth.signInLabel']);
    case PAGE_ROUTES.resetPassword:
      return page(app['auth.resetPassword']);
    case PAGE_ROUTES.verifyEmail:
      return page(app['auth.verifyEmail']);
    case PAGE_ROUTES.library:
      return page(fan['library.title']);
    case PAGE_ROUTES.redeem:
      return page(fan['redeem.title']);
    case PAGE_ROUTES.admin:
      return page(app['admin.console']);
    default:
      return { language, title: fan['head.siteTitle'], description: fan['head.siteDescription'] };
  }
}
