import '../src/order-list.js';
import '../src/pack-check.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, rememberOrder, useSandbox } from './main.js';
import { wireScannerForm } from './scanner.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const pack = document.querySelector('pack-check');
const list = document.querySelector('order-list');
const requested = Number(new URLSearchParams(location.search).get('order'));
showOrder(Number.isFinite(requested) && requested > 0 ? requested : SEED_IDS.orders.partlyAllocated);

/** Opens the order to pack, marks it in the list, and keeps it in the address for a reload. */
function showOrder(orderId: number): void {
  if (pack) pack.orderId = orderId;
  if (list) list.currentOrderId = orderId;
  rememberOrder(orderId);
}

const scanner = document.querySelector<HTMLFormElement>('#scanner');
const codes = document.querySelector<HTMLSelectElement>('#scan-code');
const followOrder = scanner && codes ? wireScannerForm(scanner, codes, () => pack?.orderId) : undefined;

const columns = document.querySelector<HTMLElement>('.columns');
const record = eventLog();

columns?.addEventListener('order-selected', (event) => {
  showOrder(Number(event.detail.orderId));
  followOrder?.();
  record(`order-selected: ${orderName(event.detail.orderId)}`);
});
columns?.addEventListener('item-scanned', (event) => {
  const how = event.detail.code === null ? 'by hand' : event.detail.code;
  record(`item-scanned: ${how}, ${event.detail.count} of ${event.detail.expected}`);
});
columns?.addEventListener('scan-rejected', (event) => {
  record(`scan-rejected: ${event.detail.code} (${event.detail.reason})`);
});
columns?.addEventListener('pack-verified', (event) => {
  record(`pack-verified: ${orderName(event.detail.orderId)}`);
});
columns?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.message}`);
});
