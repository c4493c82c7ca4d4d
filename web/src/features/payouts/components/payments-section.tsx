import { useRef, useState } from 'react';
import { LandmarkIcon, SmartphoneIcon } from 'lucide-react';
import type { PaymentMethod } from '#common/schemas/payments';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyNote, ListStates, LoadFailed } from '@/components/list-states';
import { SectionCard } from '@/components/section-card';
import { usePaymentMethods } from '../api/payment-methods-api';
import { AddBankMethodDialog } from './add-bank-method-dialog';
import { AddMpesaNumberDialog } from './add-mpesa-number-dialog';
import { MpesaFeeBanner, useBannerDismissed } from './mpesa-fee-banner';
import { PaymentMethodCard } from './payment-method-card';
import { PayoutsCard } from './payouts-card';
import { RemovePaymentMethodDialog } from './remove-payment-method-dialog';
import { useAppI18n } from '@/lib/app-i18n';
import { PLATFORM_PERCENT } from '#common/payments';

/**
 * The dashboard's Payments section (spec section 2): the M-Pesa fee recommendation, the one
 * payment method where the artist's 90% goes, and the ways to add one (a bank account or an
 * M-Pesa number, both disabled once one exists) or remove it.
 */
export function PaymentsSection() {
  const { t } = useAppI18n();
  const methods = usePaymentMethods();
  const [bannerDismissed, dismissBanner] = useBannerDismissed();
  const [dialog, setDialog] = useState<'bank' | 'mpesa' | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened the open dialog: the focus goes back to it, unless adding or removing
  // a method has disabled or removed it meanwhile (then to the section's heading).
  const opener = useRef<HTMLButtonElement | null>(null);
  const open = (event: { currentTarget: HTMLButtonElement }, next: () => void) => {
    opener.current = event.currentTarget;
    next();
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const button = opener.current;
    (button && button.isConnected && !button.disabled ? button : headingRef.current)?.focus();
  };

  const hasMethod = (methods.data?.length ?? 0) > 0;
  // Unknown until the list is in: the server allows one method, so adding waits for the answer.
  const canAdd = methods.isSuccess && !hasMethod;

  return (
    <div className="grid gap-6">
      {!bannerDismissed && (
        <MpesaFeeBanner
          onDismiss={() => {
            dismissBanner();
            // The focused button goes with the banner: the focus moves on to the section's heading.
            headingRef.current?.focus();
          }}
        />
      )}
      <SectionCard
        headingRef={headingRef}
        title={t('payments.methodTitle')}
        description={
          <>
            <span className="font-medium text-foreground">{t('payments.split', { share: 100 - PLATFORM_PERCENT })}</span>. {t('payments.splitDetail', { percent: PLATFORM_PERCENT })}
          </>
        }
        contentClassName="grid gap-4"
      >
        <ListStates
          read={methods}
          items={(data) => data}
          loading={<Skeleton className="h-24 w-full" role="status" aria-label={t('payments.loadingMethod')} />}
          failed={<LoadFailed announce={false} what={t('payments.loadFailed')} retry={t('payments.tryAgain')} onRetry={() => void methods.refetch()} />}
          empty={<EmptyNote>{t('payments.noMethod')}</EmptyNote>}
        >
          {(list) => (
            <ul className="grid gap-2" aria-label={t('payments.methods')}>
              {list.map((method) => (
                <PaymentMethodCard key={method.id} method={method} onRemove={(event) => open(event, () => setRemoving(method))} />
              ))}
            </ul>
          )}
        </ListStates>
        <div className="grid gap-2">
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" className="h-11 sm:h-10" disabled={!canAdd} onClick={(event) => open(event, () => setDialog('bank'))}>
              <LandmarkIcon aria-hidden="true" />
              {t('payments.addBankButton')}
            </Button>
            <Button type="button" variant="outline" className="h-11 sm:h-10" disabled={!canAdd} onClick={(event) => open(event, () => setDialog('mpesa'))}>
              <SmartphoneIcon aria-hidden="true" />
              {t('payments.addMpesaButton')}
            </Button>
          </div>
          {hasMethod && <p className="text-sm text-muted-foreground">{t('payments.oneMethodOnly')}</p>}
        </div>
      </SectionCard>
      <PayoutsCard method={methods.data?.[0]} />
      <AddBankMethodDialog open={dialog === 'bank'} onOpenChange={(next) => setDialog(next ? 'bank' : null)} onCloseAutoFocus={returnFocus} />
      <AddMpesaNumberDialog open={dialog === 'mpesa'} onOpenChange={(next) => setDialog(next ? 'mpesa' : null)} onCloseAutoFocus={returnFocus} />
      {removing && (
        <RemovePaymentMethodDialog method={removing} onOpenChange={(next) => !next && setRemoving(null)} onCloseAutoFocus={returnFocus} />
      )}
    </div>
  );
}
