import { ClientCore } from './core.js';
import type { ClientOptions } from './core.js';

/**
 * The client every element uses unless its own `client` property is set. Elements created
 * before `configure()` subscribe with `onDefaultClientChange` and switch when it is called.
 *
 * The slot lives on `globalThis` under a registered symbol, so two copies of the library on one
 * page (the script-tag build and a bundled import, say) share it: `configure()` from either
 * copy reaches the elements of both. An element may so be handed a client made by the other
 * copy, which is why the endpoint functions use only a client's public members.
 *
 * `configure()` lives with `createClient()` in client.ts: this module does not import the client
 * with every endpoint, so a code-split build (dist/chunks/) keeps the endpoints an element does
 * not call out of that element's chunks.
 */
interface DefaultClientSlot {
  client: ClientCore | undefined;
  listeners: Set<(client: ClientCore) => void>;
  /**
   * The options each default client was made with, where the code that set it said so. Made on
   * first use: a slot an older copy of the library made has none.
   */
  options?: WeakMap<ClientCore, ClientOptions>;
}

/** The options of a client apart from its credential. */
export type ClientSettings = Omit<ClientOptions, 'credentials'>;

const SLOT = Symbol.for('commerce-ops-elements.default-client');

function slot(): DefaultClientSlot {
  const holder = globalThis as unknown as Record<symbol, DefaultClientSlot | undefined>;
  return (holder[SLOT] ??= { client: undefined, listeners: new Set() });
}

/**
 * Makes `client` the default and tells every listener: what `configure()` does with a client it
 * creates, for a client made elsewhere (a bare `ClientCore` keeps a bundle small). `options`, the
 * ones `client` was made with, let a later client be made like it (`defaultClientSettings()`).
 */
export function setDefaultClient(client: ClientCore, options?: ClientOptions): void {
  const shared = slot();
  if (options) (shared.options ??= new WeakMap()).set(client, { ...options });
  shared.client = client;
  for (const listener of [...shared.listeners]) listener(client);
}

/**
 * The default client, for the endpoint functions (`getOrder(getDefaultClient(), id)`). After
 * `configure()` it is the `OpsClient` that call made. Before, it is a client with no
 * credentials and base URL `''`, so requests go to the page's own origin (where a proxy or the
 * sandbox answers); it is a bare `ClientCore`, so that an element alone does not bring in every
 * endpoint.
 */
export function getDefaultClient(): ClientCore {
  const shared = slot();
  shared.client ??= new ClientCore({ baseUrl: '' });
  return shared.client;
}

/**
 * The options of the default client apart from its credential, for a client made like it with
 * another credential (connect-account's, with the user's token): everything given to
 * `configure()` (`session`, `labelStorage`, `appToken`, `fetch`, timeouts, retries, throttle).
 * For a client set without its options (by an older copy of the library, say), what the client
 * itself tells: its base URL, app token, label storage and session.
 */
export function defaultClientSettings(): ClientSettings {
  const client = getDefaultClient();
  const given = slot().options?.get(client);
  if (!given) {
    return {
      baseUrl: client.baseUrl,
      appToken: client.appToken,
      labelStorage: client.labelStorage,
      session: client.session,
      ...(client.printer ? { printer: client.printer } : {}),
    };
  }
  const settings: ClientOptions = { ...given };
  delete settings.credentials;
  return settings;
}

/**
 * Calls `listener` whenever `configure()` or `setDefaultClient()` replaces the default client;
 * returns the unsubscribe function.
 */
export function onDefaultClientChange(listener: (client: ClientCore) => void): () => void {
  const { listeners } = slot();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
