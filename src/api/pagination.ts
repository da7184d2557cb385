import { isRecord } from './error-body.js';

/**
 * Paging facts of a list response. The REST endpoints give them only in headers
 * (`X-Total-Count`, `X-Total-Pages-Count`, `X-Page-Index`, `X-Per-Page`); the JSON:API ones in
 * `meta`, either `meta.page = {current, size, total_pages, total_count}` with string values or
 * `meta = {page, per_page, total_pages, total_count}` with numbers. Unknown members are null.
 */
export interface PageInfo {
  /** The page number, counted from 1 as the API counts it. */
  index: number | null;
  size: number | null;
  totalCount: number | null;
  totalPages: number | null;
}

export interface Page<T> {
  items: T[];
  page: PageInfo;
}

/**
 * A paging number as the API counts: a whole number from `min` (1 for a page or a size, 0 for a
 * total), given as a number or a numeric string. Anything else (`-1`, `2.5`, `"abc"`) is unknown,
 * so a pager falls back to what it asked for instead of offering page 0.
 */
function toCount(value: unknown, min: number): number | null {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(parsed) && parsed >= min ? parsed : null;
}
const toIndex = (value: unknown) => toCount(value, 1);
const toTotal = (value: unknown) => toCount(value, 0);

export function pageFromHeaders(headers: Headers): PageInfo {
  return {
    index: toIndex(headers.get('X-Page-Index')),
    size: toIndex(headers.get('X-Per-Page')),
    totalCount: toTotal(headers.get('X-Total-Count')),
    totalPages: toTotal(headers.get('X-Total-Pages-Count')),
  };
}

export function pageFromMeta(meta: unknown): PageInfo {
  if (!isRecord(meta)) return { index: null, size: null, totalCount: null, totalPages: null };
  const page = meta['page'];
  if (isRecord(page)) {
    return {
      index: toIndex(page['current'] ?? page['number']),
      size: toIndex(page['size']),
      totalCount: toTotal(page['total_count'] ?? meta['total_count']),
      totalPages: toTotal(page['total_pages'] ?? meta['total_pages']),
    };
  }
  return {
    index: toIndex(page),
    size: toIndex(meta['per_page'] ?? meta['size']),
    totalCount: toTotal(meta['total_count']),
    totalPages: toTotal(meta['total_pages']),
  };
}

/** Meta members where the body has them, headers for the rest. */
export function pageFrom(meta: unknown, headers: Headers): PageInfo {
  const fromMeta = pageFromMeta(meta);
  const fromHeaders = pageFromHeaders(headers);
  return {
    index: fromMeta.index ?? fromHeaders.index,
    size: fromMeta.size ?? fromHeaders.size,
    totalCount: fromMeta.totalCount ?? fromHeaders.totalCount,
    totalPages: fromMeta.totalPages ?? fromHeaders.totalPages,
  };
}

/** Where a page stands among the pages of a list. */
export interface PageStanding {
  /** The page shown, counted from 1. */
  page: number;
  /** How many pages there are, at least 1; with no totals in the answer, what the page implies. */
  pages: number;
  /** No page follows this one. */
  last: boolean;
}

/**
 * The page shown and how many there are, for a pager: the page count the answer gives, else its
 * total over the page size (a total of 0 is one empty page), else what the page implies (a short
 * page is the last, a full one may have one after it). `current` and `size`, the page and size
 * asked for, stand in where the answer does not say; the size the answer names wins, as the API
 * may serve another than the one asked for.
 */
export function pagingOf(shown: Page<unknown>, current: number, size: number): PageStanding {
  const { index, size: served, totalCount, totalPages } = shown.page;
  const page = index ?? current;
  const pageSize = served ?? (Number.isSafeInteger(size) && size >= 1 ? size : 1);
  const pages =
    totalPages ??
    (totalCount !== null
      ? Math.ceil(totalCount / pageSize)
      : shown.items.length < pageSize
        ? page
        : page + 1);
  return { page, pages: Math.max(pages, 1), last: page >= pages };
}
