/**
 * Quotes in order: which are cheapest and fastest, how they sort, and which quote in fresh rates is
 * the same service as one chosen before. Pure functions shared by every element that lists quotes.
 */
import type { Quote } from '../api/index.js';

export type SortKey = 'price' | 'delivery';

/** One quote as listed, with its marks. */
export interface RankedQuote {
  quote: Quote;
  cheapest: boolean;
  fastest: boolean;
}

/** Milliseconds since the epoch, or NaN when there is no time. */
export function timeOf(iso: string | null | undefined): number {
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
