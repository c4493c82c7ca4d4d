import type { PurchaseItem } from '#common/schemas/catalog/responses';

/**
 * After paying, the item's Buy button gives way to 'Purchased' with Download. Where focus was on
 * that Buy button (the checkout hands it back there), it moves to the new Download rather than
 * being lost with the button. Only the item just bought takes focus, never one merely found owned
 * as a page loads.
 */
let pending: string | null = null;

const keyOf = (item: Pick<PurchaseItem, 'type' | 'id'>) => `${item.type}:${item.id}`;

/** The purchase of `item` went through while `from` had focus (or nothing had). */
export function focusDownloadAfterPurchase(item: Pick<PurchaseItem, 'type' | 'id'>, from: HTMLElement | null | undefined) {
  const active = document.activeElement;
  if (!active || active === document.body || (from && active === from)) pending = keyOf(item);
}

/** True once for the item just bought (its Download then takes focus). */
export function takeFocusAfterPurchase(item: Pick<PurchaseItem, 'type' | 'id'>): boolean {
  if (pending !== keyOf(item)) return false;
  pending = null;
  return true;
}
