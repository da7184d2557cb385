import { opsEvent } from '../../shared/events.js';

export interface ItemScannedDetail {
  orderId: number;
  sellableId: number | string;
  /** The code scanned or typed; null when the item was counted by hand. */
  code: string | null;
  /** How many of the item are counted now. */
  count: number;
  /** How many of it the order holds. */
  expected: number;
}

/** One item was counted, by a scan or by hand. */
export class ItemScannedEvent extends opsEvent<ItemScannedDetail>('item-scanned') {}

export interface ScanRejectedDetail {
  orderId: number;
  code: string;
  /** `unknown`: no item of the order has this code; `complete`: its item is counted in full. */
  reason: 'unknown' | 'complete';
}

/** A scan was refused and did not count. */
export class ScanRejectedEvent extends opsEvent<ScanRejectedDetail>('scan-rejected') {}

export interface PackVerifiedDetail {
  orderId: number;
  items: Array<{ sellableId: number | string; quantity: number }>;
}

/** Every item of the order is counted: the parcel holds what the order says. Emitted once. */
export class PackVerifiedEvent extends opsEvent<PackVerifiedDetail>('pack-verified') {}

declare global {
  interface HTMLElementEventMap {
    'item-scanned': ItemScannedEvent;
    'scan-rejected': ScanRejectedEvent;
    'pack-verified': PackVerifiedEvent;
  }
}
