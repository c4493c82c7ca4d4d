import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import { formatMessage, type CompiledCatalogue } from '#common/i18n/format';
import type { Language } from '#common/i18n/language';
import { AUTH_MESSAGES } from '#common/schemas/auth';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PROFILE_MESSAGES } from '#common/schemas/profile';
import { PAYMENT_MESSAGES } from '#common/payment-messages';
import { CODE_MESSAGES } from '#common/codes';
import { TAG_MESSAGES } from '#common/genres';
import { ADMIN_MESSAGES } from '#common/schemas/admin';
import { TAKEDOWN_MESSAGES } from '#common/schemas/takedowns';
import { CONSOLE_MESSAGES, CONSOLE_REFUND_MESSAGES } from '#common/schemas/console';
import { REFUND_MESSAGES } from '#common/schemas/payments';
import { REPORT_MESSAGES } from '#common/schemas/reports';
import { FormMessageLocalizer } from '@/components/ui/form';
import { formMessageLocalizer, type MessageTables } from './form-messages';
import { settled, settling } from './settled';
import { fallbackTranslator, useI18n, type AppMessageKey, type AppTranslator, type MessageKey } from './i18n';

/*
 * The artist side's messages (decision 055): the dashboard, /auth and /admin have their own
 * catalogue pair (app.en.json, app.sw.json), a chunk of its own that only those routes load, so
 * the public pages' HTML and scripts never carry it; this module is itself only in the artist
 * side's chunks (the router loads it with each artist screen). <AppMessages> (inside a Suspense) adds it to
 * the page's translator; the components under it ask `useAppI18n()`.
 */
/** Each language's catalogue, loaded once; the same promise every time (lib/settled.ts). */
const appCatalogueLoads = new Map<Language, Promise<CompiledCatalogue>>();

function loadAppCatalogue(language: Language): Promise<CompiledCatalogue> {
  let load = appCatalogueLoads.get(language);
  if (!load) {
    const chunk =
      language === 'sw' ? import('../../../common/src/i18n/app.sw.json?icu') : import('../../../common/src/i18n/app.en.json?icu');
    load = settling(chunk.then((module) => module.default));
    appCatalogueLoads.set(language, load);
  }
  return load;
}

/** A catalogue already at hand (the tests' English one, compiled without Vite). */
export function setAppCatalogue(language: Language, catalogue: CompiledCatalogue) {
  appCatalogueLoads.set(language, settled(catalogue));
}

const AppI18nContext = createContext<AppTranslator | null>(null);

/**
 * The shared schemas' tables the artist side's forms show messages of, by their catalogue prefix
 * (`form.auth.passwordMin`, …: the server catalogue's keys, decision 056), put into the page's
 * language by every FormMessage under <AppMessages> (decision 063), and the console's (its
 * sign-in, second factor, takedowns, refunds and reports: decision 072), which its refusals go
 * through too (`useMessageLocalizer`). Templates with a value are among them (decision 072).
 */
export const FORM_MESSAGE_TABLES: MessageTables = {
  auth: AUTH_MESSAGES,
  catalog: CATALOG_MESSAGES,
  profile: PROFILE_MESSAGES,
  payment: PAYMENT_MESSAGES,
  code: CODE_MESSAGES,
  tag: TAG_MESSAGES,
  admin: ADMIN_MESSAGES,
  takedown: TAKEDOWN_MESSAGES,
  console: CONSOLE_MESSAGES,
  consoleRefund: CONSOLE_REFUND_MESSAGES,
  refund: REFUND_MESSAGES,
  report: REPORT_MESSAGES,
};

export function AppMessages({ children }: { children: ReactNode }) {
  const base = useI18n();
  // use() on every render, with the same promise, settled once the catalogue is here (lib/settled.ts).
  const app = use(loadAppCatalogue(base.language));
  const translator = useMemo<AppTranslator>(
    () => ({
      language: base.language,
      t: (key, values) => {
        const message = app[key];
        return message === undefined ? base.t(key as MessageKey, values) : formatMessage(message, values, base.language);
      },
    }),
    [base, app],
  );
  const localize = useMemo(() => formMessageLocalizer(FORM_MESSAGE_TABLES, (key, values) => translator.t(key as AppMessageKey, values)), [translator]);
  return (
    <AppI18nContext.Provider value={translator}>
      <FormMessageLocalizer value={localize}>{children}</FormMessageLocalizer>
    </AppI18nContext.Provider>
  );
}

/**
 * A shared schema's English message (a form's refusal, a server answer said in English) in the
 * page's language, as FormMessage shows it: for refusals shown outside a FormMessage, such as the
 * console's (decision 072). Any other text stays as it is.
 */
export function useMessageLocalizer(): (message: string) => string {
  return useContext(FormMessageLocalizer);
}

/** useI18n() with the artist side's keys too: for components under <AppMessages>. */
export function useAppI18n(): AppTranslator {
  return useContext(AppI18nContext) ?? fallbackTranslator();
}
