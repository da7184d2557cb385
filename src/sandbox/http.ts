/**
 * Response and request helpers shared by the routes: the API's error shapes, list paging, and
 * lenient reading of ids and numbers (clients send numbers as strings as often as not).
 */
import type { Context } from 'hono';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const JSON_API_TYPE = 'application/vnd.api+json';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
  });
}

export function jsonApiResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_API_TYPE } });
}

/** The shape the shipping endpoints use, and the sandbox's choice for classic validation errors. */
export function errorMessages(status: number, messages: string[]): Response {
  return jsonResponse({ error_messages: messages }, status);
}

/** Rails-style not-found body, as the live service answers for unknown records. */
export function notFoundResponse(): Response {
  return jsonResponse({ status: '404', error: 'Not Found' }, 404);
}

export function unauthorizedResponse(): Response {
  return jsonResponse({ status: '401', error: 'Unauthorized' }, 401);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number from a number or a numeric string; undefined otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A positive integer id from the path or body; undefined when it is not one. */
export function toId(value: unknown): number | undefined {
  const parsed = toNumber(value);
  return parsed !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}

export type BodyResult = { ok: true; value: unknown } | { ok: false };

/** The JSON body; an empty body reads as `{}` so missing-field errors can name the fields. */
export async function readJson(c: Context): Promise<BodyResult> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  totalCount: number;
  totalPages: number;
}

export function paginate<T>(items: T[], page: number, perPage: number): Page<T> {
  const totalCount = items.length;
  const totalPages = Math.max(1, Math.ceil(totalCount / perPage));
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), page, perPage, totalCount, totalPages };
}

/** `page`/`page_size` of the classic list endpoints: lenient, clamped to 1..100 like the service. */
export function classicPaging(c: Context, defaultSize = 20): { page: number; perPage: number } {
  const page = Math.max(1, Math.floor(toNumber(c.req.query('page')) ?? 1));
  const requested = Math.floor(toNumber(c.req.query('page_size') ?? c.req.query('per_page')) ?? defaultSize);
  return { page, perPage: Math.min(100, Math.max(1, requested)) };
}

/** Totals travel only in these headers on the classic list endpoints. */
export function pageHeaders(page: Page<unknown>): Record<string, string> {
  return {
    'X-Total-Count': String(page.totalCount),
    'X-Total-Pages-Count': String(page.totalPages),
    'X-Page-Index': String(page.page),
    'X-Per-Page': String(page.perPage),
  };
}

export const PAGE_HEADER_NAMES = ['X-Total-Count', 'X-Total-Pages-Count', 'X-Page-Index', 'X-Per-Page'];
