/**
 * What order-list works out from its data and keys, without a page: the statuses it filters by,
 * where a page stands among all pages, the one order a scanned or typed number names, and where an
 * arrow key moves among the rows.
 */
import type { Order, OrderStatus } from '../../api/index.js';

/** The statuses `GET /orders` filters by, in the order an order goes through them. */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'awaiting_payment',
  'awaiting_stock',
  'awaiting_fulfillment',
  'shipped',
  'on_hold',
  'cancelled',
  'refunded',
];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The page shown and how many there are, worked out as the other lists' pagers do. */
export { pagingOf } from '../../api/pagination.js';

/** The one order of `items` whose number is `wanted` (lower case, trimmed); none when it is not exactly one. */
export function onlyOrderNumbered(items: readonly Order[], wanted: string): Order | undefined {
  const matches = items.filter((order) => (order.number ?? '').trim().toLowerCase() === wanted);
  return matches.length === 1 ? matches[0] : undefined;
}

/** The row an arrow key, Home or End moves to from row `from` of `count`; undefined for other keys. */
export function rowMovedTo(key: string, from: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowDown: from + 1,
    ArrowRight: from + 1,
    ArrowUp: from - 1,
    ArrowLeft: from - 1,
    Home: 0,
    End: count - 1,
  };
  if (!Object.hasOwn(moves, key)) return undefined;
  return Math.min(Math.max(moves[key] ?? from, 0), count - 1);
}
