/**
 * Entry of `dist/loader.js`: a module script that loads only the elements a page uses.
 *
 *     <script type="module" src="loader.js" data-base-url="/ops-api"></script>
 *     <order-card order-id="13359601"></order-card>
 *
 * It watches the document (and every open shadow root it is given with
 * `CommerceOps.observe(root)`) for the package's tags and imports each element's chunk from
 * `chunks/`, next to itself, the first time its tag appears. The chunks share their common code
 * (lit, the client core, the shared styles) through chunks of their own, so a page with two
 * elements loads that code once.
 *
 * `window.CommerceOps` is there as soon as the script has run: `configure` and `createClient`
 * load the client's code and resolve with the client; a configuration takes effect before any
 * element loaded after it makes a request. `load()` resolves with the single-file build's own
 * global, `OAuthPopup`, `completeOAuthPopup` and `OpsError` included.
 */
import type { CommerceOpsGlobal } from '../browser.js';
import type { OpsClient } from '../api/client.js';
import type { ClientOptions } from '../api/core.js';
import type { clearStoredLabels } from '../shipping/label-storage.js';
import { version } from '../version.js';
import type * as AuthChunk from './auth.js';
import type * as ClientChunk from './client.js';
import type * as CoreChunk from './core.js';

/**
 * Each chunk (`order-card`, `core`, …): the files it imports at any depth, from the build. The
 * chunks named with a hyphen are the elements' (scripts/elements.ts); the API chunks' names have
 * none.
 */
declare const CHUNK_FILES: Readonly<Record<string, readonly string[]>>;

export interface CommerceOpsLoader {
  /** Sets the default client; elements loaded after the call use it from their first request. */
  configure(options: ClientOptions): Promise<OpsClient>;
  createClient(options: ClientOptions): Promise<OpsClient>;
  /** Loads the rest of the API and resolves with the single-file build's `CommerceOps`. */
  load(): Promise<CommerceOpsGlobal>;
  /** Watches `root` (an open shadow root, say) for the package's tags as the document is watched. */
  observe(root: Document | DocumentFragment | Element): void;
  /** Deletes every label the elements kept in this browser (loading the client chunk): call it at sign-out. */
  clearStoredLabels: typeof clearStoredLabels;
  version: string;
}

const chunkUrl = (file: string): string => new URL(`./chunks/${file}`, import.meta.url).href;
const preloaded = new Set<string>();

/**
 * Starts fetching a chunk and every chunk it imports, all at once, without running them (the
 * import itself would find its imports one level at a time).
 */
function preload(name: string): void {
  for (const file of [`${name}.js`, ...(CHUNK_FILES[name] ?? [])]) {
    if (preloaded.has(file)) continue;
    preloaded.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = chunkUrl(file);
    document.head.append(link);
  }
}

/**
 * Failed imports of each chunk. Browsers that keep a failed fetch in their module map reject a
 * second `import()` of the URL without a request, so the next import asks for `<name>.js?retry=<n>`
 * (src/api/load-on-demand.ts does the same for what elements load on demand). Chunks import
 * each other by their plain URLs; `core.js`, which they import, is asked for here only once.
 */
const failures: Record<string, number> = {};

function chunk<T>(name: string): Promise<T> {
  preload(name);
  const failed = failures[name];
  return import(chunkUrl(`${name}.js${failed ? `?retry=${failed}` : ''}`)).catch((error: unknown) => {
    failures[name] = (failed || 0) + 1;
    throw error;
  }) as Promise<T>;
}

// Element chunks wait for the page's own deferred and module scripts (which run before
// DOMContentLoaded), so a `configure()` right after this script comes before the first request.
const parsed = new Promise<void>((resolve) => {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (document.readyState === 'complete' || (navigation?.domContentLoadedEventStart ?? 0) > 0) resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});

/** The configurations made so far, applied in the order they were made. */
let configured: Promise<unknown> = Promise.resolve();

/** Applies a configuration once its code has loaded and every earlier one is applied. */
function configureInTurn<T>(prepared: Promise<() => T>): Promise<T> {
  const applied = Promise.all([prepared, configured]).then(([apply]) => apply());
  configured = applied.catch(() => undefined);
  return applied;
}

/** Tags whose chunk has not been asked for, or failed to load. */
const waiting = new Set(Object.keys(CHUNK_FILES).filter((name) => name.includes('-')));
const observers: MutationObserver[] = [];

function loadElement(tag: string): void {
  if (!waiting.delete(tag)) return;
  if (waiting.size === 0) for (const observer of observers.splice(0)) observer.disconnect();
  // A tag registered already (by the page, or another copy of the package) needs no chunk.
  if (customElements.get(tag)) return;
  preload(tag);
  parsed
    .then(() => configured)
    .then(() => chunk(tag))
    .catch((error: unknown) => {
      // Looked for again: the next element of the tag that appears tries again (once every tag
      // was asked for, the observers are gone, and `observe()` looks again).
      waiting.add(tag);
      reportError(error);
    });
}

function scan(root: Document | DocumentFragment | Element): void {
  if (waiting.size === 0) return;
  if (root instanceof Element && waiting.has(root.localName)) loadElement(root.localName);
  for (const element of root.querySelectorAll([...waiting].join(','))) loadElement(element.localName);
}

function observe(root: Document | DocumentFragment | Element): void {
  scan(root);
  if (waiting.size === 0) return;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  observers.push(observer);
}

const loader: CommerceOpsLoader = {
  configure: (options) =>
    configureInTurn(chunk<typeof ClientChunk>('client').then((client) => () => client.configure(options))),
  createClient: async (options) => (await chunk<typeof ClientChunk>('client')).createClient(options),
  load: async () => {
    const [client, auth] = await Promise.all([
      chunk<typeof ClientChunk>('client'),
      chunk<typeof AuthChunk>('auth'),
    ]);
    return {
      configure: client.configure,
      createClient: client.createClient,
      OpsError: client.OpsError,
      registerTranslation: client.registerTranslation,
      OAuthPopup: auth.OAuthPopup,
      completeOAuthPopup: auth.completeOAuthPopup,
      clearStoredLabels: client.clearStoredLabels,
      version,
    };
  },
  observe,
  clearStoredLabels: async () => (await chunk<typeof ClientChunk>('client')).clearStoredLabels(),
  version,
};

/**
 * The `<script>` that loaded this module: the one whose `src` is this module's URL, else (the
 * URL was redirected, as CDNs do for unversioned paths) a module script of the same file name.
 */
function ownScript(): HTMLScriptElement | undefined {
  const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')];
  const fileName = (url: string): string => new URL(url).pathname.split('/').pop() ?? '';
  return (
    scripts.find((script) => script.src === import.meta.url) ??
    scripts.find((script) => fileName(script.src) === fileName(import.meta.url))
  );
}

const holder = window as unknown as { CommerceOps?: CommerceOpsLoader };
// A copy of the package that came first keeps its global: its default client is the one in use.
holder.CommerceOps ??= loader;

// Resolved against the page like any URL in HTML; `''` means the page's own origin.
const baseUrl = ownScript()?.dataset['baseUrl']?.trim();
if (baseUrl !== undefined) {
  const resolved = baseUrl === '' ? '' : new URL(baseUrl, document.baseURI).href;
  configureInTurn(
    chunk<typeof CoreChunk>('core').then((core) => () => core.configureBaseUrl(resolved)),
  ).catch(reportError);
}

observe(document);
