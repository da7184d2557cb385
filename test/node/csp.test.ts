/**
 * The single-file browser build on pages served with a strict Content-Security-Policy header
 * (`default-src 'self'`: no inline script or style, no eval), driven in Chromium through a real
 * task of every element: a note added, an allocation made, rates got and one chosen, a label
 * bought and downloaded, a listing linked, an account connected through the OAuth popup. Lit's
 * constructed style sheets must work under it, and nothing may cause a policy violation, a page
 * error or a console error. Two copies of the library on one page (the build loaded twice, and
 * the build beside an ES-module bundle of the package) register without error and still work.
 *
 * The package check (`scripts/pack-check.ts`) loads the built script tag under a CSP; this goes
 * further: the header alone (no meta fallback), violation events listened for from before the
 * library runs, and every element through its task rather than only its first render.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SANDBOX_CREDENTIALS, SEED_IDS, createSandboxHost } from '../../src/sandbox/index.js';
import { createTokenExchangeHandler, toNodeListener } from '../../src/server/index.js';
import { CHROMIUM_ARGS, RECORD_VIOLATIONS, testPage } from './helpers/test-pages.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const POLICY = [
  "default-src 'self'",
  // The seeded products' pictures are data: URLs; images are the only thing let in beyond 'self'.
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');
const WAIT_MS = 10_000;
const O = SEED_IDS.orders;

/** Same options as the package build's classic scripts; every module's side effects kept. */
async function bundle(options: BuildOptions): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    tsconfig: `${root}tsconfig.json`,
    bundle: true,
    platform: 'browser',
    target: ['es2022', 'chrome116', 'firefox124', 'safari17.4'],
    minify: true,
    write: false,
    logLevel: 'error',
    // package.json's `sideEffects` names the published define modules; their sources count too.
    ignoreAnnotations: true,
    ...options,
  });
  return result.outputFiles![0]!.text;
}

interface Served {
  origin: string;
  server: Server;
}

function elementsMarkup(tenant: string): string {
  return `<order-card order-id="${O.withNotes}"></order-card>
    <allocation-form order-id="${O.unallocated}"></allocation-form>
    <rate-picker id="picker" order-id="${O.allocated}"></rate-picker>
    <label-downloader for="picker"></label-downloader>
    <listing-linker></listing-linker>
    <connect-account
      auth-url="/sandbox/${tenant}"
      client-id="${SANDBOX_CREDENTIALS.clientId}"
      redirect-uri="/oauth-callback.html"
      exchange-url="/backend/oauth/exchange"
    ></connect-account>`;
}

function configureScript(tenant: string, global = 'CommerceOps'): string {
  return `window.${global}.configure({
  baseUrl: '/sandbox/${tenant}',
  credentials: { apiKey: '${SANDBOX_CREDENTIALS.apiKey}' },
  appToken: '${SANDBOX_CREDENTIALS.appToken}',
});`;
}

