import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compileCatalogue } from '#common/i18n/compile';
import { AUTH_MESSAGES } from '#common/schemas/auth';
import { CODE_MESSAGES } from '#common/codes';
import { PAYMENT_MESSAGES, amountBelowPriceMessage } from '#common/payment-messages';
import appSw from '../../../common/src/i18n/app.sw.json';
import sw from '../../../common/src/i18n/sw.json';
import { AppRoutes } from '@/app/router';
import { setAppCatalogue } from '@/lib/app-i18n';
import { mockFetch, SIGNED_OUT } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { fallbackTranslator, createTranslator, I18nProvider } from '@/lib/i18n';
import { fanFormMessage, formMessageLocalizer } from '@/lib/form-messages';

const swTranslator = createTranslator('sw', compileCatalogue(sw));

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

    expect(fanFormMessage(amountBelowPriceMessage(150_000), swTranslator.t)).toBe('Lipa angalau KES 1500.00, bei yake.');
    expect(fanFormMessage(PAYMENT_MESSAGES.amountFormat, swTranslator.t)).toBe('Weka kiasi kwa KES, kama 750 au 1,500.50');
    expect(fanFormMessage(CODE_MESSAGES.codeRequired, swTranslator.t)).not.toBe(CODE_MESSAGES.codeRequired);
    expect(fanFormMessage('Not a schema message', swTranslator.t)).toBe('Not a schema message');
  });

  it('the sign-in form, in Kiswahili, says what is missing in Kiswahili', async () => {
    setAppCatalogue('sw', compileCatalogue(appSw));
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp(
      '/auth',
      <I18nProvider translator={swTranslator}>
        <AppRoutes />
      </I18nProvider>,
    );
    const form = await screen.findByRole('form', { name: appSw['auth.signInLabel'] });
    await userEvent.setup().click(within(form).getByRole('button', { name: appSw['auth.signIn'] }));
    expect(await within(form).findByText(appSw['form.auth.invalidEmail'])).toBeVisible();
    expect(within(form).getByText(appSw['form.auth.passwordRequired'])).toBeVisible();
    expect(within(form).queryByText(AUTH_MESSAGES.passwordRequired)).toBeNull();
  });

  it('the redeem page, in Kiswahili, says what is missing in Kiswahili', async () => {
    mockFetch({ 'GET /api/user': SIGNED_OUT });
    renderApp(
      '/redeem',
      <I18nProvider translator={swTranslator}>
        <AppRoutes />
      </I18nProvider>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: sw['redeem.title'] });
    const form = heading.closest('main') ?? document.body;
    await userEvent.setup().click(within(form as HTMLElement).getByRole('button', { name: sw['redeem.submit'] }));
    expect(await screen.findByText(sw['redeem.codeRequired'])).toBeVisible();
    expect(screen.getByText(sw['purchase.emailRequired'])).toBeVisible();
  });
});
