/**
 * The loader (`dist/loader.js`) in headless Chromium, built as the package build makes it, served
 * with its chunks under a strict `script-src 'self'` policy, against the sandbox through a proxy
 * that adds the API key (as production pages reach the API).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { OutputFile } from 'esbuild';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { buildLoader } from '../../scripts/build-loader.js';
import { roleProxies } from '../../scripts/role-proxies.js';
import {
  SANDBOX_CREDENTIALS,
  SEED_IDS,
  SEED_ORDER_NUMBERS,
  createSandboxHost,
} from '../../src/sandbox/index.js';
import { RECORD_VIOLATIONS, testPage } from './helpers/test-pages.js';

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // The seeded products' pictures are data: URLs; images are the only thing let in beyond 'self'.
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Keep a failed fetch in the module map, as Chromium did before version 15x and Firefox still does
  // (ESR 153 here): a second import() of the same URL then fails without a request.
  '--disable-blink-features=ModuleMapDoNotCacheFailedFetch',
];
const WAIT_MS = 10_000;
const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
/** Where the page finds the package: the loader here, its chunks in `chunks/` beside it. */
const PACKAGE_PATH = '/assets/commerce-ops';

/** The page's own script, a module after the loader, as the README shows. */
const CONFIGURE_SCRIPT = `window.configured = window.CommerceOps.configure({
  baseUrl: '/ops-api/loader-configured',
}).then((client) => typeof client.listOrders);`;

/**
 * The page's own script for a page signed in as a `viewer` (who may only read) behind the API
 * proxy, whose elements read the proxy's session.
 */
const CONFIGURE_SESSION_SCRIPT = `window.CommerceOps.configure({
  baseUrl: '/proxy/viewer/loader-session',
  session: true,
});`;

/** A page that registered `order-card` itself before the loader came. */
const DEFINE_FIRST = `customElements.define('order-card', class extends HTMLElement {
  connectedCallback() { this.textContent = 'The page\\'s own card'; }
});`;

const loaderTag = (baseUrl?: string): string =>
  `<script type="module" src="${PACKAGE_PATH}/loader.js"${baseUrl === undefined ? '' : ` data-base-url="${baseUrl}"`}></script>`;

interface Served {
  origin: string;
  server: Server;
  /** The chunk files (`order-card.js`, `shared-….js`) `chunk` needs, itself included. */
  chunksOf(chunk: string): Set<string>;
  /** What the sandbox tenant answered: `GET /orders/…`. */
  requests(tenant: string): string[];
  /** The chunk files `chunk` loads with `import()`, by file name. */
  loadedOnDemand(chunk: string): string[];
  /**
   * The next `times` requests for `path` (query included) are answered 503, as a dropped connection
   * or a failed deploy would; `times` 0 ends that.
   */
  failNext(path: string, times?: number): void;
}

/** The chunk files a chunk imports, at any depth, with itself. */
function importClosure(chunks: Map<string, string>, name: string, found = new Set<string>()): Set<string> {
  if (found.has(name)) return found;
  found.add(name);
  const code = chunks.get(name);
  assert.ok(code !== undefined, `chunks/${name} was built`);
  for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    if (imported) importClosure(chunks, imported, found);
  }
  return found;
}

async function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return parts.length > 0 ? new Uint8Array(Buffer.concat(parts)) : undefined;
}

