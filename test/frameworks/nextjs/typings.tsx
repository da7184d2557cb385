// Type-checked by `next build`, never rendered: what the React wrappers' typings refuse.
import { OrderCard, ShipOrder } from 'commerce-ops-elements/react';

export const wrongType = (
  // @ts-expect-error orderId is a number
  <OrderCard orderId="SB-1005" />
);

export const wrongEvent = (
  // @ts-expect-error an order-shipped handler gets an OrderShippedEvent
  <ShipOrder onOrderShipped={(event: HTMLElementEventMap['rate-selected']) => event} />
);
