/**
 * What the package checks share (scripts/pack-check.ts, scripts/framework-check.ts): packing the
 * package, installing a tarball into a temp project, serving that project's files beside the
 * installed package's sandbox behind its API proxy, and pages in headless Chromium that must load
 * without a console error or a failed request.
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page, type Response as PageResponse } from 'playwright-core';
import { projectRoot } from './elements.js';

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => unknown;
export type FetchHandler = (request: Request) => Promise<Response>;

/** What the check uses of the installed `commerce-ops-elements/sandbox` and `/server`. */
export interface SandboxModule {
  createSandboxHost(): {
    fetch: FetchHandler;
    tenant(name: string): { requests(): LoggedRequest[] };
  };
  SANDBOX_CREDENTIALS: { apiKey: string };
}
export interface ServerModule {
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
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'";
export const WAIT_MS = 20_000;

export class CheckFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

export function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  return JSON.stringify([...actual].sort()) === JSON.stringify([...expected].sort());
}

export async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  const begin = performance.now();
  const result = await action();
  console.log(`  ✓ ${name} (${((performance.now() - begin) / 1000).toFixed(1)} s)`);
  return result;
}

/** Runs `command` in `cwd`, with `env` added to this process's environment; resolves to its stdout. */
export function exec(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

export function installedVersion(name: string): string {
  const path = join(projectRoot, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
}

/** `npm install` in `cwd`, from the local npm cache when it has everything, else from the registry. */
export async function npmInstall(cwd: string, packages: string[] = []): Promise<void> {
  const flags = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  try {
    await exec('npm', ['install', ...packages, '--offline', ...flags], cwd);
  } catch {
    // Something is missing from the local npm cache: let npm fetch it from the registry.
    await exec('npm', ['install', ...packages, '--prefer-offline', ...flags], cwd);
  }
}

export async function pack(work: string): Promise<string> {
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

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * The temp project's files (`app`), and the API as production pages reach it: the installed package's
 * proxy at `/api/<tenant>/…` adding the API key, in front of the installed package's sandbox.
 */
export async function serve(
  app: string,
  tenants: readonly string[],
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
    tenants.map((tenant) => [
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
    const proxy = proxies.get(/^\/api\/([^/]+)\//.exec(pathname)?.[1] ?? '');
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

/**
 * Opens a page, recording console errors, uncaught exceptions and failed requests; `response` is
 * the page's own.
 */
export async function open(
  browser: Browser,
  url: string,
): Promise<{ page: Page; problems: string[]; quiet: () => Promise<void>; response: PageResponse | null }> {
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
  const response = await page.goto(url);
  return { page, problems, quiet, response };
}

/** Every element is upgraded, has rendered into its shadow root, and shows its fixture text. */
export async function expectRendered(
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

export function expectClean(
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

/** Headless Chromium from the system (`CHROMIUM_PATH`, else /usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
