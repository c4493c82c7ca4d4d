import { useState } from 'react';
import { LightbulbIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAppI18n } from '@/lib/app-i18n';
import { MPESA_WITHDRAWAL_BANDS } from '#common/payments';

// A no-break space keeps "KES" and its amount on one line.
const kes = (amount: number) => `KES\u00a0${amount.toLocaleString('en-KE')}`;

/** Where the dismissal is remembered: this browser, until the artist logs out (logout clears storage). */
export const BANNER_DISMISSED_KEY = 'sauti.payments.mpesaFeeBannerDismissed';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the banner was dismissed, and a way to dismiss it for good. */
export function useBannerDismissed(): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => storage()?.getItem(BANNER_DISMISSED_KEY) === '1');
  const dismiss = () => {
    setDismissed(true);
    try {
      storage()?.setItem(BANNER_DISMISSED_KEY, '1');
    } catch {
      // Storage full or refused (privacy modes): dismissed for this visit only.
    }
  };
  return [dismissed, dismiss];
}

/**
 * Spec section 2's dismissible recommendation about M-Pesa fees: the withdrawal bands of section 9,
 * and that a bank account has none, so larger earnings are better paid to a bank.
 */
export function MpesaFeeBanner({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useAppI18n();
  // "KES 20 up to KES 1,500, KES 40 up to KES 20,000 and KES 60 up to KES 150,000" (spec section 9's bands).
  const bands = MPESA_WITHDRAWAL_BANDS.map(([, to, fee]) => t('payments.band', { fee: kes(fee), to: kes(to) }));
  const bandsSentence = t('payments.bandsList', { first: bands.slice(0, -1).join(', '), last: bands.at(-1) ?? '' });
  return (
    <div
      role="note"
      aria-labelledby="mpesa-fee-banner-title"
      className="relative flex gap-3 rounded-lg border border-primary/30 bg-accent/60 p-4 pr-14 sm:pr-12"
      data-testid="mpesa-fee-banner"
    >
      <LightbulbIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-1">
        <p id="mpesa-fee-banner-title" className="font-medium">
          {t('payments.bannerTitle')}
        </p>
        <p className="text-sm text-muted-foreground">{t('payments.bannerText', { bands: bandsSentence })}</p>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-1.5 right-1.5 size-11 text-muted-foreground sm:size-9"
        aria-label={t('payments.bannerDismiss')}
        onClick={onDismiss}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
