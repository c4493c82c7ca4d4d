import type { PurchaseItem } from '#common/schemas/payments';
import type { SellableItem } from '../catalog';
import type { Order } from './orders.repo';

/** The columns an order or a code batch keeps of the item it sells: which item, its name then, its seller. */
export function purchasedItemColumns(item: SellableItem) {
  return {
    itemType: item.type,
    trackId: item.type === 'track' ? item.id : null,
    albumId: item.type === 'album' ? item.id : null,
    itemName: item.name,
    sellerId: item.sellerId,
  };
}

/** The item an order sold, as the buyer is told of it. */
export function purchaseItemOf(order: Order): PurchaseItem {
  return { id: (order.itemType === 'album' ? order.albumId : order.trackId) ?? order.id, name: order.itemName, price: order.price, type: order.itemType };
}

export const downloadPath = (type: 'track' | 'album', id: string) => `/api/${type === 'album' ? 'albums' : 'tracks'}/${id}/download`;
