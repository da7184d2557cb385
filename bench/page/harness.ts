/**
 * In-page side of the benchmark, loaded after the browser build. It imports only types: the
 * elements and the client come from `window.CommerceOps` and the registered tags, so the page
 * runs exactly the shipped script. The Node runner calls these through `window.opsBench`.
 *
 * Timings are taken here, inside one task each, so no DevTools round trip is measured.
 */
import type { Order, OpsClient, RatesRequest } from '../../src/api/index.js';

/** Lit's update promise: resolves true once no further update is pending. */
interface Updating extends HTMLElement {
  updateComplete: Promise<boolean>;
}

export interface SideBySide {
  element: number[];
  baseline: number[];
  /** Table rows each rendered (they must match for a fair comparison). */
  rows: { element: number; baseline: number };
  /** Requests the element tried although its data was in the client. */
  fetches: number;
}

export interface RatePickerTimes {
  firstRender: number[];
  resort: number[];
  rows: number;
  misses: string[];
}

export interface ListingTimes {
  render: number[];
  rows: number;
  misses: string[];
}

export interface FetchCount {
  started: number;
  settled: number;
  /** What was requested, when asked for (not in the memory run, where it would be growth). */
  requests?: string[];
}

const STUB_BASE = 'https://api.bench.invalid';
const SANDBOX_API_KEY = 'sandbox-api-key';

function ops() {
  const global = window.CommerceOps;
  if (!global) throw new Error('The browser build did not set window.CommerceOps');
  return global;
}

function stage(): HTMLElement {
  let element = document.getElementById('stage');
  if (!element) {
    element = document.createElement('div');
    element.id = 'stage';
    element.style.width = '960px';
    document.body.append(element);
  }
  return element;
}

const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** The next task, without the 4 ms clamp of nested timers. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

async function rendered(element: Updating): Promise<void> {
  while (!(await element.updateComplete)) {
    // Another update was requested during the last one.
  }
}

/**
 * Resolves as soon as `check()` holds, checking after every DOM change under `root` (a
 * MutationObserver, so the moment is exact, not a polling interval).
 */
