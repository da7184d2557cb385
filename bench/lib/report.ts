/**
 * Budgets, the results table (printed, and kept in docs/performance.md between the bench markers) and
 * bench/results.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { FlowResult, MemoryResult, RenderResult, StartupResult } from './browser-runs.js';
import type { BuildStep } from './artifacts.js';
import type { BatchResult } from './batch.js';
import type { PickListResult } from './pick-list.js';
import type { ScanToLabelResult } from './scan-to-label.js';
import type { ProxyResult } from './proxy.js';
import type { SchemaComparison } from './baseline.js';
import type { Budget } from './budget.js';
import { loaderBudgets, loaderRows, type LoaderResult } from './loader.js';
import type { SizeResults } from './size.js';
import type { Summary } from './stats.js';

/**
 * Ceilings, not targets: each size line serves the user (a page's download), and clear code that
 * does not fit is reported as such rather than bent to fit.
 */
export const BUDGETS = {
  /** The single file, for the ten elements it first registered. */
  browserBuildGzip: 100 * 1024,
  /** Each element the single file registers beyond those ten may add at most this much. */
  browserBuildGzipPerAddedElement: 6 * 1024,
  /** How many elements the single file's first budget covers. */
  baseElements: 10,
  /** Each element bundled alone: one ceiling for all. */
  elementGzip: 32 * 1024,
  orderCardVsBaseline: 1.2,
  orderCardScaling: 1.5,
  orderListVsBaseline: 1.5,
  memoryGrowth: 1024 * 1024,
  /** The check right before a batch books, for its 100 orders: the orders updated since its rates. */
  batchCheckRequests: 3,
  /**
   * The longest the API proxy may hold its event loop up while passing on a 5 MB answer, clock
   * time. The proxy works in slices of 8 ms; what is left is V8's garbage collection, whose pauses
   * with answers this large are 20–55 ms here. Reading the answer at once holds it 250 ms or more.
   */
  proxyStallMs: 100,
  /** Scan to label: from the Enter of the last scan to the label's bytes at the printer, every run. */
  scanToLabel: 1500,
} as const;

export interface Results {
  generatedAt: string;
  commit: string;
  source: 'dist' | 'src';
  build: BuildStep;
  machine: { cpus: number; node: string; chromium: string };
  /** Sections that threw, with the message. */
  errors: Record<string, string>;
  size?: SizeResults;
  /** The same bundles with the valibot schemas and with zod's, from sources, in the same run. */
  schemas?: SchemaComparison;
  startup?: StartupResult;
  render?: RenderResult;
  flow?: FlowResult;
  /** label-batch with 100 orders: ids to "Buy labels" enabled, then bought. */
  batch?: BatchResult;
  /** pick-list with 100 orders: ids to the tables shown, then to the PDF made. */
  pick?: PickListResult;
  /** ship-order scan to label: last scan → label bytes at the loopback printer. */
  scan?: ScanToLabelResult;
  memory?: MemoryResult;
  interaction?: Summary;
  /** The API proxy passing on a rates answer of several MB. */
  proxy?: ProxyResult;
  loader?: LoaderResult;
  budgets: Budget[];
  passed: boolean;
}

export type { Budget };

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const times = (value: number): string => `${value.toFixed(2)}×`;

