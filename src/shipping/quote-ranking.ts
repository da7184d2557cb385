/**
 * Quotes in order: which are cheapest and fastest, how they sort, and which quote in fresh rates is
 * the same service as one chosen before. Pure functions shared by every element that lists quotes.
 */
import type { Quote } from '../api/index.js';
import { deliveryPromise } from './delivery-promise.js';
import type { DeliveryPromise } from './delivery-promise.js';

/** By price, by delivery date, or the quotes that keep the order's due date first (then by price). */
export type SortKey = 'price' | 'delivery' | 'on-time';

/** One quote as listed, with its marks. */
export interface RankedQuote {
  quote: Quote;
  cheapest: boolean;
  fastest: boolean;
  /** Whether it delivers by the order's due date; null without a due date or an estimate. */
  promise: DeliveryPromise;
}

/** On time first, then quotes that promise nothing, late last. */
const PROMISE_RANK = { 'on-time': 0, null: 1, late: 2 } as const;

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
 * the other as tie-break and missing values last, or on-time quotes first (then by price). When
 * there is more than one, those with the lowest price and the earliest delivery are marked; with
 * the order's `dueDate`, each says whether it delivers by then.
 */
export function rankQuotes(
  quotes: readonly Quote[],
  sortBy: SortKey,
  dueDate?: string | null,
): RankedQuote[] {
  const choosable = quotes.filter((quote) => quote.rateId !== null);
  const cheapest = Math.min(...choosable.map(priceOf).filter(Number.isFinite));
  const fastest = Math.min(
    ...choosable.map((quote) => timeOf(quote.deliveryEstimate)).filter(Number.isFinite),
  );
  const promise = (quote: Quote) => deliveryPromise(dueDate, quote.deliveryEstimate);
  const byPrice = (a: Quote, b: Quote) =>
    compareMaybe(priceOf(a), priceOf(b)) ||
    compareMaybe(timeOf(a.deliveryEstimate), timeOf(b.deliveryEstimate));
  const sorted = [...choosable].sort((a, b) => {
    if (sortBy === 'delivery')
      return (
        compareMaybe(timeOf(a.deliveryEstimate), timeOf(b.deliveryEstimate)) ||
        compareMaybe(priceOf(a), priceOf(b))
      );
    if (sortBy === 'on-time')
      return PROMISE_RANK[`${promise(a)}`] - PROMISE_RANK[`${promise(b)}`] || byPrice(a, b);
    return byPrice(a, b);
  });
  const marked = choosable.length > 1;
  return sorted.map((quote) => ({
    quote,
    cheapest: marked && priceOf(quote) === cheapest,
    fastest: marked && timeOf(quote.deliveryEstimate) === fastest,
    promise: promise(quote),
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

/** How a quote is chosen for the seller: the cheapest, the fastest, or the cheapest that keeps the due date. */
export type ChooseRule = 'cheapest' | 'fastest' | 'cheapest-on-time';

export const CHOOSE_RULES: readonly ChooseRule[] = ['cheapest-on-time', 'cheapest', 'fastest'];

/** `choose-by` as set, when it names a rule. */
export function chooseRuleOf(value: string | null | undefined): ChooseRule | undefined {
  const rule = value?.trim().toLowerCase();
  return CHOOSE_RULES.find((candidate) => candidate === rule);
}

/**
 * The quote `rule` picks among `quotes`: the cheapest (earliest delivery breaks a tie), the
 * fastest (the lower price breaks a tie), or `cheapest-on-time`: the cheapest of those that deliver
 * by the order's `dueDate`; without a due date or an estimate that says, the cheapest that promises
 * nothing; a late one only when every quote is late, the cheapest of them.
 */
export function quoteByRule(
  quotes: readonly Quote[],
  rule: ChooseRule,
  dueDate?: string | null,
): Quote | undefined {
  const sortBy: SortKey = rule === 'fastest' ? 'delivery' : rule === 'cheapest' ? 'price' : 'on-time';
  return rankQuotes(quotes, sortBy, dueDate)[0]?.quote;
}
