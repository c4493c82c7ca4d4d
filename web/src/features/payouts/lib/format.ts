import type { AppTranslator } from '@/lib/i18n';

/**
 * An account number as the Payments section shows it: only its last four digits ("•••• 6789"),
 * enough for the artist to recognise it and nothing for someone reading over their shoulder.
 * The server may send it masked already; the last four digits are taken either way.
 */
export function maskedAccountNumber(accountNumber: string | null | undefined): string {
  const digits = (accountNumber ?? '').replace(/\D/g, '');
  return digits ? `•••• ${digits.slice(-4)}` : '';
}

/** The same for screen readers, which would read the dots one by one. */
export function spokenAccountNumber(t: AppTranslator['t'], accountNumber: string | null | undefined): string {
  const digits = (accountNumber ?? '').replace(/\D/g, '');
  return digits ? t('payments.accountEnding', { digits: digits.slice(-4).split('').join(' ') }) : t('payments.accountNumber');
}
