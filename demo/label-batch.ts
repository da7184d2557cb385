import '../src/label-batch.js';
import '../src/order-list.js';
import { createAllocation, getDefaultClient, getOrder } from '../src/api/index.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, sandboxBaseUrl, useSandbox } from './main.js';
import { addPageBar } from './settings.js';
import { demoTexts } from './texts.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const record = eventLog();

/** Orders the page allocates at London so the batch has more than the seed's two to ship. */
const TO_ALLOCATE: ReadonlyArray<{
  orderId: number;
  lines: Array<{ sellableId: number; quantity: number }>;
}> = [
  { orderId: O.withNotes, lines: [{ sellableId: S.candleSmall, quantity: 3 }] },
  {
    orderId: O.international,
    lines: [
      { sellableId: S.beanieMustard, quantity: 1 },
      { sellableId: S.mugWhite, quantity: 2 },
    ],
  },
  { orderId: 13_360_001, lines: [{ sellableId: S.beanieCharcoal, quantity: 1 }] },
];

async function allocateDemoOrders(): Promise<void> {
  const client = getDefaultClient();
  for (const { orderId, lines } of TO_ALLOCATE) {
    try {
      const order = await getOrder(client, orderId);
      if ((order.allocations ?? []).length > 0) continue;
      await createAllocation(client, orderId, { warehouseId: SEED_IDS.warehouses.london, lineItems: lines });
    } catch (error) {
      record(`demo set-up: order ${orderName(orderId)} was not allocated (${String(error)})`);
    }
  }
}

const BOOKING_FAULT = {
  method: 'POST',
  path: '/shipping/api/v1/shipments',
  failShipments: [1],
  failMessage: 'The carrier could not verify the delivery address (sandbox fault).',
};

/** Queues the sandbox fault for the next booking, or clears it. */
async function setBookingFault(on: boolean): Promise<void> {
  await fetch(`${sandboxBaseUrl}/__sandbox/faults`, {
    method: on ? 'POST' : 'DELETE',
    headers: on ? { 'content-type': 'application/json' } : {},
    body: on ? JSON.stringify(BOOKING_FAULT) : undefined,
  });
}

const failSecond = document.querySelector<HTMLInputElement>('#fail-second');
const list = document.querySelector('order-list');
const batch = document.querySelector('label-batch');

await allocateDemoOrders();
await setBookingFault(failSecond?.checked ?? false);
// The list loads after the allocations, so the orders show as ready to ship.
list?.setAttribute('status', 'awaiting_fulfillment');

failSecond?.addEventListener('change', () => void setBookingFault(failSecond.checked));

list?.addEventListener('selection-change', (event) => {
  if (batch) batch.orderIds = event.detail.orderIds;
  record(`selection-change: ${demoTexts().logChecked(event.detail.orderIds.length)}`);
});

batch?.addEventListener('labels-purchased', (event) => {
  const { successful, failed } = event.detail;
  const bought = Object.entries(successful).map(
    ([id, label]) => `${orderName(id)} ${label.trackingNumber ?? 'untracked'}`,
  );
  const refused = Object.entries(failed).map(
    ([id, failure]) => `${orderName(id)} (${failure.errors.join('; ')})`,
  );
  record(
    `labels-purchased: bought ${bought.join(', ') || 'none'}; not bought ${refused.join(', ') || 'none'}`,
  );
  // The fault is used up by one booking; queue it again while the box stays ticked.
  if (failSecond?.checked) void setBookingFault(false).then(() => setBookingFault(true));
});

document.querySelector<HTMLElement>('.columns')?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
