import type { CallOptions, ClientCore, OrderId } from '../core.js';
import { numericId } from '../ids.js';
import { ordersOf } from '../order-store.js';
import { withoutAllocation } from '../order-edits.js';
import { parseBody } from '../parse.js';
import { OrderSchema } from '../schemas/order.js';
import type { Order } from '../schemas/order.js';
import { bodyOf, segment } from './common.js';

export interface AllocationInput {
  warehouseId: number | string;
  lineItems: ReadonlyArray<{ sellableId: number | string; quantity: number }>;
}

/** Whether a DELETE answered with the order itself (the live service does) or with something else. */
function looksLikeOrder(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'id' in body &&
    ('line_items' in body || 'allocations' in body || 'number' in body)
  );
}

/** `POST /orders/{id}/allocations`. The API answers with the whole order, which is stored. */
export async function createAllocation(
  client: ClientCore,
  orderId: OrderId,
  input: AllocationInput,
  options: CallOptions = {},
): Promise<Order> {
  const order = await bodyOf(client, OrderSchema, {
    method: 'POST',
    path: `/orders/${segment(orderId)}/allocations`,
    body: {
      allocation: {
        warehouse_id: numericId(input.warehouseId),
        line_items_attributes: input.lineItems.map((item) => ({
          sellable_id: numericId(item.sellableId),
          quantity: item.quantity,
        })),
      },
    },
    signal: options.signal,
  });
  ordersOf(client).set(order);
  return order;
}

/**
 * `DELETE /orders/{id}/allocations/{id}`. Resolves with the order when the API sends it back
 * (and stores it); otherwise with null, after removing the allocation from the stored order.
 */
export async function deleteAllocation(
  client: ClientCore,
  orderId: OrderId,
  allocationId: number | string,
  options: CallOptions = {},
): Promise<Order | null> {
  const response = await client.request({
    method: 'DELETE',
    path: `/orders/${segment(orderId)}/allocations/${segment(allocationId)}`,
    signal: options.signal,
  });
  if (looksLikeOrder(response.body)) {
    const order = parseBody(OrderSchema, response.body, response.status);
    ordersOf(client).set(order);
    return order;
  }
  ordersOf(client).update(orderId, (order) => withoutAllocation(order, allocationId));
  return null;
}