async function serve(): Promise<Served> {
  const host = createSandboxHost();
  const [library, callbackScript, esmCopy] = await Promise.all([
    bundle({ entryPoints: ['src/browser.ts'], format: 'iife' }),
    bundle({ entryPoints: ['src/oauth-callback.ts'], format: 'iife' }),
    bundle({
      stdin: {
        contents: `import { configure } from './src/index.ts';
import './src/all.ts';
window.EsmCopy = { configure };
window.dispatchEvent(new Event('esm-copy-ready'));`,
        resolveDir: root,
        loader: 'ts',
      },
      format: 'esm',
    }),
  ]);
  const callbackPage = readFileSync(`${root}src/oauth-callback.html`, 'utf8');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const exchange = toNodeListener(
    createTokenExchangeHandler({
      apiBaseUrl: `${origin}/sandbox/csp-main`,
      clientId: SANDBOX_CREDENTIALS.clientId,
      clientSecret: SANDBOX_CREDENTIALS.clientSecret,
      redirectUri: `${origin}/oauth-callback.html`,
      allowedOrigins: [origin],
      authorize: () => 'seller-1',
      fetch: (input, init) => host.fetch(new Request(input, init)),
    }),
  );

  const files: Record<string, [string, string]> = {
    '/record-violations.js': ['text/javascript', RECORD_VIOLATIONS],
    '/commerce-ops-elements.js': ['text/javascript', library],
    '/esm-copy.js': ['text/javascript', esmCopy],
    '/oauth-callback.js': ['text/javascript', callbackScript],
    '/oauth-callback.html': ['text/html', callbackPage],
    '/configure-main.js': ['text/javascript', configureScript('csp-main')],
    '/configure-twice.js': ['text/javascript', configureScript('csp-twice')],
    // The ES-module copy registers the elements and configures its client; the script tag comes second.
    '/configure-esm.js': [
      'text/javascript',
      `window.addEventListener('esm-copy-ready', function () {
  ${configureScript('csp-esm', 'EsmCopy')}
  var script = document.createElement('script');
  script.src = '/commerce-ops-elements.js';
  script.onload = function () { window.secondCopyLoaded = true; };
  document.head.append(script);
});`,
    ],
    // The browser build registers the elements first; the page configures through an ES-module copy.
    '/configure-after-esm.js': [
      'text/javascript',
      `window.addEventListener('esm-copy-ready', function () {
  ${configureScript('csp-reverse', 'EsmCopy')}
  document.querySelector('order-card').setAttribute('order-id', '${O.withNotes}');
});`,
    ],
    '/index.html': [
      'text/html',
      testPage(
        'Every element under a strict policy',
        '<script src="/commerce-ops-elements.js"></script><script src="/configure-main.js"></script>',
        elementsMarkup('csp-main'),
      ),
    ],
    '/twice.html': [
      'text/html',
      testPage(
        'The browser build loaded twice',
        '<script src="/commerce-ops-elements.js"></script><script src="/commerce-ops-elements.js"></script>' +
          '<script src="/configure-twice.js"></script>',
        `<order-card order-id="${O.withNotes}"></order-card>`,
      ),
    ],
    '/esm-configures.html': [
      'text/html',
      testPage(
        'The browser build, then an ES-module copy that configures',
        '<script src="/commerce-ops-elements.js"></script><script src="/configure-after-esm.js"></script>' +
          '<script type="module" src="/esm-copy.js"></script>',
        '<order-card></order-card>',
      ),
    ],
    '/beside-esm.html': [
      'text/html',
      testPage(
        'An ES-module copy, then the browser build',
        '<script src="/configure-esm.js"></script><script type="module" src="/esm-copy.js"></script>',
        `<order-card order-id="${O.withNotes}"></order-card>`,
      ),
    ],
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', origin);
    if (host.handles(pathname)) {
      void host.listener(request, response);
      return;
    }
    if (pathname === '/backend/oauth/exchange') {
      void exchange(request, response);
      return;
    }
    const file = files[pathname];
    if (!file) {
      response.writeHead(404, { 'content-security-policy': POLICY }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': `${file[0]}; charset=utf-8`,
      'content-security-policy': POLICY,
    });
    response.end(file[1]);
  });
  return { origin, server };
}

interface Watched {
  page: Page;
  problems: string[];
}

/** A page of the browser with every console error, page error and failed request recorded. */
async function open(browser: Browser, url: string): Promise<Watched> {
  const context = await browser.newContext({ acceptDownloads: true });
  const watched = await context.newPage();
  const problems: string[] = [];
  const watch = (target: Page, name: string) => {
    target.on('console', (message) => {
      if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
        problems.push(`${name} console ${message.type()}: ${message.text()}`);
      }
    });
    target.on('pageerror', (error) => problems.push(`${name} page error: ${error.message}`));
    target.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // A download is handed to the browser's download manager, which reports the page's request as aborted.
      if (!failure.includes('ERR_ABORTED'))
        problems.push(`${name} request failed: ${request.url()} ${failure}`);
    });
  };
  watch(watched, 'page');
  context.on('page', (popup) => watch(popup, 'popup'));
  await watched.goto(url);
  return { page: watched, problems };
}

