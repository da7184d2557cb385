import type * as z from 'zod/mini';
import type { ClientCore } from '../core.js';
import type { ApiRequest } from '../transport.js';

/** Encodes a path segment so an id can never change which endpoint is called. */
export function segment(value: number | string): string {
  return encodeURIComponent(String(value));
}

/** Sends `request` through `client`; resolves with the body validated by `schema`. */
export async function bodyOf<S extends z.ZodMiniType>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
): Promise<z.output<S>> {
  return (await client.send(schema, request))[0];
}
