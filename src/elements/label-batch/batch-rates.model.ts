/**
 * What label-batch makes of rates once they arrive, apart from the UI: whether they offer anything
 * to buy, a row's entry with fresh rates, which quote each row gets by the "Choose by" rule, what
 * "Buy labels" would book now, the carrier accounts worth preferring, and totals per currency.
 */
import type { Quote, RatesResult, ShippingConfig } from '../../api/index.js';
import { rankQuotes, sameServiceIn } from '../../shipping/quote-ranking.js';
import type { QuoteClock } from '../../shipping/quote-clock.js';
import type { BookingItem } from './batch-booking.js';
import type { BatchEntry, BookingLedger, BookingState, ChooseBy, Problem } from './label-batch.model.js';

/** How each row's quote is chosen, and where each order's label is. */
export interface Choosing {
  chooseBy: ChooseBy;
  /** The carrier accounts "Choose by" may prefer. */
  configs: readonly ShippingConfig[];
  /** Each order's booking state. */
  ledger: BookingLedger;
  /** The element's quote clock, by which a row's quote expires. */
  clock: Pick<QuoteClock, 'isExpired'>;
}

/** What the table needs to know of each row, beyond the entry itself. */
export interface BatchRowState {
  state: BookingState;
  /** Booked, being booked, or maybe bought: its rate can no longer change. */
  locked: boolean;
  expired: boolean;
  quote: Quote | undefined;
}

/** Why quoted rates offer nothing to buy, or undefined when they do. */
export function ratesProblem(rates: RatesResult): Problem | undefined {
  if (rates.quotes.some((quote) => quote.rateId !== null)) return undefined;
  return rates.unavailableQuotes.length > 0
    ? { reason: 'allUnavailable', unavailable: rates.unavailableQuotes }
    : { reason: 'noQuotes' };
}

/**
 * The entry with new rates: the rate the user picked stays picked where its service is quoted
 * again (else the "Choose by" rule decides), and what the last booking said no longer holds.
 */
export function refreshedEntry(entry: BatchEntry, result: RatesResult, ratesAt = Date.now()): BatchEntry {
  const picked = entry.rates?.quotes.find((quote) => quote.rateId === entry.pickedRateId);
  const again = picked ? sameServiceIn(result.quotes, picked) : undefined;
  return {
    ...entry,
    rates: result,
    ratesAt,
    problem: ratesProblem(result),
    refreshing: false,
    pickedRateId: again?.rateId ?? undefined,
    failure: undefined,
  };
}

export const CARRIER_PREFIX = 'carrier:';

/** Whether the quote comes from the carrier account: by carrier code, provider or carrier id. */
export function quoteIsFrom(quote: Quote, config: ShippingConfig): boolean {
  const names = [config.id, config.provider_type, config.carrier_id]
    .filter((name) => name !== null && name !== undefined && name !== '')
    .map((name) => String(name).toLowerCase());
  const carriers = [quote.carrierId, quote.serviceCarrier]
    .filter((carrier): carrier is string => Boolean(carrier))
    .map((carrier) => carrier.toLowerCase());
  return carriers.some((carrier) => names.includes(carrier));
}

/** The quotes a row offers, in the order the rule ranks them (those with a rate id only). */
export function rankedFor(quotes: readonly Quote[], chooseBy: ChooseBy): Quote[] {
  return rankQuotes(quotes, chooseBy === 'fastest' ? 'delivery' : 'price').map((entry) => entry.quote);
}

/** The quote the rule picks, or undefined when none can be booked. */
export function chooseQuote(
  quotes: readonly Quote[],
  chooseBy: ChooseBy,
  configs: readonly ShippingConfig[],
): Quote | undefined {
  const ranked = rankedFor(quotes, chooseBy);
  if (chooseBy.startsWith(CARRIER_PREFIX)) {
    const config = configs.find((candidate) => candidate.id === chooseBy.slice(CARRIER_PREFIX.length));
    const preferred = config ? ranked.find((quote) => quoteIsFrom(quote, config)) : undefined;
    if (preferred) return preferred;
  }
  return ranked[0];
}

/** The carrier accounts that quoted at least one of the quotes: those worth preferring. */
export function carriersQuoting(
  configs: readonly ShippingConfig[],
  quotes: readonly Quote[],
): ShippingConfig[] {
  return configs.filter((config) => quotes.some((quote) => quoteIsFrom(quote, config)));
}

/** Amounts added up per currency (an amount without a currency is counted under `''`). */
export function totalsByCurrency(
  amounts: ReadonlyArray<{ value: number | null; currency: string | null }>,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { value, currency } of amounts) {
    if (value === null || !Number.isFinite(value)) continue;
    const code = currency?.trim().toUpperCase() ?? '';
    totals.set(code, Math.round(((totals.get(code) ?? 0) + value) * 100) / 100);
  }
  return totals;
}

/** The quote the order's label would be bought with: the one picked in its row, else the rule's. */
export function chosenQuote(entry: BatchEntry, { chooseBy, configs }: Choosing): Quote | undefined {
  const quotes = entry.rates?.quotes ?? [];
  const picked = entry.pickedRateId ? quotes.find((quote) => quote.rateId === entry.pickedRateId) : undefined;
  return picked ?? chooseQuote(quotes, chooseBy, configs);
}

function isExpired(entry: BatchEntry, { clock }: Choosing): boolean {
  return clock.isExpired(entry.rates?.expiresAt);
}

/** The rows "Buy labels" would book now, with their quotes. */
export function ordersToBuy(entries: readonly BatchEntry[], choosing: Choosing): BookingItem[] {
  return entries.flatMap((entry) => {
    const quote = chosenQuote(entry, choosing);
    if (!quote || !entry.rates || entry.problem || entry.refreshing) return [];
    if (!choosing.ledger.canBook(entry.orderId) || isExpired(entry, choosing)) return [];
    const item: BookingItem = { orderId: entry.orderId, quote, rates: entry.rates, number: entry.number };
    if (entry.allocationId !== undefined) item.allocationId = entry.allocationId;
    if (choosing.ledger.confirmed(entry.orderId)) item.second = true;
    return [item];
  });
}

/** Where a row of the table stands: its booking state, whether its rate may change, its quote. */
export function rowState(entry: BatchEntry, choosing: Choosing): BatchRowState {
  const { ledger } = choosing;
  const state = ledger.state(entry.orderId);
  const locked = state === 'booked' || state === 'booking' || ledger.mayHaveBought(entry.orderId);
  return {
    state,
    locked,
    expired: !locked && isExpired(entry, choosing),
    quote: chosenQuote(entry, choosing),
  };
}
