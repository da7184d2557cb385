/**
 * `npm run test:frameworks` (after `npm run build`): the packed package in the front-end frameworks
 * sellers' admin pages are built with. Each app in test/frameworks/ (Vue 3, Svelte 5, Preact; each
 * with its own package.json) is installed from the tarball into one npm workspace under the OS temp
 * dir, built with Vite, and run in headless Chromium against the installed package's sandbox
 * through its API proxy. In each app an `<order-card>` gets an attribute (`order-id`), a property
 * (`client`, made with the package's `createClient`) and a `note-added` handler: the element must
 * upgrade and render the order, and after a note is added the framework's handler must have put
 * the event into the app's own DOM.
 *
 * The typings entries are compiled with tsc against the real frameworks too: the Preact app itself
 * (`commerce-ops-elements/jsx-preact`), the Vue typings (`/vue`) and the Solid typings (`/jsx-solid`),
 * each with a case they must refuse.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
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
const APPS = { vue: 'Vue 3', svelte: 'Svelte 5', preact: 'Preact' } as const;
type AppName = keyof typeof APPS;

/** The order every app shows, and the text its card reads once loaded. */
const ORDER_ID = 13359605;
const ORDER_TEXT = 'SB-1005';

function workspaces(): string[] {
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appsDir, entry.name, 'package.json')))
    .map((entry) => entry.name)
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

function viteBuild(work: string, name: string): Promise<void> {
  const vite = join(work, 'node_modules/vite/bin/vite.js');
  return exec(process.execPath, [vite, 'build', '--outDir', 'dist', '--emptyOutDir'], join(work, name)).then(
    () => undefined,
  );
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
    const typed = workspaces().filter((name) => existsSync(join(appsDir, name, 'tsconfig.json')));
    const types = step(`typings compiled with tsc against the frameworks (${typed.join(', ')})`, () =>
      Promise.all(typed.map((name) => typeCheck(work, name))),
    );
    const apps = Object.keys(APPS) as AppName[];
    await step(`${apps.join(', ')} built with Vite`, () =>
      Promise.all(apps.map((name) => viteBuild(work, name))),
    );

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
