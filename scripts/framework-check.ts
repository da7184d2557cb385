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
 * The typings entries are compiled with tsc against the real frameworks too: the Preact app itself
 * (`commerce-ops-elements/jsx-preact`), the Vue typings (`/vue`) and the Solid typings (`/jsx-solid`),
 * each with a case they must refuse. The Angular app's build type-checks it itself, templates
 * included (`strictTemplates`): its `note-added` handler must take the event `HTMLElementEventMap`
 * declares.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
const APPS = { vue: 'Vue 3', svelte: 'Svelte 5', preact: 'Preact', angular: 'Angular 20' } as const;
type AppName = keyof typeof APPS;
/** The apps built by the Angular CLI (an angular.json beside their package.json); Vite builds the rest. */
const isAngular = (name: string): boolean => existsSync(join(appsDir, name, 'angular.json'));

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
    // The Angular app's build type-checks it (templates included); tsc takes the others.
    const typed = workspaces().filter(
      (name) => existsSync(join(appsDir, name, 'tsconfig.json')) && !isAngular(name),
    );
    const types = step(`typings compiled with tsc against the frameworks (${typed.join(', ')})`, () =>
      Promise.all(typed.map((name) => typeCheck(work, name))),
    );
    const apps = Object.keys(APPS) as AppName[];
    const viteApps = apps.filter((name) => !isAngular(name));
    const angularApps = apps.filter(isAngular);
    await Promise.all([
      step(`${viteApps.join(', ')} built with Vite`, () =>
        Promise.all(viteApps.map((name) => viteBuild(work, name))),
      ),
      step(`${angularApps.join(', ')} built with the Angular CLI (ng build)`, () =>
        Promise.all(angularApps.map((name) => ngBuild(work, name))),
      ),
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