async function serve(files: OutputFile[], outdir: string): Promise<Served> {
  const host = createSandboxHost();
  const served = new Map<string, string>(
    files.map((file) => [`${PACKAGE_PATH}/${relative(outdir, file.path).split('\\').join('/')}`, file.text]),
  );
  const chunks = new Map(
    [...served]
      .filter(([path]) => path.startsWith(`${PACKAGE_PATH}/chunks/`))
      .map(([path, text]) => [path.slice(`${PACKAGE_PATH}/chunks/`.length), text]),
  );
  const pages: Record<string, string> = {
    '/order-card.html': testPage(
      'Only an order card',
      loaderTag('/ops-api/loader-main'),
      `<order-card order-id="${O.withNotes}"></order-card>`,
    ),
    '/configure.html': testPage(
      'The page configures right after the loader',
      `${loaderTag()}<script type="module" src="/configure.js"></script>`,
      `<order-card order-id="${O.withNotes}"></order-card>`,
    ),
    '/allocation-form.html': testPage(
      'Only an allocation form',
      loaderTag('/ops-api/loader-stock'),
      `<allocation-form order-id="${O.international}"></allocation-form>`,
    ),
    '/listing-linker.html': testPage(
      'Only a listing linker',
      loaderTag('/ops-api/loader-linker'),
      `<listing-linker channel-id="${SEED_IDS.channels.makersMarket}"></listing-linker>`,
    ),
    '/product-editor.html': testPage(
      'Only a product editor',
      loaderTag('/ops-api/loader-product'),
      `<product-editor order-id="${O.customsMissing}" sellable-id="${SEED_IDS.sellables.apronNatural}"></product-editor>`,
    ),
    '/ship-order.html': testPage(
      'Only a ship-order',
      loaderTag('/ops-api/loader-ship'),
      `<ship-order order-id="${O.allocated}"></ship-order>`,
    ),
    '/rate-picker.html': testPage(
      'Only a rate picker, of its own tenant',
      loaderTag('/ops-api/loader-rates'),
      `<rate-picker order-id="${O.allocated}"></rate-picker>`,
    ),
    '/label-batch.html': testPage(
      'Only a label batch',
      loaderTag('/ops-api/loader-batch'),
      `<label-batch order-ids="${O.allocated}"></label-batch>`,
    ),
    '/label-batch-rates.html': testPage(
      'A label batch of its own tenant, whose order is still to be shipped',
      loaderTag('/ops-api/loader-batch-rates'),
      `<label-batch order-ids="${O.allocated}"></label-batch>`,
    ),
    '/order-card-session.html': testPage(
      'An order card behind the API proxy, for a caller who may only read',
      `${loaderTag()}<script type="module" src="/configure-session.js"></script>`,
      `<order-card order-id="${O.withNotes}"></order-card>`,
    ),
    '/defined-first.html': testPage(
      'The page registered a tag first',
      `<script src="/define-first.js"></script>${loaderTag('/ops-api/loader-defined')}`,
      `<order-card order-id="${O.withNotes}"></order-card>
    <listing-linker channel-id="${SEED_IDS.channels.makersMarket}"></listing-linker>`,
    ),
  };
  const scripts: Record<string, string> = {
    '/record-violations.js': RECORD_VIOLATIONS,
    '/configure.js': CONFIGURE_SCRIPT,
    '/configure-session.js': CONFIGURE_SESSION_SCRIPT,
    '/define-first.js': DEFINE_FIRST,
  };

  const failing = new Map<string, number>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The API proxy of the package in front of a sandbox tenant, for a signed-in role:
  // `/proxy/<role>/<tenant>/…`, with its own `GET …/session` (scripts/role-proxies.ts).
  const roles = roleProxies(host);

  // The proxy a production page calls: `/ops-api/<tenant>/…` to the sandbox, with the API key.
  const proxy = async (request: IncomingMessage, response: ServerResponse, path: string): Promise<void> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    headers.set('x-api-key', SANDBOX_CREDENTIALS.apiKey);
    const body = await readBody(request);
    const answer = await host.fetch(
      new Request(`${origin}/sandbox/${path}`, { method: request.method ?? 'GET', headers, body }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/ops-api/')) {
      void proxy(request, response, `${url.pathname.slice('/ops-api/'.length)}${url.search}`);
      return;
    }
    const roleProxy = roles.listenerFor(url.pathname);
    if (roleProxy) {
      void roleProxy(request, response);
      return;
    }
    const failures = failing.get(`${url.pathname}${url.search}`) ?? 0;
    if (failures > 0) {
      failing.set(`${url.pathname}${url.search}`, failures - 1);
      response.writeHead(503, { 'content-security-policy': POLICY }).end();
      return;
    }
    const script = served.get(url.pathname) ?? scripts[url.pathname];
    const html = pages[url.pathname];
    if (script === undefined && html === undefined) {
      response.writeHead(404, { 'content-security-policy': POLICY }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': `${html === undefined ? 'text/javascript' : 'text/html'}; charset=utf-8`,
      'content-security-policy': POLICY,
    });
    response.end(html ?? script);
  });

  return {
    origin,
    server,
    chunksOf: (chunk) => importClosure(chunks, chunk),
    loadedOnDemand: (chunk) =>
      [...(chunks.get(chunk) ?? '').matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map(
        ([, file]) => file ?? '',
      ),
    failNext: (path, times = 1) => failing.set(path, times),
    requests: (tenant) =>
      host
        .tenant(tenant)
        .requests()
        .map((entry) => `${entry.method} ${entry.path}`),
  };
}

