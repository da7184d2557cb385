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
