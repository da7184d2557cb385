import * as z from 'zod/mini';
import type { ClientCore } from '../core.js';
import { pageFromHeaders } from '../pagination.js';
import type { Page } from '../pagination.js';
import type { ApiRequest } from '../transport.js';

/** Encodes a path segment so an id can never change which endpoint is called. */
export function segment(value: number | string): string {
  return encodeURIComponent(String(value));
}

/**
 * A list body: a bare array as the spec shows, or the array under `key` as some deployments wrap it.
 * Mark each module-level call `@__PURE__`: most bundlers do not see across modules that this
 * function is free of side effects, and would keep the list schema of an endpoint never called.
 */
/* @__NO_SIDE_EFFECTS__ */
export function listOf<T extends z.ZodMiniType>(item: T, key: string) {
  return z.union([
    z.array(item),
    z.pipe(
      z.looseObject({ [key]: z.array(item) }),
      z.transform((wrapped: Record<string, Array<z.output<T>>>) => wrapped[key] as Array<z.output<T>>),
    ),
  ]);
}

/** Sends `request` through `client`; resolves with the body validated by `schema`. */
export async function bodyOf<S extends z.ZodMiniType>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
): Promise<z.output<S>> {
  return (await client.send(schema, request))[0];
}

/** A REST list: the items validated by `schema`, the paging facts from the headers. */
export async function pageOf<S extends z.ZodMiniType<unknown[]>>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
): Promise<Page<z.output<S>[number]>> {
  const [items, headers] = await client.send(schema, request);
  return { items, page: pageFromHeaders(headers) };
}
