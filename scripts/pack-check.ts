/**
 * `npm run test:package` (after `npm run build`): packs the package, installs the tarball into an
 * empty project under the OS temp dir, and uses it there the ways integrators do:
 *
 * - Node: `commerce-ops-elements/server` and `/sandbox` load with plain Node and work;
 * - types: a consumer file type-checks against the installed declarations;
 * - ESM: an app bundled by esbuild from the installed package, in headless Chromium: importing
 *   the package registers nothing, `/order-card.js` registers one element, `/all.js` all of them,
 *   a class registers under another name, and a second copy (the browser build) does not throw;
 * - script tag: a plain HTML page under a strict CSP with only the browser build,
 *   `data-base-url` pointing at the proxy, and the German pack (`locales/de.js`) for an element
 *   under `lang="de"`;
 * - loader: the same with `dist/loader.js` and one order card, which alone is registered;
 * - React: a wrapper rendered by react-dom fires its `on…` event props;
 * - the OAuth redirect page runs under a strict CSP and reports the sign-in.
 *
 * The pages reach the installed package's sandbox through its API proxy, as production pages reach
 * the API. In each page every element must upgrade, render into its shadow root and load without
 * a failed request or a console error. The temp project is removed afterwards.
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findElements, projectRoot } from './elements.js';

interface Fixture {
  attributes: Record<string, string>;
  /** Text the element shows once it has loaded from the sandbox. */
  text?: string;
}

type NodeListener = (request: IncomingMessage, response: ServerResponse) => unknown;
type FetchHandler = (request: Request) => Promise<Response>;

/** What the check uses of the installed `commerce-ops-elements/sandbox` and `/server`. */
interface SandboxModule {
  createSandboxHost(): {
    fetch: FetchHandler;
    tenant(name: string): { requests(): LoggedRequest[] };
  };
  SANDBOX_CREDENTIALS: { apiKey: string };
}
interface ServerModule {
  createApiProxy(options: {
    upstream: string;
    authorize: (request: Request) => string | null;
    apiKey: string;
    allowedOrigins: string[];
    basePath: string;
    fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  }): FetchHandler;
  toNodeListener(handler: FetchHandler): NodeListener;
}
interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'";
const WAIT_MS = 20_000;
const fixtureDir = join(projectRoot, 'test/package');
const started = performance.now();

const tags = findElements().map((element) => element.tag);
const fixtures = JSON.parse(readFileSync(join(fixtureDir, 'elements.json'), 'utf8')) as Record<
  string,
  Fixture
>;

class CheckFailure extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  return JSON.stringify([...actual].sort()) === JSON.stringify([...expected].sort());
}

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  const begin = performance.now();
  const result = await action();
  console.log(`  ✓ ${name} (${((performance.now() - begin) / 1000).toFixed(1)} s)`);
  return result;
}

function exec(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new CheckFailure(`${command} ${args.join(' ')} exited with ${code}\n${stdout}${stderr}`)),
    );
  });
}

function installedVersion(name: string): string {
  const path = join(projectRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

async function pack(work: string): Promise<string> {
  const output = await exec(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
    projectRoot,
  );
  const [info] = JSON.parse(output.slice(output.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  check(info, 'npm pack reported no tarball');
  const stray = info.files
    .map((file) => file.path)
    .filter((path) => !/^(dist\/|custom-elements\.json$|package\.json$|README\.md$|LICENSE)/.test(path));
  check(stray.length === 0, `the tarball holds files outside the package surface: ${stray.join(', ')}`);
  return join(work, info.filename);
}

async function install(app: string, tarball: string): Promise<void> {
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'pack-check-app', private: true, type: 'module' }),
  );
  const packages = [
    tarball,
    ...['react', 'react-dom', '@types/node'].map((name) => `${name}@${installedVersion(name)}`),
  ];
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  try {
    await exec('npm', ['install', ...packages, '--offline', ...flags], app);
  } catch {
    // Something is missing from the local npm cache: let npm fetch it from the registry.
    await exec('npm', ['install', ...packages, '--prefer-offline', ...flags], app);
  }
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

function elementMarkup(): string {
  return Object.entries(fixtures)
    .map(([tag, { attributes }]) => {
      const attrs = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`);
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
      `${elementMarkup()}\n    <div lang="de"><order-card id="card-de"${cardAttributes}></order-card></div>`,
      [
        '<script src="node_modules/commerce-ops-elements/dist/commerce-ops-elements.js" data-base-url="/api/script" defer></script>',
        '<script src="node_modules/commerce-ops-elements/dist/locales/de.js" defer></script>',
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

async function typeCheck(app: string): Promise<void> {
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
      files: ['consumer.js'],
    }),
  );
  await exec(
    process.execPath,
    [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'],
    app,
  );
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

/** Tenants of the sandbox, one per page, each behind its own proxy at `/api/<tenant>`. */
const TENANTS = ['esm', 'script', 'loader', 'react'] as const;

/**
 * The temp project's files, and the API as production pages reach it: the installed package's
 * proxy at `/api/<tenant>/…` adding the API key, in front of the installed package's sandbox.
 */
async function serve(
  app: string,
): Promise<{ server: Server; origin: string; requests: (tenant: string) => LoggedRequest[] }> {
  const installed = join(app, 'node_modules/commerce-ops-elements/dist');
  const sandboxModule = (await import(
    pathToFileURL(join(installed, 'sandbox/index.js')).href
  )) as SandboxModule;
  const serverModule = (await import(pathToFileURL(join(installed, 'server/index.js')).href)) as ServerModule;
  const sandbox = sandboxModule.createSandboxHost();
  const session = signedSessions();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proxies = new Map(
    TENANTS.map((tenant) => [
      tenant,
      serverModule.toNodeListener(
        serverModule.createApiProxy({
          upstream: `http://sandbox.internal/sandbox/${tenant}`,
          authorize: session.userOf,
          apiKey: sandboxModule.SANDBOX_CREDENTIALS.apiKey,
          allowedOrigins: [origin],
          basePath: `/api/${tenant}`,
          fetch: (input, init) => sandbox.fetch(new Request(input, init)),
        }),
      ),
    ]),
  );
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', origin);
    const proxy = proxies.get(/^\/api\/([^/]+)\//.exec(pathname)?.[1] as (typeof TENANTS)[number]);
    if (proxy) {
      void proxy(request, response);
      return;
    }
    const file = normalize(join(app, decodeURIComponent(pathname)));
    const type = CONTENT_TYPES[extname(file)];
    if (!file.startsWith(app + sep) || !existsSync(file) || type === undefined) {
      response.writeHead(404).end();
      return;
    }
    // Pages get the strict policy as a header too, the OAuth redirect page from the package included.
    // Opening a page signs the visitor in, as the host's own login would: the proxy serves only
    // requests that carry the signed session cookie.
    const policy = type.startsWith('text/html')
      ? { 'content-security-policy': CSP, 'set-cookie': session.cookieFor('seller-1') }
      : {};
    response.writeHead(200, { 'content-type': type, ...policy });
    response.end(readFileSync(file));
  });
  return { server, origin, requests: (tenant) => sandbox.tenant(tenant).requests() };
}

