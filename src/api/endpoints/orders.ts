import type { CallOptions, ClientCore, OrderId } from '../core.js';
import { ordersOf, withNote } from '../order-store.js';
import { NoteSchema, OrderSchema } from '../schemas/order.js';
import type { Note, Order } from '../schemas/order.js';
import { bodyOf, segment } from './common.js';

/*
 * An order's reads and notes. The list (`order-listing.ts`) and the allocations
 * (`allocations.ts`) are modules of their own, so what shows one order holds neither.
 */

export interface GetOrderOptions extends CallOptions {
  /** `'default'` answers from the order store when it holds the order; `'reload'` always asks the API. */
  cache?: 'default' | 'reload';
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
