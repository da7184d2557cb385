/**
 * `npm run test:package` (after `npm run build`): packs the package, installs the tarball into an
 * empty project under the OS temp dir, and uses it there the ways integrators do:
 *
 * - Node: `commerce-ops-elements/server` and `/sandbox` load with plain Node and work;
 * - types: a consumer file type-checks against the installed declarations, with React's own types,
 *   and so does a module that asserts, for every event of the installed custom-elements.json, that
 *   its `on…` prop on the element's React wrapper is called with the event's class;
 * - ESM: an app bundled by esbuild from the installed package, in headless Chromium: importing
 *   the package registers nothing, `/order-card.js` registers one element, `/all.js` all of them,
 *   a class registers under another name, and a second copy (the browser build) does not throw;
 * - script tag: a plain HTML page under a strict CSP with only the browser build,
 *   `data-base-url` pointing at the proxy, and the German pack (`locales/de.js`) for an element
 *   under `lang="de"`, and a language registered through `CommerceOps.registerTranslation`;
 * - translation packs: every element again under `lang="fr"` and `lang="es"` with the browser build
 *   and `locales/fr.js` and `locales/es.js`, showing none of the English catalogs' text;
 * - loader: the same with `dist/loader.js` and one order card, which alone is registered;
 * - React: a wrapper rendered by react-dom fires its `on…` event props;
 * - the OAuth redirect page runs under a strict CSP and reports the sign-in.
 *
 * The pages reach the installed package's sandbox through its API proxy, as production pages reach
 * the API. In each page every element must upgrade, render into its shadow root and load without
 * a failed request or a console error. The temp project is removed afterwards.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { SEED_IDS } from '../src/sandbox/seed-ids.js';
import { englishCatalogs, englishMatchers } from './catalogs.js';
import { findElements, projectRoot } from './elements.js';
import type { Manifest } from './manifest.js';
import {
  check,
  CheckFailure,
  CSP,
  exec,
  expectClean,
  expectRendered,
  installedVersion,
  launchChromium,
  npmInstall,
  open,
  pack,
  sameSet,
  serve,
  step,
  WAIT_MS,
} from './packed-package.js';
import { eventPropTypeChecks } from './react-wrappers.js';

interface Fixture {
  attributes: Record<string, string>;
  /** Text the element shows once it has loaded from the sandbox. */
  text?: string;
}

const fixtureDir = join(projectRoot, 'test/package');
const started = performance.now();

const tags = findElements().map((element) => element.tag);
const fixtures = JSON.parse(readFileSync(join(fixtureDir, 'elements.json'), 'utf8')) as Record<
  string,
  Fixture
>;