function when<T>(root: Node, check: () => T | null | undefined | false, timeoutMs = 10_000): Promise<T> {
  const now = check();
  if (now) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      const value = check();
      if (!value) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(value);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for the element to render`));
    }, timeoutMs);
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

function shadowOf(element: Element): ShadowRoot {
  const root = element.shadowRoot;
  if (!root) throw new Error(`<${element.localName}> has no open shadow root`);
  return root;
}

/** Forces style and layout, so a timing includes what the browser must do before it can paint. */
function layout(element: HTMLElement): void {
  void element.offsetHeight;
}

function json(body: string, path: string, status = 200): Response {
  const type = path.includes('/api/v2/') ? 'application/vnd.api+json' : 'application/json';
  return new Response(body, { status, headers: { 'content-type': type } });
}

/** A `fetch` answering `METHOD /path` from canned bodies; anything else is a 404, noted in `misses`. */
function stubFetch(bodies: Record<string, string>, misses: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const body = bodies[key];
    if (body === undefined) {
      misses.push(key);
      return json('{"status":"404","error":"Not Found"}', url.pathname, 404);
    }
    return json(body, url.pathname);
  };
}

/** Wraps the page's fetch, counting requests started and settled (answered, failed or aborted). */
function countingFetch(count: FetchCount): typeof fetch {
  return (input, init) => {
    count.started += 1;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    count.requests?.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    const pending = fetch(input, init);
    pending.then(
      () => (count.settled += 1),
      () => (count.settled += 1),
    );
    return pending;
  };
}

function sandboxClient(baseUrl: string, count: FetchCount): OpsClient {
  return ops().createClient({
    baseUrl,
    credentials: { apiKey: SANDBOX_API_KEY },
    fetch: countingFetch(count),
  });
}

// Render: order-card against one innerHTML write of the same markup

/** An API answer turned into the order the client stores, by the shipped client itself. */
async function parseOrder(body: string): Promise<Order> {
  const id = (JSON.parse(body) as { id: number }).id;
  const client = ops().createClient({
    baseUrl: STUB_BASE,
    rateLimit: false,
    fetch: stubFetch({ [`GET /orders/${id}`]: body }, []),
  });
  return client.getOrder(id);
}

/** The element's markup without Lit's marker comments, and its style sheets. */
async function captureOrderCard(order: Order): Promise<{ markup: string; sheets: CSSStyleSheet[] }> {
  const client = ops().createClient({ baseUrl: STUB_BASE, rateLimit: false });
  client.orders.set(order);
  const card = document.createElement('order-card');
  card.client = client;
  card.orderId = Number(order.id);
  stage().append(card);
  await rendered(card);
  await nextTask();
  await rendered(card);
  const root = shadowOf(card);
  const captured = {
    markup: root.innerHTML.replace(/<!--[^]*?-->/g, ''),
    sheets: [...root.adoptedStyleSheets],
  };
  card.remove();
  return captured;
}

async function renderOrderCard(order: Order, counter: { fetches: number }): Promise<[number, number]> {
  const client = ops().createClient({
    baseUrl: STUB_BASE,
    rateLimit: false,
    fetch: () => {
      counter.fetches += 1;
      return Promise.reject(new TypeError('No network in this measurement'));
    },
  });
  client.orders.set(order);
  const started = performance.now();
  const card = document.createElement('order-card');
  card.client = client;
  card.orderId = Number(order.id);
  stage().append(card);
  await rendered(card);
  layout(card);
  const time = performance.now() - started;
  const rows = shadowOf(card).querySelectorAll('tbody tr').length;
  card.remove();
  return [time, rows];
}

function renderBaseline(markup: string, sheets: CSSStyleSheet[]): [number, number] {
  const started = performance.now();
  const host = document.createElement('div');
  stage().append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets;
  root.innerHTML = markup;
  layout(host);
  const time = performance.now() - started;
  const rows = root.querySelectorAll('tbody tr').length;
  host.remove();
  return [time, rows];
}

/**
 * Every order size and its baseline in one loop, run after run, so all the ratios compare
 * renders taken side by side under the same machine load. Which goes first rotates each run.
 */
async function orderCardSideBySide(
  orderBodies: string[],
  warmup: number,
  runs: number,
): Promise<SideBySide[]> {
  const orders: Order[] = [];
  for (const body of orderBodies) orders.push(await parseOrder(body));
  const captured = [];
  for (const order of orders) captured.push(await captureOrderCard(order));
  const results: SideBySide[] = orders.map(() => ({
    element: [],
    baseline: [],
    rows: { element: 0, baseline: 0 },
    fetches: 0,
  }));
  const steps = orders.flatMap((_, index) => [
    { index, which: 'element' as const },
    { index, which: 'baseline' as const },
  ]);
  for (let run = 0; run < warmup + runs; run += 1) {
    const shift = run % steps.length;
    for (const { index, which } of [...steps.slice(shift), ...steps.slice(0, shift)]) {
      const order = orders[index] as Order;
      const { markup, sheets } = captured[index] as { markup: string; sheets: CSSStyleSheet[] };
      const result = results[index] as SideBySide;
      await nextTask();
      const [time, rows] =
        which === 'element' ? await renderOrderCard(order, result) : renderBaseline(markup, sheets);
      result.rows[which] = rows;
      if (run >= warmup) result[which].push(time);
    }
  }
  return results;
}

// Render: order-list with a page of orders against one innerHTML write of the same markup

/** The shown orders of an order-list: their row buttons. */
function orderRows(root: ParentNode): number {
  return root.querySelectorAll('button[part="order-button"]').length;
}

export interface OrderListTimes extends SideBySide {
  /** The same list with the client parsing the page (`JSON.parse` and the order schema) in the time. */
  withParsing: number[];
  misses: string[];
}

/**
 * A client for one order-list render. With `parsed`, its `send` answers at once with the page as
 * the client would have parsed it, so the time is the element's (as order-card's render is timed
 * with its order already stored); without, a stub `fetch` answers with the raw body and the
 * client parses it.
 */
function orderListClient(body: string, misses: string[], parsed?: Order[]): OpsClient {
  const client = ops().createClient({
    baseUrl: STUB_BASE,
    rateLimit: false,
    // The "Tag" select reads the account's tags once; the list renders without waiting for them.
    fetch: stubFetch({ 'GET /orders': body, 'GET /tags': '[]' }, misses),
  });
  if (parsed) {
    const headers = new Headers({ 'X-Page-Index': '1', 'X-Per-Page': String(parsed.length) });
    const answer: unknown = [parsed, headers];
    client.send = (() => Promise.resolve(answer)) as OpsClient['send'];
  }
  return client;
}

/** One order-list from append until its page is on screen and laid out. */
async function renderOrderList(client: OpsClient, pageSize: number): Promise<[number, number]> {
  const started = performance.now();
  const list = document.createElement('order-list');
  list.client = client;
  list.pageSize = pageSize;
  stage().append(list);
  const root = shadowOf(list);
  await when(root, () => orderRows(root) === pageSize);
  layout(list);
  const time = performance.now() - started;
  const rows = orderRows(root);
  list.remove();
  return [time, rows];
}

async function captureOrderList(
  client: OpsClient,
  pageSize: number,
): Promise<{ markup: string; sheets: CSSStyleSheet[] }> {
  const list = document.createElement('order-list');
  list.client = client;
  list.pageSize = pageSize;
  stage().append(list);
  const root = shadowOf(list);
  await when(root, () => orderRows(root) === pageSize);
  await rendered(list);
  const captured = {
    markup: root.innerHTML.replace(/<!--[^]*?-->/g, ''),
    sheets: [...root.adoptedStyleSheets],
  };
  list.remove();
  return captured;
}

function renderOrderListBaseline(markup: string, sheets: CSSStyleSheet[]): [number, number] {
  const started = performance.now();
  const host = document.createElement('div');
  stage().append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets;
  root.innerHTML = markup;
  layout(host);
  const time = performance.now() - started;
  const rows = orderRows(root);
  host.remove();
  return [time, rows];
}

/** order-list, its baseline and the list with parsing in one loop, rotating which goes first. */
async function orderListSideBySide(
  body: string,
  pageSize: number,
  warmup: number,
  runs: number,
): Promise<OrderListTimes> {
  const misses: string[] = [];
  const { items } = await orderListClient(body, misses).listOrders({ pageSize });
  const { markup, sheets } = await captureOrderList(orderListClient(body, misses, items), pageSize);
  const result: OrderListTimes = {
    element: [],
    baseline: [],
    withParsing: [],
    rows: { element: 0, baseline: 0 },
    fetches: 0,
    misses,
  };
  const steps = ['element', 'baseline', 'withParsing'] as const;
  for (let run = 0; run < warmup + runs; run += 1) {
    const shift = run % steps.length;
    for (const which of [...steps.slice(shift), ...steps.slice(0, shift)]) {
      await nextTask();
      const [time, rows] =
        which === 'baseline'
          ? renderOrderListBaseline(markup, sheets)
          : await renderOrderList(
              orderListClient(body, misses, which === 'element' ? items : undefined),
              pageSize,
            );
      if (which !== 'withParsing') result.rows[which] = rows;
      if (run >= warmup) result[which].push(time);
    }
  }
  return result;
}

// Render: rate-picker with many quotes

async function ratePickerRuns(
  fixture: { rates: string; configs: string; request: RatesRequest; quoteCount: number },
  warmup: number,
  runs: number,
  resortsPerRun: number,
): Promise<RatePickerTimes> {
  const times: RatePickerTimes = { firstRender: [], resort: [], rows: 0, misses: [] };
  for (let run = 0; run < warmup + runs; run += 1) {
    const client = ops().createClient({
      baseUrl: STUB_BASE,
      rateLimit: false,
      fetch: stubFetch(
        {
          'GET /api/v2/shipping_configs': fixture.configs,
          'POST /shipping/api/v1/rates': fixture.rates,
        },
        times.misses,
      ),
    });
    const picker = document.createElement('rate-picker');
    picker.client = client;
    picker.request = fixture.request;
    stage().append(picker);
    const root = shadowOf(picker);
    // Ready: the carrier list has loaded, so the form is complete.
    const button = await when(
      root,
      () =>
        root.querySelector('[part="carriers"]') &&
        root.querySelector<HTMLButtonElement>('[part="get-rates-button"]'),
    );
    await rendered(picker);
    await nextTask();

    const started = performance.now();
    button.click();
    await when(root, () => root.querySelectorAll('[part="rate"]').length >= fixture.quoteCount);
    layout(picker);
    const first = performance.now() - started;
    times.rows = root.querySelectorAll('[part="rate"]').length;

    const select = root.querySelector<HTMLSelectElement>('[part="sort-select"]');
    if (!select) throw new Error('rate-picker has no "Sort by" select');
    const resorts: number[] = [];
    for (let resort = 0; resort < resortsPerRun; resort += 1) {
      await nextTask();
      const before = root.querySelector('[part="rate"]')?.textContent;
      const begin = performance.now();
      select.value = select.value === 'price' ? 'delivery' : 'price';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await rendered(picker);
      layout(picker);
      resorts.push(performance.now() - begin);
      if (root.querySelector('[part="rate"]')?.textContent === before) {
        throw new Error('Changing "Sort by" did not reorder the quotes');
      }
    }
    picker.remove();
    if (run >= warmup) {
      times.firstRender.push(first);
      times.resort.push(...resorts);
    }
    await nextTask();
  }
  return times;
}

// Render: listing-linker with a full page of listings

async function listingLinkerRuns(
  fixture: { listings: string; channelId: number; listingCount: number },
  warmup: number,
  runs: number,
): Promise<ListingTimes> {
  const times: ListingTimes = { render: [], rows: 0, misses: [] };
  for (let run = 0; run < warmup + runs; run += 1) {
    const client = ops().createClient({
      baseUrl: STUB_BASE,
      rateLimit: false,
      fetch: stubFetch({ 'GET /api/v2/channel_sellables': fixture.listings }, times.misses),
    });
    await nextTask();
    const started = performance.now();
    const linker = document.createElement('listing-linker');
    linker.client = client;
    linker.channelId = fixture.channelId;
    linker.pageSize = fixture.listingCount;
    stage().append(linker);
    const root = shadowOf(linker);
    const rows = () => root.querySelectorAll('[part="listings-table"] tbody tr').length;
    await when(root, () => rows() >= fixture.listingCount);
    layout(linker);
    const time = performance.now() - started;
    times.rows = rows();
    linker.remove();
    if (run >= warmup) times.render.push(time);
  }
  return times;
}

// Requests: the whole ship-an-order flow on one page

const flow = {
  count: { started: 0, settled: 0, requests: [] } as FetchCount,
  events: [] as string[],
};

function mountFlow(baseUrl: string, orderId: number): void {
  stage().replaceChildren();
  flow.count = { started: 0, settled: 0, requests: [] };
  flow.events = [];
  const client = sandboxClient(baseUrl, flow.count);
  const card = document.createElement('order-card');
  const form = document.createElement('allocation-form');
  const picker = document.createElement('rate-picker');
  const downloader = document.createElement('label-downloader');
  picker.id = 'bench-rates';
  downloader.for = 'bench-rates';
  for (const element of [card, form, picker]) element.orderId = orderId;
  for (const element of [card, form, picker, downloader]) {
    element.client = client;
    for (const type of ['allocation-created', 'rate-selected', 'label-purchased', 'request-error']) {
      element.addEventListener(type, () => flow.events.push(`${element.localName}: ${type}`));
    }
  }
  stage().append(card, form, picker, downloader);
}

function flowState(): { count: FetchCount; events: string[] } {
  return { count: flow.count, events: flow.events };
}

// Memory: many mount/unmount cycles of order-card

const memory = {
  client: undefined as OpsClient | undefined,
  count: { started: 0, settled: 0 } as FetchCount,
};

async function memorySetup(baseUrl: string, storedOrderIds: number[]): Promise<void> {
  memory.count = { started: 0, settled: 0 };
  memory.client = sandboxClient(baseUrl, memory.count);
  for (const orderId of storedOrderIds) await memory.client.getOrder(orderId);
}

/**
 * Mounts and unmounts `cycles` cards. Every `delayedEvery`-th is for `delayedOrderId`, whose GET the
 * sandbox holds back, so the card leaves the page with its request in flight.
 */
async function memoryCycles(
  cycles: number,
  storedOrderIds: number[],
  delayedOrderId: number,
  delayedEvery: number,
): Promise<void> {
  const client = memory.client;
  if (!client) throw new Error('memorySetup() first');
  const host = stage();
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const delayed = cycle % delayedEvery === delayedEvery - 1;
    const card = document.createElement('order-card');
    card.client = client;
    card.orderId = delayed ? delayedOrderId : (storedOrderIds[cycle % storedOrderIds.length] ?? 0);
    host.append(card);
    await rendered(card);
    // Lets the load task reach fetch() before the card goes.
    await nextTask();
    card.remove();
  }
  await nextTask();
}

function memoryState(): FetchCount & { mounted: number; usedJSHeapSize: number | null } {
  const performanceMemory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  return {
    started: memory.count.started,
    settled: memory.count.settled,
    mounted: document.querySelectorAll('order-card').length,
    usedJSHeapSize: performanceMemory?.usedJSHeapSize ?? null,
  };
}

// Interaction: "Allocate" to the neighbouring order-card showing the allocation

let allocateWatch: Promise<number> | undefined;

async function mountPair(baseUrl: string, orderId: number): Promise<void> {
  stage().replaceChildren();
  const client = sandboxClient(baseUrl, { started: 0, settled: 0 });
  const form = document.createElement('allocation-form');
  const card = document.createElement('order-card');
  form.client = client;
  card.client = client;
  form.orderId = orderId;
  card.orderId = orderId;
  stage().append(form, card);
  const formRoot = shadowOf(form);
  const cardRoot = shadowOf(card);
  await when(formRoot, () => formRoot.querySelector('[part="allocate-button"]'));
  await when(cardRoot, () => cardRoot.querySelector('[part="allocations"]'));
  await rendered(form);
  await rendered(card);
}

/** From the click on "Allocate" to the card listing the allocation, laid out. */
function armAllocateWatch(): void {
  const card = stage().querySelector('order-card');
  if (!card) throw new Error('mountPair() first');
  const root = shadowOf(card);
  allocateWatch = new Promise<number>((resolve, reject) => {
    const onClick = (event: Event): void => {
      const button = event.composedPath()[0];
      if (!(button instanceof HTMLElement) || button.getAttribute('part') !== 'allocate-button') return;
      document.removeEventListener('click', onClick, true);
      const started = performance.now();
      when(root, () => root.querySelector('[part="allocations"] .allocation')).then(() => {
        layout(card);
        resolve(performance.now() - started);
      }, reject);
    };
    document.addEventListener('click', onClick, true);
  });
}

function allocateResult(): Promise<number> {
  if (!allocateWatch) throw new Error('armAllocateWatch() first');
  return allocateWatch;
}

const opsBench = {
  orderCardSideBySide,
  orderListSideBySide,
  ratePickerRuns,
  listingLinkerRuns,
  mountFlow,
  flowState,
  memorySetup,
  memoryCycles,
  memoryState,
  mountPair,
  armAllocateWatch,
  allocateResult,
};

export type OpsBench = typeof opsBench;

declare global {
  interface Window {
    opsBench: OpsBench;
  }
}

window.opsBench = opsBench;
