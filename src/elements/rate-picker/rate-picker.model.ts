/**
 * What the rate picker works out from what it holds, with no element around it: the allocation
 * to quote, the rates request an order gives, the chosen quote as a selection, the choice kept
 * across fresh quotes, and what the live region says when quotes arrive.
 */
import type { Allocation, Order, Quote, RatesRequest, RatesResult } from '../../api/index.js';
import { EMPTY, formatDuration } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { sameServiceIn, timeOf } from '../../shipping/quote-ranking.js';
import { ratesRequestFromOrder } from '../../shipping/rate-request.js';
import type { OrderRequestProblem } from '../../shipping/rate-request.js';
import type { RateSelection } from '../../shipping/selection.js';
import { ratePickerMessages } from './rate-picker.messages.js';
import { chosenOptions, keptOptionValues } from './service-options.js';
import type { OptionValues } from './service-options.js';

/** The request an order gives before the parcel and carrier filter are applied, or why there is none. */
export type OrderRequest = RatesRequest | OrderRequestProblem | 'alreadyShipped';

/** The allocation to quote: the one of `allocationId`, else the first without a label, else the first. */
export function allocationOf(order: Order, allocationId: string | undefined): Allocation | undefined {
  const allocations = order.allocations ?? [];
  return (
    allocations.find((allocation) => String(allocation.id) === allocationId) ??
    allocations.find((allocation) => !allocation.shipment) ??
    allocations[0]
  );
}

/**
 * The request of an order's allocation, built once per order version and allocation (an order
 * can have a thousand line items): each call of the function returned remembers the last.
 */
export function orderRequests(): (order: Order, allocationId: string | undefined) => OrderRequest {
  let cached: { order: Order; allocation: Allocation | undefined; request: OrderRequest } | undefined;
  return (order, allocationId) => {
    const allocation = allocationOf(order, allocationId);
    // Its label is bought (here or elsewhere): no rate may be chosen beside it. An order of several
    // allocations shows `shipped` only once each has its label, so the allocation's own counts too.
    if (order.status === 'shipped' || allocation?.shipment) return 'alreadyShipped';
    if (cached?.order === order && cached.allocation === allocation) return cached.request;
    const request = ratesRequestFromOrder(order, allocation);
    cached = { order, allocation, request };
    return request;
  };
}

/** What the picker holds of a choice. */
export interface ChoiceState {
  quote: Quote | undefined;
  rates: RatesResult | undefined;
  /** The request the rates answer. */
  request: RatesRequest | undefined;
  optionValues: OptionValues;
  orderId: number | null;
  locale: ResolvedLocale;
}

/** The chosen quote with what booking it needs, or undefined while none is chosen. */
export function selectionOf(state: ChoiceState): RateSelection | undefined {
  const { quote, rates, request } = state;
  if (!quote || !rates || !request) return undefined;
  const { options, valid } = chosenOptions(quote, state.optionValues, state.locale);
  return {
    quote,
    remoteShipmentId: rates.remoteShipmentId,
    requestToken: rates.requestToken,
    options,
    expiresAt: rates.expiresAt,
    request,
    orderId: state.orderId,
    optionsValid: valid,
  };
}

/**
 * The choice once fresh quotes arrive: the same service where it is quoted again, with the option
 * values that still apply to it; else none.
 */
export function requoted(
  previous: Quote | undefined,
  quotes: readonly Quote[],
  optionValues: OptionValues,
): { rateId: string | undefined; optionValues: OptionValues } {
  const again = previous ? sameServiceIn(quotes, previous) : undefined;
  return again?.rateId
    ? { rateId: again.rateId, optionValues: keptOptionValues(again, optionValues) }
    : { rateId: undefined, optionValues: {} };
}

/** What the live region says as quotes arrive: how many, and for how long they are valid. */
export function ratesAnnouncement(result: RatesResult, locale: ResolvedLocale, now = Date.now()): string {
  const text = ratePickerMessages(locale);
  if (result.quotes.length === 0) return text.noQuotes;
  const left = timeOf(result.expiresAt) - now;
  return text.ratesFound(result.quotes.length, Number.isFinite(left) ? formatDuration(left, locale) : EMPTY);
}
