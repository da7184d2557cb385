/**
 * The rate picker's list of quotes: their order, which are marked cheapest and fastest, which
 * quote in fresh rates is the same service as one chosen before, and the values of a chosen
 * quote's service options. Pure functions, so the element stays about UI.
 */
import type { Quote, ServiceOption } from '../../api/index.js';
import { formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { ratePickerMessages } from './rate-picker.messages.js';

export type SortKey = 'price' | 'delivery';

/** One quote as listed, with its marks. */
export interface RankedQuote {
  quote: Quote;
  cheapest: boolean;
  fastest: boolean;
}

/** Option values by option key, as typed or chosen. */
export type OptionValues = Readonly<Record<string, string>>;

/** Milliseconds since the epoch, or NaN when there is no time. */
export function timeOf(iso: string | null): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/** Ascending, with missing values last. */
function compareMaybe(a: number, b: number): number {
  const aMissing = !Number.isFinite(a);
  const bMissing = !Number.isFinite(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return a - b;
}

function priceOf(quote: Quote): number {
  return quote.totalCharge ?? Number.NaN;
}

/**
 * The quotes that can be chosen (those with a rate id), sorted by price or by delivery date with
 * the other as tie-break and missing values last. When there is more than one, those with the
 * lowest price and the earliest delivery are marked.
 */
export function rankQuotes(quotes: readonly Quote[], sortBy: SortKey): RankedQuote[] {
  const choosable = quotes.filter((quote) => quote.rateId !== null);
  const cheapest = Math.min(...choosable.map(priceOf).filter(Number.isFinite));
  const fastest = Math.min(
    ...choosable.map((quote) => timeOf(quote.deliveryEstimate)).filter(Number.isFinite),
  );
  const sorted = [...choosable].sort((a, b) =>
    sortBy === 'delivery'
      ? compareMaybe(timeOf(a.deliveryEstimate), timeOf(b.deliveryEstimate)) ||
        compareMaybe(priceOf(a), priceOf(b))
      : compareMaybe(priceOf(a), priceOf(b)) ||
        compareMaybe(timeOf(a.deliveryEstimate), timeOf(b.deliveryEstimate)),
  );
  const marked = choosable.length > 1;
  return sorted.map((quote) => ({
    quote,
    cheapest: marked && priceOf(quote) === cheapest,
    fastest: marked && timeOf(quote.deliveryEstimate) === fastest,
  }));
}

/** The quote in `quotes` for the same carrier service as `previous`. */
export function sameServiceIn(quotes: readonly Quote[], previous: Quote): Quote | undefined {
  return quotes.find(
    (quote) =>
      quote.carrierId === previous.carrierId &&
      (quote.serviceId ?? quote.serviceName) === (previous.serviceId ?? previous.serviceName) &&
      quote.serviceName === previous.serviceName,
  );
}

/** Each option's default, or empty when a select's default is not one of its values. */
export function defaultOptionValues(quote: Quote): Record<string, string> {
  const values: Record<string, string> = {};
  for (const option of quote.serviceOptions) {
    const fallback = option.default ?? '';
    values[option.key] =
      option.type === 'select' && !option.values.some((choice) => choice.value === fallback) ? '' : fallback;
  }
  return values;
}

/** Option values carried over to the same service in fresh quotes, where they still apply. */
export function keptOptionValues(quote: Quote, previous: OptionValues): Record<string, string> {
  const values = defaultOptionValues(quote);
  for (const option of quote.serviceOptions) {
    const kept = previous[option.key];
    if (kept === undefined) continue;
    if (option.type !== 'select' || kept === '' || option.values.some((choice) => choice.value === kept)) {
      values[option.key] = kept;
    }
  }
  return values;
}

/** Why a number option's value cannot be booked; undefined when it can, or is empty. */
export function optionError(option: ServiceOption, raw: string, locale: ResolvedLocale): string | undefined {
  if (option.type !== 'number' || raw.trim() === '') return undefined;
  const text = ratePickerMessages(locale);
  const value = Number(raw);
  const min = option.min;
  const max = option.max;
  const number = (n: number) => formatNumber(n, locale);
  const outOfRange =
    !Number.isFinite(value) || (min !== undefined && value < min) || (max !== undefined && value > max);
  if (!outOfRange) return undefined;
  if (!Number.isFinite(value)) return text.notANumber;
  if (min !== undefined && max !== undefined) return text.between(number(min), number(max));
  return min !== undefined ? text.atLeast(number(min)) : text.atMost(number(max ?? 0));
}

/** The values to book with: filled-in, valid ones only, numbers as numbers. */
export function chosenOptions(
  quote: Quote,
  values: OptionValues,
  locale: ResolvedLocale,
): { options: Record<string, string | number>; valid: boolean } {
  const options: Record<string, string | number> = {};
  let valid = true;
  for (const option of quote.serviceOptions) {
    const raw = (values[option.key] ?? '').trim();
    if (raw === '') continue;
    if (optionError(option, raw, locale)) {
      valid = false;
      continue;
    }
    options[option.key] = option.type === 'number' ? Number(raw) : raw;
  }
  return { options, valid };
}
