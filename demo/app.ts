import { configure, getCurrentUser, getDefaultClient } from '../src/api/index.js';
import '../src/order-card.js';
import '../src/order-list.js';
import '../src/allocation-form.js';
import '../src/rate-picker.js';
import '../src/label-downloader.js';
import '../src/listing-linker.js';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { rememberOrder, sandboxBaseUrl, useSandbox } from './main.js';
// The language switch (settings.ts) brings the German, French and Spanish packs.
import { applyLocale, applyTheme, initialSettings } from './settings.js';
import { demoTexts } from './texts.js';

const $ = <T extends Element>(selector: string): T => {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`The demo page lacks ${selector}`);
  return element;
};

const list = $<HTMLElementTagNameMap['order-list']>('#orders');
const card = $<HTMLElementTagNameMap['order-card']>('#card');
const allocate = $<HTMLElementTagNameMap['allocation-form']>('#allocate');
const rates = $<HTMLElementTagNameMap['rate-picker']>('#rates');
const sandboxStatus = $<HTMLParagraphElement>('#sandbox-status');
const eventLog = $<HTMLOListElement>('#event-log');

/** The order the card, the allocation form and the rate picker show; undefined for none. */
function selectOrder(orderId: number | undefined): void {
  card.orderId = orderId;
  allocate.orderId = orderId;
  rates.orderId = orderId;
  list.currentOrderId = orderId;
  rememberOrder(orderId);
}

document.body.addEventListener('order-selected', (event) => {
  selectOrder(event.detail.orderId);
  logEvent('order-selected', demoTexts().logOrder(String(event.detail.order.number ?? event.detail.orderId)));
});
document.body.addEventListener('selection-change', (event) =>
  logEvent('selection-change', demoTexts().logChecked(event.detail.orderIds.length)),
);

/** The account line, written again in the new language when the language changes. */
let accountStatus = (): string => demoTexts().connecting;

function showStatus(status: () => string): void {
  accountStatus = status;
  sandboxStatus.textContent = status();
}

/** `source` names where the data comes from, in the page's language. */
async function showAccount(source: () => string): Promise<void> {
  try {
    const user = await getCurrentUser(getDefaultClient());
    const company = user.company?.name;
    showStatus(
      () =>
        `${demoTexts().signedIn(source(), user.login ?? user.email ?? demoTexts().unknownUser)}${company ? ` (${company})` : ''}.`,
    );
  } catch (error) {
    showStatus(() => `${source()}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function logEvent(type: string, summary: string): void {
  const entry = document.createElement('li');
  entry.textContent = `${new Date().toLocaleTimeString()}  ${type}  ${summary}`;
  eventLog.prepend(entry);
  while (eventLog.children.length > 50) eventLog.lastElementChild?.remove();
}

document.body.addEventListener('note-added', (event) =>
  logEvent('note-added', `“${event.detail.note.text ?? ''}”`),
);
document.body.addEventListener('allocation-created', (event) =>
  logEvent(
    'allocation-created',
    demoTexts().logOrder(String(event.detail.order.number ?? event.detail.order.id)),
  ),
);
document.body.addEventListener('allocation-deleted', (event) =>
  logEvent(
    'allocation-deleted',
    `${demoTexts().logOrder(String(event.detail.order.number ?? event.detail.order.id))}, ${demoTexts().logAllocation(String(event.detail.allocationId))}`,
  ),
);
document.body.addEventListener('stock-updated', (event) =>
  logEvent(
    'stock-updated',
    demoTexts().logStock(
      String(event.detail.sellableId),
      String(event.detail.stockEntry.warehouse?.name ?? event.detail.warehouseId),
      String(event.detail.stockEntry.physical_stock_level ?? '?'),
    ),
  ),
);
document.body.addEventListener('rate-selected', (event) =>
  logEvent(
    'rate-selected',
    `${event.detail.quote.carrierName ?? ''} ${event.detail.quote.serviceName ?? ''} ${event.detail.quote.totalCharge ?? ''} ${event.detail.quote.currency ?? ''}`,
  ),
);
document.body.addEventListener('label-purchased', (event) =>
  logEvent(
    'label-purchased',
    demoTexts().logTracking(String(event.detail.trackingNumber), event.detail.format),
  ),
);
document.body.addEventListener('listing-linked', (event) =>
  logEvent('listing-linked', `${event.detail.listing.remote_sku ?? ''} (id ${event.detail.listing.id})`),
);
document.body.addEventListener('request-error', (event) =>
  logEvent('request-error', `${event.detail.error.code}: ${event.detail.error.messages.join(' ')}`),
);

// Settings: language and theme are remembered; nothing else is stored.
const localeSelect = $<HTMLSelectElement>('#locale');
const themeSelect = $<HTMLSelectElement>('#theme');
const sourceSelect = $<HTMLSelectElement>('#source');
const liveSettings = $<HTMLElement>('#live-settings');

function setLocale(locale: string): void {
  localeSelect.value = applyLocale(locale);
  sandboxStatus.textContent = accountStatus();
}

function setTheme(theme: string): void {
  themeSelect.value = applyTheme(theme);
}

const query = new URLSearchParams(location.search);
const initial = initialSettings();
setLocale(initial.locale);
setTheme(initial.theme);
localeSelect.addEventListener('change', () => setLocale(localeSelect.value));
themeSelect.addEventListener('change', () => setTheme(themeSelect.value));

sourceSelect.addEventListener('change', () => {
  const live = sourceSelect.value === 'live';
  liveSettings.hidden = !live;
  if (!live) {
    useSandbox();
    selectOrder(SEED_IDS.orders.unallocated);
    void showAccount(() => demoTexts().sandboxAt(sandboxBaseUrl));
  }
});

$<HTMLFormElement>('#live-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $<HTMLInputElement>('#live-url');
  const status = $<HTMLParagraphElement>('#live-status');
  let baseUrl: URL;
  try {
    baseUrl = new URL(input.value);
  } catch {
    status.textContent = demoTexts().badUrl;
    return;
  }
  // No credentials here: the proxy adds them on the server.
  configure({ baseUrl: baseUrl.href.replace(/\/+$/, '') });
  status.textContent = demoTexts().using(baseUrl.href);
  selectOrder(undefined);
  void showAccount(() => demoTexts().liveAt(baseUrl.host));
});

useSandbox();
void showAccount(() => demoTexts().sandboxAt(sandboxBaseUrl));
// The sandbox's first order is shown until another is chosen in the list (or named in the URL).
selectOrder(Number(query.get('order')) || SEED_IDS.orders.unallocated);
