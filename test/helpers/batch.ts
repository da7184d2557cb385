/**
 * Browser-test helpers for label-batch: where focus is in an element, a press that gets past a
 * disabled button, and a label bought for an order outside the batch, as the seller's other tools
 * (or another page) would buy it.
 */
import type { OpsClient, Order } from '../../src/api/index.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { ratesRequestFromOrder } from '../../src/shipping/rate-request.js';
import { shadow } from './elements.js';

/** The element in `el`'s shadow root that has focus, or null (focus is outside it, or nowhere). */
export function focusedIn(el: Element): Element | null {
  return shadow(el).activeElement;
}

/**
 * Clicks `button` as though it were enabled, then leaves it as it was: the element's handler runs,
 * as for a press that gets past a render not yet made or a script that calls it. (A disabled
 * button's `click()` runs nothing, so it tests nothing.)
 */
export function clickPastDisabled(button: HTMLButtonElement): void {
  const disabled = button.disabled;
  button.disabled = false;
  try {
    button.click();
  } finally {
    button.disabled = disabled;
  }
}

/**
 * Buys a label for the order's first allocation that has none, through `client`, with the first
 * quote that can be booked (the sandbox then gives every allocation of the order without a label
 * this one). Resolves with the order as the API shows it afterwards.
 */
export async function buyLabelOutside(client: OpsClient, orderId: number): Promise<Order> {
  const order = await client.getOrder(orderId, { cache: 'reload' });
  const allocation = order.allocations?.find((candidate) => !candidate.shipment);
  const request = ratesRequestFromOrder(order, allocation);
  if (typeof request === 'string') throw new Error(`No rates request for order ${orderId}: ${request}`);
  const rates = await client.getRates(request);
  const quote = rates.quotes.find((candidate) => candidate.rateId !== null);
  if (!quote?.rateId) throw new Error(`No rate to book for order ${orderId}`);
  const booking = await client.bookShipments({
    shipments: [{ rate_id: quote.rateId, remote_shipment_id: rates.remoteShipmentId ?? undefined }],
  });
  if (Object.keys(booking.successful ?? {}).length !== 1) {
    throw new Error(`No label was bought for order ${orderId}: ${JSON.stringify(booking.failed)}`);
  }
  return client.getOrder(orderId, { cache: 'reload' });
}

/**
 * The seeded partly allocated order with two allocations: its tea towels, with a label bought
 * outside the batch, then its notebook, allocated afterwards at Manchester and without a label. Resolves with
 * the order as the API shows it then.
 */
export async function orderWithShippedAllocation(client: OpsClient): Promise<Order> {
  const orderId = SEED_IDS.orders.partlyAllocated;
  await buyLabelOutside(client, orderId);
  return client.createAllocation(orderId, {
    warehouseId: SEED_IDS.warehouses.manchester,
    lineItems: [{ sellableId: SEED_IDS.sellables.notebookTan, quantity: 1 }],
  });
}