export function evaluateBudgets(results: Omit<Results, 'budgets' | 'passed'>): Budget[] {
  const budgets: Budget[] = [];
  if (results.build.ran && !results.build.ok) {
    budgets.push({ name: '`npm run build` succeeds', limit: 'exit 0', actual: 'failed', pass: false });
  }
  for (const [section, message] of Object.entries(results.errors)) {
    budgets.push({ name: `${section} ran`, limit: 'no error', actual: message, pass: false });
  }
  const { size, startup, render, flow, memory } = results;
  if (size) {
    const added = Math.max(0, size.elements.length - BUDGETS.baseElements);
    const singleFileLimit = BUDGETS.browserBuildGzip + added * BUDGETS.browserBuildGzipPerAddedElement;
    budgets.push({
      name: 'browser build, gzip',
      limit: `≤ ${singleFileLimit / 1024} KB gzip`,
      actual: kb(size.browserBuild.gzipBytes),
      pass: size.browserBuild.gzipBytes <= singleFileLimit,
    });
    for (const element of size.elements) {
      const limit = BUDGETS.elementGzip;
      budgets.push({
        name: `\`${element.name}\` alone, gzip`,
        limit: `≤ ${limit / 1024} KB gzip`,
        actual: element.error ? `not bundled: ${element.error}` : kb(element.gzipBytes),
        pass: !element.error && element.gzipBytes <= limit,
      });
    }
  }
  if (startup) {
    budgets.push({
      name: 'start-up defines every element',
      limit: 'all tags',
      actual: startup.undefinedTags.length ? `undefined: ${startup.undefinedTags.join(', ')}` : 'all defined',
      pass: startup.undefinedTags.length === 0 && startup.runs > 0,
    });
  }
  if (render) {
    const hundred = render.orderCard.find((entry) => entry.items === 100);
    if (hundred) {
      budgets.push({
        name: '`order-card` 100 items vs innerHTML baseline',
        limit: `≤ ${BUDGETS.orderCardVsBaseline}× baseline`,
        actual: times(hundred.ratio),
        pass: hundred.ratio <= BUDGETS.orderCardVsBaseline && hundred.rows === hundred.baselineRows,
      });
    }
    budgets.push({
      name: '`order-card` 1,000 items vs 100 items',
      limit: `≤ ${BUDGETS.orderCardScaling}× the 100-item render`,
      actual: times(render.scaling),
      pass: render.scaling <= BUDGETS.orderCardScaling,
    });
    const list = render.orderList;
    budgets.push({
      name: `\`order-list\` ${list.orders} orders vs innerHTML baseline`,
      limit: `≤ ${BUDGETS.orderListVsBaseline}× baseline`,
      actual: list.misses.length ? `unanswered: ${list.misses.join(', ')}` : times(list.ratio),
      pass:
        list.misses.length === 0 &&
        list.ratio <= BUDGETS.orderListVsBaseline &&
        list.rows === list.orders &&
        list.rows === list.baselineRows,
    });
    const fetched = render.orderCard.reduce((sum, entry) => sum + entry.fetches, 0);
    budgets.push({
      name: '`order-card` renders stored orders without a request',
      limit: '0 requests',
      actual: `${fetched} requests`,
      pass: fetched === 0,
    });
  }
  if (flow) {
    budgets.push({
      name: 'ship-an-order flow completes',
      limit: 'label bought',
      actual: flow.completed ? 'label bought' : (flow.error ?? 'stopped'),
      pass: flow.completed,
    });
    budgets.push({
      name: 'ship-an-order flow: no request repeated',
      limit: '0 repeated',
      actual: flow.repeated.length
        ? flow.repeated.map((entry) => `${entry.request} ×${entry.times}`).join('; ')
        : '0 repeated',
      pass: flow.repeated.length === 0,
    });
    budgets.push({
      name: 'ship-an-order flow: order fetched once, read right before the booking, and once after the label',
      limit: '3',
      actual: String(flow.orderFetches),
      pass: flow.orderFetches === 3,
    });
  }
  if (memory) {
    budgets.push({
      name: `heap growth over ${memory.cycles.toLocaleString('en')} \`order-card\` mount/unmount cycles`,
      limit: '< 1 MB',
      actual: `${memory.growth < 0 ? '−' : '+'}${kb(Math.abs(memory.growth))}`,
      pass: memory.growth < BUDGETS.memoryGrowth,
    });
    budgets.push({
      name: 'requests still pending after the cycles',
      limit: '0',
      actual: String(memory.pending),
      pass: memory.pending === 0 && memory.mountedAfter === 0,
    });
  }
  if (results.pick) {
    const pick = results.pick;
    budgets.push({
      name: `\`pick-list\` ${pick.orders} orders: each order read once, the tables and the PDF made`,
      limit: `${pick.orders} order reads, none repeated, a PDF`,
      actual: pick.completed
        ? `${pick.orderFetches} order reads, ${pick.repeated.length} repeated, PDF of ${kb(pick.pdfBytes)}`
        : (pick.error ?? 'stopped'),
      pass:
        pick.completed &&
        pick.orderFetches === pick.orders &&
        pick.repeated.length === 0 &&
        pick.rows > 0 &&
        pick.pdfBytes > 0,
    });
  }
  if (results.scan) {
    const scan = results.scan;
    budgets.push({
      name: 'scan to label: last scan → label bytes at the printer (sandbox, loopback printer), one label bought',
      limit: `≤ ${ms(BUDGETS.scanToLabel)}, 1 booking per run`,
      actual: scan.completed
        ? `${ms(scan.ms)} median, ${ms(scan.worst)} slowest of ${scan.runs}; bookings ${scan.bookings.join(', ')}`
        : (scan.error ?? 'stopped'),
      pass:
        scan.completed && scan.worst <= BUDGETS.scanToLabel && scan.bookings.every((count) => count === 1),
    });
  }
  if (results.batch) {
    const batch = results.batch;
    budgets.push({
      name: `\`label-batch\` ${batch.orders} orders: each order fetched and quoted once, checked before booking in at most ${BUDGETS.batchCheckRequests} requests, read again once after its label`,
      limit: `${batch.orders} order fetches, ${batch.orders} rates requests, ≤ ${BUDGETS.batchCheckRequests} check requests, ${batch.orders} labels, ${batch.orders} re-reads, none repeated`,
      actual: batch.completed
        ? `${batch.orderFetches} order fetches, ${batch.ratesRequests} rates requests, ${batch.checkRequests} check requests, ${batch.labels} labels, ${batch.rereads} re-reads, ${batch.repeated.length} repeated`
        : (batch.error ?? 'stopped'),
      pass:
        batch.completed &&
        batch.checkRequests >= 1 &&
        batch.checkRequests <= BUDGETS.batchCheckRequests &&
        batch.orderFetches === batch.orders &&
        batch.ratesRequests === batch.orders &&
        batch.labels === batch.orders &&
        batch.rereads === batch.labels &&
        batch.repeated.length === 0,
    });
  }
  if (results.proxy) budgets.push(proxyBudget(results.proxy));
  if (results.loader) budgets.push(...loaderBudgets(results.loader));
  return budgets;
}

