import { createContext, useContext, type ReactNode } from 'react';
import type { PurchaseItem } from '#common/schemas/catalog/responses';

/**
 * The Buy button of a priced track or album (spec section 2, Purchase dialog). The public pages
 * place it; the purchase feature draws it and runs the purchase. Features do not import each
 * other, so web/src/app hands the real button in through BuyButtonProvider (as it does the player
 * through lib/playback).
 */
export interface BuyButtonProps {
  item: PurchaseItem;
  /** 'full' for the track and album pages ("Buy KES 50.00"), 'compact' for a list row. */
  size?: 'full' | 'compact';
  /**
   * What a failed automatic download after paying does (spec section 8): the profile page shows
   * an alert with the server's message; the track and album pages only log it.
   */
  downloadFailure?: 'alert' | 'log';
  className?: string;
}

export type RenderBuyButton = (props: BuyButtonProps) => ReactNode;

/** Without a provider (a page rendered on its own in a test) there is nothing to buy with. */
const renderNothing: RenderBuyButton = () => null;

const BuyButtonContext = createContext<RenderBuyButton>(renderNothing);

/** The app's renderer of Buy buttons. */
export const BuyButtonProvider = BuyButtonContext.Provider;

/** The app's Buy button for `item` (renders the same markup on the server and in the browser). */
export function BuyButton(props: BuyButtonProps) {
  const render = useContext(BuyButtonContext);
  return render(props);
}
