/**
 * A `fetch` for a client that talks to a real sandbox tenant over HTTP and rewrites each JSON
 * answer on the way back: every string member whose name is in `fields` (and every string in an
 * array under such a name) is replaced by the next hostile payload. The sandbox keeps its state,
 * so elements go through their real flows, while everything they show comes out of hostile data.
 */
import type { PayloadRotation } from './payloads.js';

export interface HostileFetchOptions {
  /** JSON member names whose string values are replaced. */
  fields: ReadonlySet<string>;
  rotation: PayloadRotation;
  /** Paths (relative to the tenant base) whose answers are left alone. */
  untouched?: (path: string) => boolean;
}

function rewrite(value: unknown, options: HostileFetchOptions, field?: string): unknown {
  const hostile = field !== undefined && options.fields.has(field);
  if (typeof value === 'string') return hostile ? options.rotation.take(field) : value;
  if (Array.isArray(value)) return value.map((entry) => rewrite(entry, options, hostile ? field : undefined));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [key, rewrite(member, options, key)]),
    );
  }
  return value;
}

export function hostileFetch(baseUrl: string, options: HostileFetchOptions): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const path = url.href.slice(baseUrl.length).split('?')[0] ?? '';
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json') || options.untouched?.(path)) return response;
    const text = await response.text();
    if (text.trim() === '') return new Response(null, { status: response.status, headers: response.headers });
    const body = rewrite(JSON.parse(text) as unknown, options);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}