interface Watched {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and error answers. */
  problems: string[];
  /** The chunk files the page requested, by file name. */
  chunks: Set<string>;
  /** Every URL the page requested, in order. */
  urls: string[];
}

async function open(browser: Browser, url: string, beforeGoto?: (tab: Page) => void): Promise<Watched> {
  const tab = await browser.newPage();
  const watched: Watched = { page: tab, problems: [], chunks: new Set(), urls: [] };
  tab.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
      watched.problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  tab.on('pageerror', (error) => watched.problems.push(`page error: ${error.message}`));
  tab.on('requestfailed', (request) =>
    watched.problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  tab.on('response', (response) => {
    if (response.status() >= 400) watched.problems.push(`${response.status()} ${response.url()}`);
  });
  tab.on('request', (request) => {
    watched.urls.push(request.url());
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(`${PACKAGE_PATH}/chunks/`)) {
      watched.chunks.add(pathname.slice(`${PACKAGE_PATH}/chunks/`.length));
    }
  });
  beforeGoto?.(tab);
  await tab.goto(url);
  return watched;
}

async function violations(tab: Page): Promise<string[]> {
  return tab.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

const union = (...sets: Set<string>[]): string[] => [...new Set(sets.flatMap((set) => [...set]))].sort();

/** The URLs the page requested of one chunk file, query included, in order. */
const requestsOf = (urls: string[], origin: string, file: string): string[] =>
  urls.filter((url) => url.split('?')[0] === `${origin}${PACKAGE_PATH}/chunks/${file}`);

/** The problems a page has that are not the 503 of `file`, as the browser reports it. */
function otherProblems(problems: string[], failedUrl: string): string[] {
  return problems.filter(
    (problem) =>
      !problem.includes(failedUrl) &&
      problem !==
        'console error: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
  );
}

/**
 * `file` was asked for twice: first answered 503 (the page's one problem, as the browser reports
 * it), then again at a URL the browser had not seen fail (`?retry=1`); and no CSP violation.
 */
async function assertLoadedOnRetry(watched: Watched, origin: string, file: string): Promise<void> {
  const failed = `${origin}${PACKAGE_PATH}/chunks/${file}`;
  assert.deepEqual(requestsOf(watched.urls, origin, file), [failed, `${failed}?retry=1`]);
  assert.deepEqual(await violations(watched.page), []);
  assert.deepEqual(otherProblems(watched.problems, failed), []);
  assert.ok(watched.problems.includes(`503 ${failed}`));
}

/** The file named `name-<hash>.js` that `chunk`, or a chunk it imports, loads with `import()`. */
const loadedOnDemandBy = (served: Served, chunk: string, name: string): string | undefined =>
  [...served.chunksOf(chunk)]
    .flatMap((file) => served.loadedOnDemand(file))
    .find((file) => file.startsWith(`${name}-`));

/** Whether `locator` (in a shadow root) has focus there. */
const focusedIn = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement);

