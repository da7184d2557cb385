import { OpsEvent } from '../../shared/events.js';

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
export class ItemScannedEvent extends OpsEvent<ItemScannedDetail> {
  static readonly eventName = 'item-scanned';
  constructor(detail: ItemScannedDetail) {
    super(ItemScannedEvent.eventName, detail);
  }
}

export interface ScanRejectedDetail {
  orderId: number;
  code: string;
  /** `unknown`: no item of the order has this code; `complete`: its item is counted in full. */
  reason: 'unknown' | 'complete';
}

/** A scan was refused and did not count. */
export class ScanRejectedEvent extends OpsEvent<ScanRejectedDetail> {
  static readonly eventName = 'scan-rejected';
  constructor(detail: ScanRejectedDetail) {
    super(ScanRejectedEvent.eventName, detail);
  }
}

export interface PackVerifiedDetail {
  orderId: number;
  items: Array<{ sellableId: number | string; quantity: number }>;
}

/** Every item of the order is counted: the parcel holds what the order says. Emitted once. */
export class PackVerifiedEvent extends OpsEvent<PackVerifiedDetail> {
  static readonly eventName = 'pack-verified';
  constructor(detail: PackVerifiedDetail) {
    super(PackVerifiedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'item-scanned': ItemScannedEvent;
    'scan-rejected': ScanRejectedEvent;
    'pack-verified': PackVerifiedEvent;
  }
}
