/**
 * One label per order, as a warehouse meets it: the single-file browser build in Chromium, two
 * browser contexts (two devices: nothing shared but the API), pages reloaded while a booking is in
 * flight. The API is the sandbox over HTTP, behind the package's own API proxy (`/ops`) for the
 * devices, or called directly (`/sandbox/<tenant>`); the sandbox's log says how many bookings
 * reached it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import {
  SANDBOX_CREDENTIALS,
  SEED_IDS,
  SEED_ORDER_NUMBERS,
  createSandboxHost,
} from '../../src/sandbox/index.js';
import type { SandboxHost } from '../../src/sandbox/index.js';
import { createApiProxy, toNodeListener } from '../../src/server/index.js';
import { CHROMIUM_ARGS } from './helpers/test-pages.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WAIT_MS = 15_000;
const O = SEED_IDS.orders;
const BOOK = '/shipping/api/v1/shipments';

interface Served {
  origin: string;
  server: Server;
  host: SandboxHost;
}

/** A page that configures the elements from its query: `?api=proxy/<tenant>` or `?api=sandbox/<tenant>`. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Ship an order</title>
    <link rel="icon" href="data:," />
    <script src="/commerce-ops-elements.js"></script>
    <script src="/configure.js"></script>
  </head>
  <body></body>
</html>`;

const CONFIGURE = `(function () {
  var query = new URLSearchParams(location.search);
  var api = query.get('api').split('/');
  var direct = api[0] === 'sandbox';
  window.CommerceOps.configure(
    direct
      ? { baseUrl: '/sandbox/' + api[1], credentials: { apiKey: '${SANDBOX_CREDENTIALS.apiKey}' } }
      : { baseUrl: '/ops/' + api[1] },
  );
  document.addEventListener('DOMContentLoaded', function () {
    var order = query.get('order');
    if (query.get('batch')) {
      var batch = document.createElement('label-batch');
      batch.setAttribute('order-ids', query.get('batch'));
      document.body.append(batch);
      return;
    }
    var picker = document.createElement('rate-picker');
    picker.id = 'picker';
    picker.setAttribute('order-id', order);
    var downloader = document.createElement('label-downloader');
    downloader.setAttribute('for', 'picker');
    document.body.append(picker, downloader);
  });
})();`;

async function serve(): Promise<Served> {
  const host = createSandboxHost();
  const library = (
    await build({
      absWorkingDir: root,
      tsconfig: `${root}tsconfig.json`,
      entryPoints: ['src/browser.ts'],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2022'],
      minify: true,
      write: false,
      logLevel: 'error',
      ignoreAnnotations: true,
    })
  ).outputFiles[0]!.text;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** One proxy per tenant, as a host runs one in front of its account. */
  const proxies = new Map<string, (request: IncomingMessage, response: ServerResponse) => Promise<void>>();
  const proxyFor = (tenant: string) => {
    let proxy = proxies.get(tenant);
    if (!proxy) {
      proxy = toNodeListener(
        createApiProxy({
          upstream: `http://sandbox.internal/sandbox/${tenant}`,
          authorize: () => 'seller',
          apiKey: SANDBOX_CREDENTIALS.apiKey,
          allowedOrigins: [origin],
          basePath: `/ops/${tenant}`,
          fetch: (input, init) => host.fetch(new Request(input, init)),
        }),
      ) as (request: IncomingMessage, response: ServerResponse) => Promise<void>;
      proxies.set(tenant, proxy);
    }
    return proxy;
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', origin);
    const proxied = /^\/ops\/([A-Za-z0-9-]+)\//.exec(pathname);
    if (proxied?.[1]) {
      void proxyFor(proxied[1])(request, response);
      return;
    }
    if (host.handles(pathname)) {
      void host.listener(request, response);
      return;
    }
    const files: Record<string, [string, string]> = {
      '/ship.html': ['text/html', PAGE],
      '/commerce-ops-elements.js': ['text/javascript', library],
      '/configure.js': ['text/javascript', CONFIGURE],
    };
    const file = files[pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` });
    response.end(file[1]);
  });
  return { origin, server, host };
}

/** What the tenant's sandbox served, as its control API lists it. */
async function bookings(served: Served, tenant: string): Promise<Array<{ status: number }>> {
  const log = (await (await fetch(`${served.origin}/sandbox/${tenant}/__sandbox/requests`)).json()) as Array<{
    method: string;
    path: string;
    status: number;
  }>;
  return log.filter((entry) => entry.method === 'POST' && entry.path === BOOK);
}

async function fault(served: Served, tenant: string, spec: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${served.origin}/sandbox/${tenant}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  assert.equal(response.ok, true, await response.text());
}

/** Allocates the seed's partly allocated order whole, so it has one allocation to ship. */
async function tenantWithOrder(served: Served, tenant: string): Promise<void> {
  const response = await fetch(`${served.origin}/sandbox/${tenant}/orders/${O.allocated}`, {
    headers: { 'x-api-key': SANDBOX_CREDENTIALS.apiKey },
  });
  assert.equal(response.status, 200);
}

/** Rates got and the first one chosen: "Buy label" is offered. */
async function chooseRate(page: Page): Promise<Locator> {
  const picker = page.locator('rate-picker');
  await picker.getByRole('button', { name: 'Get rates' }).click();
  await picker.getByRole('radio').first().check({ timeout: WAIT_MS });
  const buy = page.locator('label-downloader').getByRole('button', { name: 'Buy label' });
  await buy.waitFor({ timeout: WAIT_MS });
  return buy;
}

async function device(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

const text = (locator: Locator) => locator.innerText({ timeout: WAIT_MS });

describe('one label per order, in two browsers and across a reload', () => {
  let served: Served;
  let browser: Browser;
  before(async () => {
    served = await serve();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => served?.server.close(resolve));
  });

  test('two devices: the second "Buy label" says the label was bought on the other, and a second label takes the second confirmation', async () => {
    const tenant = 'devices-after';
    await tenantWithOrder(served, tenant);
    const url = `${served.origin}/ship.html?api=proxy/${tenant}&order=${O.allocated}`;
    const first = await device(browser, url);
    const second = await device(browser, url);
    try {
      const buyFirst = await chooseRate(first.page);
      const buySecond = await chooseRate(second.page);
      await buyFirst.click();
      const tracking = await first.page
        .locator('label-downloader [part="result"]')
        .innerText({ timeout: WAIT_MS });
      // The second device's quote is still valid: it presses "Buy label" on it.
      await buySecond.click();
      const notice = second.page.locator('label-downloader [part="unclear"]');
      const said = await text(notice);
      assert.match(
        said,
        new RegExp(`A label for ${SEED_ORDER_NUMBERS.allocated} was bought on another device`),
      );
      const trackingNumber = /([A-Z0-9]{8,})/.exec(tracking)?.[1] ?? '';
      assert.ok(trackingNumber && said.includes(trackingNumber), `${said} names ${trackingNumber}`);
      assert.equal(await second.page.locator('label-downloader [part="buy-button"]').count(), 0);
      assert.equal((await bookings(served, tenant)).length, 1);

      // A deliberate second label: "Buy a new label anyway", then "Buy label" again.
      await notice.getByRole('button', { name: 'Buy a new label anyway' }).click();
      await second.page.locator('label-downloader').getByRole('button', { name: 'Buy label' }).click();
      await second.page.locator('label-downloader [part="result"]').waitFor({ timeout: WAIT_MS });
      assert.deepEqual(
        (await bookings(served, tenant)).map((entry) => entry.status),
        [200, 200],
      );
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('two devices at the same moment: the proxy lets one booking through, and the other device says a label is being bought there', async () => {
    const tenant = 'devices-together';
    await tenantWithOrder(served, tenant);
    const url = `${served.origin}/ship.html?api=proxy/${tenant}&order=${O.allocated}`;
    const first = await device(browser, url);
    const second = await device(browser, url);
    try {
      const buyFirst = await chooseRate(first.page);
      const buySecond = await chooseRate(second.page);
      // The API takes 2 s to book: the second device presses while the first booking is in flight.
      await fault(served, tenant, { method: 'POST', path: BOOK, delayMs: 2000 });
      await buyFirst.click();
      await first.page.waitForTimeout(300);
      await buySecond.click();
      const notice = second.page.locator('label-downloader [part="unclear"]');
      await notice
        .getByText(`A label for ${SEED_ORDER_NUMBERS.allocated}`)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await first.page.locator('label-downloader [part="result"]').waitFor({ timeout: WAIT_MS });
      assert.match(await text(notice), /bought, or being bought, on another device|bought on another device/);
      assert.deepEqual(
        (await bookings(served, tenant)).map((entry) => entry.status),
        [200],
      );
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('a reload while the booking is in flight: the page says the label may have been bought, and a new "Buy label" sends nothing', async () => {
    const tenant = 'reload-mid-booking';
    await tenantWithOrder(served, tenant);
    const url = `${served.origin}/ship.html?api=sandbox/${tenant}&order=${O.allocated}`;
    const seller = await device(browser, url);
    try {
      const buy = await chooseRate(seller.page);
      await fault(served, tenant, { method: 'POST', path: BOOK, delayMs: 4000 });
      await buy.click();
      await seller.page.waitForTimeout(300);
      await seller.page.reload();
      const notice = seller.page.locator('label-downloader [part="unclear"]');
      await notice
        .getByText(`A label for ${SEED_ORDER_NUMBERS.allocated} may have been bought moments ago`)
        .first()
        .waitFor({ timeout: WAIT_MS });
      // Rates again, a rate chosen: still no "Buy label" while the order is unsettled.
      const picker = seller.page.locator('rate-picker');
      await picker.getByRole('button', { name: 'Get rates' }).click();
      await picker.getByRole('radio').first().check({ timeout: WAIT_MS });
      assert.equal(await seller.page.locator('label-downloader [part="buy-button"]').count(), 0);
      assert.match(await text(notice), /Check the order before you buy again/);
      // The booking sent before the reload is the only one the API ever sees.
      await seller.page.waitForTimeout(4500);
      assert.equal((await bookings(served, tenant)).length, 1);
      // Once its answer has shipped the order, the next load settles it as bought.
      await seller.page.reload();
      await notice.getByText(`A label for ${SEED_ORDER_NUMBERS.allocated} was bought`).first().waitFor({
        timeout: WAIT_MS,
      });
      assert.equal((await bookings(served, tenant)).length, 1);
    } finally {
      await seller.context.close();
    }
  });

  test('a batch page closed while its booking is in flight: the next page checks each order, holds it, and books nothing twice', async () => {
    const tenant = 'batch-closed';
    await tenantWithOrder(served, tenant);
    const ids = [O.allocated, O.partlyAllocated];
    const url = `${served.origin}/ship.html?api=sandbox/${tenant}&batch=${ids.join(',')}`;
    const seller = await device(browser, url);
    try {
      const buy = seller.page.locator('label-batch').getByRole('button', { name: /^Buy labels \(2,/ });
      await buy.waitFor({ timeout: WAIT_MS });
      await fault(served, tenant, { method: 'POST', path: BOOK, delayMs: 4000 });
      await buy.click();
      await seller.page.waitForTimeout(500);
      await seller.page.close();

      // The same browser opens the batch again while the booking is still being answered.
      const again = await seller.context.newPage();
      await again.goto(url);
      const batch = again.locator('label-batch');
      for (const number of [SEED_ORDER_NUMBERS.allocated, SEED_ORDER_NUMBERS.partlyAllocated]) {
        await batch
          .getByText(`A label for ${number} may have been bought moments ago`)
          .first()
          .waitFor({ timeout: WAIT_MS });
      }
      await batch.getByRole('button', { name: `Buy again for ${SEED_ORDER_NUMBERS.allocated}` }).waitFor({
        timeout: WAIT_MS,
      });
      // Nothing left to buy: "Buy labels" books neither order again.
      assert.equal(await batch.getByRole('button', { name: /^Buy labels \(/ }).count(), 0);
      await again.waitForTimeout(4000);
      const sent = await bookings(served, tenant);
      assert.equal(sent.length, 1);
      // Once the booking sent before has shipped both orders, the batch leaves them out as shipped.
      await again.reload();
      await batch.getByText('2 orders left out').first().waitFor({ timeout: WAIT_MS });
      assert.equal((await bookings(served, tenant)).length, 1);
    } finally {
      await seller.context.close();
    }
  });
});
