import { ShipOrder } from './elements/ship-order/ship-order.js';
import { defineElement } from './shared/define.js';

defineElement('ship-order', ShipOrder);

declare global {
  interface HTMLElementTagNameMap {
    'ship-order': ShipOrder;
  }
}

export { ShipOrder };
export type { OrderShippedDetail } from './elements/ship-order/ship-order.events.js';
