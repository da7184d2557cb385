/**
 * What label-batch makes of rates once they arrive, apart from the UI: whether they offer anything
 * to buy, a row's entry with fresh rates, which quote each row gets by the "Choose by" rule, the
 * carrier accounts worth preferring, and totals per currency. Loaded with the first rates
 * (batch-rates.ts), never with the element: besides types it imports only the quote ranking, which
 * the element does not, so no bundler moves code the element uses out of its file.
 */
import type { Quote, RatesResult, ShippingConfig } from '../../api/index.js';
import { rankQuotes, sameServiceIn } from '../../shipping/quote-ranking.js';
import type { BatchEntry, ChooseBy, Problem } from './batch-model.js';

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
export function refreshedEntry(entry: BatchEntry, result: RatesResult): BatchEntry {
  const picked = entry.rates?.quotes.find((quote) => quote.rateId === entry.pickedRateId);
  const again = picked ? sameServiceIn(result.quotes, picked) : undefined;
  return {
    ...entry,
    rates: result,
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
