/**
 * Where an order stands on its way to a label, read from the order alone: the step `<ship-order>`
 * opens (allocation, pack, rates, done), the parcel packed next (an order may ship in parts: what is
 * allocated first), and the tracking numbers of a shipped order.
 */
import type { Allocation, Order } from '../../api/index.js';
import { allocationLineItems } from '../../shipping/allocation-stock.js';
import { itemsToAllocate } from '../../shipping/order-checks.js';
import type { OrderCheck } from '../../shipping/order-checks.js';

export type ShipStep = 'allocation' | 'pack' | 'rates' | 'done';

/**
 * Shipped: the status says so, or every item is allocated and every allocation has its shipment.
 * An order whose allocated items left in a shipment of their own, with items still to allocate,
 * is not.
 */
export function isShipped(order: Order): boolean {
  if (order.status === 'shipped') return true;
  const allocations = order.allocations ?? [];
  return (
    allocations.length > 0 &&
    allocations.every((allocation) => Boolean(allocation.shipment)) &&
    itemsToAllocate(order).length === 0
  );
}

/** The allocations of the order whose items have not left yet (no shipment). */
export function unshippedAllocations(order: Order): Allocation[] {
  return (order.allocations ?? []).filter((allocation) => !allocation.shipment);
}

/**
 * The step the order is at: done once shipped; else allocation while items are to allocate, unless
 * the seller chose to ship what is allocated (`split`) and an allocation has not left; then, when
 * its parcel is to be verified (`verifyItems`) and is not yet (`packed`), pack; else rates.
 */
export function stepOf(
  order: Order,
  checks: readonly OrderCheck[],
  {
    verifyItems = false,
    packed = false,
    split = false,
  }: { verifyItems?: boolean; packed?: boolean; split?: boolean } = {},
): ShipStep {
  if (isShipped(order)) return 'done';
  const allocating = checks.some((check) => check.kind === 'allocation');
  if (allocating && !(split && unshippedAllocations(order).length > 0)) return 'allocation';
  return verifyItems && !packed ? 'pack' : 'rates';
}

/**
 * The order as its next parcel holds it, for the Pack step: the first allocation not shipped
 * (the one the rates are for), its line items with the quantities it holds. The whole order while
 * that allocation holds every item; `undefined` when nothing is allocated and not shipped.
 */
export function parcelOf(order: Order): { order: Order; key: string } | undefined {
  const allocation = unshippedAllocations(order)[0];
  if (!allocation) return undefined;
  const partial = (order.allocations ?? []).length > 1 || itemsToAllocate(order).length > 0;
  if (!partial) return { order, key: String(order.id) };
  return {
    order: { ...order, line_items: allocationLineItems(order, allocation) },
    key: `${order.id}:${allocation.id}`,
  };
}

const PACKED_PREFIX = 'commerce-ops-elements:packed:';

/** Whether the parcel of `key` (see `parcelOf`) was verified in this tab (kept through a reload). */
export function wasPacked(storage: Storage | undefined, key: string): boolean {
  try {
    return storage?.getItem(`${PACKED_PREFIX}${key}`) === '1';
  } catch {
    return false;
  }
}

export function rememberPacked(storage: Storage | undefined, key: string): void {
  try {
    storage?.setItem(`${PACKED_PREFIX}${key}`, '1');
  } catch {
    // Not kept: a reload asks for the scans again, which is safe.
  }
}

/** The tracking numbers of the order's shipments and of labels just bought, each once. */
export function trackingNumbers(order: Order | undefined, bought: ReadonlyArray<string | null>): string[] {
  const fromOrder = (order?.allocations ?? []).map((allocation) => allocation.shipment?.tracking_number);
  return [...new Set([...fromOrder, ...bought].filter((tracking): tracking is string => Boolean(tracking)))];
}

/** A check's key, stable while the check stands: its kind and, for an item, the line item. */
export function checkKey(check: OrderCheck): string {
  return 'lineItemId' in check ? `${check.kind}:${check.lineItemId}` : check.kind;
}
