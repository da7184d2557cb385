import { createClient } from './client.js';
import type { ClientOptions, OpsClient } from './client.js';

/**
 * The client every element uses unless its own `client` property is set. Elements created
 * before `configure()` subscribe with `onDefaultClientChange` and switch when it is called.
 *
 * The slot lives on `globalThis` under a registered symbol, so two copies of the library on one
 * page (the script-tag build and a bundled import, say) share it: `configure()` from either
 * copy reaches the elements of both.
 */
interface DefaultClientSlot {
  client: OpsClient | undefined;
  listeners: Set<(client: OpsClient) => void>;
}

const SLOT = Symbol.for('commerce-ops-elements.default-client');

function slot(): DefaultClientSlot {
  const holder = globalThis as unknown as Record<symbol, DefaultClientSlot | undefined>;
  return (holder[SLOT] ??= { client: undefined, listeners: new Set() });
}

/** Creates a client from `options`, makes it the default and tells every listener. */
export function configure(options: ClientOptions): OpsClient {
  const client = createClient(options);
  const shared = slot();
  shared.client = client;
  for (const listener of [...shared.listeners]) listener(client);
  return client;
}

/**
 * The default client. Before any `configure()` it is a client with no credentials and base
 * URL `''`, so requests go to the page's own origin (where a proxy or the sandbox answers).
 */
export function getDefaultClient(): OpsClient {
  const shared = slot();
  shared.client ??= createClient({ baseUrl: '' });
  return shared.client;
}

/** Calls `listener` whenever `configure()` replaces the default client; returns the unsubscribe function. */
export function onDefaultClientChange(listener: (client: OpsClient) => void): () => void {
  const { listeners } = slot();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
