import * as z from 'zod/mini';
import type { ClientCore } from '../core.js';
import { isRecord } from '../error-body.js';
import { OpsError } from '../errors.js';
import type { ListOptions } from '../inputs.js';
import { arrayOf, parseInto } from '../schemas/primitives.js';
import { pageFromHeaders } from '../pagination.js';
import type { Page } from '../pagination.js';
import type { ApiRequest } from '../transport.js';

/**
 * What the list endpoints share: paging options checked before sending, list bodies and their
 * paging facts. Apart from `common.ts`, so an element that reads single resources holds none of it.
 */

/** The API pages lists with at most this many items per page. */
export const MAX_PAGE_SIZE = 100;

function wholeNumberIn(value: number | undefined, max: number): boolean {
  return value === undefined || (Number.isInteger(value) && value >= 1 && value <= max);
}

/**
 * Checks paging options before anything is sent: `page` a whole number from 1, `pageSize` a
 * whole number from 1 to 100. Anything else (`Infinity`, `0`, `2.5`) is a local `validation`
 * error with the field named, instead of the API's bare "Infinity".
 */
export function checkPaging(options: ListOptions): void {
  const problems: Record<string, string[]> = {};
  if (!wholeNumberIn(options.page, Number.MAX_SAFE_INTEGER))
    problems['page'] = [`The page must be a whole number from 1 (got ${String(options.page)}).`];
  if (!wholeNumberIn(options.pageSize, MAX_PAGE_SIZE))
    problems['page_size'] = [
      `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${String(options.pageSize)}).`,
    ];
  const messages = Object.values(problems).flat();
  if (messages.length > 0)
    throw new OpsError('validation', messages[0] ?? '', { messages, fieldErrors: problems, fromApi: false });
}

/**
 * A list body: a bare array as the spec shows, or the array under `key` as some deployments wrap it
 * (taken out before the items are checked).
 * Mark each module-level call `@__PURE__`: most bundlers do not see across modules that this
 * function is free of side effects, and would keep the list schema of an endpoint never called.
 */
/* @__NO_SIDE_EFFECTS__ */
export function listOf<T extends z.ZodMiniType>(item: T, key: string) {
  const list = arrayOf(item);
  return z.transform(
    (body: unknown, payload): Array<z.output<T>> =>
      parseInto(list, isRecord(body) && Array.isArray(body[key]) ? body[key] : body, payload) ?? [],
  );
}

/**
 * `schema` reading a list body cut to `limit` items first, so a server that answers a page of 25
 * with 100,000 items gets its first 25 checked, not a page that takes half a minute to draw.
 * The list is the body itself or, in a wrapper, the array under `member` (any array member when
 * none is named: a REST list may come wrapped under its resource's name).
 */
export function cutToPage<S extends z.ZodMiniType>(schema: S, limit: number, member?: string) {
  return z.transform((body: unknown, payload): z.output<S> | undefined =>
    parseInto(schema, cutList(body, limit, member), payload),
  );
}

/**
 * A REST list: at most `limit` items (the page size asked for), validated by `schema` after the
 * cut, and the paging facts from the headers.
 */
export async function pageOf<S extends z.ZodMiniType<unknown[]>>(
  client: ClientCore,
  schema: S,
  request: ApiRequest,
  limit: number = Infinity,
): Promise<Page<z.output<S>[number]>> {
  // Through `send`, the client's one parse path.
  const [items, headers] = await client.send(cutToPage(schema, limit), request);
  return { items: items ?? [], page: pageFromHeaders(headers) };
}

function cutList(body: unknown, limit: number, member: string | undefined): unknown {
  const cut = (value: unknown) =>
    Array.isArray(value) && value.length > limit ? value.slice(0, limit) : value;
  if (!isRecord(body)) return cut(body);
  if (member !== undefined) return { ...body, [member]: cut(body[member]) };
  const capped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) capped[key] = cut(value);
  return capped;
}
