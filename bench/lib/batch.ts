/**
 * `label-batch` with 100 orders (the most it takes): from `orderIds` set to "Buy labels" enabled,
 * timed in headless Chromium against the sandbox over HTTP, then "Buy labels", with the API requests
 * it made (an order fetch and a rates request per order, the carrier accounts once, the check right
 * before booking (the orders updated since the rates, a page of 100 at a time), the bookings, and
 * each order read again once after its label was bought; nothing else repeated).
 */
import type { BenchContext } from './browser-runs.js';
import { SEED_IDS, SANDBOX_CREDENTIALS } from '../../src/sandbox/index.js';
import { round } from './stats.js';

export interface BatchResult {
  orders: number;
  /** From setting `orderIds` to "Buy labels" enabled for every order, in milliseconds. */
  ms: number;
  /** The "Buy labels" button's text at that moment. */
  buyLabel: string;
  /** Order fetches before the first booking. */
  orderFetches: number;
  /** Requests of the check right before booking: `GET /orders?updated_at_min=…` pages. */
  checkRequests: number;
  /** From "Buy labels" pressed to every label bought, in milliseconds. */
  buyMs: number;
  ratesRequests: number;
  /** Labels bought by the one "Buy labels". */
  labels: number;
  /** Order fetches after the bookings: each order bought for read again once. */
  rereads: number;
  total: number;
  repeated: Array<{ request: string; times: number }>;
  completed: boolean;
  error?: string;
}

const BATCH_ORDERS = 100;
const TENANT = 'bench-batch';

interface LoggedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

interface SandboxOrder {
  id: number;
  status: string;
  allocations: unknown[];
  line_items: Array<{ quantity: number; sellable: { id: number } }>;
}

/**
 * Allocates orders at London until 50 are ready to ship: the seed's allocated ones, then the
 * generated older orders that are not held, with London's stock raised so every line fits.
 */
