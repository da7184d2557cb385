/**
 * The orders of a batch as they are now, with as few requests as the API allows: the orders
 * updated since the batch's rates were got (`GET /orders?updated_at_min=`, every page of 100).
 * An order not listed was not changed since, so it is as the batch read it; one listed without
 * its allocations (a summary, as some accounts list) is read by itself. For the check right
 * before a batch books (`one-label.ts`): 100 separate reads would take 20 s at 5 requests a second.
 */
import type { ClientCore } from '../api/core.js';
import { listOrders } from '../api/endpoints/order-listing.js';
import { getOrder } from '../api/endpoints/orders.js';
import type { Order } from '../api/index.js';
import type { ReadOrders } from './one-label.js';

/**
 * How far before the batch's own clock it asks for updated orders: the API's clock and the
 * browser's may disagree by a few minutes.
 */
const CLOCK_MARGIN_MS = 10 * 60 * 1000;

/**
 * The orders updated since `since` (`GET /orders?updated_at_min=`, every page of 100), for a
 * batch: an order not listed was not changed since, so it is as `known` holds it. A few requests
 * for any number of orders, where one read each would take 20 s for 100 at 5 requests a second.
 */
export function readUpdatedSince(
  api: ClientCore,
  since: number,
  known: ReadonlyMap<number, Order>,
): ReadOrders {
  return async (orderIds) => {
    const wanted = new Set(orderIds);
    const orders = new Map<number, Order>();
    for (const orderId of orderIds) {
      const order = known.get(orderId);
      if (order) orders.set(orderId, order);
    }
    const updatedAtMin = new Date(since - CLOCK_MARGIN_MS).toISOString();
    /** Changed orders listed as summaries (some accounts list no allocations): read one by one. */
    const summaries: number[] = [];
    for (let page = 1; ; page += 1) {
      const listed = await listOrders(api, { updatedAtMin, page, pageSize: 100 });
      for (const order of listed.items) {
        const id = Number(order.id);
        if (!wanted.has(id)) continue;
        if (Array.isArray(order.allocations)) orders.set(id, order);
        else summaries.push(id);
      }
      const pages = listed.page.totalPages;
      const last = pages !== null ? page >= pages : listed.items.length < 100;
      if (last || listed.items.length === 0) break;
    }
    await Promise.all(
      summaries.map(async (id) => orders.set(id, await getOrder(api, id, { cache: 'reload' }))),
    );
    return orders;
  };
}