/** A host's session: an HttpOnly cookie `user.signature` (HMAC-SHA256), checked by `userOf`. */
function signedSessions() {
  const secret = randomBytes(32);
  const sign = (user: string) => createHmac('sha256', secret).update(user).digest('base64url');
  return {
    cookieFor: (user: string) => `ops_session=${user}.${sign(user)}; HttpOnly; SameSite=Strict; Path=/`,
    userOf: (request: Request): string | null => {
      const value = /(?:^|;\s*)ops_session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      const [user, signature] = value?.split('.') ?? [];
      if (!user || !signature) return null;
      const expected = Buffer.from(sign(user));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? user : null;
    },
  };
}

/** Opens a page, recording console errors, uncaught exceptions and failed requests. */
async function open(
  browser: Browser,
  url: string,
): Promise<{ page: Page; problems: string[]; quiet: () => Promise<void> }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = (): void => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', (request) => {
    settled();
    problems.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? ''})`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  /** Resolves once no request has been in flight for 300 ms. */
  const quiet = async (): Promise<void> => {
    const deadline = Date.now() + WAIT_MS;
    while (inFlight > 0 || Date.now() - lastActivity < 300) {
      check(Date.now() < deadline, `${url}: requests still in flight after ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await page.goto(url);
  return { page, problems, quiet };
}

/** Every element is upgraded, has rendered into its shadow root, and shows its fixture text. */
async function expectRendered(
  page: Page,
  expected: { selector: string; tag: string; text?: string }[],
): Promise<void> {
  try {
    await page.waitForFunction(
      (items) =>
        items.every(({ selector, tag, text }) => {
          const element = document.querySelector(selector);
          const constructor = customElements.get(tag);
          const shadow = element?.shadowRoot;
          return (
            constructor !== undefined &&
            element instanceof constructor &&
            shadow !== null &&
            shadow !== undefined &&
            shadow.childElementCount > 0 &&
            (text === undefined || (shadow.textContent ?? '').includes(text))
          );
        }),
      expected,
      { timeout: WAIT_MS },
    );
  } catch {
    const state = await page.evaluate(
      (items) =>
        items.map(({ selector, tag }) => {
          const element = document.querySelector(selector);
          return `${selector}: defined=${customElements.get(tag) !== undefined} shadow=${element?.shadowRoot ? 'yes' : 'no'} text="${(element?.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 80)}"`;
        }),
      expected,
    );
    throw new CheckFailure(`elements did not render:\n    ${state.join('\n    ')}`);
  }
}

function expectedElements(scope = ''): { selector: string; tag: string; text?: string }[] {
  return Object.entries(fixtures).map(([tag, { text }]) => ({
    selector: `${scope}${tag}`,
    tag,
    ...(text === undefined ? {} : { text }),
  }));
}

function expectClean(
  name: string,
  problems: string[],
  requests: { method: string; path: string; status: number }[],
): void {
  check(problems.length === 0, `${name}: ${problems.join('; ')}`);
  check(requests.length > 0, `${name}: the elements made no request to the sandbox`);
  const failed = requests.filter((request) => request.status >= 400);
  check(
    failed.length === 0,
    `${name}: ${failed.map((request) => `${request.method} ${request.path} → ${request.status}`).join(', ')}`,
  );
}

const GLOBAL_KEYS = ['OAuthPopup', 'OpsError', 'completeOAuthPopup', 'configure', 'createClient', 'version'];

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
    await step('apps bundled from the installed package; createClient alone tree-shakes', () =>
      bundleApps(app),
    );

    const types = step('consumer type-checks against the published declarations', () => typeCheck(app));
    const served = await serve(app);
    server = served.server;
    const { origin, requests } = served;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
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

    await step('script tag with data-base-url and German under a strict CSP in Chromium', async () => {
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
      await quiet();
      expectClean('script tag page', problems, requests('script'));
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
