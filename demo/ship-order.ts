import '../src/order-list.js';
import '../src/ship-order.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, rememberOrder, useSandbox } from './main.js';
import { wireScannerForm } from './scanner.js';
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

// "Scan every item before the label": ship-order's Pack step, kept in the address for a reload.
const verify = document.querySelector<HTMLInputElement>('#verify-items');
const query = new URLSearchParams(location.search);
if (verify && ship) {
  verify.checked = query.get('verify') === '1';
  ship.verifyItems = verify.checked;
  verify.addEventListener('change', () => {
    ship.verifyItems = verify.checked;
    const url = new URL(location.href);
    if (verify.checked) url.searchParams.set('verify', '1');
    else url.searchParams.delete('verify');
    history.replaceState(history.state, '', url);
  });
}
const scanner = document.querySelector<HTMLFormElement>('#scanner');
const codes = document.querySelector<HTMLSelectElement>('#scan-code');
const followScanned = scanner && codes ? wireScannerForm(scanner, codes, () => ship?.orderId) : undefined;

// Events bubble and are composed, so the page listens once on the elements' container.
const columns = document.querySelector<HTMLElement>('.columns');
const record = eventLog();

columns?.addEventListener('order-selected', (event) => {
  showOrder(Number(event.detail.orderId));
  followScanned?.();
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
columns?.addEventListener('pack-verified', (event) => {
  record(`pack-verified: ${orderName(event.detail.orderId)}`);
});
columns?.addEventListener('order-shipped', (event) => {
  const tracking = event.detail.labels.map((label) => label.trackingNumber ?? 'untracked').join(', ');
  record(`order-shipped: ${orderName(event.detail.orderId)}, ${tracking}`);
});
columns?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.message}`);
});
