import type { Order } from '../../api/index.js';
import { opsEvent } from '../../shared/events.js';

export interface OrderSelectedDetail {
  orderId: number;
  order: Order;
}

/** An order of the list was chosen (click, Enter or Space on its row). */
export class OrderSelectedEvent extends opsEvent<OrderSelectedDetail>('order-selected') {}

export interface SelectionChangeDetail {
  /** The ids of every checked order, on any page, in the order they were checked. */
  orderIds: number[];
}

/** The checked orders of a `selectable` list changed. */
export class SelectionChangeEvent extends opsEvent<SelectionChangeDetail>('selection-change') {}

declare global {
  interface HTMLElementEventMap {
    'order-selected': OrderSelectedEvent;
    'selection-change': SelectionChangeEvent;
  }
}
