/**
 * One label per order, across tabs, reloads and devices: what an element does right before it
 * books, and what it does with a booking it finds written down and never settled.
 *
 * - Before a booking is sent its intent is written down (`booking-intents.ts`), and the order is
 *   read again. The label is not booked when the order shows one for what it ships (the
 *   allocation's shipment; for a label of the whole order, the order shipped), nor while an
 *   intent of this browser for it is unsettled: another tab, or this one before a reload, may have
 *   bought it moments ago. The element says which (`Hold`), and books it only after the user's
 *   explicit second confirmation.
 * - A split shipment's next parcel ships another allocation: the label of the one before does not
 *   hold it back.
 * - A batch reads its orders with as few requests as the API allows (`updated-orders.ts`).
 *
 * Loaded with the booking (`import()` on the first "Buy").
 */
import type { ClientCore } from '../api/core.js';
import type { OpsError } from '../api/errors.js';
import { getOrder } from '../api/endpoints/orders.js';
import type { Order } from '../api/index.js';
import { claimBookings, settleBookings, WHOLE_ORDER } from './booking-intents.js';
import type { BookingIntent } from './booking-intents.js';
import type { BookingReading } from './label-facts.js';

export { WHOLE_ORDER };
export type { BookingIntent };

/** A label about to be booked: its order, what of it the label ships, and the quote. */
export interface LabelToBuy {
  orderId: number | null;
  /** The allocation the label ships (its id as text); absent or null for the whole order. */
  allocationId?: string | null;
  orderNumber: string | null;
  rateId: string | null;
}

/** What an order shows of a label already bought. */
export interface LabelShown {
  trackingNumber: string | null;
  carrier: string | null;
  /** When it was bought (the shipment's `created_at`, else the order's `shipped_at`), ISO 8601. */
  at: string | null;
}

/** Why a label is not booked now. */
export type Hold =
  /** The order carries a label for what this one ships: bought on another device or tab. */
  | { reason: 'bought'; orderNumber: string | null; label: LabelShown }
  /**
   * A booking of this browser for it is unsettled (another tab's in flight, or one from before a
   * reload), and the order does not show a label yet: it may have been bought moments ago.
   */
  | { reason: 'pending'; orderNumber: string | null; since: number };

