import { createApiProxy, type ApiProxyOptions } from '../../../src/server/index.js';

/** The proxy's own origin in the proxy tests. */
export const PROXY = 'https://proxy.example';

/** A request the stub upstream received. */
export interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export type Reply = (request: Request) => Response | Promise<Response>;

/** A stub upstream: records every request and answers with `reply` (default 200 `{}`). */
export function stubUpstream(reply: Reply = () => Response.json({})) {
  const seen: Seen[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = await request.text();
    seen.push({
      url: request.url,
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body,
    });
    return reply(request);
  };
  return { seen, fetch };
}

/** A proxy made with `options` in front of a stub upstream answering with `reply`. */
export function proxyOverStub(
  options: Omit<ApiProxyOptions, 'fetch'> & Partial<ApiProxyOptions>,
  reply?: Reply,
) {
  const upstream = stubUpstream(reply);
  const proxy = createApiProxy({ fetch: upstream.fetch, ...options });
  return { proxy, upstream };
}

/** A request to the proxy at `path`, as `init` says. */
export function call(proxy: (request: Request) => Promise<Response>, path: string, init: RequestInit = {}) {
  return proxy(new Request(PROXY + path, init));
}

/** `call`, with a body sent as JSON, as the client sends it, unless `init` gives another type. */
export function callWithJson(
  proxy: (request: Request) => Promise<Response>,
  path: string,
  init: RequestInit = {},
) {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  return call(proxy, path, { ...init, headers });
}

/**
 * A rates request for one 500 g parcel from the sandbox's warehouse to Leeds, for the order
 * `customerReference` (none when null), with the line items `items` when given.
 */
export function ratesRequestBody(
  customerReference: string | null,
  items?: string[],
): Record<string, unknown> {
  return {
    to_address: {
      name: 'A Customer',
      line1: '2 High Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      country_code: 'GB',
    },
    from_address: {
      name: 'Sandbox Goods Ltd',
      line1: '1 Dock Road',
      town: 'London',
      postcode: 'E16 1AA',
      country_code: 'GB',
    },
    parcels: [{ weight: 500, weight_unit: 'g' }],
    ...(customerReference === null ? {} : { customer_reference: customerReference }),
    ...(items
      ? { channel_items: items.map((remote_id) => ({ remote_id, quantity: 1, value: '5.00' })) }
      : {}),
  };
}
