/**
 * The measurements taken in headless Chromium: start-up, render, requests of the ship-an-order
 * flow, memory over many mount/unmount cycles, and the "Allocate" interaction.
 */
import type { Browser, Page } from 'playwright-core';
import { SEED_IDS } from '../../src/sandbox/index.js';
import type { Fixtures } from './fixtures.js';
import type { BenchServer } from './server.js';
import { round, summarize, type Summary } from './stats.js';

export interface BenchContext {
  browser: Browser;
  server: BenchServer;
  tags: string[];
}

const ELEMENTS_PAGE = '/elements.html';

/** A page with the browser build and the harness loaded. */
async function elementsPage(context: BenchContext): Promise<Page> {
  const page = await context.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(`${context.server.origin}${ELEMENTS_PAGE}`);
  await page.waitForFunction(() => typeof window.opsBench === 'object');
  return page;
}

/** A new tenant of the sandbox host: its own seeded state and request log. */
function tenant(context: BenchContext, name: string): { name: string; baseUrl: string } {
  context.server.host.tenant(name).reset();
  return { name, baseUrl: `${context.server.origin}/sandbox/${name}` };
}

// 2. Start-up

export interface StartupResult extends Summary {
  tags: string[];
  /** Tags still undefined once the build had run (each must be registered). */
  undefinedTags: string[];
  crossOriginIsolated: boolean;
}

const STARTUP_WARMUP = 3;
const STARTUP_RUNS = 20;

/**
 * The browser build inline in a page, after a script that marks the time and waits for every tag
 * with `customElements.whenDefined`: the time covers reading, compiling and running the script
 * up to the last element registered. A comment unique to each run keeps V8 from reusing code
 * compiled on an earlier run.
 */
