import { ClientCore } from './core.js';

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
}

const SLOT = Symbol.for('commerce-ops-elements.default-client');

function slot(): DefaultClientSlot {
  const holder = globalThis as unknown as Record<symbol, DefaultClientSlot | undefined>;
  return (holder[SLOT] ??= { client: undefined, listeners: new Set() });
}

/**
 * Makes `client` the default and tells every listener: what `configure()` does with a client it
 * creates, for a client made elsewhere (a bare `ClientCore` keeps a bundle small).
 */
export function setDefaultClient(client: ClientCore): void {
  const shared = slot();
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
