import { createClient } from './client.js';
import type { ClientOptions, OpsClient } from './client.js';

/**
 * The client every element uses unless its own `client` property is set. Elements created
 * before `configure()` subscribe with `onDefaultClientChange` and switch when it is called.
 */

let defaultClient: OpsClient | undefined;
const listeners = new Set<(client: OpsClient) => void>();

/** Creates a client from `options`, makes it the default and tells every listener. */
export function configure(options: ClientOptions): OpsClient {
  const client = createClient(options);
  defaultClient = client;
  for (const listener of [...listeners]) listener(client);
  return client;
}

/**
 * The default client. Before any `configure()` it is a client with no credentials and base
 * URL `''`, so requests go to the page's own origin (where a proxy or the sandbox answers).
 */
export function getDefaultClient(): OpsClient {
  defaultClient ??= createClient({ baseUrl: '' });
  return defaultClient;
}

/** Calls `listener` whenever `configure()` replaces the default client; returns the unsubscribe function. */
export function onDefaultClientChange(listener: (client: OpsClient) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