async function violations(target: Page): Promise<string[]> {
  return target.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

describe('strict Content-Security-Policy', { timeout: 120_000 }, () => {
  let served: Served;
  let browser: Browser;

  before(async () => {
    served = await serve();
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

  test('every element through its task: no violation, no page or console error', async () => {
    const { page: tab, problems } = await open(browser, `${served.origin}/index.html`);
    const headers = await (await tab.request.get(`${served.origin}/index.html`)).headers();
    assert.equal(headers['content-security-policy'], POLICY);

    // Lit's constructed style sheets apply under the policy: the card has its styled border.
    const card = tab.locator('order-card');
    await card.getByRole('heading', { level: 2 }).waitFor({ timeout: WAIT_MS });
    const styled = await tab.evaluate(() => {
      const el = document.querySelector('order-card')!;
      return {
        sheets: el.shadowRoot!.adoptedStyleSheets.length,
        styleElements: el.shadowRoot!.querySelectorAll('style').length,
        display: getComputedStyle(el).display,
      };
    });
    assert.ok(styled.sheets > 0, 'the shadow root has constructed style sheets');
    assert.equal(styled.styleElements, 0, 'no <style> element in the shadow root');
    assert.equal(styled.display, 'block');

    // order-card: add a note.
    await card.getByLabel('Note').fill('Packed under a strict policy');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Packed under a strict policy').first().waitFor({ timeout: WAIT_MS });

    // allocation-form: allocate what is unallocated.
    const form = tab.locator('allocation-form');
    await form.getByRole('button', { name: 'Allocate' }).click();
    await form.locator('[part="result"]').waitFor({ timeout: WAIT_MS });

    // rate-picker: get rates and choose one; label-downloader: buy the label and download it.
    const picker = tab.locator('rate-picker');
    await picker.getByRole('button', { name: 'Get rates' }).click();
    await picker.getByRole('radio').first().check({ timeout: WAIT_MS });
    const downloader = tab.locator('label-downloader');
    await downloader.getByRole('button', { name: 'Buy label' }).click();
    const downloadButton = downloader.getByRole('button', { name: 'Download label' });
    await downloadButton.waitFor({ timeout: WAIT_MS });
    const [download] = await Promise.all([tab.waitForEvent('download'), downloadButton.click()]);
    assert.match(download.suggestedFilename(), /^label-[A-Za-z0-9_-]+\.pdf$/);

    // listing-linker: link a listing by SKU in the only store that takes listings.
    const linker = tab.locator('listing-linker');
    await linker.getByLabel('Remote SKU', { exact: true }).fill('CANDLE-L');
    await linker.getByRole('button', { name: 'Link listing' }).click();
    await linker.getByText('linked', { exact: false }).first().waitFor({ timeout: WAIT_MS });

    // connect-account: sign in through the popup and the redirect page, both under the policy.
    const connect = tab.locator('connect-account');
    const [popup] = await Promise.all([
      tab.waitForEvent('popup'),
      connect.getByRole('button', { name: 'Connect account' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    // Once connected, the element reads who is connected with the new token, under the policy too.
    await connect.getByText('Connected as', { exact: false }).first().waitFor({ timeout: WAIT_MS });

    await tab.waitForTimeout(200);
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.context().close();
  });

  test('the browser build loaded twice: no error, and the elements still work', async () => {
    const { page: tab, problems } = await open(browser, `${served.origin}/twice.html`);
    const card = tab.locator('order-card');
    await card.getByRole('heading', { level: 2 }).waitFor({ timeout: WAIT_MS });
    await card.getByLabel('Note').fill('Two copies, one card');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note added.').waitFor({ timeout: WAIT_MS });
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.context().close();
  });

  test("the browser build, then an ES-module copy: that copy's configure() reaches the elements", async () => {
    const { page: tab, problems } = await open(browser, `${served.origin}/esm-configures.html`);
    const card = tab.locator('order-card');
    await card.getByRole('heading', { level: 2 }).waitFor({ timeout: WAIT_MS });
    await card.getByLabel('Note').fill('Configured by the other copy');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note added.').waitFor({ timeout: WAIT_MS });
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.context().close();
  });

  test('an ES-module copy, then the browser build: no error, and the elements still work', async () => {
    const { page: tab, problems } = await open(browser, `${served.origin}/beside-esm.html`);
    await tab.waitForFunction(() => 'secondCopyLoaded' in window, undefined, { timeout: WAIT_MS });
    assert.equal(await tab.evaluate(() => typeof window.CommerceOps?.createClient), 'function');
    const card = tab.locator('order-card');
    await card.getByRole('heading', { level: 2 }).waitFor({ timeout: WAIT_MS });
    await card.getByLabel('Note').fill('Script tag and module');
    await card.getByRole('button', { name: 'Add note' }).click();
    await card.getByText('Note added.').waitFor({ timeout: WAIT_MS });
    assert.deepEqual(await violations(tab), []);
    assert.deepEqual(problems, []);
    await tab.context().close();
  });
});
