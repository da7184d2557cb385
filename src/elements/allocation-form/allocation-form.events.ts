import type { Allocation, Order } from '../../api/index.js';
import { OpsEvent } from '../../shared/events.js';

export interface AllocationCreatedDetail {
  /** The order as the API returned it, with the new allocation. */
  order: Order;
  /** The allocation just made (null only if the API's answer did not include it). */
  allocation: Allocation | null;
}

export class AllocationCreatedEvent extends OpsEvent<AllocationCreatedDetail> {
  static readonly eventName = 'allocation-created';
  constructor(detail: AllocationCreatedDetail) {
    super(AllocationCreatedEvent.eventName, detail);
  }
}

export interface AllocationDeletedDetail {
  /** The order without the removed allocation. */
  order: Order;
  allocationId: Allocation['id'];
}

export class AllocationDeletedEvent extends OpsEvent<AllocationDeletedDetail> {
  static readonly eventName = 'allocation-deleted';
  constructor(detail: AllocationDeletedDetail) {
    super(AllocationDeletedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'allocation-created': AllocationCreatedEvent;
    'allocation-deleted': AllocationDeletedEvent;
  }
}
