import { lazy, Suspense } from 'react';
import { RedeemPage, type RenderDiscountCheckout } from '@/features/codes/components/redeem-page';

/* The purchase dialog is fetched only when a discount code asks for a checkout. */
const PurchaseDialog = lazy(() => import('@/features/purchase/components/purchase-dialog').then((m) => ({ default: m.PurchaseDialog })));

/**
 * /redeem (issue 21): the codes feature's page, with the purchase feature's dialog for a discount
 * code's checkout (features stay apart; the app composes them).
 */
const renderCheckout: RenderDiscountCheckout = ({ item, discount, email, open, onOpenChange }) => (
  <Suspense fallback={null}>
    <PurchaseDialog item={item} discount={discount} email={email} open={open} onOpenChange={onOpenChange} downloadFailure="alert" />
  </Suspense>
);

export function RedeemScreen() {
  return <RedeemPage renderCheckout={renderCheckout} />;
}
