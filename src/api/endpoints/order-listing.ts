import type { CallOptions, ClientCore } from '../core.js';
import type { ListOrdersOptions } from '../inputs.js';
import { ordersOf } from '../order-store.js';
import type { Page } from '../pagination.js';
import { OrderSchema } from '../schemas/order.js';
import type { Order } from '../schemas/order.js';
import { MAX_PAGE_SIZE, checkPaging, listOf, pageOf } from './paging.js';

const OrderListSchema = /* @__PURE__ */ listOf(OrderSchema, 'orders');

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
  const page = await pageOf(
    client,
    OrderListSchema,
    {
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
    },
    options.pageSize ?? MAX_PAGE_SIZE,
  );
  const store = ordersOf(client);
  for (const order of page.items) if (Array.isArray(order.line_items)) store.set(order);
  return page;
}