describe('the loader, dist/loader.js', { timeout: 120_000 }, () => {
  let served: Served;
  let browser: Browser;

  before(async () => {
    const outdir = join(tmpdir(), 'commerce-ops-loader-test');
    const files = await buildLoader({
      outdir,
      target: ['es2022', 'chrome116', 'firefox124', 'safari17.4'],
      write: false,
    });
    served = await serve(files, outdir);
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => served?.server.close(resolve));
  });

  test('a page with one order card loads that element only, and every element added later', async () => {
    const { page: tab, problems, chunks } = await open(browser, `${served.origin}/order-card.html`);

    // The card shows the order from the sandbox tenant behind `data-base-url`.
    const card = tab.locator('order-card');
    await card
      .getByRole('heading', { level: 2 })
      .filter({ hasText: N.withNotes })
      .waitFor({ timeout: WAIT_MS });
    await card.getByText('Called the customer to confirm the address.').waitFor({ timeout: WAIT_MS });
    assert.ok(served.requests('loader-main').includes(`GET /orders/${O.withNotes}`));

    // Only the card's chunk, what it imports and the chunk that applies `data-base-url`.
    assert.deepEqual([...chunks].sort(), union(served.chunksOf('order-card.js'), served.chunksOf('core.js')));
    assert.ok(!chunks.has('rate-picker.js') && !chunks.has('client.js') && !chunks.has('auth.js'));
    assert.deepEqual(
      await tab.evaluate(() => ['order-card', 'rate-picker'].map((tag) => !!customElements.get(tag))),
      [true, false],
    );

    // An element added to the document later is loaded and upgraded.
    await tab.evaluate((orderId) => {
      const form = document.createElement('allocation-form');
      form.setAttribute('order-id', String(orderId));
      document.body.append(form);
    }, O.unallocated);
    await tab
      .locator('allocation-form')
      .getByRole('button', { name: 'Allocate' })
      .waitFor({ timeout: WAIT_MS });

    // Inside open shadow roots the page tells the loader about: one already holding an element,
    // one that gets its element afterwards.
    await tab.evaluate((channelId) => {
      const commerceOps = (window as unknown as { CommerceOps: { observe(root: ShadowRoot): void } })
        .CommerceOps;
      const filled = document.createElement('div');
      filled.id = 'filled';
      document.body.append(filled);
      const filledRoot = filled.attachShadow({ mode: 'open' });
      filledRoot.append(document.createElement('connect-account'));
      commerceOps.observe(filledRoot);

      const empty = document.createElement('div');
      empty.id = 'empty';
      document.body.append(empty);
      const emptyRoot = empty.attachShadow({ mode: 'open' });
      commerceOps.observe(emptyRoot);
      const linker = document.createElement('listing-linker');
      linker.setAttribute('channel-id', String(channelId));
      emptyRoot.append(linker);
    }, SEED_IDS.channels.makersMarket);
    await tab
      .locator('#filled connect-account')
      .getByRole('button', { name: 'Connect account' })
      .waitFor({ timeout: WAIT_MS });
    await tab
      .locator('#empty listing-linker')
      .getByRole('button', { name: 'Link listing' })
      .waitFor({ timeout: WAIT_MS });

    assert.ok(chunks.has('allocation-form.js') && chunks.has('listing-linker.js'));
    assert.ok(!chunks.has('rate-picker.js') && !chunks.has('label-downloader.js'));
    await tab.waitForTimeout(200);
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('a page with one ship-order loads the elements it is built from as they appear in it, and no others', async () => {
    const { page: tab, problems, chunks } = await open(browser, `${served.origin}/ship-order.html`);
    const ship = tab.locator('ship-order');
    // An allocated order: its card, "Ready to ship" and the rates.
    await ship
      .locator('order-card')
      .getByRole('heading', { level: 2 })
      .filter({ hasText: N.allocated })
      .waitFor({
        timeout: WAIT_MS,
      });
    await ship
      .getByRole('region', { name: 'Before shipping' })
      .getByText('Ready to ship')
      .waitFor({ timeout: WAIT_MS });
    const picker = ship.locator('rate-picker');
    await picker.getByRole('button', { name: 'Get rates' }).waitFor({ timeout: WAIT_MS });
    assert.ok(['ship-order.js', 'order-card.js', 'rate-picker.js'].every((file) => chunks.has(file)));
    // Neither the allocation (the order is allocated) nor the product editor (no fix was opened),
    // nor the label before a rate is chosen.
    assert.ok(!chunks.has('allocation-form.js') && !chunks.has('product-editor.js'));
    await tab.waitForTimeout(200);
    assert.ok(!chunks.has('label-downloader.js'), 'the label loaded before a rate was chosen');
    // A rate chosen: "Buy label" comes, with its code.
    await picker.getByRole('button', { name: 'Get rates' }).click();
    await picker.getByRole('radio').first().check({ timeout: WAIT_MS });
    await ship
      .locator('label-downloader')
      .getByRole('button', { name: 'Buy label' })
      .waitFor({ timeout: WAIT_MS });
    assert.ok(chunks.has('label-downloader.js'));
    // Its packing slip's code (the order read, the slip drawn with pdf-lib) waits for a press.
    const slipChunk = loadedOnDemandBy(served, 'label-downloader.js', 'packing-slip-files');
    assert.ok(slipChunk, "label-downloader loads its packing slip's code with import()");
    assert.ok(!chunks.has(slipChunk), 'the packing slip code is not fetched before it is asked for');
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('configure() from the page right after the loader applies before the first request', async () => {
    const { page: tab, problems, chunks, urls } = await open(browser, `${served.origin}/configure.html`);
    const card = tab.locator('order-card');
    await card
      .getByRole('heading', { level: 2 })
      .filter({ hasText: N.withNotes })
      .waitFor({ timeout: WAIT_MS });
    // It resolves with a client that has a method per endpoint, as the single-file build's returns.
    assert.equal(
      await tab.evaluate(() => (window as unknown as { configured: Promise<string> }).configured),
      'function',
    );
    assert.deepEqual(served.requests('loader-configured'), [`GET /orders/${O.withNotes}`]);
    // No request went to the page's own origin before the configuration was in place.
    assert.deepEqual(
      urls.filter((url) => url.includes('/orders/') && !url.includes('/ops-api/loader-configured/')),
      [],
    );
    // core.js is also the chunk the elements share, so only the sign-in chunk is left out.
    assert.ok(chunks.has('client.js') && !chunks.has('auth.js'));

    // load() brings the rest: the single-file build's global, sign-in included.
    const loaded = await tab.evaluate(async () => {
      type Loaded = Record<string, unknown> & { OpsError: new (code: string, message: string) => Error };
      const global = await (
        window as unknown as { CommerceOps: { load(): Promise<Loaded> } }
      ).CommerceOps.load();
      const error = new global.OpsError('network', 'No connection');
      return { keys: Object.keys(global).sort(), name: error.name, oauth: typeof global['OAuthPopup'] };
    });
    assert.deepEqual(loaded, {
      keys: [
        'OAuthPopup',
        'OpsError',
        'clearStoredLabels',
        'completeOAuthPopup',
        'configure',
        'createClient',
        'registerTranslation',
        'version',
      ],
      name: 'OpsError',
      oauth: 'function',
    });
    assert.ok(chunks.has('auth.js'));
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('"Edit product" on a card loaded by the loader opens <product-editor>, fetched on the press', async () => {
    const { page: tab, problems } = await open(browser, `${served.origin}/order-card.html`);
    const card = tab.locator('order-card');
    const edit = card.getByRole('button', { name: /^Edit product / }).first();
    await edit.waitFor({ timeout: WAIT_MS });
    assert.equal(await tab.evaluate(() => !!customElements.get('product-editor')), false);

    await edit.click();
    await card.getByRole('button', { name: 'Save product' }).waitFor({ timeout: WAIT_MS });
    assert.equal(await tab.evaluate(() => !!customElements.get('product-editor')), true);
    assert.equal(await edit.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('the stock editor is fetched on the first "Adjust stock" press; a failed fetch says so and Retry loads it', async () => {
    const watched = await open(browser, `${served.origin}/allocation-form.html`);
    const { page: tab, chunks } = watched;
    const form = tab.locator('allocation-form');
    const warehouse = form.getByLabel('Warehouse');
    await warehouse.waitFor({ timeout: WAIT_MS });
    // The mustard beanie of the international order: none at Manchester, so its stock can be corrected.
    await warehouse.selectOption(String(SEED_IDS.warehouses.manchester));
    const adjust = form.getByRole('button', { name: /^Adjust stock for Merino Wool Beanie/ });
    await adjust.waitFor({ timeout: WAIT_MS });

    const onDemand = served.loadedOnDemand('allocation-form.js');
    const editorChunk = onDemand.find((file) => file.startsWith('stock-editor-'));
    assert.ok(editorChunk, 'allocation-form.js loads the stock editor with import()');
    // The summary of an allocation and the removal of one are part of the element.
    assert.deepEqual(onDemand, [editorChunk]);
    assert.ok(!chunks.has(editorChunk), 'the editor is not fetched before it is asked for');

    served.failNext(`${PACKAGE_PATH}/chunks/${editorChunk}`);
    await adjust.click();
    const alert = form.getByRole('alert');
    await alert.waitFor({ timeout: WAIT_MS });
    assert.match(await alert.innerText(), /Part of this page could not be loaded/);
    assert.equal(await form.getByLabel('Stock level').count(), 0);

    await alert.getByRole('button', { name: 'Retry' }).click();
    const level = form.getByLabel('Stock level');
    await level.waitFor({ timeout: WAIT_MS });
    assert.equal(
      await level.evaluate((input) => input === (input.getRootNode() as ShadowRoot).activeElement),
      true,
    );
    assert.equal(await alert.count(), 0);
    assert.equal(await adjust.getAttribute('aria-expanded'), 'true');
    // Retry asked again, at a URL the browser had not seen fail.
    await assertLoadedOnRetry(watched, served.origin, editorChunk);
    await tab.close();
  });

  test('the product save is fetched on the first "Save product" press; a failed fetch says so and Retry loads it', async () => {
    const watched = await open(browser, `${served.origin}/product-editor.html`);
    const { page: tab, chunks } = watched;
    const editor = tab.locator('product-editor');
    const save = editor.getByRole('button', { name: 'Save product' });
    await save.waitFor({ timeout: WAIT_MS });

    const onDemand = served.loadedOnDemand('product-editor.js');
    const saveChunk = onDemand.find((chunk) => chunk.startsWith('product-save.model-'));
    assert.ok(saveChunk, 'product-editor.js loads the save with import()');
    assert.ok(!chunks.has(saveChunk), 'the save is not fetched before it is asked for');

    const sku = editor.getByLabel('SKU', { exact: true });
    const typed = `${await sku.inputValue()}-B`;
    await sku.fill(typed);
    served.failNext(`${PACKAGE_PATH}/chunks/${saveChunk}`);
    await save.click();
    const alert = editor.getByRole('alert');
    await alert.waitFor({ timeout: WAIT_MS });
    assert.match(await alert.innerText(), /Nothing was saved\./);
    assert.match(await alert.innerText(), /Part of this page could not be loaded/);
    // What was typed stays for the next try.
    assert.equal(await sku.inputValue(), typed);

    await alert.getByRole('button', { name: 'Retry' }).click();
    await editor.getByText('Product saved.').waitFor({ timeout: WAIT_MS });
    assert.equal(await alert.count(), 0);
    assert.equal(await sku.inputValue(), typed);
    // Retry asked again, at a URL the browser had not seen fail.
    await assertLoadedOnRetry(watched, served.origin, saveChunk);
    await tab.close();
  });

  test("rate-picker's quotes are fetched with the first rates; a failed fetch says so and Retry loads them at a fresh URL", async () => {
    const watched = await open(browser, `${served.origin}/rate-picker.html`);
    const { page: tab, chunks } = watched;
    const picker = tab.locator('rate-picker');
    const getRates = picker.getByRole('button', { name: 'Get rates' });
    await getRates.waitFor({ timeout: WAIT_MS });

    const resultsChunk = loadedOnDemandBy(served, 'rate-picker.js', 'rate-results.templates');
    assert.ok(resultsChunk, "rate-picker.js loads the quotes' view with import()");
    assert.ok(!chunks.has(resultsChunk), 'the quotes are not fetched before rates are asked for');

    served.failNext(`${PACKAGE_PATH}/chunks/${resultsChunk}`);
    await getRates.click();
    const alert = picker.getByRole('alert');
    await alert.waitFor({ timeout: WAIT_MS });
    assert.match(await alert.innerText(), /No rates could be fetched\./);
    assert.match(await alert.innerText(), /Part of this page could not be loaded/);
    assert.doesNotMatch(await alert.innerText(), /could not be reached/);
    assert.equal(await picker.getByRole('radio').count(), 0);

    await alert.getByRole('button', { name: 'Retry' }).click();
    const quotes = picker.getByRole('group', { name: 'Shipping rates' }).getByRole('radio');
    await quotes.first().waitFor({ timeout: WAIT_MS });
    assert.equal(await alert.count(), 0);
    // The answer takes focus from Retry, as it takes it from "Get rates".
    assert.equal(await focusedIn(quotes.first()), true);
    // Retry asked again, at a URL the browser had not seen fail.
    await assertLoadedOnRetry(watched, served.origin, resultsChunk);
    await tab.close();
  });

  test("an element's chunk that failed to load is loaded, at a fresh URL, when an element of its tag appears again", async () => {
    const path = `${PACKAGE_PATH}/chunks/listing-linker.js`;
    // Its preload and, in a browser that fetches a failed module again, its import.
    served.failNext(path, 2);
    let failed: Promise<Error> | undefined;
    const watched = await open(browser, `${served.origin}/listing-linker.html`, (tab) => {
      failed = tab.waitForEvent('pageerror', { timeout: WAIT_MS });
    });
    const { page: tab } = watched;
    assert.match((await failed)?.message ?? '', /listing-linker\.js/);
    served.failNext(path, 0);
    assert.equal(await tab.evaluate(() => !!customElements.get('listing-linker')), false);

    await tab.evaluate((channelId) => {
      const linker = document.createElement('listing-linker');
      linker.setAttribute('channel-id', String(channelId));
      document.body.append(linker);
    }, SEED_IDS.channels.makersMarket);
    // Both elements, the first one too, are upgraded.
    await tab
      .locator('listing-linker')
      .first()
      .getByRole('button', { name: 'Link listing' })
      .waitFor({ timeout: WAIT_MS });
    await tab
      .locator('listing-linker')
      .last()
      .getByRole('button', { name: 'Link listing' })
      .waitFor({ timeout: WAIT_MS });

    const failedChunk = `${served.origin}${path}`;
    const requested = requestsOf(watched.urls, served.origin, 'listing-linker.js');
    assert.equal(requested[0], failedChunk);
    assert.equal(requested.at(-1), `${failedChunk}?retry=1`);
    assert.deepEqual(await violations(tab), []);
    const reported = `page error: ${(await failed)?.message}`;
    assert.deepEqual(
      otherProblems(watched.problems, failedChunk).filter((problem) => problem !== reported),
      [],
    );
    await tab.close();
  });

  test('the PDF merge of label-batch, once failed to load, says so with "Retry", which loads it at a fresh URL', async () => {
    const watched = await open(browser, `${served.origin}/label-batch.html`);
    const { page: tab, chunks } = watched;
    const batch = tab.locator('label-batch');
    const buy = batch.getByRole('button', { name: /^Buy labels \(1, / });
    await buy.waitFor({ timeout: WAIT_MS });

    // The purchase and the label files wait for a press, and the files load the PDF merge when asked.
    const onDemandChunks = served.loadedOnDemand('label-batch.js');
    assert.deepEqual(
      onDemandChunks.map((chunk) => /^(batch-files|batch-purchase)-/.exec(chunk)?.[1] ?? chunk).sort(),
      ['batch-files', 'batch-purchase'],
    );
    const actionsChunk = onDemandChunks.find((chunk) => chunk.startsWith('batch-files-')) ?? '';
    const mergeChunk = served.loadedOnDemand(actionsChunk).find((chunk) => chunk.startsWith('merge-labels-'));
    assert.ok(mergeChunk, "label-batch's label files load the PDF merge with import()");

    await buy.click();
    const download = batch.getByRole('button', { name: 'Download labels', exact: true });
    await download.waitFor({ timeout: WAIT_MS });
    assert.ok(!chunks.has(mergeChunk), 'the merge is not fetched before it is asked for');

    served.failNext(`${PACKAGE_PATH}/chunks/${mergeChunk}`);
    await download.click();
    // A failed load of code, not an unreachable service, nor labels that would not merge.
    const alert = batch.getByRole('alert');
    await alert.filter({ hasText: 'Part of this page could not be loaded.' }).waitFor({ timeout: WAIT_MS });
    assert.equal(await alert.count(), 1);
    assert.doesNotMatch(await alert.innerText(), /could not be reached|could not be put into one file/);

    const [file] = await Promise.all([
      tab.waitForEvent('download', { timeout: WAIT_MS }),
      alert.getByRole('button', { name: 'Retry' }).click(),
    ]);
    assert.match(file.suggestedFilename(), /^labels-\d{4}-\d{2}-\d{2}\.pdf$/);
    assert.equal(await alert.count(), 0);
    // Focus goes from "Retry", now gone, back to "Download labels".
    assert.equal(await focusedIn(download), true);

    const failedChunk = `${served.origin}${PACKAGE_PATH}/chunks/${mergeChunk}`;
    assert.deepEqual(requestsOf(watched.urls, served.origin, mergeChunk), [
      failedChunk,
      `${failedChunk}?retry=1`,
    ]);
    assert.deepEqual(await violations(tab), []);
    // A download is handed to the browser's download manager, which reports the page's request as aborted.
    assert.deepEqual(
      otherProblems(watched.problems, failedChunk).filter(
        (problem) => !/^request failed: blob:.*ERR_ABORTED/.test(problem),
      ),
      [],
    );
    await tab.close();
  });

  test('the actions of label-batch, once failed to load, leave the order not bought with the words of a failed load; "Refresh rates for …" loads them at a fresh URL', async () => {
    const actionsChunk = served
      .loadedOnDemand('label-batch.js')
      .find((chunk) => chunk.startsWith('batch-purchase-'));
    assert.ok(actionsChunk, 'label-batch.js loads its actions with import()');
    const watched = await open(browser, `${served.origin}/label-batch-rates.html`);
    const { page: tab } = watched;
    const batch = tab.locator('label-batch');
    const buy = batch.getByRole('button', { name: /^Buy labels \(1, / });
    await buy.waitFor({ timeout: WAIT_MS });

    served.failNext(`${PACKAGE_PATH}/chunks/${actionsChunk}`);
    await buy.click();
    // Nothing was sent: the row says why, with the way to try again.
    const failure = batch.locator('[part="failure"]');
    await failure.waitFor({ timeout: WAIT_MS });
    assert.match(await failure.innerText(), /^Not bought/);
    assert.match(await failure.innerText(), /Part of this page could not be loaded/);
    assert.doesNotMatch(await failure.innerText(), /could not be reached/);

    await batch.getByRole('button', { name: `Refresh rates for ${N.allocated}` }).click();
    await buy.waitFor({ timeout: WAIT_MS });
    assert.equal(await failure.count(), 0);
    await buy.click();
    await batch.locator('[part="tracking"]').waitFor({ timeout: WAIT_MS });

    await assertLoadedOnRetry(watched, served.origin, actionsChunk);
    await tab.close();
  });

  test("an element behind the API proxy reads the session once and shows the role's refusals, in its own chunks", async () => {
    const sessionUrl = `${served.origin}/proxy/viewer/loader-session/session`;
    const watched = await open(browser, `${served.origin}/order-card-session.html`);
    const { page: tab, problems } = watched;
    const card = tab.locator('order-card');
    await card
      .getByRole('heading', { level: 2 })
      .filter({ hasText: N.withNotes })
      .waitFor({ timeout: WAIT_MS });

    // A viewer may only read: adding a note is refused, in the words of the role.
    await card.getByText('Your role does not allow adding notes.').waitFor({ timeout: WAIT_MS });
    assert.equal(await card.getByRole('textbox', { name: 'Note' }).isDisabled(), true);
    assert.equal(await card.getByRole('button', { name: 'Add note' }).isDisabled(), true);

    // The session's reading and its words come with the element: no chunk is loaded for them.
    assert.deepEqual(
      [...watched.chunks].sort(),
      union(served.chunksOf('order-card.js'), served.chunksOf('client.js')),
    );
    assert.equal(watched.urls.filter((url) => url === sessionUrl).length, 1);
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.close();
  });

  test('the editors of order-card, once failed to load, say so beside "Edit customer"; Retry loads them at a fresh URL and opens the editor', async () => {
    const editorsChunk = loadedOnDemandBy(served, 'order-card.js', 'order-editors-controller');
    assert.ok(editorsChunk, "order-card's chunks load the editors with import()");
    const watched = await open(browser, `${served.origin}/order-card.html`);
    const { page: tab, chunks } = watched;
    const card = tab.locator('order-card');
    const edit = card.getByRole('button', { name: 'Edit customer' });
    await edit.waitFor({ timeout: WAIT_MS });
    assert.ok(!chunks.has(editorsChunk), 'the editors are not fetched before they are asked for');

    served.failNext(`${PACKAGE_PATH}/chunks/${editorsChunk}`);
    await edit.click();
    const alert = card.getByRole('alert');
    await alert.waitFor({ timeout: WAIT_MS });
    assert.match(await alert.innerText(), /Part of this page could not be loaded/);
    assert.equal(await card.getByLabel('Email').count(), 0);
    assert.equal(await edit.getAttribute('aria-expanded'), 'false');

    await alert.getByRole('button', { name: 'Retry' }).click();
    const email = card.getByLabel('Email');
    await email.waitFor({ timeout: WAIT_MS });
    assert.equal(await focusedIn(email), true);
    assert.equal(await alert.count(), 0);
    assert.equal(await edit.getAttribute('aria-expanded'), 'true');

    await assertLoadedOnRetry(watched, served.origin, editorsChunk);
    await tab.close();
  });

  test("a tag the page registered first stays the page's: nothing thrown, its chunk not loaded", async () => {
    const { page: tab, problems, chunks } = await open(browser, `${served.origin}/defined-first.html`);
    await tab
      .locator('listing-linker')
      .getByRole('button', { name: 'Link listing' })
      .waitFor({ timeout: WAIT_MS });
    await tab.getByText("The page's own card").waitFor({ timeout: WAIT_MS });
    assert.ok(chunks.has('listing-linker.js'));
    assert.ok(!chunks.has('order-card.js'));
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.close();
  });
});
