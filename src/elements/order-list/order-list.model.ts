/**
 * What order-list works out from its data and keys, without a page: the statuses it filters by,
 * where a page stands among all pages, the one order a scanned or typed number names, where an
 * arrow key moves among the rows, and the tags an order carries.
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

/*
 * The tags an order carries, read from its `tags` member: the spec names the member without
 * describing its items, so each is read by hand, as the live service and the sandbox send it
 * (a Tag: `name` and `colour`), or a bare name.
 */

/** One tag of an order: its name, and its colour when the API gives a safe one. */
export interface OrderTag {
  name: string;
  colour: string | undefined;
}

/** A hexadecimal colour or an HTML colour name: nothing else goes into a style. */
const COLOUR = /^(#[\da-f]{3,8}|[a-z]+)$/i;

export function orderTags(order: Readonly<Record<string, unknown>>): OrderTag[] {
  const tags = order['tags'];
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag: unknown): OrderTag[] => {
    const entry = tag !== null && typeof tag === 'object' ? (tag as Record<string, unknown>) : { name: tag };
    const name = typeof entry['name'] === 'string' ? entry['name'].trim() : '';
    const colour = typeof entry['colour'] === 'string' ? entry['colour'].trim() : '';
    return name ? [{ name, colour: COLOUR.test(colour) ? colour : undefined }] : [];
  });
}
