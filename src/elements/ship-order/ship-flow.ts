/**
 * Where an order stands on its way to a label, read from the order alone: the step `<ship-order>`
 * opens (allocation, rates, done) and the tracking numbers of a shipped order.
 */
import type { Order } from '../../api/index.js';
import type { OrderCheck } from '../../shipping/order-checks.js';

export type ShipStep = 'allocation' | 'pack' | 'rates' | 'done';

/** Shipped: the status says so, or every allocation has its shipment. */
export function isShipped(order: Order): boolean {
  if (order.status === 'shipped') return true;
  const allocations = order.allocations ?? [];
  return allocations.length > 0 && allocations.every((allocation) => Boolean(allocation.shipment));
}

/**
 * The step the order is at: done once shipped, else allocation until it is allocated; then, when
 * its parcel is to be verified (`verifyItems`) and is not yet (`packed`), pack; else rates.
 */
export function stepOf(
  order: Order,
  checks: readonly OrderCheck[],
  { verifyItems = false, packed = false }: { verifyItems?: boolean; packed?: boolean } = {},
): ShipStep {
  if (isShipped(order)) return 'done';
  if (checks.some((check) => check.kind === 'allocation')) return 'allocation';
  return verifyItems && !packed ? 'pack' : 'rates';
}

const PACKED_PREFIX = 'commerce-ops-elements:packed:';

/** Whether the parcel of `orderId` was verified in this tab (kept through a reload). */
export function wasPacked(storage: Storage | undefined, orderId: number): boolean {
  try {
    return storage?.getItem(`${PACKED_PREFIX}${orderId}`) === '1';
  } catch {
    return false;
  }
}

export function rememberPacked(storage: Storage | undefined, orderId: number): void {
  try {
    storage?.setItem(`${PACKED_PREFIX}${orderId}`, '1');
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
