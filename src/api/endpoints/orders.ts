import type { CallOptions, ClientCore, OrderId } from '../core.js';
import type { ListOrdersOptions } from '../inputs.js';
import { ordersOf, withNote } from '../order-store.js';
import type { Page } from '../pagination.js';
import { numericId } from '../ids.js';
import { parseBody } from '../parse.js';
import { NoteSchema, OrderSchema } from '../schemas/order.js';
import type { Note, Order } from '../schemas/order.js';
import { bodyOf, checkPaging, listOf, pageOf, segment } from './common.js';

export interface GetOrderOptions extends CallOptions {
  /** `'default'` answers from the order store when it holds the order; `'reload'` always asks the API. */
  cache?: 'default' | 'reload';
}

export interface AllocationInput {
  warehouseId: number | string;
  lineItems: ReadonlyArray<{ sellableId: number | string; quantity: number }>;
}

const OrderListSchema = /* @__PURE__ */ listOf(OrderSchema, 'orders');

/** Whether a DELETE answered with the order itself (the live service does) or with something else. */
function looksLikeOrder(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'id' in body &&
    ('line_items' in body || 'allocations' in body || 'number' in body)
  );
}

/** `GET /orders/{id}`. Stores the order; with `cache: 'default'` a stored order is returned as is. */
export async function getOrder(
  client: ClientCore,
  orderId: OrderId,
  options: GetOrderOptions = {},
): Promise<Order> {
  if ((options.cache ?? 'default') === 'default') {
    const stored = ordersOf(client).get(orderId);
    if (stored) return stored;
  }
  const order = await bodyOf(client, OrderSchema, {
    method: 'GET',
    path: `/orders/${segment(orderId)}`,
    signal: options.signal,
  });
  ordersOf(client).set(order);
  return order;
}

/** `POST /orders/{id}/notes`. The new note is appended to the stored order's `employee_notes`. */
export async function addOrderNote(
  client: ClientCore,
  orderId: OrderId,
  text: string,
  options: CallOptions = {},
): Promise<Note> {
  const note = await bodyOf(client, NoteSchema, {
    method: 'POST',
    path: `/orders/${segment(orderId)}/notes`,
    body: { note: { text } },
    signal: options.signal,
  });
  ordersOf(client).update(orderId, (order) => withNote(order, note));
  return note;
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
  ordersOf(client).update(orderId, (order) => ({
    ...order,
    allocations: (order.allocations ?? []).filter(
      (allocation) => String(allocation.id) !== String(allocationId),
    ),
  }));
  return null;
}

/**
 * `GET /orders` with paging and the live service's filters. A listed order that is whole (it has
 * its line items) is stored, so an element showing it next makes no request of its own; some
 * accounts list summaries only, and a summary never replaces what the store holds.
 */
export async function listOrders(
  client: ClientCore,
  options: ListOrdersOptions & CallOptions = {},
): Promise<Page<Order>> {
  checkPaging(options);
  const page = await pageOf(client, OrderListSchema, {
    method: 'GET',
    path: '/orders',
    query: {
      page: options.page,
      page_size: options.pageSize,
      query: options.query || undefined,
      status: options.status || undefined,
      tags: options.tags || undefined,
      allocated_at: options.allocatedAt,
      since_id: options.sinceId,
      created_at_min: options.createdAtMin || undefined,
      updated_at_min: options.updatedAtMin || undefined,
    },
    signal: options.signal,
  });
  const store = ordersOf(client);
  for (const order of page.items) if (Array.isArray(order.line_items)) store.set(order);
  return page;
}
