/**
 * `npm run test:frameworks` (after `npm run build`): the packed package in the front-end frameworks
 * sellers' admin pages are built with. Each app in test/frameworks/ (Vue 3, Svelte 5, Preact,
 * Angular 20; each with its own package.json) is installed from the tarball into one npm workspace
 * under the OS temp dir, built (with Vite, the Angular app with the Angular CLI's esbuild-based
 * application builder), and run in headless Chromium against the installed package's sandbox
 * through its API proxy. In each app an `<order-card>` gets an attribute (`order-id`), a property
 * (`client`, made with the package's `createClient`) and a `note-added` handler: the element must
 * upgrade and render the order, and after a note is added the framework's handler must have put
 * the event into the app's own DOM.
 *
 * The Next.js app (App Router, React 19) is built with `next build` and served by `next start`: a
 * Server Component renders `<order-card>` and `<ship-order>` with `@lit-labs/ssr`, the page loads
 * `@lit-labs/ssr-client`'s hydration support before the elements, and the sandbox is a route of the
 * app behind the package's API proxy. The first HTML must carry both elements' declarative shadow
 * roots; in Chromium they must hydrate without a console error or warning, the card show its order,
 * and ship-order buy one label, whose `order-shipped` event (an `onOrderShipped` prop of the React
 * wrapper) the app writes into its page.
 *
 * `npm run test:frameworks -- <app> …` checks only the apps named (test/frameworks/<app>).
 *
 * The typings entries are compiled with tsc against the real frameworks too: the Preact app itself
 * (`commerce-ops-elements/jsx-preact`), the Vue typings (`/vue`) and the Solid typings (`/jsx-solid`),
 * each with a case they must refuse. The Angular app's build type-checks it itself, templates
 * included (`strictTemplates`): its `note-added` handler must take the event `HTMLElementEventMap`
 * declares. `next build` type-checks the Next.js app, the wrappers' event props included.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from './elements.js';
import {
  check,
  CheckFailure,
  exec,
  expectClean,
  expectRendered,
  launchChromium,
  npmInstall,
  open,
  pack,
  serve,
  step,
  WAIT_MS,
} from './packed-package.js';

const appsDir = join(projectRoot, 'test/frameworks');
const started = performance.now();

/** The apps run in Chromium, by workspace; each has its own sandbox tenant and proxy. */
const APPS = { vue: 'Vue 3', svelte: 'Svelte 5', preact: 'Preact', angular: 'Angular 20' } as const;
type AppName = keyof typeof APPS;
/** The Next.js app, which serves its pages and its own sandbox itself. */
const NEXT_APP = 'nextjs';
/** The apps built by the Angular CLI (an angular.json beside their package.json); Vite builds the rest. */
const isAngular = (name: string): boolean => existsSync(join(appsDir, name, 'angular.json'));
/** Apps whose build type-checks them: tsc is not run on them apart. */
const checksItsTypes = (name: string): boolean => isAngular(name) || name === NEXT_APP;

/** The apps named on the command line (`npm run test:frameworks -- nextjs`), else all of them. */
const only = process.argv.slice(2);
const selected = (name: string): boolean => only.length === 0 || only.includes(name);

/** The order every app shows, and the text its card reads once loaded. */
const ORDER_ID = 13359605;
const ORDER_TEXT = 'SB-1005';
/** The order the Next.js app ships (ready to ship: fully allocated). */
const SHIP_ORDER_ID = 13359603;

function workspaces(): string[] {
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appsDir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .filter(selected)
    .sort();
}

/** The apps copied into `work` as one npm workspace, each depending on the tarball. */
function prepare(work: string, tarball: string): void {
  const names = workspaces();
  for (const name of names) {
    cpSync(join(appsDir, name), join(work, name), {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)$/.test(source),
    });
    const path = join(work, name, 'package.json');
    const pkg = JSON.parse(readFileSync(path, 'utf8')) as { dependencies?: Record<string, string> };
    check(
      pkg.dependencies?.['commerce-ops-elements'],
      `test/frameworks/${name} does not depend on the package`,
    );
    pkg.dependencies['commerce-ops-elements'] = `file:${tarball}`;
    writeFileSync(path, JSON.stringify(pkg, null, 2));
  }
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'framework-check', private: true, workspaces: names }, null, 2),
  );
}

/**
 * The file of `pkg`'s bin `command`, as the workspace `name` resolves the package. The workspace holds
 * two Vite majors (the Vite apps' and the one `@angular/build` pins), so which one npm hoists to the
 * top depends on the tree: each app runs the one it resolves.
 */
