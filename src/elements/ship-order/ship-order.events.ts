import { opsEvent } from '../../shared/events.js';
import type { LabelFacts } from '../../shipping/label-facts.js';

export interface OrderShippedDetail {
  orderId: number;
  /** What was bought for the order: tracking number, format, charge, carrier, service (never the file). */
  labels: LabelFacts[];
}

/** The label purchase of the order completed: it is shipped. Once per purchase. */
export class OrderShippedEvent extends opsEvent<OrderShippedDetail>('order-shipped') {}

declare global {
  interface HTMLElementEventMap {
    'order-shipped': OrderShippedEvent;
  }
}
