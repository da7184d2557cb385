import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxHost } from '../src/sandbox/host.js';
import type { StandInPrinters } from '../src/sandbox/printer.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';
import type { CallerIdentity } from '../src/server/identity.js';
import { createApiProxy, toNodeListener } from '../src/server/index.js';

/**
 * Callers of the API proxy mounted at `/proxy/<role>/<tenant>/` in front of a sandbox tenant, so
 * the demo and the browser tests show what a role may do: `staff` may read, add notes, allocate,
 * correct stock, link listings, get rates and print, but not buy labels; `viewer` may only read;
 * `one-label` may buy one label a day; `buyer` may get rates and buy labels, but not print them.
 * Each tenant's caller counts its own labels and spend.
 */
export const PROXY_ROLES: Readonly<Record<string, CallerIdentity>> = {
  staff: { id: 'staff', allow: ['read', 'notes', 'allocate', 'stock', 'listings', 'rates', 'print'] },
  viewer: { id: 'viewer', allow: ['read'] },
  'one-label': { id: 'one-label', limits: { labelsPerDay: 1 } },
  buyer: { id: 'buyer', allow: ['read', 'rates', 'buy'] },
};

const PROXY_PATH = /^\/proxy\/([a-z-]+)\/([A-Za-z0-9-]+)\//;

type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

/**
 * The proxies of `PROXY_ROLES` in front of `host`'s tenants, made on first use; with `printers`,
 * each also has the tenant's stand-in printers (`/proxy/<role>/<tenant>/printers`).
 */
export function roleProxies(
  host: Pick<SandboxHost, 'fetch' | 'prefix'>,
  printers?: StandInPrinters,
): {
  listenerFor(pathname: string): NodeListener | undefined;
} {
  const proxies = new Map<string, NodeListener>();
  return {
    listenerFor(pathname) {
      const [, role = '', tenant = ''] = PROXY_PATH.exec(pathname) ?? [];
      const caller = Object.hasOwn(PROXY_ROLES, role) ? PROXY_ROLES[role] : undefined;
      if (!caller) return undefined;
      const key = `${role}/${tenant}`;
      let proxy = proxies.get(key);
      if (!proxy) {
        const made = (async () =>
          toNodeListener(
            createApiProxy({
              upstream: `http://sandbox.internal${host.prefix}/${tenant}`,
              authorize: () => ({ ...caller, id: `${role}@${tenant}` }),
              apiKey: SANDBOX_CREDENTIALS.apiKey,
              allowedOrigins: () => true,
              basePath: `/proxy/${role}/${tenant}`,
              rateLimit: false,
              fetch: (input, init) => host.fetch(new Request(input, init)),
              ...(printers ? { printers: await printers.printersOf(tenant) } : {}),
            }),
          ) as NodeListener)();
        made.catch(() => proxies.delete(key));
        proxy = async (incoming, outgoing) => (await made)(incoming, outgoing);
        proxies.set(key, proxy);
      }
      return proxy;
    },
  };
}