function bin(work: string, name: string, pkg: string, command: string): string {
  const manifest = createRequire(join(work, name, 'package.json')).resolve(`${pkg}/package.json`);
  const bins = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin;
  const file = bins[command];
  check(file, `${pkg} has no ${command} bin`);
  return join(dirname(manifest), file);
}

function viteBuild(work: string, name: string): Promise<void> {
  const vite = bin(work, name, 'vite', 'vite');
  return exec(process.execPath, [vite, 'build', '--outDir', 'dist', '--emptyOutDir'], join(work, name)).then(
    () => undefined,
  );
}

/**
 * `ng build` with the app's angular.json (`@angular/build:application`, output straight into dist/),
 * the base href where `serve` hands out `/<name>/dist/index.html`, and nothing interactive: no
 * analytics prompt, no progress output.
 */
function ngBuild(work: string, name: string): Promise<void> {
  const ng = bin(work, name, '@angular/cli', 'ng');
  const args = [ng, 'build', '--base-href', `/${name}/dist/`, '--progress=false'];
  const env = { NG_CLI_ANALYTICS: 'false', CI: 'true' };
  return exec(process.execPath, args, join(work, name), env).then(() => undefined);
}

/**
 * `next build` with webpack, with Next's telemetry off. Turbopack's production build hoists the
 * element modules' imports above the app's import of Lit's hydration support, so Lit loads first
 * and the elements render over their server-rendered shadow roots instead of hydrating them.
 */
