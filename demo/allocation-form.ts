import '../src/allocation-form.js';
import '../src/order-card.js';
import { eventLog, useSandbox } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const picker = document.querySelector<HTMLSelectElement>('#order-picker');
const form = document.querySelector('allocation-form');
const card = document.querySelector('order-card');
picker?.addEventListener('change', () => {
  const orderId = Number(picker.value);
  if (form) form.orderId = orderId;
  if (card) card.orderId = orderId;
});

// Events bubble and are composed, so the page listens once on the elements' container.
const elements = document.querySelector<HTMLElement>('.columns');
const record = eventLog();

elements?.addEventListener('allocation-created', (event) => {
  const { order, allocation } = event.detail;
  const units = (allocation?.line_items ?? []).reduce((sum, line) => sum + (line.quantity ?? 0), 0);
  record(
    `allocation-created: order ${order.number ?? order.id}, allocation ${allocation?.id ?? '?'} ` +
      `(${units} at ${allocation?.warehouse?.name ?? '?'}), allocated_completely=${String(order.allocated_completely)}`,
  );
});

elements?.addEventListener('allocation-deleted', (event) => {
  const { order, allocationId } = event.detail;
  record(`allocation-deleted: order ${order.number ?? order.id}, allocation ${allocationId}`);
});

elements?.addEventListener('stock-updated', (event) => {
  const { sellableId, warehouseId, stockEntry } = event.detail;
  record(
    `stock-updated: sellable ${sellableId} at ${stockEntry.warehouse?.name ?? warehouseId}, ` +
      `${stockEntry.physical_stock_level ?? '?'} on hand, ${stockEntry.available_stock_level ?? '?'} available`,
  );
});

elements?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
