/**
 * After labels are bought, each order concerned is read again exactly once (no polling), so its
 * status (`shipped`) and its allocation's shipment show at once in every element following it
 * through the client's order store.
 */
import type { ClientCore } from '../api/core.js';
import { getOrder } from '../api/endpoints/orders.js';
import type { Order } from '../api/index.js';

/**
 * Reads each of `orderIds` again (each once, however often it is named), through the client's
 * throttle. Resolves with the orders read, by id; one that could not be read is left out and its
 * failure handed to `report`. Never aborted: the purchase it follows is seen through too.
 */
export async function readOrdersAgain(
  api: ClientCore,
  orderIds: Iterable<number | null | undefined>,
  report: (error: unknown) => void,
): Promise<Map<number, Order>> {
  const ids = [...new Set([...orderIds].filter((id): id is number => Number.isSafeInteger(id)))];
  const orders = new Map<number, Order>();
  await Promise.all(
    ids.map(async (orderId) => {
      try {
        orders.set(orderId, await getOrder(api, orderId, { cache: 'reload' }));
      } catch (error) {
        report(error);
      }
    }),
  );
  return orders;
}

/**
 * Whether the order, read again after an answer that left a label unclear, shows that label: its
 * status says it shipped, or the allocation the label was bought for (`allocationId`) has a
 * shipment now. A label on another of its allocations, bought before, says nothing of this one;
 * only when the allocation is not known (or no longer listed) does a label on any of them count.
 */
export function showsShipped(order: Order, allocationId?: string | number | null): boolean {
  if (order.status === 'shipped') return true;
  const allocations = order.allocations ?? [];
  const concerned =
    allocationId == null
      ? undefined
      : allocations.find((allocation) => String(allocation.id) === String(allocationId));
  return concerned
    ? Boolean(concerned.shipment)
    : allocations.some((allocation) => Boolean(allocation.shipment));
}

/**
 * What reading the order again showed about a shipment whose label may have been bought:
 * `reading` (under way), `shipped` (the order shows a label), `clear` (it shows none), `unread`
 * (it could not be read), `unknown` (there is no order to read).
 */
export type OrderCheck = 'reading' | 'shipped' | 'clear' | 'unread' | 'unknown';