function proxyBudget(proxy: ProxyResult): Budget {
  return {
    name: 'API proxy: longest hold of the event loop while a large answer is read',
    limit: `< ${BUDGETS.proxyStallMs} ms`,
    actual: `${proxy.longestStallMs} ms`,
    pass: proxy.longestStallMs < BUDGETS.proxyStallMs,
  };
}

const mark = (pass: boolean | undefined): string => (pass === undefined ? '' : pass ? 'pass' : '**FAIL**');

/** The results as a Markdown table: what was measured, the number, and the budget if it has one. */
export function resultsTable(results: Results): string {
  const rows: string[][] = [];
  const budget = (name: string) => results.budgets.find((entry) => entry.name === name);
  const withBudget = (what: string, value: string, name: string) => {
    const entry = budget(name);
    rows.push([what, value, entry?.limit ?? '', mark(entry?.pass)]);
  };
  const { size, startup, render, flow, memory, interaction } = results;
  if (size) {
    withBudget(
      'Browser build `commerce-ops-elements.js`',
      `${kb(size.browserBuild.minBytes)} min, ${kb(size.browserBuild.gzipBytes)} gzip`,
      'browser build, gzip',
    );
    for (const element of size.elements) {
      withBudget(
        `\`${element.name}\` bundled alone (with lit)`,
        element.error ? 'could not be bundled' : `${kb(element.minBytes)} min, ${kb(element.gzipBytes)} gzip`,
        `\`${element.name}\` alone, gzip`,
      );
    }
  }
  if (startup) {
    withBudget(
      `Start-up: script evaluation → ${results.size?.elements.length ?? ''} elements defined`.replace(
        '  ',
        ' ',
      ),
      startup.runs ? ms(startup.median) : 'did not finish',
      'start-up defines every element',
    );
  }
  if (render) {
    for (const entry of render.orderCard) {
      const name =
        entry.items === 100
          ? '`order-card` 100 items vs innerHTML baseline'
          : entry.items === 1000
            ? '`order-card` 1,000 items vs 100 items'
            : '';
      const extra = entry.items === 1000 ? `; ${times(render.scaling)} the 100-item render` : '';
      withBudget(
        `\`order-card\` render, ${entry.items.toLocaleString('en')} line items (${entry.rows} rows shown)`,
        `${ms(entry.element.median)} (baseline ${ms(entry.baseline.median)}, ${times(entry.ratio)}${extra})`,
        name,
      );
    }
    withBudget(
      `\`order-list\` render, ${render.orderList.orders} orders (${render.orderList.rows} rows shown)`,
      `${ms(render.orderList.element.median)} (baseline ${ms(render.orderList.baseline.median)}, ${times(render.orderList.ratio)})`,
      `\`order-list\` ${render.orderList.orders} orders vs innerHTML baseline`,
    );
    rows.push([
      `\`order-list\` ${render.orderList.orders} orders, the client parsing the page in the time`,
      ms(render.orderList.withParsing.median),
      '',
      '',
    ]);
    rows.push([
      `\`rate-picker\` ${render.ratePicker.quotes} quotes: "Get rates" → listed`,
      ms(render.ratePicker.firstRender.median),
      '',
      '',
    ]);
    rows.push([
      `\`rate-picker\` ${render.ratePicker.quotes} quotes: re-sort`,
      ms(render.ratePicker.resort.median),
      '',
      '',
    ]);
    rows.push([
      `\`listing-linker\` ${render.listingLinker.rows}-row page`,
      ms(render.listingLinker.render.median),
      '',
      '',
    ]);
  }
  if (results.pick) {
    const pick = results.pick;
    withBudget(
      `\`pick-list\` for ${pick.orders} orders: from ids to the table shown (${pick.rows} rows), then to the PDF made`,
      pick.completed
        ? `${ms(pick.ms)}, then ${ms(pick.pdfMs)} to the PDF (${kb(pick.pdfBytes)}); ${pick.total} requests (${pick.orderFetches} order reads), ${pick.repeated.length} repeated`
        : `did not finish: ${pick.error ?? 'stopped'}`,
      `\`pick-list\` ${pick.orders} orders: each order read once, the tables and the PDF made`,
    );
  }
  if (results.scan) {
    const scan = results.scan;
    withBudget(
      '`ship-order` scan to label: last scan → label bytes at the loopback printer (Enter on "Buy label" at once)',
      scan.completed
        ? `${ms(scan.ms)} median (slowest ${ms(scan.worst)}, ${scan.runs} runs): ${ms(scan.toBuyMs)} to focus on "Buy label", then ${ms(scan.buyToPrinterMs)} to the printer`
        : `did not finish: ${scan.error ?? 'stopped'}`,
      'scan to label: last scan → label bytes at the printer (sandbox, loopback printer), one label bought',
    );
  }
  if (results.batch) {
    const batch = results.batch;
    withBudget(
      `\`label-batch\` ${batch.orders} orders: \`orderIds\` set → "Buy labels" enabled, then bought`,
      batch.completed
        ? `${ms(batch.ms)}, then ${ms(batch.buyMs)} to buy with the check; ${batch.total} requests (${batch.orderFetches} order fetches, ${batch.ratesRequests} rates, ${batch.checkRequests} check, ${batch.labels} labels, ${batch.rereads} re-reads), ${batch.repeated.length} repeated`
        : `did not finish: ${batch.error ?? 'stopped'}`,
      `\`label-batch\` ${batch.orders} orders: each order fetched and quoted once, checked before booking in at most ${BUDGETS.batchCheckRequests} requests, read again once after its label`,
    );
  }
  if (flow) {
    const entry = budget('ship-an-order flow: no request repeated');
    const once = budget(
      'ship-an-order flow: order fetched once, read right before the booking, and once after the label',
    );
    const done = budget('ship-an-order flow completes');
    rows.push([
      'Ship-an-order flow (allocate, rates, choose, buy): API requests',
      `${flow.total} requests, ${flow.repeated.length} repeated, order fetched ${flow.orderFetches}×${flow.completed ? '' : ' (flow did not finish)'}`,
      'none repeated; the order once, right before the booking and once after the label',
      mark((entry?.pass ?? false) && (once?.pass ?? false) && (done?.pass ?? false)),
    ]);
  }
  if (memory) {
    const pending = budget('requests still pending after the cycles');
    const growth = budget(
      `heap growth over ${memory.cycles.toLocaleString('en')} \`order-card\` mount/unmount cycles`,
    );
    rows.push([
      `Memory: ${memory.cycles.toLocaleString('en')} \`order-card\` mount/unmount cycles (${memory.delayedCycles} with a request in flight)`,
      `${growth?.actual ?? ''} retained, ${memory.pending} pending`,
      '< 1 MB, none pending',
      mark((growth?.pass ?? false) && (pending?.pass ?? false)),
    ]);
  }
  if (interaction) {
    rows.push(['"Allocate" click → `order-card` shows the allocation', ms(interaction.median), '', '']);
  }
  if (results.proxy) {
    const proxy = results.proxy;
    withBudget(
      `API proxy: a ${(proxy.answerBytes / 1024 / 1024).toFixed(1)} MB rates answer (${proxy.quotes.toLocaleString('en')} quotes) passed on, longest hold of the event loop`,
      `${ms(proxy.longestStallMs)} (worst of ${proxy.runs}: ${ms(proxy.worstStallMs)}; ${proxy.turns} turns meanwhile; ${ms(proxy.ms)} in all)`,
      proxyBudget(proxy).name,
    );
  }
  if (results.loader) loaderRows(results.loader, withBudget);
  for (const [section, message] of Object.entries(results.errors)) {
    rows.push([`${section}: error`, message.replaceAll('|', '\\|'), '', mark(false)]);
  }
  const header = ['Measure', 'Result', 'Budget', ''];
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

const gzipChange = (bytes: number): string => `${bytes < 0 ? '−' : '+'}${kb(Math.abs(bytes))} gzip`;

/**
 * What the schema library costs, as a sentence and a Markdown table: each bundle made from the
 * sources of the last valibot commit and of the measured tree, the same way, in the same run.
 */
export function schemaComparisonTable(comparison: SchemaComparison): string {
  const size = (entry: { minBytes: number; gzipBytes: number }) =>
    `${kb(entry.minBytes)} min, ${kb(entry.gzipBytes)} gzip`;
  const header = [
    'Bundle',
    `valibot ${comparison.valibotVersion} (${comparison.valibotCommit})`,
    `zod ${comparison.zodVersion} (measured tree)`,
    'Change',
  ];
  const rows = comparison.entries.map((entry) => [
    entry.name === 'commerce-ops-elements.js'
      ? 'Browser build `commerce-ops-elements.js`'
      : `\`${entry.name}\``,
    entry.valibot ? size(entry.valibot) : 'not in that commit',
    size(entry.zod),
    entry.valibot ? gzipChange(entry.zod.gzipBytes - entry.valibot.gzipBytes) : '',
  ]);
  const intro =
    `Schema library: the same bundles made from the sources of ${comparison.valibotCommit}, the last ` +
    'commit whose response schemas were valibot, and of the measured tree (zod/mini), in this run ' +
    'and the same way (esbuild, minified, tree-shaken, templates minified; from src/, so within a ' +
    'few hundred bytes of the dist/ figures above). The change includes what was trimmed since.';
  return `${intro}\n\n${[header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')}`;
}

export function summaryLine(results: Results): string {
  const source =
    results.source === 'dist'
      ? 'the built package (dist/)'
      : `bundles of src/ made by the bench${results.build.ran && !results.build.ok ? ' (`npm run build` failed)' : ''}`;
  return (
    `Measured ${results.generatedAt.slice(0, 10)} at ${results.commit}, on ${source}, ` +
    `${results.machine.chromium ? `Chromium ${results.machine.chromium} headless, ` : ''}${results.machine.cpus} CPUs. ` +
    'Times are medians of repeated runs after a warm-up; the baseline writes the same markup with ' +
    'one `innerHTML` into a shadow root with the same styles, in the same run. KB = 1,024 bytes; ' +
    'gzip at level 9.'
  );
}

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/**
 * Rewrites the section between the markers in docs/performance.md; adds the markers at the end
 * when absent. The section is formatted as prettier formats markdown, so `prettier --check` stays
 * clean.
 */
export async function updateReadme(root: string, results: Results): Promise<void> {
  const path = join(root, 'docs', 'performance.md');
  const readme = readFileSync(path, 'utf8');
  const config = (await resolveConfig(path)) ?? {};
  const comparison = results.schemas ? `\n${schemaComparisonTable(results.schemas)}\n` : '';
  const body = await format(`${summaryLine(results)}\n\n${resultsTable(results)}\n${comparison}`, {
    ...config,
    parser: 'markdown',
  });
  const section = `${README_START}\n\n${body.trimEnd()}\n\n${README_END}`;
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  const next =
    start >= 0 && end > start
      ? `${readme.slice(0, start)}${section}${readme.slice(end + README_END.length)}`
      : `${readme.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}

export function writeResults(root: string, results: Results): void {
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
}
