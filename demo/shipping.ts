import '../src/label-downloader.js';
import '../src/rate-picker.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { eventLog, orderName, sandboxTenant, useSandbox } from './main.js';
import { addPageBar } from './settings.js';

// Back to the main page, and its language and theme switches.
addPageBar();

useSandbox();

const signedInAs = document.querySelector<HTMLParagraphElement>('#signed-in-as');
if (signedInAs && new URLSearchParams(location.search).get('as') === 'staff') {
  const back = document.createElement('a');
  back.href = location.pathname;
  back.textContent = 'Sign in as the owner again';
  signedInAs.replaceChildren('Signed in as staff: rates, but no labels. ', back);
}

const orderPicker = document.querySelector<HTMLSelectElement>('#order-picker');
const ratePicker = document.querySelector('rate-picker');
const requested = Number(new URLSearchParams(location.search).get('order'));
const initialOrder = Number.isFinite(requested) && requested > 0 ? requested : SEED_IDS.orders.allocated;
if (ratePicker) ratePicker.orderId = initialOrder;
if (orderPicker) orderPicker.value = String(initialOrder);

/** "Open this order in a second tab": the same page, order, store and signed-in user. */
const secondTab = document.querySelector<HTMLAnchorElement>('#second-tab-link');
function pointSecondTab(orderId: number): void {
  if (!secondTab) return;
  const query = new URLSearchParams(location.search);
  query.set('order', String(orderId));
  query.set('tenant', sandboxTenant);
  secondTab.href = `?${query.toString()}`;
}
pointSecondTab(initialOrder);

orderPicker?.addEventListener('change', () => {
  if (ratePicker) ratePicker.orderId = Number(orderPicker.value);
  pointSecondTab(Number(orderPicker.value));
});

// Events bubble and are composed, so the page listens once on the elements' container.
const elements = document.querySelector<HTMLElement>('.columns');
const record = eventLog();

elements?.addEventListener('rate-selected', (event) => {
  const { quote, remoteShipmentId, options, expiresAt, orderId } = event.detail;
  record(
    `rate-selected: order ${orderName(orderId)}, ${quote.serviceName ?? quote.rateId} ${quote.totalCharge ?? '?'} ${quote.currency ?? ''}, ` +
      `shipment ${remoteShipmentId ?? '?'}, options ${JSON.stringify(options)}, expires ${expiresAt ?? '?'}`,
  );
});

elements?.addEventListener('label-purchased', (event) => {
  const { trackingNumber, format, charges, service } = event.detail;
  record(
    `label-purchased: ${service ?? '?'} ${trackingNumber ?? 'untracked'} (${format}), ` +
      `charged ${charges.value ?? '?'} ${charges.unit ?? ''}`,
  );
});

elements?.addEventListener('rates-requested', () => record('rates-requested: the quote expired'));

elements?.addEventListener('request-error', (event) => {
  record(`request-error: ${event.detail.error.code} ${event.detail.error.messages.join('; ')}`);
});
