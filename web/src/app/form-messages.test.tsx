import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileCatalogue } from '#common/i18n/compile';
import { formatMessage, type CompiledCatalogue } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import { fillTemplate, placeholdersOf } from '#common/i18n/templates';
import { AUTH_MESSAGES } from '#common/schemas/auth';
import { ADMIN_MESSAGES } from '#common/schemas/admin';
import { refundAmountAtMostMessage } from '#common/schemas/console';
import { CODE_MESSAGES } from '#common/codes';
import { PAYMENT_MESSAGES, amountBelowPriceMessage } from '#common/payment-messages';
import appEn from '../../../common/src/i18n/app.en.json';
import appSw from '../../../common/src/i18n/app.sw.json';
import en from '../../../common/src/i18n/en.json';
import sw from '../../../common/src/i18n/sw.json';
import { AppRoutes } from '@/app/router';
import { FORM_MESSAGE_TABLES, setAppCatalogue } from '@/lib/app-i18n';
import { mockFetch, SIGNED_OUT, TEST_USER } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { fallbackTranslator, createTranslator, I18nProvider } from '@/lib/i18n';
import { FAN_MESSAGES, fanFormMessage, formMessageLocalizer } from '@/lib/form-messages';

const swTranslator = createTranslator('sw', compileCatalogue(sw));

/** The whole app at `path`, its public pages' strings in Kiswahili. */
const renderInKiswahili = (path: string) =>
  renderApp(
    path,
    <I18nProvider translator={swTranslator}>
      <AppRoutes />
    </I18nProvider>,
  );

describe("the shared schemas' messages in the page's language (decision 063)", () => {
  it('finds a table message by its English; anything else, and a message without a key, stays as it is', () => {
    const catalogue: Record<string, string> = { 'form.auth.passwordRequired': 'Nenosiri linahitajika' };
    const localize = formMessageLocalizer({ auth: AUTH_MESSAGES }, (key) => catalogue[key] ?? key);
    expect(localize(AUTH_MESSAGES.passwordRequired)).toBe('Nenosiri linahitajika');
    expect(localize(AUTH_MESSAGES.passwordMin)).toBe(AUTH_MESSAGES.passwordMin);
    expect(localize('Something else')).toBe('Something else');
  });

  it("the fan forms' messages: English word for word, and Kiswahili, the price carried over", () => {
    const en = fallbackTranslator().t;
    for (const message of [PAYMENT_MESSAGES.emailRequired, PAYMENT_MESSAGES.emailInvalid, PAYMENT_MESSAGES.amountFormat, PAYMENT_MESSAGES.amountTooHigh]) {
      expect(fanFormMessage(message, en)).toBe(message);
    }
    expect(fanFormMessage(PAYMENT_MESSAGES.fixedPrice, en)).toBe(PAYMENT_MESSAGES.fixedPrice);
    expect(fanFormMessage(CODE_MESSAGES.codeRequired, en)).toBe(CODE_MESSAGES.codeRequired);
    expect(fanFormMessage(CODE_MESSAGES.codeFormat, en)).toBe(CODE_MESSAGES.codeFormat);
    expect(fanFormMessage(amountBelowPriceMessage(150_000), en)).toBe(amountBelowPriceMessage(150_000));

    expect(fanFormMessage(amountBelowPriceMessage(150_000), swTranslator.t)).toBe('Lipa angalau KES 1,500.00, bei yake.');
    expect(fanFormMessage(PAYMENT_MESSAGES.amountFormat, swTranslator.t)).toBe('Weka kiasi kwa KES, kama 750 au 1,500.50');
    expect(fanFormMessage(CODE_MESSAGES.codeRequired, swTranslator.t)).not.toBe(CODE_MESSAGES.codeRequired);
    expect(fanFormMessage('Not a schema message', swTranslator.t)).toBe('Not a schema message');
  });

  it('the sign-in form, in Kiswahili, says what is missing in Kiswahili', async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderInKiswahili('/auth');
    const form = await screen.findByRole('form', { name: appSw['auth.signInLabel'] });
    await userEvent.setup().click(within(form).getByRole('button', { name: appSw['auth.signIn'] }));
    expect(await within(form).findByText(appSw['form.auth.invalidEmail'])).toBeVisible();
    expect(within(form).getByText(appSw['form.auth.passwordRequired'])).toBeVisible();
    expect(within(form).queryByText(AUTH_MESSAGES.passwordRequired)).toBeNull();
  });

  it('the redeem page, in Kiswahili, says what is missing in Kiswahili', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderInKiswahili('/redeem');
    const heading = await screen.findByRole('heading', { level: 1, name: sw['redeem.title'] });
    const form = heading.closest('main') ?? document.body;
    await userEvent.setup().click(within(form as HTMLElement).getByRole('button', { name: sw['redeem.submit'] }));
    expect(await screen.findByText(sw['redeem.codeRequired'])).toBeVisible();
    expect(screen.getByText(sw['purchase.emailRequired'])).toBeVisible();
  });
  it("the M-Pesa number form, in Kiswahili, says a bad number in Kiswahili, once (issue 33)", async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/payment-methods': { body: [] },
      'GET /api/banks': { body: [] },
      'GET /api/payouts': { body: { balance: { owed: 0, pending: 0 }, nextPayout: null, payouts: [] } },
      'GET /api/user/preferences': { body: { saleEmails: true } },
    });
    renderInKiswahili('/dashboard?section=payments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: appSw['payments.addMpesaButton'] }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: appSw['payments.addMpesaTitle'] });
    await user.type(within(dialog).getByLabelText(appSw['payments.mpesaNumberLabel']), '12345');
    await user.click(within(dialog).getByRole('button', { name: appSw['payments.addMpesaButton'] }));
    expect(await within(dialog).findByText(appSw['payments.mobileInvalidTitle'])).toBeVisible();
    expect(within(dialog).getByText(appSw['form.payment.mobileInvalid'])).toBeVisible();
    expect(screen.getAllByText(appSw['form.payment.mobileInvalid'])).toHaveLength(1);
    expect(screen.queryByText(PAYMENT_MESSAGES.mobileInvalidTitle)).toBeNull();
    expect(screen.queryByText(PAYMENT_MESSAGES.mobileInvalid)).toBeNull();
  }, 20_000);
});