export function startupPage(script: string, tags: string[], run: string): string {
  const safe = script.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>start-up</title>
    <script>
      performance.mark('ops-script-start');
      window.__opsStartup = Promise.all(
        ${JSON.stringify(tags)}.map((tag) => customElements.whenDefined(tag)),
      ).then(() => performance.measure('ops-defined', 'ops-script-start').duration);
    </script>
    <script>${safe}
//# bench-run=${run}
    </script>
  </head>
  <body></body>
</html>`;
}

export async function measureStartup(context: BenchContext, script: string): Promise<StartupResult> {
  const samples: number[] = [];
  let undefinedTags: string[] = [];
  let isolated = false;
  let run = 0;
  context.server.route('/startup.html', 'text/html', () => startupPage(script, context.tags, String(run)));
  // One tab, navigated anew for each run: a new document and a new script each time.
  const page = await context.browser.newPage();
  try {
    for (; run < STARTUP_WARMUP + STARTUP_RUNS; run += 1) {
      await page.goto(`${context.server.origin}/startup.html?run=${run}`);
      const outcome = await page.evaluate(
        async ({ tags }) => {
          const startup = (window as Window & { __opsStartup?: Promise<number> }).__opsStartup;
          const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000));
          const ms = startup ? await Promise.race([startup, timeout]) : null;
          return {
            ms,
            undefinedTags: tags.filter((tag) => !customElements.get(tag)),
            isolated: crossOriginIsolated,
          };
        },
        { tags: context.tags },
      );
      undefinedTags = outcome.undefinedTags;
      isolated = outcome.isolated;
      if (outcome.ms === null) break;
      if (run >= STARTUP_WARMUP) samples.push(outcome.ms);
    }
  } finally {
    await page.close();
  }
  return {
    ...summarize(samples),
    tags: context.tags,
    undefinedTags,
    crossOriginIsolated: isolated,
  };
}

// 3. Render

export interface OrderCardRender {
  items: number;
  element: Summary;
  baseline: Summary;
  /** element median / baseline median */
  ratio: number;
  rows: number;
  baselineRows: number;
  fetches: number;
}

export interface RenderResult {
  orderCard: OrderCardRender[];
  /** order-card median at 1,000 items / at 100 items */
  scaling: number;
  ratePicker: {
    quotes: number;
    firstRender: Summary;
    resort: Summary;
    rows: number;
    misses: string[];
  };
  listingLinker: { rows: number; render: Summary; misses: string[] };
  /** order-list showing a page of orders, against an innerHTML write of the same markup. */
  orderList: {
    orders: number;
    element: Summary;
    baseline: Summary;
    /** element median / baseline median */
    ratio: number;
    /** The same render with the client parsing the page's answer in the time. */
    withParsing: Summary;
    rows: number;
    baselineRows: number;
    misses: string[];
  };
}

const RENDER_WARMUP = 5;
const RENDER_RUNS = 24;

export async function measureRender(context: BenchContext, fixtures: Fixtures): Promise<RenderResult> {
  const page = await elementsPage(context);
  try {
    let mark = performance.now();
    const lap = (what: string) => {
      process.stdout.write(` ${what} ${((performance.now() - mark) / 1000).toFixed(1)} s,`);
      mark = performance.now();
    };
    const sizes = Object.keys(fixtures.orders).map(Number);
    const sideBySide = await page.evaluate(
      ({ orders, warmup, runs }) => window.opsBench.orderCardSideBySide(orders, warmup, runs),
      {
        orders: sizes.map((items) => JSON.stringify(fixtures.orders[items])),
        warmup: RENDER_WARMUP,
        runs: RENDER_RUNS,
      },
    );
    const orderCard: OrderCardRender[] = sideBySide.map((result, index) => {
      const element = summarize(result.element);
      const baseline = summarize(result.baseline);
      return {
        items: sizes[index] ?? 0,
        element,
        baseline,
        ratio: round(element.median / baseline.median),
        rows: result.rows.element,
        baselineRows: result.rows.baseline,
        fetches: result.fetches,
      };
    });
    lap('order-card');
    const at = (items: number) => orderCard.find((entry) => entry.items === items)?.element.median ?? NaN;

    const rates = await page.evaluate(({ fixture }) => window.opsBench.ratePickerRuns(fixture, 2, 12, 4), {
      fixture: {
        rates: JSON.stringify(fixtures.rates),
        configs: JSON.stringify(fixtures.shippingConfigs),
        request: fixtures.ratesRequest,
        quoteCount: fixtures.quoteCount,
      },
    });
    lap('rate-picker');
    const listings = await page.evaluate(({ fixture }) => window.opsBench.listingLinkerRuns(fixture, 3, 15), {
      fixture: {
        listings: JSON.stringify(fixtures.listings),
        channelId: fixtures.listingChannelId,
        listingCount: fixtures.listingCount,
      },
    });
    lap('listing-linker');
    const list = await page.evaluate(
      ({ body, pageSize, warmup, runs }) => window.opsBench.orderListSideBySide(body, pageSize, warmup, runs),
      {
        body: JSON.stringify(fixtures.orderList),
        pageSize: fixtures.orderListCount,
        warmup: RENDER_WARMUP,
        runs: RENDER_RUNS,
      },
    );
    lap('order-list');
    const listElement = summarize(list.element);
    const listBaseline = summarize(list.baseline);
    return {
      orderCard,
      scaling: round(at(1000) / at(100)),
      ratePicker: {
        quotes: fixtures.quoteCount,
        firstRender: summarize(rates.firstRender),
        resort: summarize(rates.resort),
        rows: rates.rows,
        misses: [...new Set(rates.misses)],
      },
      listingLinker: {
        rows: listings.rows,
        render: summarize(listings.render),
        misses: [...new Set(listings.misses)],
      },
      orderList: {
        orders: fixtures.orderListCount,
        element: listElement,
        baseline: listBaseline,
        ratio: round(listElement.median / listBaseline.median),
        withParsing: summarize(list.withParsing),
        rows: list.rows.element,
        baselineRows: list.rows.baseline,
        misses: [...new Set(list.misses)],
      },
    };
  } finally {
    await page.close();
  }
}

// 4. Requests of the ship-an-order flow

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface FlowResult {
  orderId: number;
  /** Every API request the sandbox served, in order: `METHOD /path?query status`. */
  requests: string[];
  total: number;
  /** Requests sent more than once (same method, path and query), with their count. */
  repeated: Array<{ request: string; times: number }>;
  /** `GET /orders/{id}` requests for the order shown (once to show it, once after its label). */
  orderFetches: number;
  /** Requests the client started, from its wrapped fetch (the sandbox log should match). */
  clientRequests: number;
  events: string[];
  completed: boolean;
  error?: string;
}

function requestKey(entry: LoggedRequest): string {
  const query = new URLSearchParams(Object.entries(entry.query ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  const search = query.toString();
  return `${entry.method} ${entry.path}${search ? `?${decodeURIComponent(search)}` : ''}`;
}

export async function measureFlow(context: BenchContext): Promise<FlowResult> {
  const orderId = SEED_IDS.orders.unallocated;
  const { baseUrl } = tenant(context, 'bench-flow');
  const page = await elementsPage(context);
  let completed = false;
  let error: string | undefined;
  try {
    await page.evaluate(({ baseUrl, orderId }) => window.opsBench.mountFlow(baseUrl, orderId), {
      baseUrl,
      orderId,
    });
    const card = page.locator('order-card');
    // 1. Allocate, and wait for the card beside the form to show it.
    await page.getByRole('button', { name: 'Allocate', exact: true }).click();
    await card.locator('[part="allocations"] .allocation').first().waitFor();
    // 2. Get rates for the allocated parcel.
    await page.getByRole('button', { name: 'Get rates', exact: true }).click();
    const rates = page.getByRole('group', { name: 'Shipping rates' });
    // 3. Choose the first rate.
    await rates.getByRole('radio').first().check();
    // 4. Buy the label.
    await page.getByRole('button', { name: 'Buy label', exact: true }).click();
    await page.waitForFunction(() =>
      window.opsBench.flowState().events.some((event) => event.endsWith('label-purchased')),
    );
    completed = true;
  } catch (caught) {
    error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
  }
  try {
    // The bought label's order is read again: the card shows it shipped once that read is in.
    if (completed)
      await page.locator('order-card [part="header"]', { hasText: 'Shipped' }).waitFor({ timeout: 5000 });
    const state = await page.evaluate(() => window.opsBench.flowState());
    const response = await fetch(`${baseUrl}/__sandbox/requests`);
    const log = (await response.json()) as LoggedRequest[];
    // The read of the order right before the booking (one label per order) and the one after its
    // label are expected; any other second request is a repeat.
    const booking = log.findIndex(
      (entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments',
    );
    const isOrderRead = (entry: LoggedRequest) =>
      entry.method === 'GET' && entry.path === `/orders/${orderId}`;
    const check = booking < 0 ? -1 : log.slice(0, booking).findLastIndex(isOrderRead);
    const reread = log.findIndex((entry, index) => index > booking && isOrderRead(entry));
    const counts = new Map<string, number>();
    for (const [index, entry] of log.entries()) {
      if (booking >= 0 && (index === reread || index === check)) continue;
      counts.set(requestKey(entry), (counts.get(requestKey(entry)) ?? 0) + 1);
    }
    return {
      orderId,
      requests: log.map((entry) => `${requestKey(entry)} → ${entry.status}`),
      total: log.length,
      repeated: [...counts].filter(([, times]) => times > 1).map(([request, times]) => ({ request, times })),
      orderFetches: log.filter((entry) => entry.method === 'GET' && entry.path === `/orders/${orderId}`)
        .length,
      clientRequests: state.count.started,
      events: state.events,
      completed,
      ...(error === undefined ? {} : { error }),
    };
  } finally {
    await page.close();
  }
}

// 5. Memory

export interface MemoryResult {
  cycles: number;
  /** Cycles whose card left with its order request still in flight. */
  delayedCycles: number;
  /** Retained JS heap after garbage collection, before and after the cycles, in bytes. */
  heapBefore: number;
  heapAfter: number;
  growth: number;
  fetchesStarted: number;
  fetchesSettled: number;
  pending: number;
  mountedAfter: number;
}

const MEMORY_CYCLES = 1000;
const MEMORY_WARMUP_CYCLES = 100;
const DELAYED_EVERY = 10;
/** Longer than the run takes, so only an abort can settle a delayed request. */
const DELAY_MS = 60_000;

export async function measureMemory(context: BenchContext): Promise<MemoryResult> {
  const { name, baseUrl } = tenant(context, 'bench-memory');
  const O = SEED_IDS.orders;
  const stored = [O.unallocated, O.partlyAllocated, O.allocated, O.international, O.large];
  const delayed = O.withNotes;
  context.server.host.tenant(name).addFault({
    method: 'GET',
    path: `/orders/${delayed}`,
    delayMs: DELAY_MS,
    times: 10 * MEMORY_CYCLES,
  });
  const page = await elementsPage(context);
  const cdp = await page.context().newCDPSession(page);
  const heap = async (): Promise<number> => {
    for (let pass = 0; pass < 3; pass += 1) {
      await cdp.send('HeapProfiler.collectGarbage');
      await page.waitForTimeout(50);
    }
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  try {
    await page.evaluate(({ baseUrl, stored }) => window.opsBench.memorySetup(baseUrl, stored), {
      baseUrl,
      stored,
    });
    const cycles = (count: number) =>
      page.evaluate(
        ({ count, stored, delayed, every }) => window.opsBench.memoryCycles(count, stored, delayed, every),
        { count, stored, delayed, every: DELAYED_EVERY },
      );
    // Warm-up: compiled code, caches and the page's own first allocations are not growth.
    await cycles(MEMORY_WARMUP_CYCLES);
    await page.waitForTimeout(500);
    const heapBefore = await heap();
    const startedBefore = (await page.evaluate(() => window.opsBench.memoryState())).started;
    await cycles(MEMORY_CYCLES);
    // Aborted requests settle at once; one not aborted would wait out the sandbox's delay.
    await page.waitForTimeout(1000);
    const state = await page.evaluate(() => window.opsBench.memoryState());
    const heapAfter = await heap();
    return {
      cycles: MEMORY_CYCLES,
      delayedCycles: Math.floor(MEMORY_CYCLES / DELAYED_EVERY),
      heapBefore,
      heapAfter,
      growth: heapAfter - heapBefore,
      fetchesStarted: state.started - startedBefore,
      fetchesSettled: state.settled - startedBefore,
      pending: state.started - state.settled,
      mountedAfter: state.mounted,
    };
  } finally {
    await cdp.detach();
    await page.close();
    context.server.host.tenant(name).clearFaults();
  }
}

// 6. Interaction

const INTERACTION_WARMUP = 1;
const INTERACTION_RUNS = 9;

export async function measureInteraction(context: BenchContext): Promise<Summary> {
  const orderId = SEED_IDS.orders.unallocated;
  const page = await elementsPage(context);
  const samples: number[] = [];
  try {
    for (let run = 0; run < INTERACTION_WARMUP + INTERACTION_RUNS; run += 1) {
      // A fresh tenant state each time: the order is unallocated again.
      const { baseUrl } = tenant(context, 'bench-interaction');
      await page.evaluate(({ baseUrl, orderId }) => window.opsBench.mountPair(baseUrl, orderId), {
        baseUrl,
        orderId,
      });
      await page.evaluate(() => window.opsBench.armAllocateWatch());
      await page.getByRole('button', { name: 'Allocate', exact: true }).click();
      const ms = await page.evaluate(() => window.opsBench.allocateResult());
      if (run >= INTERACTION_WARMUP) samples.push(ms);
    }
    return summarize(samples);
  } finally {
    await page.close();
  }
}

/** The page the render, flow, memory and interaction runs use. */
export function elementsPageHtml(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>commerce-ops-elements bench</title>
    <style>
      body { margin: 16px; font-family: system-ui, sans-serif; }
      #stage > * { margin-bottom: 16px; }
    </style>
    <script src="/commerce-ops-elements.js"></script>
    <script src="/harness.js"></script>
  </head>
  <body></body>
</html>`;
}
