import { configure, getDefaultClient, ordersOf } from '../src/api/index.js';
import { SANDBOX_CREDENTIALS } from '../src/sandbox/seed-ids.js';

/**
 * Each browser tab keeps its own sandbox tenant, so visitors never see each other's changes. A
 * page opened with `?tenant=<its id>` (a second tab of the same store) shares it.
 */
function demoTenant(): string {
  const key = 'commerce-ops-demo-tenant';
  const shared = new URLSearchParams(location.search).get('tenant');
  if (shared && /^demo-[0-9a-f]{8}$/.test(shared)) sessionStorage.setItem(key, shared);
  let tenant = sessionStorage.getItem(key);
  if (!tenant) {
    tenant = `demo-${crypto.randomUUID().slice(0, 8)}`;
    sessionStorage.setItem(key, tenant);
  }
  return tenant;
}

/** This tab's sandbox tenant: its own store of orders, stock and labels. */
export const sandboxTenant = demoTenant();

export const sandboxBaseUrl = `${location.origin}/sandbox/${sandboxTenant}`;

/**
 * Points every element at this tab's sandbox; with `?as=staff` in the page's address, through the
 * API proxy as a staff member who may read, allocate and get rates but not buy labels. The key is the sandbox's public demo key, not a
 * secret: against the live API, pages go through a proxy that adds credentials server-side.
 */
export function useSandbox(): void {
  const role = new URLSearchParams(location.search).get('as');
  if (role === 'staff') {
    // Signed in as staff: through the API proxy, which adds the key and refuses what staff may not do.
    configure({ baseUrl: sandboxBaseUrl.replace('/sandbox/', '/proxy/staff/'), session: true });
    return;
  }
  configure({ baseUrl: sandboxBaseUrl, credentials: { apiKey: SANDBOX_CREDENTIALS.apiKey } });
}

/**
 * A writer for the page's event list (`#event-log` by default): newest first. The "No events yet."
 * beside it (`#event-log-empty`) goes on the first entry, so an empty list shows no numbered item.
 */
export function eventLog(selector = '#event-log'): (line: string) => void {
  const log = document.querySelector<HTMLOListElement>(selector);
  return (line) => {
    if (!log) return;
    document.querySelector<HTMLElement>(`${selector}-empty`)?.remove();
    const item = document.createElement('li');
    item.textContent = line;
    log.prepend(item);
  };
}

/** An order as the seller knows it: its number from the client's order store, else its id. */
export function orderName(orderId: string | number | null | undefined): string {
  if (orderId === null || orderId === undefined) return '?';
  return ordersOf(getDefaultClient()).get(orderId)?.number ?? `id ${orderId}`;
}

/** Keeps the open order in the page's address (`?order=`), so a reload opens it again. */
export function rememberOrder(orderId: number | undefined): void {
  const url = new URL(location.href);
  if (orderId === undefined) url.searchParams.delete('order');
  else url.searchParams.set('order', String(orderId));
  history.replaceState(history.state, '', url);
}
