import * as v from 'valibot';
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
export function listOf<T extends v.GenericSchema>(item: T, key: string) {
  return v.union([
    v.array(item),
    v.pipe(
      v.looseObject({ [key]: v.array(item) }),
      v.transform((wrapped) => wrapped[key] as Array<v.InferOutput<T>>),
    ),
  ]);
}

/** Sends `request` through `client`; resolves with the body validated by `schema`. */
export async function bodyOf<S extends v.GenericSchema>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
): Promise<v.InferOutput<S>> {
  return (await client.send(schema, request))[0];
}

/** A REST list: the items validated by `schema`, the paging facts from the headers. */
export async function pageOf<T>(
  client: ClientCore,
  schema: v.GenericSchema<unknown, T[]>,
  request: ApiRequest,
): Promise<Page<T>> {
  const [items, headers] = await client.send(schema, request);
  return { items, page: pageFromHeaders(headers) };
}
