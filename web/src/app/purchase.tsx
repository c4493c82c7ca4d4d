import type { ReactNode } from 'react';
import { BuyButton } from '@/features/purchase/components/buy-button';
import { BuyButtonProvider, type RenderBuyButton } from '@/lib/purchase';

/**
 * Hands the purchase feature's Buy button to the public pages through lib/purchase (features stay
 * apart). The button is light; the dialog and the Paystack library arrive when a fan uses it.
 */
const renderBuyButton: RenderBuyButton = (props) => <BuyButton {...props} />;

export function AppPurchase({ children }: { children: ReactNode }) {
  return <BuyButtonProvider value={renderBuyButton}>{children}</BuyButtonProvider>;
}