async function install(app: string, tarball: string): Promise<void> {
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'pack-check-app', private: true, type: 'module' }),
  );
  const packages = [
    tarball,
    ...['react', 'react-dom', '@types/react', '@types/node', '@lit-labs/ssr'].map(
      (name) => `${name}@${installedVersion(name)}`,
    ),
  ];
  await npmInstall(app, packages);
  const installed = join(app, 'node_modules/commerce-ops-elements');
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const missing = Object.values(pkg.exports)
    .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
    .filter((target) => !existsSync(join(installed, target)));
  check(missing.length === 0, `export targets missing from the installed package: ${missing.join(', ')}`);

  // The consumer type check skips library files, so check here that the declarations import only
  // what an installing project gets: itself, dependencies, peer dependencies and Node's own modules.
  const declared = new Set([
    'commerce-ops-elements',
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);
  const undeclared = new Set<string>();
  for (const file of readdirSync(join(installed, 'dist'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.d.ts')) continue;
    const source = readFileSync(join(installed, 'dist', file), 'utf8');
    for (const [, specifier = ''] of source.matchAll(/(?:from |import\()['"]([^'".][^'"]*)['"]/g)) {
      const name = specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
      if (!specifier.startsWith('node:') && !declared.has(name))
        undeclared.add(`${specifier} (dist/${file})`);
    }
  }
  check(undeclared.size === 0, `declarations import undeclared packages: ${[...undeclared].join(', ')}`);
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="${CSP}" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

/** The order card again, under `lang="de"`: with the German pack loaded it reads German. */
const GERMAN_CARD = { selector: '#card-de', tag: 'order-card', text: 'Bestellung SB-1001' };

/** Languages whose packs must leave no English in any element (the languages page). */
const TRANSLATED = ['fr', 'es'] as const;

/** Words a pack may keep as English has them. */
const SAME_EVERYWHERE = new Set(['PDF', 'ZPL']);

/**
 * Each text an element shows in its shadow DOM (text nodes, leaf elements' text, and the
 * `aria-label`, `title`, `placeholder` and `alt` attributes), by language section of the page. Runs
 * in the page, so it declares no inner function (tsx would wrap it in a helper the page lacks).
 */
function shownTexts(languages: readonly string[]): { language: string; tag: string; text: string }[] {
  const found: { language: string; tag: string; text: string }[] = [];
  for (const language of languages) {
    for (const element of document.querySelectorAll(`#lang-${language} > *`)) {
      const roots = element.shadowRoot ? [element.shadowRoot] : [];
      for (let root = roots.pop(); root; root = roots.pop()) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // An order tag's name (a tag, an option of "Tag") is the seller's own text, not ours.
          const holder = node instanceof Element ? node : node.parentElement;
          if (holder?.closest('[part~="tag"], [part~="tag-select"]')) continue;
          const texts: (string | null)[] = [];
          if (node.nodeType === Node.TEXT_NODE) {
            const parent = node.parentElement?.localName;
            if (parent !== 'style' && parent !== 'script') texts.push(node.textContent);
          } else if (node instanceof Element) {
            for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
              texts.push(node.getAttribute(name));
            if (node.childElementCount === 0 && node.localName !== 'style') texts.push(node.textContent);
            if (node.shadowRoot) roots.push(node.shadowRoot);
          }
          for (const text of texts) {
            const shown = (text ?? '').replace(/\s+/g, ' ').trim();
            if (shown) found.push({ language, tag: element.localName, text: shown });
          }
        }
      }
    }
  }
  return found;
}

/** Every element with its fixture's attributes; ids (and `for`, which names one) end in `suffix`. */
function elementMarkup(suffix = ''): string {
  return Object.entries(fixtures)
    .map(([tag, { attributes }]) => {
      const attrs = Object.entries(attributes).map(
        ([name, value]) => ` ${name}="${value}${name === 'id' || name === 'for' ? suffix : ''}"`,
      );
      return `<${tag}${attrs.join('')}></${tag}>`;
    })
    .join('\n    ');
}

/** The apps an integrator would write, bundled from the installed package. */
async function bundleApps(app: string): Promise<void> {
  for (const file of ['esm-app.js', 'react-app.js', 'elements.json', 'consumer.js']) {
    copyFileSync(join(fixtureDir, file), join(app, file));
  }
  writeFileSync(
    join(app, 'esm.html'),
    page('ESM import', '<div id="root"></div>', '<script type="module" src="/out/esm-app.js"></script>'),
  );
  writeFileSync(
    join(app, 'react.html'),
    page('React', '<div id="root"></div>', '<script type="module" src="/out/react-app.js"></script>'),
  );
  const cardAttributes = Object.entries(fixtures['order-card']?.attributes ?? {})
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  writeFileSync(
    join(app, 'script.html'),
    page(
      'Script tag',
      `${elementMarkup()}\n    <div lang="de"><order-card id="card-de"${cardAttributes}></order-card></div>` +
        `\n    <div lang="it"><order-card id="card-it"${cardAttributes}></order-card></div>` +
        `\n    <allocation-form id="short-stock" order-id="${SEED_IDS.orders.international}"></allocation-form>` +
        `\n    <listing-linker id="new-store"></listing-linker>`,
      [
        '<script src="node_modules/commerce-ops-elements/dist/commerce-ops-elements.js" data-base-url="/api/script" defer></script>',
        '<script src="node_modules/commerce-ops-elements/dist/locales/de.js" defer></script>',
      ].join('\n    '),
    ),
  );
  // The single file served alone, as a seller who copies one file does: nothing else of the
  // package is beside it, so any file it fetched from there would answer 404.
  mkdirSync(join(app, 'alone'), { recursive: true });
  copyFileSync(
    join(app, 'node_modules/commerce-ops-elements/dist/commerce-ops-elements.js'),
    join(app, 'alone/commerce-ops-elements.js'),
  );
  writeFileSync(
    join(app, 'alone.html'),
    page(
      'The single file alone',
      `<rate-picker id="picker" order-id="${SEED_IDS.orders.allocated}"></rate-picker>` +
        `\n    <label-downloader for="picker"></label-downloader>` +
        `\n    <allocation-form order-id="${SEED_IDS.orders.international}"></allocation-form>`,
      '<script src="alone/commerce-ops-elements.js" data-base-url="/api/alone" defer></script>',
    ),
  );
  writeFileSync(
    join(app, 'languages.html'),
    page(
      'Translation packs',
      TRANSLATED.map(
        (language) =>
          `<div lang="${language}" id="lang-${language}">\n    ${elementMarkup(`-${language}`)}\n    </div>`,
      ).join('\n    '),
      [
        '<script src="node_modules/commerce-ops-elements/dist/commerce-ops-elements.js" data-base-url="/api/languages" defer></script>',
        ...TRANSLATED.map(
          (language) =>
            `<script src="node_modules/commerce-ops-elements/dist/locales/${language}.js" defer></script>`,
        ),
      ].join('\n    '),
    ),
  );
  writeFileSync(
    join(app, 'loader.html'),
    page(
      'Loader',
      `<order-card${cardAttributes}></order-card>`,
      '<script type="module" src="node_modules/commerce-ops-elements/dist/loader.js" data-base-url="/api/loader"></script>',
    ),
  );
  await build({
    absWorkingDir: app,
    entryPoints: ['esm-app.js', 'react-app.js'],
    outdir: 'out',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });

  // With `sideEffects`, the client alone leaves the elements and lit out of an app's bundle.
  const clientOnly = await build({
    absWorkingDir: app,
    stdin: { contents: "export { createClient } from 'commerce-ops-elements';", resolveDir: app },
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const [bundle] = Object.values(clientOnly.metafile.outputs);
  const pulledIn = Object.entries(bundle?.inputs ?? {})
    .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && /\/(lit[^/]*|elements)\//.test(input))
    .map(([input]) => input);
  check(pulledIn.length === 0, `importing createClient alone bundles ${pulledIn.join(', ')}`);
}

/** The React wrappers' event props, checked from the manifest the package ships. */
const REACT_EVENT_CHECKS = 'react-events.ts';

async function typeCheck(app: string): Promise<void> {
  const installed = join(app, 'node_modules/commerce-ops-elements');
  const manifest = JSON.parse(readFileSync(join(installed, 'custom-elements.json'), 'utf8')) as Manifest;
  writeFileSync(join(app, REACT_EVENT_CHECKS), eventPropTypeChecks(manifest, 'commerce-ops-elements/react'));
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        lib: ['es2023', 'dom', 'dom.iterable'],
        types: ['node'],
        allowJs: true,
        checkJs: true,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      files: ['consumer.js', REACT_EVENT_CHECKS],
    }),
  );
  await exec(
    process.execPath,
    [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
    app,
  );
}

/** Tenants of the sandbox, one per page, each behind its own proxy at `/api/<tenant>`. */
const TENANTS = ['esm', 'script', 'alone', 'languages', 'loader', 'react'] as const;

function expectedElements(scope = ''): { selector: string; tag: string; text?: string }[] {
  return Object.entries(fixtures).map(([tag, { text }]) => ({
    selector: `${scope}${tag}`,
    tag,
    ...(text === undefined ? {} : { text }),
  }));
}

const GLOBAL_KEYS = [
  'OAuthPopup',
  'OpsError',
  'clearStoredLabels',
  'completeOAuthPopup',
  'configure',
  'createClient',
  'registerTranslation',
  'version',
];

async function main(): Promise<void> {
  const withoutFixture = tags.filter((tag) => !(tag in fixtures));
  check(
    withoutFixture.length === 0,
    `add the attributes to render ${withoutFixture.join(', ')} with to test/package/elements.json`,
  );
  check(existsSync(join(projectRoot, 'dist/index.js')), 'dist/ is missing: run `npm run build` first');

  const work = mkdtempSync(join(tmpdir(), 'commerce-ops-pack-'));
  const app = join(work, 'app');
  let browser: Browser | undefined;
  let server: Server | undefined;
  try {
    const tarball = await step('npm pack', () => pack(work));
    await step(
      'installed into an empty project from the tarball; declarations import only dependencies',
      () => install(app, tarball),
    );
    await step('server and sandbox entry points in Node', () =>
      exec(process.execPath, [join(fixtureDir, 'node-check.mjs'), ...tags], app).then(() => undefined),
    );
    await step('every element renders with @lit-labs/ssr from the installed package', () =>
      exec(process.execPath, [join(fixtureDir, 'server-render-check.mjs')], app).then(() => undefined),
    );
    await step('apps bundled from the installed package; createClient alone tree-shakes', () =>
      bundleApps(app),
    );

    const types = step('consumer type-checks against the published declarations', () => typeCheck(app));
    const served = await serve(app, TENANTS);
    server = served.server;
    const { origin, requests } = served;
    browser = await launchChromium();
    const chrome = browser;

    await step('ESM import in Chromium', async () => {
      const { page, problems, quiet } = await open(chrome, `${origin}/esm.html`);
      await page.waitForFunction(() => 'packCheck' in window, undefined, { timeout: WAIT_MS });
      const result = (await page.evaluate(
        () => (window as unknown as { packCheck: unknown }).packCheck,
      )) as Record<string, string[]>;
      check(
        sameSet(result['definedAfterIndex'] ?? [], []),
        `importing the package registered ${result['definedAfterIndex']}`,
      );
      check(
        sameSet(result['definedAfterOrderCard'] ?? [], ['order-card']),
        `/order-card.js registered ${result['definedAfterOrderCard']}`,
      );
      check(
        sameSet(result['definedAfterAll'] ?? [], tags),
        `/all.js registered ${result['definedAfterAll']}`,
      );
      check(
        sameSet(result['globalKeys'] ?? [], GLOBAL_KEYS),
        `window.CommerceOps has ${result['globalKeys']}`,
      );
      const classes = findElements().map((element) => element.className);
      const missing = [
        ...classes,
        'createClient',
        'configure',
        'OAuthPopup',
        'completeOAuthPopup',
        'OpsError',
      ].filter((name) => !(result['exports'] ?? []).includes(name));
      check(missing.length === 0, `the package does not export ${missing.join(', ')}`);
      await expectRendered(page, [
        ...expectedElements('#root > '),
        { selector: 'acme-order-card', tag: 'acme-order-card', text: fixtures['order-card']?.text },
      ]);
      await quiet();
      expectClean('ESM page', problems, requests('esm'));
      await page.close();
    });

    await step(
      'the single file served alone: rates, "Buy label", "Download label" and "Adjust stock"',
      async () => {
        const { page, problems, quiet } = await open(chrome, `${origin}/alone.html`);
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        const picker = page.locator('rate-picker');
        await picker.getByRole('button', { name: 'Get rates' }).click({ timeout: WAIT_MS });
        await picker.getByRole('radio').first().check({ timeout: WAIT_MS });
        const downloader = page.locator('label-downloader');
        await downloader.getByRole('button', { name: 'Buy label' }).click({ timeout: WAIT_MS });
        const download = downloader.getByRole('button', { name: 'Download label' });
        await download.waitFor({ timeout: WAIT_MS });
        const [file] = await Promise.all([
          page.waitForEvent('download', { timeout: WAIT_MS }),
          download.click(),
        ]);
        check(
          /^label-[A-Za-z0-9_-]+\.pdf$/.test(file.suggestedFilename()),
          `downloaded ${file.suggestedFilename()}`,
        );

        const form = page.locator('allocation-form');
        await form.getByLabel('Warehouse').selectOption(String(SEED_IDS.warehouses.manchester));
        await form
          .getByRole('button', { name: /^Adjust stock for / })
          .first()
          .click({ timeout: WAIT_MS });
        const level = form.getByLabel('Stock level');
        await level.fill('12', { timeout: WAIT_MS });
        const saved = page.waitForRequest(
          (request) => request.method() === 'PUT' && /\/stock_entry$/.test(new URL(request.url()).pathname),
          { timeout: WAIT_MS },
        );
        await form.getByRole('button', { name: 'Save stock' }).click();
        check((await (await saved).response())?.ok(), 'the stock save was not accepted');
        await level.waitFor({ state: 'detached', timeout: WAIT_MS });
        await quiet();
        const beside = scripts.filter((path) => path !== '/alone/commerce-ops-elements.js');
        check(beside.length === 0, `the single file fetched ${beside.join(', ')}`);
        expectClean('the single file alone', problems, requests('alone'));
        await page.close();
      },
    );

    await step(
      'script tag with data-base-url, German and CommerceOps.registerTranslation under a strict CSP in Chromium',
      async () => {
        const { page, problems, quiet } = await open(chrome, `${origin}/script.html`);
        await expectRendered(page, [...expectedElements(), GERMAN_CARD]);
        const english = await page.evaluate(
          () => document.querySelector('order-card')?.shadowRoot?.textContent,
        );
        check(
          english?.includes('Order SB-1001') && !english.includes('Bestellung'),
          'the order card outside lang="de" does not read English',
        );
        const keys = await page.evaluate(() => Object.keys(window.CommerceOps ?? {}));
        check(sameSet(keys, GLOBAL_KEYS), `window.CommerceOps has ${keys}`);
        // A page with no build step registers a language of its own through the global.
        await page.evaluate(() =>
          window.CommerceOps?.registerTranslation('it', { 'order-card': { addNote: 'Aggiungi nota' } }),
        );
        await expectRendered(page, [{ selector: '#card-it', tag: 'order-card', text: 'Aggiungi nota' }]);
        // The single file holds everything the elements load as they are used: the stock editor,
        // order-card's and product-editor's editors, the store form and the sign-in flow come
        // with it, and nothing is fetched from beside it.
        const fetched: string[] = [];
        page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
        const form = page.locator('#short-stock');
        await form.getByLabel('Warehouse').selectOption(String(SEED_IDS.warehouses.manchester));
        await form.locator('[part="adjust-stock-button"]').first().click();
        await form.locator('[part="stock-level-input"]').waitFor({ timeout: WAIT_MS });
        const card = page.locator('#card-it');
        await card.locator('[part="edit-customer-button"]').click();
        await card.locator('#customer-email').waitFor({ timeout: WAIT_MS });
        // "Edit product …" opens <product-editor> in the card; its save sends the weight in grams,
        // as a number, with one PUT /products/{id}.
        await card.locator('[part="edit-product-button"]').first().click();
        const weight = card.locator('product-editor [part="weight-input"]');
        await weight.waitFor({ timeout: WAIT_MS });
        await weight.fill('250');
        const saved = page.waitForRequest(
          (request) => request.method() === 'PUT' && /\/products\/\d+$/.test(new URL(request.url()).pathname),
          { timeout: WAIT_MS },
        );
        await card.locator('product-editor [part="save-button"]').click();
        const body = (await saved).postDataJSON() as {
          product?: { product_variants_attributes?: Array<{ weight_grams?: unknown }> };
        } | null;
        const grams = body?.product?.product_variants_attributes?.[0]?.weight_grams;
        check(typeof grams === 'number' && grams > 0, `the product save sent ${JSON.stringify(body)}`);
        await card.locator('product-editor [part="notice"]').waitFor({ timeout: WAIT_MS });
        const linker = page.locator('#new-store');
        await linker.getByRole('button', { name: 'Create store' }).click();
        await linker.locator('[part="store-name-input"]').waitFor({ timeout: WAIT_MS });
        // As text: a function here would carry the `__name` helper tsx adds, which the page lacks.
        const made = await page.evaluate(`typeof new window.CommerceOps.OAuthPopup({
          authUrl: location.origin,
          clientId: 'pack-check',
          redirectUri: '/oauth-callback.html',
          exchange: () => ({ access_token: 'pack-check-token' }),
        }).signIn`);
        check(made === 'function', `an OAuthPopup made from the global has signIn: ${String(made)}`);
        const beside = fetched.filter((path) => path.includes('/dist/') && path.endsWith('.js'));
        check(beside.length === 0, `the single file fetched ${beside.join(', ')} from beside it`);
        await quiet();
        expectClean('script tag page', problems, requests('script'));
        await page.close();
      },
    );

    await step('script tag with the French and Spanish packs: no English text in any element', async () => {
      const { page, problems, quiet } = await open(chrome, `${origin}/languages.html`);
      await expectRendered(
        page,
        TRANSLATED.flatMap((language) => expectedElements(`#lang-${language} > `)),
      );
      await quiet();
      const matchers = englishMatchers(await englishCatalogs(), (_namespace, _key, text) =>
        (text.match(/\p{L}{2,}/gu) ?? []).every((word) => SAME_EVERYWHERE.has(word)),
      );
      const english = (await page.evaluate(shownTexts, TRANSLATED)).flatMap(({ language, tag, text }) => {
        const matcher = matchers.find(({ pattern }) => pattern.test(text));
        return matcher ? [`lang="${language}" <${tag}>: "${text}" (${matcher.name})`] : [];
      });
      check(english.length === 0, `English left under a translated lang:\n    ${english.join('\n    ')}`);
      expectClean('translation packs page', problems, requests('languages'));
      await page.close();
    });

    await step(
      'loader with data-base-url under a strict CSP in Chromium: only the element used',
      async () => {
        const { page, problems, quiet } = await open(chrome, `${origin}/loader.html`);
        await expectRendered(page, [
          { selector: 'order-card', tag: 'order-card', text: fixtures['order-card']?.text },
        ]);
        const defined = await page.evaluate((all) => all.filter((tag) => customElements.get(tag)), tags);
        check(sameSet(defined, ['order-card']), `the loader registered ${defined}`);
        await quiet();
        expectClean('loader page', problems, requests('loader'));
        await page.close();
      },
    );

    await step('React wrapper with event props in Chromium', async () => {
      const { page, problems, quiet } = await open(chrome, `${origin}/react.html`);
      await expectRendered(page, [{ selector: '#card', tag: 'order-card', text: 'SB-1005' }]);
      const card = page.locator('#card');
      await card.getByLabel('Note').fill('Packed by the package check');
      await card.getByRole('button', { name: 'Add note' }).click();
      type Recorded = { type: string; code?: string; orderId?: number }[];
      await page.waitForFunction(
        () => {
          const events = (window as unknown as { reactEvents: Recorded }).reactEvents;
          return (
            events.some((event) => event.type === 'note-added') &&
            events.some((event) => event.type === 'request-error')
          );
        },
        undefined,
        { timeout: WAIT_MS },
      );
      const events = await page.evaluate(() => (window as unknown as { reactEvents: Recorded }).reactEvents);
      check(
        events.some((event) => event.type === 'note-added' && event.orderId === 13359605),
        `onNoteAdded saw ${JSON.stringify(events)}`,
      );
      check(
        events.some((event) => event.type === 'request-error' && event.code === 'network'),
        `onRequestError saw ${JSON.stringify(events)}`,
      );
      await quiet();
      expectClean('React page', problems, requests('react'));
      await page.close();
    });

    await step('OAuth redirect page under a strict CSP in Chromium', async () => {
      const callback = `${origin}/node_modules/commerce-ops-elements/dist/oauth-callback.html`;
      const { page, problems, quiet } = await open(
        chrome,
        `${callback}?code=pack-check-code&state=pack-check-state`,
      );
      await page.waitForFunction(
        () => !document.getElementById('status')?.textContent?.includes('Completing'),
        undefined,
        { timeout: WAIT_MS },
      );
      const status = await page.locator('#status').textContent();
      check(status?.includes('Signed in'), `the redirect page says "${status}"`);
      check(!page.url().includes('pack-check-code'), 'the redirect page left the code in the address bar');
      await quiet();
      check(problems.length === 0, `OAuth redirect page: ${problems.join('; ')}`);
      await page.close();
    });

    await types;
  } finally {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`Package check passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof CheckFailure ? `Package check failed: ${error.message}` : error);
  process.exitCode = 1;
});