/** The target of a label in the intents: its allocation, or the whole order. */
export function targetOf(label: Pick<LabelToBuy, 'allocationId'>): string {
  return label.allocationId == null || label.allocationId === '' ? WHOLE_ORDER : String(label.allocationId);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The label the order shows for `target`, or null: the allocation's shipment; for the whole order
 * (or an allocation no longer listed), the order shipped, with the first shipment it lists.
 */
export function labelShownFor(order: Order, target: string): LabelShown | null {
  const allocations = order.allocations ?? [];
  const concerned =
    target === WHOLE_ORDER ? undefined : allocations.find((allocation) => String(allocation.id) === target);
  const shown = (shipment: NonNullable<(typeof allocations)[number]['shipment']> | undefined) => ({
    trackingNumber: text(shipment?.tracking_number),
    carrier: text(shipment?.carrier),
    at: text(shipment?.created_at) ?? text((order as Record<string, unknown>)['shipped_at']),
  });
  if (concerned) return concerned.shipment ? shown(concerned.shipment) : null;
  if (order.status !== 'shipped') return null;
  return shown(allocations.find((allocation) => allocation.shipment)?.shipment ?? undefined);
}

/** Reads orders again; those it could not read are left out of the answer. */
export type ReadOrders = (orderIds: readonly number[]) => Promise<Map<number, Order>>;

/** Each order read again by itself (`GET /orders/{id}`), as a single label does. */
export function readEach(api: ClientCore): ReadOrders {
  return async (orderIds) => {
    const orders = new Map<number, Order>();
    await Promise.all(
      orderIds.map(async (orderId) => orders.set(orderId, await getOrder(api, orderId, { cache: 'reload' }))),
    );
    return orders;
  };
}

/** What the check before booking came to: the labels to book now, those held, or why none can be. */
export interface Checked<T extends LabelToBuy> {
  book: T[];
  held: Array<{ label: T; hold: Hold }>;
  /** The orders could not be read: nothing is booked (the user tries again). */
  error?: OpsError;
}

/**
 * Right before booking `labels`: reads their orders again (`read`), writes the intents of those
 * whose order shows no label, and says which may be booked now. `second` is the user's explicit
 * second confirmation: the intents are written over what is there and nothing holds the labels
 * back. A label without an order is not checked (there is nothing to read).
 */
export async function checkBeforeBuying<T extends LabelToBuy>(
  api: ClientCore,
  labels: readonly T[],
  options: { second: boolean; read: ReadOrders; report: (error: unknown) => OpsError },
): Promise<Checked<T>> {
  const ordered = labels.filter((label) => label.orderId !== null);
  const unordered = labels.filter((label) => label.orderId === null);
  if (ordered.length === 0) return { book: [...labels], held: [] };
  const labelShown = (orders: ReadonlyMap<number, Order>, label: T): LabelShown | null => {
    const order = orders.get(label.orderId as number);
    return order ? labelShownFor(order, targetOf(label)) : null;
  };
  const now = Date.now();
  const intents = ordered.map((label) => ({
    orderId: label.orderId as number,
    target: targetOf(label),
    orderNumber: label.orderNumber,
    rateId: label.rateId,
    at: now,
  }));
  // The user's second confirmation: written over what is there, and nothing holds the labels back.
  if (options.second) {
    await claimBookings(api, intents, { replace: true });
    return { book: [...labels], held: [] };
  }
  // The orders first: a read that fails (or never answers) leaves nothing written down.
  let orders: Map<number, Order>;
  try {
    orders = await options.read([...new Set(ordered.map((label) => label.orderId as number))]);
  } catch (failure) {
    return { book: [], held: [], error: options.report(failure) };
  }
  // Then the intents, each unless one of this browser for the same label is unsettled: one
  // transaction, so of two tabs pressing at the same moment only one writes its own.
  const toClaim = ordered.flatMap((label, index) =>
    orders.has(label.orderId as number) && !labelShown(orders, label)
      ? [{ label, intent: intents[index] }]
      : [],
  );
  const outcomes = await claimBookings(
    api,
    toClaim.flatMap(({ intent }) => (intent ? [intent] : [])),
  );
  const claims = new Map(toClaim.map(({ label }, index) => [label, outcomes[index]]));
  const book: T[] = [...unordered];
  const held: Checked<T>['held'] = [];
  for (const label of ordered) {
    const order = orders.get(label.orderId as number);
    const orderNumber = text(order?.number) ?? label.orderNumber;
    const shown = labelShown(orders, label);
    const claim = claims.get(label);
    if (shown) held.push({ label, hold: { reason: 'bought', orderNumber, label: shown } });
    else if (claim && !claim.ok)
      held.push({ label, hold: { reason: 'pending', orderNumber, since: claim.held.at } });
    else if (!order) {
      // Not read (a batch's order the list left out and the batch never held): not booked blind.
      held.push({ label, hold: { reason: 'pending', orderNumber, since: now } });
    } else book.push(label);
  }
  return { book, held };
}

/** After the answer: each label's intent goes, or stays as `unclear` (see `booking-intents.ts`). */
export function settleAfterBooking(
  api: ClientCore,
  labels: ReadonlyArray<{ label: LabelToBuy; reading: BookingReading | undefined }>,
): Promise<void> {
  return settleBookings(
    api,
    labels
      .filter(({ label }) => label.orderId !== null)
      .map(({ label, reading }) => ({
        orderId: label.orderId as number,
        target: targetOf(label),
        outcome: !reading || reading.outcome === 'unclear' ? 'unclear' : 'done',
      })),
  );
}

/**
 * What a booking of this browser found unsettled came to once its order was read: `shipped` (the
 * order shows its label, `label`: the intent is settled), `clear` (it shows none: the label stays
 * held) or `unread` (the order could not be read).
 */
export interface UnsettledCheck {
  intent: BookingIntent;
  check: 'shipped' | 'clear' | 'unread';
  label: LabelShown | null;
}

/**
 * After a reload: `intents` this browser left unsettled (`openBookings`), each checked by reading
 * its order once (`read`). An intent whose order shows its label is settled: it was bought, the
 * order says so. The others stay, and their labels stay held until the user confirms.
 */
export async function checkUnsettled(
  api: ClientCore,
  intents: readonly BookingIntent[],
  read: ReadOrders = readEach(api),
): Promise<UnsettledCheck[]> {
  if (intents.length === 0) return [];
  let orders: Map<number, Order> | undefined;
  try {
    orders = await read([...new Set(intents.map((intent) => Number(intent.orderId)))]);
  } catch {
    // Unread: every intent stays, and its label stays held.
  }
  const checked = intents.map((intent): UnsettledCheck => {
    const order = orders?.get(Number(intent.orderId));
    const label = order ? labelShownFor(order, intent.target) : null;
    return { intent, label, check: !order ? 'unread' : label ? 'shipped' : 'clear' };
  });
  await settleBookings(
    api,
    checked
      .filter((entry) => entry.check === 'shipped')
      .map(({ intent }) => ({ orderId: intent.orderId, target: intent.target, outcome: 'done' as const })),
  );
  return checked;
}
