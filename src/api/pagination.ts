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

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function pageFromHeaders(headers: Headers): PageInfo {
  return {
    index: toNumber(headers.get('X-Page-Index')),
    size: toNumber(headers.get('X-Per-Page')),
    totalCount: toNumber(headers.get('X-Total-Count')),
    totalPages: toNumber(headers.get('X-Total-Pages-Count')),
  };
}

export function pageFromMeta(meta: unknown): PageInfo {
  if (!isRecord(meta)) return { index: null, size: null, totalCount: null, totalPages: null };
  const page = meta['page'];
  if (isRecord(page)) {
    return {
      index: toNumber(page['current'] ?? page['number']),
      size: toNumber(page['size']),
      totalCount: toNumber(page['total_count'] ?? meta['total_count']),
      totalPages: toNumber(page['total_pages'] ?? meta['total_pages']),
    };
  }
  return {
    index: toNumber(page),
    size: toNumber(meta['per_page'] ?? meta['size']),
    totalCount: toNumber(meta['total_count']),
    totalPages: toNumber(meta['total_pages']),
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
