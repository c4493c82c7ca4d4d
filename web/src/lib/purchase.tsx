import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { createSlot, type RenderSlot } from './slot';

/**
 * The Buy button of a priced track or album (spec section 2, Purchase dialog). The public pages
 * place it; the purchase feature draws it and runs the purchase. Features do not import each
 * other, so web/src/app hands the real button in through BuyButtonProvider (as it does the player
 * through lib/playback).
 *
 * It is the whole purchase corner of an item (issue 16): in a browser that bought the item it
 * becomes 'Purchased' with Download (known only in the browser, after the page has loaded: the
 * server renders Buy for everyone); for an item that cannot be sold yet it is the words 'Not on
 * sale yet'.
 */
export interface BuyButtonProps {
  item: PurchaseItem;
  /**
   * The public answer's `purchasable`: false for a priced item whose artist has no payout method
   * yet ('Not on sale yet' instead of a Buy that cannot work). Missing means true.
   */
  purchasable?: boolean;
  /** 'full' for the track and album pages ("Buy KES 50.00"), 'compact' for a list row. */
  size?: 'full' | 'compact';
  /**
   * What a failed automatic download after paying does (spec section 8): the profile page shows
   * an alert with the server's message; the track and album pages only log it.
   */
  downloadFailure?: 'alert' | 'log';
  className?: string;
}

export type RenderBuyButton = RenderSlot<BuyButtonProps>;

/** Without a provider (a page rendered on its own in a test) there is nothing to buy with. */
const buyButton = createSlot<BuyButtonProps>('BuyButton');

/** The app's renderer of Buy buttons. */
export const BuyButtonProvider = buyButton.Provider;

/** The app's Buy button for `item` (renders the same markup on the server and in the browser). */
export const BuyButton = buyButton.Slot;
