import '../src/order-list.js';
import '../src/ship-order.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, rememberOrder, useSandbox } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const ship = document.querySelector('ship-order');
const list = document.querySelector('order-list');
const requested = Number(new URLSearchParams(location.search).get('order'));
showOrder(Number.isFinite(requested) && requested > 0 ? requested : SEED_IDS.orders.customsMissing);

/** Opens the order in ship-order, marks it in the list, and keeps it in the address for a reload. */
function showOrder(orderId: number): void {
  if (ship) ship.orderId = orderId;
  if (list) list.currentOrderId = orderId;
  rememberOrder(orderId);
}

// Events bubble and are composed, so the page listens once on the elements' container.
const columns = document.querySelector<HTMLElement>('.columns');
const record = eventLog();

columns?.addEventListener('order-selected', (event) => {
  showOrder(Number(event.detail.orderId));
  record(`order-selected: ${orderName(event.detail.orderId)}`);
});
columns?.addEventListener('product-updated', (event) => {
  record(`product-updated: sellable ${String(event.detail.sellableId)}`);
});
columns?.addEventListener('allocation-created', (event) => {
  record(`allocation-created: ${orderName(event.detail.order.id)}`);
});
columns?.addEventListener('label-purchased', (event) => {
  record(`label-purchased: ${event.detail.trackingNumber ?? 'untracked'}`);
});
columns?.addEventListener('order-shipped', (event) => {
  const tracking = event.detail.labels.map((label) => label.trackingNumber ?? 'untracked').join(', ');
  record(`order-shipped: ${orderName(event.detail.orderId)}, ${tracking}`);
});
columns?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.message}`);
});
