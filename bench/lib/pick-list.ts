/**
 * `pick-list` with 100 allocated orders (the most it takes): from `orderIds` set to its tables
 * shown, then from "Download pick list" pressed to the PDF made, timed in headless Chromium against
 * the sandbox over HTTP, with the API requests it made (one read per order, nothing repeated).
 */
import type { BenchContext } from './browser-runs.js';
import { SEED_IDS, SANDBOX_CREDENTIALS } from '../../src/sandbox/index.js';
import { applyAllocation } from '../../src/sandbox/orders/allocate.js';
import { round } from './stats.js';

export interface PickListResult {
  orders: number;
  /** Rows of the tables shown. */
  rows: number;
  /** From setting `orderIds` to the tables shown, in milliseconds. */
  ms: number;
  /** From "Download pick list" pressed to the PDF handed to the browser, in milliseconds. */
  pdfMs: number;
  pdfBytes: number;
  orderFetches: number;
  total: number;
  repeated: Array<{ request: string; times: number }>;
  completed: boolean;
  error?: string;
}

const PICK_ORDERS = 100;
const TENANT = 'bench-pick';

interface LoggedRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
}

/**
 * The seed's open orders, copied under new ids until there are 100, each allocated whole at
 * London in the bench's own tenant (the seed's pick-list orders first, as seeded): a list of 100
 * real orders of the sandbox, most of their items in the same few bins.
 */
function allocatedOrders(tenant: ReturnType<BenchContext['server']['host']['tenant']>): number[] {
  const state = tenant.state;
  const ids: number[] = [SEED_IDS.orders.pickBowls, SEED_IDS.orders.pickPicnic];
  const open = [...state.orders.values()].filter(
    (order) => order.held_status === null && order.allocations.length === 0 && order.line_items.length <= 10,
  );
  for (let round = 1; ids.length < PICK_ORDERS; round += 1) {
    for (const [index, order] of open.entries()) {
      if (ids.length >= PICK_ORDERS) break;
      const copy = structuredClone(order);
      copy.id = state.nextId();
      copy.number = `${order.number}-P${round}${index + 1}`;
      copy.line_items = copy.line_items.map((line) => ({ ...line, id: state.nextId() }));
      state.orders.set(copy.id, copy);
      applyAllocation(state, copy, {
        id: state.nextId(),
        warehouseId: SEED_IDS.warehouses.london,
        lines: copy.line_items.map((line) => ({ sellableId: line.sellable_id, quantity: line.quantity })),
        userId: state.ownerId,
        at: copy.created_at,
      });
      ids.push(copy.id);
    }
  }
  return ids;
}

/**
 * The script run in the page: mounts a `pick-list` with its own client, sets `orderIds`, and
 * resolves with the time until its tables show, then the time from "Download pick list" to the PDF.
 */
function inPagePickList(baseUrl: string, orderIds: number[]): string {
  const options = JSON.stringify({ baseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });
  return `(async () => {
    const list = document.createElement('pick-list');
    list.client = window.CommerceOps.createClient(${options});
    document.body.append(list);
    const until = (find, what) => new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(what + ' did not happen in 60 s')), 60000);
      const check = () => {
        const found = find();
        if (found) {
          clearTimeout(timeout);
          resolve(found);
        } else {
          requestAnimationFrame(check);
        }
      };
      check();
    });
    const started = performance.now();
    list.orderIds = ${JSON.stringify(orderIds)};
    await until(() => list.shadowRoot && list.shadowRoot.querySelector('[part="progress"]'), 'the tables');
    list.getBoundingClientRect();
    const ms = performance.now() - started;
    const rows = list.shadowRoot.querySelectorAll('tbody tr').length;
    let made;
    const pdf = new Promise((resolve) => (made = resolve));
    const create = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      made(blob);
      return create.call(URL, blob);
    };
    HTMLAnchorElement.prototype.click = () => undefined;
    const pressed = performance.now();
    list.shadowRoot.querySelector('[part="download-button"]').click();
    const blob = await Promise.race([pdf, until(() => list.shadowRoot.querySelector('[role="alert"]'), 'the PDF')]);
    if (!(blob instanceof Blob)) throw new Error('the PDF was not made: ' + blob.textContent.trim());
    return { ms, rows, pdfMs: performance.now() - pressed, pdfBytes: blob.size };
  })()`;
}

async function sandboxLog(baseUrl: string): Promise<LoggedRequest[]> {
  return (await (await fetch(`${baseUrl}/__sandbox/requests`)).json()) as LoggedRequest[];
}

export async function measurePickList(context: BenchContext): Promise<PickListResult> {
  const tenant = context.server.host.tenant(TENANT);
  tenant.reset();
  const orderIds = allocatedOrders(tenant);
  const baseUrl = `${context.server.origin}/sandbox/${TENANT}`;
  await fetch(`${baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  const page = await context.browser.newPage({ viewport: { width: 1280, height: 900 } });
  let timing = { ms: Number.NaN, rows: 0, pdfMs: Number.NaN, pdfBytes: 0 };
  let completed = false;
  let error: string | undefined;
  try {
    await page.goto(`${context.server.origin}/elements.html`);
    await page.waitForFunction(() => customElements.get('pick-list') !== undefined);
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    timing = (await page.evaluate(inPagePickList(baseUrl, orderIds))) as typeof timing;
    completed = true;
  } catch (caught) {
    error = caught instanceof Error ? (caught.message.split('\n')[0] ?? caught.message) : String(caught);
  } finally {
    await page.close();
  }
  const log = await sandboxLog(baseUrl);
  const counts = new Map<string, number>();
  for (const entry of log) {
    const query =
      entry.query && Object.keys(entry.query).length ? `?${new URLSearchParams(entry.query).toString()}` : '';
    const key = `${entry.method} ${entry.path}${query}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    orders: orderIds.length,
    rows: timing.rows,
    ms: round(timing.ms),
    pdfMs: round(timing.pdfMs),
    pdfBytes: timing.pdfBytes,
    orderFetches: log.filter((entry) => entry.method === 'GET' && /^\/orders\/\d+$/.test(entry.path)).length,
    total: log.length,
    repeated: [...counts].filter(([, times]) => times > 1).map(([request, times]) => ({ request, times })),
    completed,
    ...(error === undefined ? {} : { error }),
  };
}
