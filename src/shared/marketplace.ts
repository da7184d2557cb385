import type { Order } from '../api/index.js';

/** Store kinds that sell on the seller's own terms; any other kind of store is a marketplace. */
const OWN_STORE_TYPES: ReadonlySet<string> = new Set(['direct', 'point_of_sale', 'custom_integration']);

/**
 * Whether the order came from a marketplace store (its store names a marketplace, or is of a
 * kind other than the seller's own shop, till or custom integration).
 */
export function isMarketplaceOrder(order: Order): boolean {
  const channel = order.channel;
  if (!channel) return false;
  if (
    channel.marketplace_id !== null &&
    channel.marketplace_id !== undefined &&
    channel.marketplace_id !== ''
  )
    return true;
  const type = channel.type_code?.trim().toLowerCase();
  return Boolean(type) && !OWN_STORE_TYPES.has(type ?? '');
}
