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

/** The tracking numbers of the labels the order shows (an allocation's shipment each). */
function shipmentsShown(order: Order): string[] {
  return (order.allocations ?? []).flatMap((allocation) =>
    allocation.shipment ? [allocation.shipment.tracking_number ?? ''] : [],
  );
}

/** Whether the order shows that it shipped: its status, or a label on one of its allocations. */
export function showsShipped(order: Order): boolean {
  return order.status === 'shipped' || shipmentsShown(order).length > 0;
}

/**
 * What reading the order again showed about a shipment whose label may have been bought:
 * `reading` (under way), `shipped` (the order shows a label), `clear` (it shows none), `unread`
 * (it could not be read), `unknown` (there is no order to read).
 */
export type OrderCheck = 'reading' | 'shipped' | 'clear' | 'unread' | 'unknown';