function nextBuild(work: string, name: string): Promise<void> {
  const next = bin(work, name, 'next', 'next');
  const env = { NEXT_TELEMETRY_DISABLED: '1' };
  return exec(process.execPath, [next, 'build', '--webpack'], join(work, name), env).then(() => undefined);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `next start` on a free port; resolves once it answers, with its origin and a way to stop it. */
async function nextStart(work: string, name: string): Promise<{ origin: string; stop: () => void }> {
  const next = bin(work, name, 'next', 'next');
  const port = await freePort();
  const child = spawn(process.execPath, [next, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: join(work, name),
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = (): void => {
    child.kill();
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new CheckFailure(`next start exited with ${child.exitCode}\n${stderr}`);
    try {
      await fetch(`${origin}/favicon.ico`);
      return { origin, stop };
    } catch {
      if (Date.now() > deadline) {
        stop();
        throw new CheckFailure(`next start did not answer in ${WAIT_MS} ms\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** What a page's elements asked of the API, from the responses the page saw under `prefix`. */
function apiRequests(page: Page, prefix: string): { method: string; path: string; status: number }[] {
  const seen: { method: string; path: string; status: number }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith(prefix)) {
      seen.push({
        method: response.request().method(),
        path: pathname.slice(prefix.length),
        status: response.status(),
      });
    }
  });
  return seen;
}

/**
 * The Next.js app in Chromium: server-rendered elements in the first HTML, hydrated without a word
 * in the console, the card's order shown, one label bought in ship-order and its `order-shipped`
 * event written into the page by the React wrapper's handler.
 */
async function checkNext(chrome: Browser, origin: string): Promise<void> {
  const { page, problems, quiet, response } = await open(chrome, `${origin}/`);
  page.on('console', (message) => {
    if (message.type() === 'warning') problems.push(`console warning: ${message.text()}`);
  });
  const requests = apiRequests(page, '/ops-api');
  const html = (await response?.text()) ?? '';
  for (const tag of ['order-card', 'ship-order']) {
    check(
      new RegExp(`<${tag}[^>]*><template shadowroot="open" shadowrootmode="open">`).test(html),
      `Next.js: the first HTML has no declarative shadow root in <${tag}>`,
    );
  }
  await expectRendered(page, [
    { selector: '#card', tag: 'order-card', text: ORDER_TEXT },
    { selector: '#ship', tag: 'ship-order' },
  ]);
  const cards = await page.evaluate(
    () => document.querySelector('#card')?.shadowRoot?.querySelectorAll('[part="card"]').length ?? 0,
  );
  check(cards === 1, `Next.js: order-card shows ${cards} cards, not one: hydrated, not rendered twice`);
  const ship = page.locator('#ship');
  await ship.getByRole('button', { name: 'Get rates' }).click({ timeout: WAIT_MS });
  await ship.getByRole('radio', { name: /Parcelway Standard/ }).click({ timeout: WAIT_MS });
  await ship.getByRole('button', { name: 'Buy label' }).click({ timeout: WAIT_MS });
  const tracking = await ship.locator('[part="tracking"]').textContent({ timeout: WAIT_MS });
  const number = /[A-Z0-9]{6,}$/.exec(tracking?.trim() ?? '')?.[0];
  check(number, `Next.js: the done state shows no tracking number ("${tracking ?? ''}")`);
  const expected = `order-shipped on ${SHIP_ORDER_ID}: ${number}`;
  try {
    await page.waitForFunction(
      (text) => document.getElementById('framework-event')?.textContent?.trim() === text,
      expected,
      { timeout: WAIT_MS },
    );
  } catch {
    const shown = await page.locator('#framework-event').textContent();
    throw new CheckFailure(`Next.js: the app shows "${shown ?? ''}", not "${expected}"`);
  }
  await quiet();
  const bookings = requests.filter(
    (request) => request.method === 'POST' && request.path === '/shipping/api/v1/shipments',
  );
  check(bookings.length === 1, `Next.js: ${bookings.length} labels bought, not one`);
  expectClean('Next.js app', problems, requests);
  await page.close();
}

function typeCheck(work: string, name: string): Promise<void> {
  const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
  return exec(process.execPath, [tsc, '-p', 'tsconfig.json'], join(work, name)).then(() => undefined);
}

async function main(): Promise<void> {
  check(existsSync(join(projectRoot, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');
  const work = mkdtempSync(join(tmpdir(), 'commerce-ops-frameworks-'));
  let browser: Browser | undefined;
  let server: Server | undefined;
  try {
    const tarball = await step('npm pack', () => pack(work));
    prepare(work, tarball);
    await step(`${workspaces().join(', ')} installed from the tarball in one workspace`, () =>
      npmInstall(work),
    );
    // The Angular and Next.js builds type-check their apps (templates included); tsc takes the others.
    const typed = workspaces().filter(
      (name) => existsSync(join(appsDir, name, 'tsconfig.json')) && !checksItsTypes(name),
    );
    const types = step(`typings compiled with tsc against the frameworks (${typed.join(', ')})`, () =>
      Promise.all(typed.map((name) => typeCheck(work, name))),
    );
    const apps = (Object.keys(APPS) as AppName[]).filter(selected);
    const viteApps = apps.filter((name) => !isAngular(name));
    const angularApps = apps.filter(isAngular);
    const withNext = selected(NEXT_APP);
    await Promise.all([
      viteApps.length > 0 &&
        step(`${viteApps.join(', ')} built with Vite`, () =>
          Promise.all(viteApps.map((name) => viteBuild(work, name))),
        ),
      angularApps.length > 0 &&
        step(`${angularApps.join(', ')} built with the Angular CLI (ng build)`, () =>
          Promise.all(angularApps.map((name) => ngBuild(work, name))),
        ),
      withNext && step(`${NEXT_APP} built with next build (webpack)`, () => nextBuild(work, NEXT_APP)),
    ]);

    const served = await serve(work, apps);
    server = served.server;
    const { origin, requests } = served;
    browser = await launchChromium();
    const chrome = browser;

    for (const name of apps) {
      await step(`${APPS[name]}: attribute, client property and typed event in Chromium`, async () => {
        const { page, problems, quiet } = await open(chrome, `${origin}/${name}/dist/index.html`);
        await expectRendered(page, [{ selector: '#card', tag: 'order-card', text: ORDER_TEXT }]);
        const note = `Packed for ${APPS[name]}`;
        const card = page.locator('#card');
        await card.getByLabel('Note').fill(note);
        await card.getByRole('button', { name: 'Add note' }).click();
        const expected = `note-added on ${ORDER_ID}: ${note}`;
        try {
          await page.waitForFunction(
            (text) => document.getElementById('framework-event')?.textContent?.trim() === text,
            expected,
            { timeout: WAIT_MS },
          );
        } catch {
          const shown = await page.locator('#framework-event').textContent();
          throw new CheckFailure(`${APPS[name]}: the app shows "${shown ?? ''}", not "${expected}"`);
        }
        await quiet();
        expectClean(`${APPS[name]} app`, problems, requests(name));
        await page.close();
      });
    }
    if (withNext) {
      const next = await nextStart(work, NEXT_APP);
      try {
        await step(
          'Next.js 16: server-rendered elements hydrated, a label bought, typed event in Chromium',
          () => checkNext(chrome, next.origin),
        );
      } finally {
        next.stop();
      }
    }
    await types;
  } finally {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`Framework check passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof CheckFailure ? `Framework check failed: ${error.message}` : error);
  process.exitCode = 1;
});
