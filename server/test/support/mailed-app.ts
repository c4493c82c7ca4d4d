import { CatalogTestApp } from './catalog-app';
import { mediaFixtures, type MediaFixtures } from './media-fixtures';
import { startPaystackStandIn, type PaystackStandIn } from './paystack-stand-in';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';

/** What startMailedApp starts: the app, the SMTP server its mail goes to, the media fixtures and, for Paystack, its stand-in. */
export interface MailedApp {
  t: CatalogTestApp;
  smtp: SmtpCapture;
  media: MediaFixtures;
  standIn: PaystackStandIn | undefined;
}

/**
 * The set-up the selling and mailing tests share: the media fixtures, a captured SMTP server and
 * the app (local storage) sending its mail there, `env` adding settings (a proxy, say). With
 * provider 'paystack' the app calls a Paystack stand-in instead of the simulated provider.
 */
export async function startMailedApp(options: { env?: Record<string, string>; provider?: 'simulated' | 'paystack' } = {}): Promise<MailedApp> {
  const media = await mediaFixtures();
  const smtp = await startSmtpCapture();
  // Nothing is left listening when a start fails: the caller has nothing to close.
  const standIn = options.provider === 'paystack' ? await startPaystackStandIn().catch(closeMailedAppAfter({ smtp })) : undefined;
  const t = await CatalogTestApp.start('local', { SMTP_URL: smtp.url, ...standIn?.env, ...options.env }).catch(closeMailedAppAfter({ smtp, standIn }));
  return { t, smtp, media, standIn };
}

/** A rejection handler: closes what had started, then fails as the start did. */
const closeMailedAppAfter = (started: Partial<MailedApp>) => async (error: unknown): Promise<never> => {
  await closeMailedApp(started);
  throw error;
};

/** Closes what startMailedApp started; any part may be missing (its start failed, or never came). */
export async function closeMailedApp({ t, smtp, standIn }: Partial<MailedApp>): Promise<void> {
  for (const part of [t, smtp, standIn]) await part?.close();
}
