/**
 * The loader (`dist/loader.js`) on a page whose only element is one `<order-card>`: the bytes the
 * page downloads for it (the loader and every chunk it loads, gzip -9 each, as a server sends
 * them; once also for a page with only `<connect-account>`) and the time from navigation start until `order-card` is defined, beside the same page
 * with the single-file build instead, run for run. Each run is a new navigation with nothing
 * cached. The pages reach the sandbox through `data-base-url`; the API key is added on the way,
 * as a proxy would add it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildLoader } from '../../scripts/build-loader.js';
import { SANDBOX_CREDENTIALS, SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/index.js';
import { BROWSER_TARGET, projectRoot } from './artifacts.js';
import type { BenchContext } from './browser-runs.js';
import type { Budget } from './budget.js';
import { summarize, type Summary } from './stats.js';

export const LOADER_BUDGETS = {
  orderCardPageGzip: 30 * 1024,
  /** ship-order composes five elements, and their chunks come with it. */
  shipOrderPageGzip: 56 * 1024,
} as const;

export interface LoaderResult {
  /** `loader.js` alone, gzip. */
  loaderGzipBytes: number;
  /** Everything the order-card page loaded of the package, gzip. */
  pageGzipBytes: number;
  /** The files it loaded (`loader.js`, `chunks/…`), in the order they were requested. */
  files: { name: string; gzipBytes: number }[];
  /** The elements whose chunks it loaded (only `order-card` is on the page). */
  elements: string[];
  /** Navigation start → `customElements.whenDefined('order-card')`. */
  defined: Summary;
  /** The same with `<script src="commerce-ops-elements.js">` instead of the loader. */
  singleFileDefined: Summary;
  /** Whether the card showed the order from the sandbox (checked on the last run). */
  rendered: boolean;
  /** A page whose only element is one `<connect-account>`, through the loader: what it downloads. */
  connectAccountPage: { gzipBytes: number; files: { name: string; gzipBytes: number }[] };
  /** A page whose only element is one `<ship-order>`, through the loader: what it downloads. */
  shipOrderPage: { gzipBytes: number; files: { name: string; gzipBytes: number }[] };
}

const WARMUP = 3;
const RUNS = 20;
const PREFIX = '/pkg/';

/** The loader and its chunks as the build makes them: from dist/, or built now from src/. */
async function loaderFiles(source: 'dist' | 'src'): Promise<Map<string, string>> {
  const dist = join(projectRoot, 'dist');
  if (source === 'dist' && existsSync(join(dist, 'loader.js'))) {
    const chunks = readdirSync(join(dist, 'chunks')).filter((file) => file.endsWith('.js'));
    return new Map(
      ['loader.js', ...chunks.map((file) => `chunks/${file}`)].map((name) => [
        name,
        readFileSync(join(dist, name), 'utf8'),
      ]),
    );
  }
  const built = await buildLoader({ outdir: dist, target: BROWSER_TARGET, write: false });
  return new Map(
    built.map((file) => [
      file.path
        .slice(dist.length + 1)
        .split('\\')
        .join('/'),
      file.text,
    ]),
  );
}

