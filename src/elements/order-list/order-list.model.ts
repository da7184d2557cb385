/**
 * What order-list works out from its data and keys, without a page: the statuses it filters by,
 * where a page stands among all pages, the one order a scanned or typed number names, and where an
 * arrow key moves among the rows.
 */
import type { Order, OrderStatus, Page } from '../../api/index.js';

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

/**
 * The page shown and how many there are, from the totals headers, else what the page implies (a
 * short page is the last). `current` and `size` stand in where the answer does not say.
 */
export function pagingOf(
  shown: Page<Order>,
  current: number,
  size: number,
): { page: number; pages: number; last: boolean } {
  const info = shown.page;
  const page = info.index ?? current;
  const pageSize = info.size ?? size;
  const pages =
    info.totalPages ??
    (info.totalCount !== null ? Math.ceil(info.totalCount / pageSize) : undefined) ??
    (shown.items.length < pageSize ? page : page + 1);
  return { page, pages: Math.max(pages, 1), last: page >= pages };
}

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
