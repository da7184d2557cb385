import '../src/order-list.js';
import '../src/ship-order.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, rememberOrder, useSandbox } from './main.js';
import { wireScannerForm } from './scanner.js';
import { standInPrinterPanel } from './stand-in-printer.js';
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
// Printing: the printer, auto-print, the label format and the rule, each an attribute of
// ship-order kept in the address for a reload.
const printing: Array<[selector: string, attribute: string, param: string, off: string]> = [
  ['#printer', 'printer', 'printer', ''],
  ['#auto-print', 'auto-print', 'auto', 'off'],
  ['#label-format', 'label-format', 'format', 'PDF'],
  ['#choose-by', 'choose-by', 'choose', ''],
];
for (const [selector, attribute, param, off] of printing) {
  const select = document.querySelector<HTMLSelectElement>(selector);
  if (!select || !ship) continue;
  const apply = (): void => {
    if (select.value === off) ship.removeAttribute(attribute);
    else
      ship.setAttribute(
        attribute,
        select.value === 'label' && attribute === 'auto-print' ? '' : select.value,
      );
  };
  const kept = query.get(param);
  if (kept !== null && [...select.options].some((option) => option.value === kept)) select.value = kept;
  apply();
  select.addEventListener('change', () => {
    apply();
    const url = new URL(location.href);
    if (select.value === off) url.searchParams.delete(param);
    else url.searchParams.set(param, select.value);
    history.replaceState(history.state, '', url);
  });
}
const printed = document.querySelector<HTMLElement>('#printed');
const printerPanel = printed ? standInPrinterPanel(printed) : undefined;

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
columns?.addEventListener('label-printed', (event) => {
  const { orderId, printerId, state } = event.detail;
  record(`label-printed: ${orderName(orderId)} on ${printerId}, ${state}`);
  void printerPanel?.refresh();
  // With auto-print="label slip", the slip follows its label.
  setTimeout(() => void printerPanel?.refresh(), 1500);
});
// A packing slip sent to the printer tells the page nothing: its status line changes.
columns?.addEventListener('click', () => setTimeout(() => void printerPanel?.refresh(), 1500));
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
