import type { Allocation, Order, StockEntry } from '../../api/index.js';
import { opsEvent } from '../../shared/events.js';

export interface AllocationCreatedDetail {
  /** The order as the API returned it, with the new allocation. */
  order: Order;
  /** The allocation just made (null only if the API's answer did not include it). */
  allocation: Allocation | null;
}

export class AllocationCreatedEvent extends opsEvent<AllocationCreatedDetail>('allocation-created') {}

export interface AllocationDeletedDetail {
  /** The order without the removed allocation. */
  order: Order;
  allocationId: Allocation['id'];
}

export class AllocationDeletedEvent extends opsEvent<AllocationDeletedDetail>('allocation-deleted') {}

export interface StockUpdatedDetail {
  /** The sellable (product variant) whose stock was corrected, as the order names it. */
  sellableId: number | string;
  /** The warehouse the stock is at. */
  warehouseId: number | string;
  /** The stock entry as the API returned it, with the new levels. */
  stockEntry: StockEntry;
}

export class StockUpdatedEvent extends opsEvent<StockUpdatedDetail>('stock-updated') {}

declare global {
  interface HTMLElementEventMap {
    'allocation-created': AllocationCreatedEvent;
    'allocation-deleted': AllocationDeletedEvent;
    'stock-updated': StockUpdatedEvent;
  }
}
