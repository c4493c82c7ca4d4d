import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_SERVER_MESSAGES } from '#common/schemas/auth';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PROFILE_MESSAGES } from '#common/schemas/profile';
import { PAYMENT_MESSAGES } from '#common/payment-messages';
import { RECEIPT_MESSAGES, REFUND_MESSAGES } from '#common/schemas/payments';
import { CODE_MESSAGES } from '#common/codes';
import { TAG_MESSAGES } from '#common/genres';
import { SEARCH_MESSAGES } from '#common/schemas/search';
import { SALES_MESSAGES } from '#common/schemas/sales';
import { ANALYTICS_MESSAGES } from '#common/schemas/analytics';
import { ADMIN_MESSAGES } from '#common/schemas/admin';
import { TAKEDOWN_MESSAGES } from '#common/schemas/takedowns';
import { REPORT_MESSAGES } from '#common/schemas/reports';
import { CONSOLE_MESSAGES, CONSOLE_REFUND_MESSAGES, refundAmountAtMostMessage } from '#common/schemas/console';
import { DOWNLOAD_FORMAT_MESSAGES } from '#common/schemas/playback';
import { FOLLOW_MESSAGES } from '#common/schemas/follows';
import { LIBRARY_MESSAGES } from '#common/schemas/library';
import { emptyTexts, missingKeys, placeholderMismatches } from '#common/i18n/parity';
import { placeholdersOf } from '#common/i18n/templates';
import { ERRORS } from '../lib/errors';
import { keyOfMessage, serverText, translateBody, translateMessage, type ServerMessageKey } from '.';
import en from './server.en.json';
import sw from './server.sw.json';
import appEn from '../../../common/src/i18n/app.en.json';
import appSw from '../../../common/src/i18n/app.sw.json';
import fanEn from '../../../common/src/i18n/en.json';
import fanSw from '../../../common/src/i18n/sw.json';
import marketingEn from '../../../common/src/i18n/marketing.en.json';
import marketingSw from '../../../common/src/i18n/marketing.sw.json';
import { PAYMENT_MESSAGES as FAN_PAYMENT, amountBelowPriceMessage } from '#common/payment-messages';

/** The schemas' message tables, by the catalogue's key prefix: their English is the catalogue's. */
const TABLES: Record<string, Record<string, string>> = {
  auth: AUTH_MESSAGES,
  authServer: AUTH_SERVER_MESSAGES,
  catalog: CATALOG_MESSAGES,
  profile: PROFILE_MESSAGES,
  payment: PAYMENT_MESSAGES,
  receipt: RECEIPT_MESSAGES,
  refund: REFUND_MESSAGES,
  code: CODE_MESSAGES,
  tag: TAG_MESSAGES,
  search: SEARCH_MESSAGES,
  sales: SALES_MESSAGES,
  analytics: ANALYTICS_MESSAGES,
  admin: ADMIN_MESSAGES,
  takedown: TAKEDOWN_MESSAGES,
  report: REPORT_MESSAGES,
  console: CONSOLE_MESSAGES,
  consoleRefund: CONSOLE_REFUND_MESSAGES,
  downloadFormat: DOWNLOAD_FORMAT_MESSAGES,
  follow: FOLLOW_MESSAGES,
  library: LIBRARY_MESSAGES,
};

/** The tables' texts only the web shows (toasts, titles, labels): the web's catalogue holds them, the server never sends them. */
const WEB_ONLY = new Set([
  ...['profileUpdated', 'profileUpdateFailed', 'photoUpdated', 'photoUpdateFailed', 'socialLinkAdded', 'socialLinkDeleted', 'socialLinkAddFailed', 'socialLinkDeleteFailed'].map((name) => `profile.${name}`),
  ...['mobileRequiredTitle', 'mobileInvalidTitle', 'methodAdded', 'methodRemoved', 'methodAddFailed', 'methodRemoveFailed', 'mpesaAdded', 'mpesaAddFailed', 'emailRequiredTitle']
    .concat(['paymentFailed', 'libraryNotLoaded', 'configMissing', 'systemUnavailable', 'verificationFailedTitle', 'downloadStarted', 'nameYourPrice', 'amountLabel'])
    .concat(['buyAgain', 'purchased', 'notOnSaleYet', 'paymentPendingTitle', 'paymentPendingNote', 'checkAgain', 'tryAgain'])
    .map((name) => `payment.${name}`),
  'sales.saleEmailsOn',
  'sales.saleEmailsOff',
  'sales.preferencesFailed',
  'code.created',
  'analytics.empty',
]);

