/**
 * The one place numbers, money, dates and weights are turned into text. Formatters are costly to
 * build, so they are cached per locale and option set.
 */
import type { ResolvedLocale } from './locale.js';

// Weights and countdowns, which only the shipping elements show, are in format-measures.ts.

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.DisplayNames;

const formatterCache = new Map<string, Formatter>();

/** The formatter kept under `key`, made by `make` the first time. */
function cached<F extends Formatter>(key: string, make: () => F): F {
  let formatter = formatterCache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatterCache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: ResolvedLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `n|${locale.tag}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale.tag, options),
  );
}

function dateFormat(locale: ResolvedLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${locale.tag}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale.tag, options),
  );
}

/** Shown wherever the API gave no value. */
export const EMPTY = '—';

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// Numbers and money are formatted for every line of a table: their formatters are looked up by
// short keys, without turning options into text each time.

export function formatNumber(value: number | null | undefined, locale: ResolvedLocale): string {
  return isFiniteNumber(value)
    ? cached(`number|${locale.tag}`, () => new Intl.NumberFormat(locale.tag)).format(value)
    : EMPTY;
}

/** Money of one currency: `moneyFormatter(currency, locale)(value)`. */
export type MoneyFormatter = (value: number | null | undefined) => string;

/**
 * `formatMoney` for many amounts of one currency (the lines and totals of an order): the currency
 * is read and its formatter found once.
 */
export function moneyFormatter(currency: string | null | undefined, locale: ResolvedLocale): MoneyFormatter {
  const code = currency?.trim().toUpperCase();
  if (code && /^[A-Z]{3}$/.test(code)) {
    try {
      // "4,91 £", not "4,91 £GB": the amount is in the order's currency, which the seller knows.
      const money = cached(
        `money|${locale.tag}|${code}`,
        () =>
          new Intl.NumberFormat(locale.tag, {
            style: 'currency',
            currency: code,
            currencyDisplay: 'narrowSymbol',
          }),
      );
      return (value) => (isFiniteNumber(value) ? money.format(value) : EMPTY);
    } catch {
      // An unknown currency code: a plain amount with the code after it.
    }
  }
  const amount = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (value) =>
    isFiniteNumber(value) ? (code ? `${amount.format(value)} ${code}` : amount.format(value)) : EMPTY;
}

export function formatMoney(
  value: number | null | undefined,
  currency: string | null | undefined,
  locale: ResolvedLocale,
): string {
  return isFiniteNumber(value) ? moneyFormatter(currency, locale)(value) : EMPTY;
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
  return cached(`l|${locale.tag}`, () => new Intl.ListFormat(locale.tag, { type: 'conjunction' }));
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
    const regions = cached(`r|${locale.tag}`, () => new Intl.DisplayNames([locale.tag], { type: 'region' }));
    return regions.of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}
