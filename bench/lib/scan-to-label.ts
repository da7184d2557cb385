/**
 * Scan to label: `<ship-order verify-items auto-print choose-by="cheapest-on-time"
 * printer="sandbox-zebra" label-format="ZPL">` on the sandbox, its three items scanned by a
 * keyboard-mode scanner (keys typed as one burst, then Enter). From the Enter of the last scan to
 * the label's bytes received by the loopback printer (the sandbox's stand-in Zebra, a raw TCP
 * listener the print route writes to as it writes to a port-9100 printer), with the Enter on "Buy
 * label" pressed as soon as focus lands there. Both ends are read on the bench's own clock.
 */
import type { Page } from 'playwright-core';
import type { BenchContext } from './browser-runs.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/index.js';
import { variantBarcode } from '../../src/sandbox/seed-ids.js';
import { summarize } from './stats.js';

export interface ScanToLabelResult {
  runs: number;
  /** Last scan's Enter → label bytes at the printer, median and slowest, in milliseconds. */
  ms: number;
  worst: number;
  /** Last scan's Enter → focus on "Buy label" (rates loaded, the rule's quote chosen), median. */
  toBuyMs: number;
  /** Enter on "Buy label" → label bytes at the printer, median. */
  buyToPrinterMs: number;
  /** Booking requests per run (one: nothing bought twice, nothing before the Enter). */
  bookings: number[];
  completed: boolean;
  error?: string;
}

const RUNS = 5;
const TENANT = 'bench-scan';
const ORDER = SEED_IDS.orders.allocated;
const SCANS = [
  variantBarcode(SEED_IDS.sellables.candleLarge),
  variantBarcode(SEED_IDS.sellables.candleLarge),
  variantBarcode(SEED_IDS.sellables.pourOverSet),
];

/** Mounts the ship-order of the run with its own client, resolving once its Pack step listens. */
function inPageShipOrder(baseUrl: string): string {
  const options = JSON.stringify({ baseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });
  return `(async () => {
    sessionStorage.clear();
    const flow = document.createElement('ship-order');
    flow.client = window.CommerceOps.createClient(${options});
    for (const [name, value] of [
      ['order-id', '${ORDER}'],
      ['verify-items', ''],
      ['label-format', 'ZPL'],
      ['printer', 'sandbox-zebra'],
      ['auto-print', ''],
      ['choose-by', 'cheapest-on-time'],
    ]) flow.setAttribute(name, value);
    document.body.append(flow);
    const deadline = Date.now() + 30000;
    while (!flow.shadowRoot?.querySelector('pack-check')?.shadowRoot?.querySelector('[part="lines"]')) {
      if (Date.now() > deadline) throw new Error('the Pack step did not open');
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  })()`;
}

/** Whether focus is on "Buy label", through the shadow roots. */
const ON_BUY = `(() => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  return Boolean(active && active.matches('[part="buy-button"]'));
})()`;

async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

async function bookingsOf(baseUrl: string): Promise<number> {
  const log = (await (await fetch(`${baseUrl}/__sandbox/requests`)).json()) as Array<{
    method: string;
    path: string;
  }>;
  return log.filter((entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments').length;
}

async function oneRun(
  context: BenchContext,
): Promise<{ ms: number; toBuyMs: number; buyToPrinterMs: number; bookings: number }> {
  const printers = context.server.printers;
  const tenant = context.server.host.tenant(TENANT);
  tenant.reset();
  const baseUrl = `${context.server.origin}/sandbox/${TENANT}`;
  await fetch(`${baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  await fetch(`${context.server.origin}/stand-in-printer/${TENANT}/jobs`, { method: 'DELETE' });
  const page = await context.browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${context.server.origin}/elements.html`);
    await page.waitForFunction(() => customElements.get('ship-order') !== undefined);
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    await page.evaluate(inPageShipOrder(baseUrl));
    const [last, ...before] = [...SCANS].reverse();
    for (const code of before.reverse()) await scan(page, code);
    await page.keyboard.type(last ?? '');
    const scanned = Date.now();
    await page.keyboard.press('Enter');
    await page.waitForFunction(ON_BUY, undefined, { polling: 'raf', timeout: 30_000 });
    const onBuy = Date.now();
    if ((await bookingsOf(baseUrl)) !== 0) throw new Error('a label was bought before the Enter');
    await page.keyboard.press('Enter');
    const pressed = Date.now();
    const deadline = pressed + 30_000;
    let received: string | undefined;
    while (!received) {
      received = printers.received(TENANT).find((job) => job.printerId === 'sandbox-zebra')?.receivedAt;
      if (Date.now() > deadline) throw new Error('the label did not reach the printer');
      if (!received) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const atPrinter = Date.parse(received);
    return {
      ms: atPrinter - scanned,
      toBuyMs: onBuy - scanned,
      buyToPrinterMs: atPrinter - pressed,
      bookings: await bookingsOf(baseUrl),
    };
  } finally {
    await page.close();
  }
}

export async function measureScanToLabel(context: BenchContext): Promise<ScanToLabelResult> {
  const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
  let error: string | undefined;
  try {
    for (let run = 0; run < RUNS; run += 1) runs.push(await oneRun(context));
  } catch (caught) {
    error = caught instanceof Error ? (caught.message.split('\n')[0] ?? caught.message) : String(caught);
  }
  const of = (pick: (run: (typeof runs)[number]) => number) => summarize(runs.map(pick));
  return {
    runs: runs.length,
    ms: of((run) => run.ms).median,
    worst: of((run) => run.ms).max,
    toBuyMs: of((run) => run.toBuyMs).median,
    buyToPrinterMs: of((run) => run.buyToPrinterMs).median,
    bookings: runs.map((run) => run.bookings),
    completed: error === undefined && runs.length === RUNS,
    ...(error === undefined ? {} : { error }),
  };
}
