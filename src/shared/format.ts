/**
 * The one place numbers, money, dates and weights are turned into text. Formatters are costly to
 * build, so they are cached per locale and option set.
 */
import type { ResolvedLocale } from './locale.js';

// Weights and countdowns, which only the shipping elements show, are in format-measures.ts.

const formatterCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

export function numberFormat(locale: ResolvedLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale.tag}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale.tag, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locale: ResolvedLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale.tag}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale.tag, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/** Shown wherever the API gave no value. */
export const EMPTY = '—';

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function formatNumber(value: number | null | undefined, locale: ResolvedLocale): string {
  return isFiniteNumber(value) ? numberFormat(locale, {}).format(value) : EMPTY;
}

export function formatMoney(
  value: number | null | undefined,
  currency: string | null | undefined,
  locale: ResolvedLocale,
): string {
  if (!isFiniteNumber(value)) return EMPTY;
  const code = currency?.trim().toUpperCase();
  if (code && /^[A-Z]{3}$/.test(code)) {
    try {
      // "4,91 £", not "4,91 £GB": the amount is in the order's currency, which the seller knows.
      return numberFormat(locale, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      }).format(value);
    } catch {
      // An unknown currency code: fall through to a plain amount with the code after it.
    }
  }
  const amount = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return code ? `${amount} ${code}` : amount;
}

/** A time left in words, `14 min 58 sec` ("14 Min. 58 Sek."), never read as a clock time. */
export function formatDuration(milliseconds: number, locale: ResolvedLocale): string {
  let left = Math.max(0, Math.ceil(milliseconds / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ] as const) {
    const count = Math.floor(left / size);
    left %= size;
    if (count || (size === 1 && !parts.length)) {
      parts.push(numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(count));
    }
  }
  return parts.join(' ');
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date | null | undefined, locale: ResolvedLocale): string {
  const date = toDate(value);
  return date ? dateFormat(locale, { dateStyle: 'medium' }).format(date) : EMPTY;
}

export function formatDateTime(
  value: string | number | Date | null | undefined,
  locale: ResolvedLocale,
): string {
  const date = toDate(value);
  return date ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : EMPTY;
}

function listFormat(locale: ResolvedLocale): Intl.ListFormat {
  const key = `l|${locale.tag}`;
  let formatter = formatterCache.get(key) as Intl.ListFormat | undefined;
  if (!formatter) {
    formatter = new Intl.ListFormat(locale.tag, { type: 'conjunction' });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/** `['£8.30', '$4.15']` → "£8.30 and $4.15", in the reader's language. */
export function formatList(items: readonly string[], locale: ResolvedLocale): string {
  return listFormat(locale).format(items);
}

/** The same list as parts, so each item can be drawn on its own. */
export function listParts(
  items: readonly string[],
  locale: ResolvedLocale,
): Array<{ type: 'element' | 'literal'; value: string }> {
  return listFormat(locale).formatToParts(items);
}

/** `awaiting_stock` → `Awaiting stock`, for states the catalog has no text for. */
export function humanizeCode(code: string | null | undefined): string {
  if (!code) return EMPTY;
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `GB` → `United Kingdom` in the reader's language; anything else is shown as given. */
export function formatCountry(code: string | null | undefined, locale: ResolvedLocale): string {
  const trimmed = code?.trim();
  if (!trimmed) return '';
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    return new Intl.DisplayNames([locale.tag], { type: 'region' }).of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}
