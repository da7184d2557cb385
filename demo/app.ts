import { configure, getCurrentUser, getDefaultClient, listOrders } from '../src/api/index.js';
import type { Order } from '../src/api/index.js';
import '../src/order-card.js';
import '../src/allocation-form.js';
import '../src/rate-picker.js';
import '../src/label-downloader.js';
import '../src/listing-linker.js';
// German is a translation pack; the language switch below needs it.
import '../src/locales/de.js';
import { toResolvedLocale } from '../src/shared/locale.js';
import { commonMessages } from '../src/shared/messages.js';
import { sandboxBaseUrl, useSandbox } from './main.js';

const $ = <T extends Element>(selector: string): T => {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`The demo page lacks ${selector}`);
  return element;
};

const card = $<HTMLElementTagNameMap['order-card']>('#card');
const allocate = $<HTMLElementTagNameMap['allocation-form']>('#allocate');
const rates = $<HTMLElementTagNameMap['rate-picker']>('#rates');
const orderList = $<HTMLUListElement>('#order-list');
const ordersStatus = $<HTMLParagraphElement>('#orders-status');
const sandboxStatus = $<HTMLParagraphElement>('#sandbox-status');
const eventLog = $<HTMLOListElement>('#event-log');

let selectedOrderId: number | undefined;

function selectOrder(orderId: number): void {
  selectedOrderId = orderId;
  card.orderId = orderId;
  allocate.orderId = orderId;
  rates.orderId = orderId;
  for (const button of orderList.querySelectorAll('button')) {
    button.setAttribute('aria-current', String(Number(button.dataset['orderId']) === orderId));
  }
  const url = new URL(location.href);
  url.searchParams.set('order', String(orderId));
  history.replaceState(null, '', url);
}

function customerName(order: Order): string {
  const address = order.customer?.billing_address ?? order.deliver_to;
  return [address?.first_name, address?.last_name].filter(Boolean).join(' ') || (order.customer?.email ?? '');
}

/** The order list is in English; its statuses take the elements' own words for them. */
const statusWords = (status: string): string => commonMessages(toResolvedLocale('en')).status(status);

function renderOrderList(orders: Order[]): void {
  orderList.replaceChildren(
    ...orders.map((order) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset['orderId'] = String(order.id);
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = order.number ?? String(order.id);
      const meta = document.createElement('span');
      meta.className = 'meta';
      const lines = order.line_items?.length ?? 0;
      meta.textContent = [
        customerName(order),
        order.status ? statusWords(order.status) : '',
        `${lines} ${lines === 1 ? 'item' : 'items'}`,
      ]
        .filter(Boolean)
        .join(' · ');
      button.append(number, meta);
      button.addEventListener('click', () => selectOrder(Number(order.id)));
      item.append(button);
      return item;
    }),
  );
}

async function loadOrders(): Promise<void> {
  ordersStatus.textContent = 'Loading orders…';
  orderList.replaceChildren();
  try {
    const { items } = await listOrders(getDefaultClient(), { page: 1, pageSize: 25 });
    renderOrderList(items);
    ordersStatus.textContent = items.length ? '' : 'No orders.';
    const fromUrl = Number(new URLSearchParams(location.search).get('order'));
    const initial = items.find((order) => Number(order.id) === fromUrl) ?? items[0];
    if (initial && selectedOrderId === undefined) selectOrder(Number(initial.id));
    else if (selectedOrderId !== undefined) selectOrder(selectedOrderId);
  } catch (error) {
    ordersStatus.textContent = `Orders could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function showAccount(prefix: string): Promise<void> {
  try {
    const user = await getCurrentUser(getDefaultClient());
    const company = user.company?.name;
    sandboxStatus.textContent = `${prefix}: signed in as ${user.login ?? user.email ?? 'unknown'}${company ? ` (${company})` : ''}.`;
  } catch (error) {
    sandboxStatus.textContent = `${prefix}: ${error instanceof Error ? error.message : String(error)}`;
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
  logEvent('allocation-created', `order ${event.detail.order.number ?? event.detail.order.id}`),
);
document.body.addEventListener('allocation-deleted', (event) =>
  logEvent('allocation-deleted', `allocation ${event.detail.allocationId}`),
);
document.body.addEventListener('rate-selected', (event) =>
  logEvent(
    'rate-selected',
    `${event.detail.quote.carrierName ?? ''} ${event.detail.quote.serviceName ?? ''} ${event.detail.quote.totalCharge ?? ''} ${event.detail.quote.currency ?? ''}`,
  ),
);
document.body.addEventListener('label-purchased', (event) =>
  logEvent('label-purchased', `tracking ${event.detail.trackingNumber} (${event.detail.format})`),
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

function applyLocale(locale: string): void {
  document.documentElement.lang = locale;
  localeSelect.value = locale;
  localStorage.setItem('commerce-ops-demo-locale', locale);
}

function applyTheme(theme: string): void {
  document.documentElement.dataset['theme'] = theme;
  themeSelect.value = theme;
  localStorage.setItem('commerce-ops-demo-theme', theme);
}

const query = new URLSearchParams(location.search);
applyLocale(query.get('lang') ?? localStorage.getItem('commerce-ops-demo-locale') ?? 'en');
applyTheme(query.get('theme') ?? localStorage.getItem('commerce-ops-demo-theme') ?? 'light');
localeSelect.addEventListener('change', () => applyLocale(localeSelect.value));
themeSelect.addEventListener('change', () => applyTheme(themeSelect.value));

sourceSelect.addEventListener('change', () => {
  const live = sourceSelect.value === 'live';
  liveSettings.hidden = !live;
  if (!live) {
    useSandbox();
    selectedOrderId = undefined;
    void showAccount(`Sandbox at ${sandboxBaseUrl}`);
    void loadOrders();
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
    status.textContent = 'Enter the full URL of your proxy, starting with https://';
    return;
  }
  // No credentials here: the proxy adds them on the server.
  configure({ baseUrl: baseUrl.href.replace(/\/+$/, '') });
  status.textContent = `Using ${baseUrl.href}`;
  selectedOrderId = undefined;
  void showAccount(`Live API at ${baseUrl.host}`);
  void loadOrders();
});

useSandbox();
void showAccount(`Sandbox at ${sandboxBaseUrl}`);
void loadOrders();