function pageHtml(
  script: string,
  body = `<order-card order-id="${SEED_IDS.orders.withNotes}"></order-card>`,
): string {
  const tag = /^<([a-z-]+)/.exec(body)?.[1] ?? 'order-card';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${tag} alone</title>
    <link rel="icon" href="data:," />
    <script>
      window.__opsDefined = customElements.whenDefined('${tag}').then(() => performance.now());
    </script>
    ${script}
  </head>
  <body>
    ${body}
  </body>
</html>`;
}

export async function measureLoader(context: BenchContext, source: 'dist' | 'src'): Promise<LoaderResult> {
  const files = await loaderFiles(source);
  const gzipBytes = new Map([...files].map(([name, text]) => [name, gzipSync(text, { level: 9 }).length]));
  for (const [name, text] of files) context.server.route(`${PREFIX}${name}`, 'text/javascript', text);
  const baseUrl = '/sandbox/bench-loader';
  context.server.host.tenant('bench-loader').reset();
  const pages = {
    loader: '/loader.html',
    singleFile: '/single-file.html',
    connectAccount: '/connect-account.html',
    shipOrder: '/ship-order.html',
  };
  context.server.route(
    pages.loader,
    'text/html',
    pageHtml(`<script type="module" src="${PREFIX}loader.js" data-base-url="${baseUrl}"></script>`),
  );
  context.server.route(
    pages.connectAccount,
    'text/html',
    pageHtml(
      `<script type="module" src="${PREFIX}loader.js" data-base-url="${baseUrl}"></script>`,
      '<connect-account></connect-account>',
    ),
  );
  context.server.route(
    pages.shipOrder,
    'text/html',
    pageHtml(
      `<script type="module" src="${PREFIX}loader.js" data-base-url="${baseUrl}"></script>`,
      `<ship-order order-id="${SEED_IDS.orders.allocated}"></ship-order>`,
    ),
  );
  context.server.route(
    pages.singleFile,
    'text/html',
    pageHtml(`<script src="/commerce-ops-elements.js" data-base-url="${baseUrl}"></script>`),
  );

  const page = await context.browser.newPage();
  let requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(PREFIX)) requested.push(pathname.slice(PREFIX.length));
  });
  await page.route('**/sandbox/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-api-key': SANDBOX_CREDENTIALS.apiKey } }),
  );
  const timeToDefined = async (path: string, run: number): Promise<number> => {
    await page.goto(`${context.server.origin}${path}?run=${run}`);
    const ms = await page.evaluate(async () => {
      const defined = (window as Window & { __opsDefined?: Promise<number> }).__opsDefined;
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000));
      return defined ? Promise.race([defined, timeout]) : null;
    });
    if (ms === null) throw new Error(`the element was not defined within 5 s on ${path}`);
    return ms;
  };
  const samples: number[] = [];
  const singleFileSamples: number[] = [];
  let rendered = false;
  let connectAccountRequested: string[] = [];
  let shipOrderRequested: string[] = [];
  try {
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      const singleFile = await timeToDefined(pages.singleFile, run);
      requested = [];
      const loader = await timeToDefined(pages.loader, run);
      if (run >= WARMUP) {
        samples.push(loader);
        singleFileSamples.push(singleFile);
      }
    }
    await page
      .locator('order-card')
      .getByRole('heading', { level: 2 })
      .filter({ hasText: SEED_ORDER_NUMBERS.withNotes })
      .waitFor({ timeout: 5000 })
      .then(() => (rendered = true))
      .catch(() => undefined);
    const orderCardRequested = requested;
    // One run of a page with only connect-account, which parses no answer: what it downloads.
    requested = [];
    await timeToDefined(pages.connectAccount, WARMUP + RUNS);
    connectAccountRequested = requested;
    // One run of a page with only ship-order, which brings the elements it is built from.
    requested = [];
    await timeToDefined(pages.shipOrder, WARMUP + RUNS);
    // The elements it is built from load as their tags appear in its shadow root (an allocated
    // order: its card and the rates; the label's code comes once a rate is chosen).
    await page
      .locator('ship-order rate-picker')
      .getByRole('button', { name: 'Get rates' })
      .waitFor({ timeout: 5000 });
    // The first view also reads the labels kept for the order (label storage's records).
    for (
      let waited = 0;
      !requested.some((name) => name.startsWith('chunks/label-storage-records'));
      waited += 50
    ) {
      if (waited > 5000) throw new Error('the ship-order page did not load the label storage records');
      await page.waitForTimeout(50);
    }
    shipOrderRequested = requested;
    requested = orderCardRequested;
  } finally {
    await page.close();
  }
  const filesOf = (names: string[]) =>
    [...new Set(names)].map((name) => ({ name, gzipBytes: gzipBytes.get(name) ?? 0 }));
  const loaded = filesOf(requested);
  const connectAccountFiles = filesOf(connectAccountRequested);
  const shipOrderFiles = filesOf(shipOrderRequested);
  return {
    loaderGzipBytes: gzipBytes.get('loader.js') ?? 0,
    pageGzipBytes: loaded.reduce((sum, file) => sum + file.gzipBytes, 0),
    files: loaded,
    elements: context.tags.filter((tag) => requested.includes(`chunks/${tag}.js`)),
    defined: summarize(samples),
    singleFileDefined: summarize(singleFileSamples),
    rendered,
    connectAccountPage: {
      gzipBytes: connectAccountFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      files: connectAccountFiles,
    },
    shipOrderPage: {
      gzipBytes: shipOrderFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      files: shipOrderFiles,
    },
  };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function loaderBudgets(result: LoaderResult): Budget[] {
  const onlyOrderCard = result.elements.length === 1 && result.elements[0] === 'order-card';
  return [
    {
      name: 'page with one `order-card` through the loader, gzip',
      limit: `≤ ${LOADER_BUDGETS.orderCardPageGzip / 1024} KB gzip, no other element`,
      actual: [
        kb(result.pageGzipBytes),
        ...(onlyOrderCard ? [] : [`elements loaded: ${result.elements.join(', ')}`]),
        ...(result.rendered ? [] : ['the card did not show the order']),
      ].join('; '),
      pass: result.pageGzipBytes <= LOADER_BUDGETS.orderCardPageGzip && onlyOrderCard && result.rendered,
    },
    {
      name: 'page with one `ship-order` through the loader, gzip',
      limit: `≤ ${LOADER_BUDGETS.shipOrderPageGzip / 1024} KB gzip`,
      actual: kb(result.shipOrderPage.gzipBytes),
      pass: result.shipOrderPage.gzipBytes <= LOADER_BUDGETS.shipOrderPageGzip,
    },
  ];
}

/** The rows of the results table, through its `withBudget(what, value, budget name)`. */
export function loaderRows(
  result: LoaderResult,
  withBudget: (what: string, value: string, name: string) => void,
): void {
  // No budget of its own: it is part of every page through the loader, whose budgets count it.
  withBudget('Loader `loader.js`', `${kb(result.loaderGzipBytes)} gzip`, '');
  withBudget(
    'Page with one `order-card` through the loader: what it downloads of the package',
    `${kb(result.pageGzipBytes)} gzip in ${result.files.length} files`,
    'page with one `order-card` through the loader, gzip',
  );
  // No budget: a page for an element that parses no answer, to see that it loads no zod.
  withBudget(
    'Page with one `connect-account` through the loader: what it downloads of the package',
    `${kb(result.connectAccountPage.gzipBytes)} gzip in ${result.connectAccountPage.files.length} files`,
    '',
  );
  withBudget(
    'Page with one `ship-order` through the loader: what it downloads of the package',
    `${kb(result.shipOrderPage.gzipBytes)} gzip in ${result.shipOrderPage.files.length} files`,
    'page with one `ship-order` through the loader, gzip',
  );
  // No budget: the times move with the machine's load; the two pages alternate run by run.
  withBudget(
    'Navigation start → `order-card` defined, through the loader (the single-file build beside it)',
    `${ms(result.defined.median)} (single file ${ms(result.singleFileDefined.median)})`,
    '',
  );
}