describe('the server catalogue (decision 056)', () => {
  it('holds the same keys in English and Kiswahili, none empty', () => {
    expect(missingKeys(en, sw)).toEqual({ missingInSw: [], missingInEn: [] });
    expect(emptyTexts(en, sw)).toEqual([]);
  });

  it('is valid ICU, filling in the same placeholders in both languages', () => {
    expect(placeholderMismatches(en, sw)).toEqual([]);
  });

  it('holds every message of the error table, word for word, and finds its key by its English', () => {
    for (const [code, { message }] of Object.entries(ERRORS)) {
      const found = keyOfMessage(message);
      expect(found, code).toBeDefined();
      expect(serverText('en', found!.key), code).toBe(message);
    }
  });

  it("holds the schemas' messages word for word under their table's prefix", () => {
    for (const key of Object.keys(en) as ServerMessageKey[]) {
      const [prefix, name] = key.split('.') as [string, string];
      const table = TABLES[prefix];
      // A template (decision 072) is compared with its placeholders filled in with themselves.
      const template = table?.[name];
      const values = template === undefined ? undefined : Object.fromEntries(placeholdersOf(template).map((placeholder) => [placeholder, `{${placeholder}}`]));
      if (table) expect(serverText('en', key, values), key).toBe(template);
    }
  });

  it("has a key for every text of the schemas' tables the server may send (a new one fails here until it is translated)", () => {
    const missing = Object.entries(TABLES).flatMap(([prefix, table]) =>
      Object.entries(table)
        .filter(([name]) => !WEB_ONLY.has(`${prefix}.${name}`))
        .filter(([, text]) => keyOfMessage(text) === undefined)
        .map(([name]) => `${prefix}.${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('translates a message by its English, placeholders and all, and leaves unknown texts as they are', () => {
    expect(translateMessage(CATALOG_MESSAGES.trackNotFound, 'sw')).toBe('Wimbo haupatikani');
    expect(translateMessage(CATALOG_MESSAGES.trackNotFound, 'en')).toBe('Track not found');
    expect(translateMessage('The form field title is too long', 'sw')).toBe('Sehemu ya fomu title ni ndefu mno');
    expect(translateMessage('Something nobody wrote down', 'sw')).toBe('Something nobody wrote down');
    expect(translateBody({ code: 'form.invalid', message: AUTH_MESSAGES.passwordMin, errors: { password: AUTH_MESSAGES.passwordMin }, id: 'x' }, 'sw')).toEqual({
      code: 'form.invalid',
      message: 'Nenosiri liwe na angalau herufi 6',
      errors: { password: 'Nenosiri liwe na angalau herufi 6' },
      id: 'x',
    });
  });

  it('writes e-mails with selects in both languages', () => {
    expect(serverText('en', 'mail.receipt.action', { itemType: 'album' })).toBe('Download the album');
    expect(serverText('sw', 'mail.receipt.action', { itemType: 'track' })).toBe('Pakua wimbo');
    expect(serverText('sw', 'mail.sale.body', { itemType: 'album', itemName: 'Nyota', price: 'KES 500.00', artistShare: 'KES 450.00' })).toBe(
      'Shabiki amenunua albamu yako "Nyota" kwa KES 500.00. Sehemu yako (90%) ni KES 450.00.',
    );
  });
});

describe("the web's copies of the schemas' messages (decision 063)", () => {
  /** The tables the artist side's and the console's forms show (web/src/lib/app-i18n.tsx, FORM_MESSAGE_TABLES; decisions 063, 072). */
  const FORM_TABLES = ['auth', 'catalog', 'profile', 'payment', 'code', 'tag', 'admin', 'takedown', 'console', 'consoleRefund', 'refund', 'report'];
  const app = { en: appEn as Record<string, string>, sw: appSw as Record<string, string> };
  const server = { en: en as Record<string, string>, sw: sw as Record<string, string> };

  it("the artist side's catalogue holds each form table's message as the server says it, in both languages", () => {
    const expected = Object.keys(server.en).filter((key) => FORM_TABLES.includes(key.split('.')[0]!));
    expect(Object.keys(app.en).filter((key) => key.startsWith('form.')).sort()).toEqual(expected.map((key) => `form.${key}`).sort());
    for (const key of expected) {
      expect(app.en[`form.${key}`], key).toBe(server.en[key]);
      expect(app.sw[`form.${key}`], key).toBe(server.sw[key]);
    }
  });

  it("a price below a pay-more item's is translated with its price by the server as by the dialog", () => {
    expect(translateMessage(amountBelowPriceMessage(50_000), 'sw')).toBe('Lipa angalau KES 500.00, bei yake.');
    expect(translateMessage(amountBelowPriceMessage(50_000), 'en')).toBe(amountBelowPriceMessage(50_000));
    expect(translateMessage(FAN_PAYMENT.amountFormat, 'sw')).toBe(sw['payment.amountFormat']);
  });

  it("a refund over what is left is translated with the amount left (decision 072)", () => {
    expect(refundAmountAtMostMessage(1_000)).toBe('The refund can be at most KES 10.00, what is left to refund of this sale.');
    expect(translateMessage(refundAmountAtMostMessage(1_000), 'sw')).toBe('Unaweza kurudisha hadi KES 10.00 tu, kilichobaki kwenye mauzo haya.');
    expect(translateMessage(refundAmountAtMostMessage(1_000), 'en')).toBe(refundAmountAtMostMessage(1_000));
  });
});

describe('one word per term in every Kiswahili catalogue (decisions 049, 055, 056, 062, 063, 078)', () => {
  /** The fan, artist, marketing and server catalogues in Kiswahili, by name, with their English. */
  const CATALOGUES: [string, Record<string, string>, Record<string, string>][] = [
    ['sw.json', fanEn, fanSw],
    ['app.sw.json', appEn, appSw],
    ['marketing.sw.json', marketingEn, marketingSw],
    ['server.sw.json', en, sw],
  ];
  /** What the glossary set aside, and the word it chose instead. */
  const SET_ASIDE: [RegExp, string][] = [
    [/barua pepe/i, 'email (063)'],
    [/\bwasifu\b/i, 'ukurasa wa msanii (049, 063)'],
    [/\bnambari\b/i, 'namba (063)'],
    [/\bkuponi\b/i, 'vocha (055, 063)'],
    [/jina la kuonyesha|jina linaloonekana/i, 'jina la msanii (078)'],
    [/\bfaili (hili|hilo|lile|la|lako|lake|langu|letu|lenu|lao|lenye|lililo|limeshindwa)\b|\bmafaili\b/i, 'faili in the N class: faili hii, faili yako, faili zako (078)'],
    [/\bstakabadhi\b/i, 'risiti (078)'],
  ];

  it('use none of the words the glossary set aside', () => {
    for (const [name, , catalogue] of CATALOGUES) {
      for (const [key, text] of Object.entries(catalogue)) {
        for (const [word, instead] of SET_ASIDE) expect(word.test(text), `${name} ${key}: "${text}" (say ${instead})`).toBe(false);
      }
    }
  });

  it('say "money" with every refund, as "rudisha" alone is a takedown undone (078)', () => {
    for (const [name, english, catalogue] of CATALOGUES) {
      for (const [key, text] of Object.entries(english)) {
        if (!/refund/i.test(text)) continue;
        expect(catalogue[key], `${name} ${key}: "${catalogue[key]}"`).toMatch(/pesa|kiasi|\{(amount|left)\}/i);
      }
    }
  });
});
