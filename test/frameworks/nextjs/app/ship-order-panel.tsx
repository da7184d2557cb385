'use client';
import './hydrate-support';
import { useState } from 'react';
import { ShipOrder } from 'commerce-ops-elements/react';
import type { OrderShippedEvent } from 'commerce-ops-elements';

/**
 * `<ship-order>` through its React wrapper, holding the declarative shadow root the server
 * rendered for it; its `order-shipped` event is written into the page.
 */
export function ShipOrderPanel({ orderId, shadowRoot }: { orderId: number; shadowRoot: string }) {
  const [shipped, setShipped] = useState('');
  const onOrderShipped = (event: OrderShippedEvent) =>
    setShipped(`${event.type} on ${event.detail.orderId}: ${event.detail.labels[0]?.trackingNumber ?? ''}`);
  return (
    <section>
      <ShipOrder
        id="ship"
        order-id={String(orderId)}
        onOrderShipped={onOrderShipped}
        dangerouslySetInnerHTML={{ __html: shadowRoot }}
      />
      <p id="framework-event">{shipped}</p>
    </section>
  );
}