async function prepareOrders(baseUrl: string): Promise<number[]> {
  const headers = { 'x-api-key': SANDBOX_CREDENTIALS.apiKey, 'content-type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  for (const sellableId of Object.values(SEED_IDS.sellables)) {
    await api('PUT', `/sellables/${sellableId}/warehouses/${SEED_IDS.warehouses.london}/stock_entry`, {
      stock_entry: { physical_stock_level: 10_000, infinite: false },
    });
  }
  const ready: number[] = [SEED_IDS.orders.allocated, SEED_IDS.orders.partlyAllocated];
  for (let page = 1; ready.length < BATCH_ORDERS && page <= 20; page += 1) {
    const orders = (await api(
      'GET',
      `/orders?status=awaiting_stock&page_size=100&page=${page}`,
    )) as SandboxOrder[];
    if (orders.length === 0) break;
    for (const order of orders) {
      if (ready.length >= BATCH_ORDERS) break;
      // The order of 1,000 generated line items is left alone: its parts have no stock to raise.
      if (order.allocations.length > 0 || order.line_items.length > 10 || ready.includes(order.id)) continue;
      try {
        await api('POST', `/orders/${order.id}/allocations`, {
          allocation: {
            warehouse_id: SEED_IDS.warehouses.london,
            line_items_attributes: order.line_items.map((line) => ({
              sellable_id: line.sellable.id,
              quantity: line.quantity,
            })),
          },
        });
      } catch {
        // An order the warehouse cannot fill (a bundle whose stock comes from its parts) is left out.
        continue;
      }
      ready.push(order.id);
    }
  }
  if (ready.length < BATCH_ORDERS) throw new Error(`only ${ready.length} orders could be allocated`);
  await fetch(`${baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  return ready;
}

/**
 * The script run in the page: mounts a `label-batch` with its own client, sets `orderIds` and
 * resolves with the time until "Buy labels" is enabled for every order.
 */
function inPageBatch(baseUrl: string, orderIds: number[]): string {
  const options = JSON.stringify({ baseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });
  return `(async () => {
    const batch = document.createElement('label-batch');
    batch.client = window.CommerceOps.createClient(${options});
    document.body.append(batch);
    const want = '(${orderIds.length},';
    const ready = () => {
      const button = batch.shadowRoot && batch.shadowRoot.querySelector('[part="buy-button"]');
      return button && !button.disabled && button.textContent.includes(want) ? button : null;
    };
    const started = performance.now();
    batch.orderIds = ${JSON.stringify(orderIds)};
    const button = await new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error('"Buy labels" was not enabled in 60 s')), 60000);
      const check = () => {
        const found = ready();
        if (found) {
          clearTimeout(timeout);
          resolve(found);
        } else {
          requestAnimationFrame(check);
        }
      };
      check();
    });
    const ms = performance.now() - started;
    const label = button.textContent.replace(/\\s+/g, ' ').trim();
    const purchased = new Promise((resolve) =>
      batch.addEventListener('labels-purchased', (event) => resolve(event.detail), { once: true }),
    );
    const pressed = performance.now();
    button.click();
    const detail = await purchased;
    return { ms, label, labels: Object.keys(detail.successful).length, buyMs: performance.now() - pressed };
  })()`;
}

const isOrderRead = (entry: LoggedRequest): boolean =>
  entry.method === 'GET' && /^\/orders\/\d+$/.test(entry.path);
const isCheck = (entry: LoggedRequest): boolean =>
  entry.method === 'GET' && entry.path === '/orders' && Boolean(entry.query?.['updated_at_min']);
const isBooking = (entry: LoggedRequest): boolean =>
  entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments';

async function sandboxLog(baseUrl: string): Promise<LoggedRequest[]> {
  return (await (await fetch(`${baseUrl}/__sandbox/requests`)).json()) as LoggedRequest[];
}

/** Order reads after the first booking. */
function rereadsIn(log: readonly LoggedRequest[]): number {
  const firstBooking = log.findIndex(isBooking);
  return firstBooking < 0 ? 0 : log.slice(firstBooking).filter(isOrderRead).length;
}

function requestKey(entry: LoggedRequest): string {
  const body = entry.body as
    { customer_reference?: unknown; shipments?: Array<{ rate_id?: unknown }> } | undefined;
  const reference = body?.customer_reference;
  // A booking is told apart by the rates it books (one request per group of orders).
  const rates = Array.isArray(body?.shipments)
    ? body.shipments.map((shipment) => String(shipment.rate_id))
    : [];
  const query =
    entry.query && Object.keys(entry.query).length ? `?${new URLSearchParams(entry.query).toString()}` : '';
  return `${entry.method} ${entry.path}${query}${typeof reference === 'string' ? ` ${reference}` : ''}${rates.length ? ` ${rates.join(',')}` : ''}`;
}

/**
 * The seed ships about 55 orders; a batch of 100 needs more. The held orders (awaiting payment,
 * on hold) are released, and the unallocated ones copied twice under new ids and numbers, in the bench's
 * own tenant, so every one of the 100 is a real order of the sandbox with its own line items.
 */
function moreOrdersToShip(tenant: ReturnType<BenchContext['server']['host']['tenant']>): void {
  const state = tenant.state;
  const orders = [...state.orders.values()];
  for (const order of orders) {
    if (order.held_status === 'awaiting_payment' || order.held_status === 'on_hold') order.held_status = null;
  }
  const open = orders.filter(
    (order) => order.held_status === null && order.allocations.length === 0 && order.line_items.length <= 10,
  );
  for (const round of [1, 2]) {
    for (const [index, order] of open.entries()) {
      const id = state.nextId();
      const copy = structuredClone(order);
      copy.id = id;
      copy.number = `${order.number}-B${round}${index + 1}`;
      copy.employee_notes = [];
      copy.line_items = copy.line_items.map((line) => ({
        ...line,
        id: state.nextId(),
        remote_id: `${line.remote_id}-B${round}`,
      }));
      state.orders.set(id, copy);
    }
  }
}

export async function measureBatch(context: BenchContext): Promise<BatchResult> {
  const tenant = context.server.host.tenant(TENANT);
  tenant.reset();
  moreOrdersToShip(tenant);
  const baseUrl = `${context.server.origin}/sandbox/${TENANT}`;
  const orderIds = await prepareOrders(baseUrl);
  const page = await context.browser.newPage({ viewport: { width: 1280, height: 900 } });
  let ms = Number.NaN;
  let buyLabel = '';
  let labels = 0;
  let buyMs = Number.NaN;
  let completed = false;
  let error: string | undefined;
  try {
    await page.goto(`${context.server.origin}/elements.html`);
    await page.waitForFunction(() => customElements.get('label-batch') !== undefined);
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    const timing = (await page.evaluate(inPageBatch(baseUrl, orderIds))) as {
      ms: number;
      label: string;
      labels: number;
      buyMs: number;
    };
    ms = timing.ms;
    buyMs = timing.buyMs;
    buyLabel = timing.label;
    labels = timing.labels;
    // The orders are read again after the event; wait for those reads (30 s at most).
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && rereadsIn(await sandboxLog(baseUrl)) < labels)
      await page.waitForTimeout(100);
    completed = true;
  } catch (caught) {
    error = caught instanceof Error ? (caught.message.split('\n')[0] ?? caught.message) : String(caught);
  } finally {
    await page.close();
  }
  const log = await sandboxLog(baseUrl);
  const firstBooking = log.findIndex(isBooking);
  const before = firstBooking < 0 ? log : log.slice(0, firstBooking);
  const rereads = rereadsIn(log);
  // Each order's one read after its label is expected; any other second request is a repeat.
  const counts = new Map<string, number>();
  for (const entry of before) counts.set(requestKey(entry), (counts.get(requestKey(entry)) ?? 0) + 1);
  const after = firstBooking < 0 ? [] : log.slice(firstBooking);
  const readAgain = new Set<string>();
  for (const entry of after) {
    const key = requestKey(entry);
    if (isOrderRead(entry) && !readAgain.has(key)) readAgain.add(key);
    else counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    orders: orderIds.length,
    ms: round(ms),
    buyLabel,
    labels,
    rereads,
    orderFetches: before.filter(isOrderRead).length,
    checkRequests: before.filter(isCheck).length,
    buyMs: round(buyMs),
    ratesRequests: log.filter((entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/rates')
      .length,
    total: log.length,
    repeated: [...counts].filter(([, times]) => times > 1).map(([request, times]) => ({ request, times })),
    completed,
    ...(error === undefined ? {} : { error }),
  };
}