describe('messages with a value, found by their template (decision 072)', () => {
  const appCatalogues: Record<Language, CompiledCatalogue> = { en: compileCatalogue(appEn), sw: compileCatalogue(appSw) };
  /** The artist side's translator as <AppMessages> makes it, over the app catalogue alone. */
  const appT = (language: Language) => (key: string, values?: Record<string, string>) => {
    const message = appCatalogues[language][key];
    return message === undefined ? key : formatMessage(message, values, language);
  };
  const artistSw = formMessageLocalizer(FORM_MESSAGE_TABLES, appT('sw'));
  const artistEn = formMessageLocalizer(FORM_MESSAGE_TABLES, appT('en'));
  const templates = Object.entries(FORM_MESSAGE_TABLES).flatMap(([prefix, table]) =>
    Object.entries(table)
      .filter(([, text]) => placeholdersOf(text).length > 0)
      .map(([name, text]) => ({ key: `${prefix}.${name}`, text })),
  );

  it('the artist side and the console: each valued message in Kiswahili with its value, English word for word, anything else as it is', () => {
    expect(templates.map(({ key }) => key).sort()).toEqual(['consoleRefund.atMost', 'payment.amountBelowPrice']);
    expect(artistSw(amountBelowPriceMessage(150_000))).toBe('Lipa angalau KES 1,500.00, bei yake.');
    expect(artistSw(refundAmountAtMostMessage(1_000))).toBe('Unaweza kurudisha hadi KES 10.00 tu, kilichobaki kwenye mauzo haya.');
    expect(artistEn(amountBelowPriceMessage(150_000))).toBe(amountBelowPriceMessage(150_000));
    expect(artistEn(refundAmountAtMostMessage(1_000))).toBe(refundAmountAtMostMessage(1_000));
    for (const { key, text } of templates) {
      const message = fillTemplate(text, Object.fromEntries(placeholdersOf(text).map((name) => [name, `KES 12.34`])));
      expect(artistEn(message), key).toBe(message);
      expect(artistSw(message), key).not.toBe(message);
      expect(artistSw(message), key).toContain('KES 12.34');
    }
    expect(artistSw(ADMIN_MESSAGES.codeFormat)).toBe(appSw['form.admin.codeFormat']);
    expect(artistSw('The refund can be at most nothing')).toBe('The refund can be at most nothing');
    expect(artistSw('Something else')).toBe('Something else');
  });

  it("the fan side: each of its messages in Kiswahili, the price carried over, English word for word, placeholders named as in its catalogue", () => {
    const enT = fallbackTranslator().t;
    for (const [english, key] of FAN_MESSAGES) {
      expect(placeholdersOf(en[key]), key).toEqual(placeholdersOf(english));
      expect(placeholdersOf(sw[key]).sort(), key).toEqual(placeholdersOf(english).sort());
      const message = fillTemplate(english, Object.fromEntries(placeholdersOf(english).map((name) => [name, 'KES 7.00'])));
      expect(fanFormMessage(message, enT), key).toBe(message);
      expect(fanFormMessage(message, swTranslator.t), key).toBe(formatMessage(compileCatalogue(sw)[key]!, { price: 'KES 7.00' }, 'sw'));
    }
    expect(fanFormMessage(amountBelowPriceMessage(5_000), swTranslator.t)).toBe('Lipa angalau KES 50.00, bei yake.');
    expect(fanFormMessage(refundAmountAtMostMessage(1_000), swTranslator.t)).toBe(refundAmountAtMostMessage(1_000));
  });

  it("the console, in Kiswahili, says a refund over what is left in Kiswahili, with the amount left", async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    const sale = { reference: 'SAUTI-REF-1', itemType: 'track', itemName: 'Nyota', artistName: 'Amani', email: 'fan@example.com', amount: 5_000, status: 'paid', paidAt: '2026-11-20T10:00:00.000Z', refundStatus: null };
    const { calls } = mockFetch({
      'GET /api/user': { body: TEST_USER },
      'GET /api/admin/me': { body: { email: TEST_USER.email, enrolled: true, verifiedUntil: '2099-01-01T00:00:00.000Z', recoveryCodesLeft: 10 } },
      'GET /api/admin/picks': { body: { picks: [] } },
      'GET /api/admin/sales': { body: { sales: [sale] } },
      // What a server that did not know the page's language would say (decision 072: the console translates it).
      'POST /api/admin/sales/SAUTI-REF-1/refund': { status: 400, body: { code: 'refund.amount-too-large', message: refundAmountAtMostMessage(1_000), left: 1_000 } },
    });
    renderInKiswahili('/admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: appSw['admin.refunds'] }));
    await user.type(screen.getByRole('textbox', { name: appSw['admin.saleFindLabel'] }), 'SAUTI-REF-1');
    await user.click(screen.getByRole('button', { name: appSw['admin.find'] }));
    await user.type(await screen.findByLabelText(appSw['admin.refundReason']), 'Ombi');
    await user.type(screen.getByLabelText(appSw['admin.refundPartLabel']), '20');
    await user.click(screen.getByRole('button', { name: 'Rudisha KES 20.00' }));
    expect(await screen.findByText('Unaweza kurudisha hadi KES 10.00 tu, kilichobaki kwenye mauzo haya.')).toBeVisible();
    expect(screen.queryByText(refundAmountAtMostMessage(1_000))).toBeNull();
    expect(calls('POST /api/admin/sales/SAUTI-REF-1/refund')).toHaveLength(1);
  });
});
