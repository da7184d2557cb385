import type * as z from 'zod/mini';
import type { ClientCore } from '../core.js';
import { OpsError } from '../errors.js';
import type { ApiRequest } from '../transport.js';

/**
 * Encodes a path segment so an id can never change which endpoint is called. `.` and `..` (and
 * an empty id), which encoding leaves as they are and a URL would resolve away
 * (`/orders/1/allocations/..` is `/orders/1/`), are a local `validation` error instead.
 */
export function segment(value: number | string): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new OpsError('validation', `Not an id: "${text}".`, { fromApi: false });
  }
  return encodeURIComponent(text);
}

/** Sends `request` through `client`; resolves with the body validated by `schema`. */
export async function bodyOf<S extends z.ZodMiniType>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
): Promise<z.output<S>> {
  return (await client.send(schema, request))[0];
}
