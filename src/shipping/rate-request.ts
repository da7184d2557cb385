/**
 * Builds the body of `POST /shipping/api/v1/rates` from an order and one of its allocations:
 * the delivery address goes to, the allocation's warehouse ships from, the parcel weighs what
 * the allocation (or its line items) weigh; its contents and value are the allocation's items.
 */
import type {
  Allocation,
  ChannelItem,
  LineItem,
  Order,
  Parcel,
  RatesRequest,
  RatesResult,
  ShippingAddress,
} from '../api/index.js';
import { isMarketplaceOrder } from '../shared/marketplace.js';
import { describeLineItem, orderCurrency, personName } from '../shared/order-view.js';
import { isWeightUnit, toGrams } from '../shared/weight.js';
import { allocationLineItems } from './allocation-stock.js';

/** Why no rates request can be built from the order. */
export type OrderRequestProblem = 'noAllocation' | 'noAddress' | 'noWarehouse';

/** Keeps the members that carry text, so the API never sees empty strings for missing data. */
function compact<T extends object>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as T;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function destination(order: Order): ShippingAddress | undefined {
  const address = order.deliver_to;
  if (!address || !address.country) return undefined;
  return compact({
    name: personName(address),
    company: address.company ?? undefined,
    phone: address.phone ?? undefined,
    email: address.email ?? undefined,
    line1: address.address1 ?? undefined,
    line2: address.address2 ?? undefined,
    town: address.city ?? undefined,
    postcode: address.zip ?? undefined,
    country_code: address.country.trim().toUpperCase(),
    county: address.state ?? undefined,
  });
}

function origin(allocation: Allocation): ShippingAddress | undefined {
  const warehouse = allocation.warehouse;
  if (!warehouse || !warehouse.country) return undefined;
  return compact({
    name: warehouse.name ?? undefined,
    phone: warehouse.phone ?? undefined,
    line1: warehouse.address_line_1 ?? undefined,
    line2: warehouse.address_line_2 ?? undefined,
    town: warehouse.city ?? undefined,
    postcode: warehouse.post_code ?? undefined,
    country_code: warehouse.country.trim().toUpperCase(),
    county: warehouse.region ?? undefined,
  });
}

/** The allocation's weight when it states one, else the sum of its line items' sellable weights. */
export function parcelWeight(order: Order, allocation: Allocation): Pick<Parcel, 'weight' | 'weight_unit'> {
  const unit = allocation.weight_unit?.trim().toLowerCase();
  if (typeof allocation.total_weight === 'number' && allocation.total_weight > 0 && isWeightUnit(unit)) {
    return { weight: allocation.total_weight, weight_unit: unit };
  }
  let grams = 0;
  for (const item of allocationLineItems(order, allocation)) {
    const sellable = item.sellable;
    const each =
      sellable?.weight_grams ??
      (typeof sellable?.weight === 'number' ? toGrams(sellable.weight, sellable.weight_unit) : undefined) ??
      0;
    grams += each * (item.quantity ?? 1);
  }
  return { weight: round2(grams), weight_unit: 'g' };
}

function channelItems(lines: readonly LineItem[], currency: string | undefined): ChannelItem[] {
  return lines.map((item) => {
    const product = item.sellable?.product;
    const channelItem: ChannelItem = {
      // The marketplace's own line id where the order has one; else the service's.
      remote_id: String(item.remote_id?.trim() || item.id),
      quantity: Math.max(1, Math.round(item.quantity ?? 1)),
      value: (item.price_per_unit ?? 0).toFixed(2),
      description: describeLineItem(item).title,
    };
    if (currency) channelItem.currency_code = currency;
    const tariff = item.sellable?.hs_tariff_number ?? product?.hs_tariff_number;
    if (tariff) channelItem.tariff_code = tariff;
    const madeIn = item.sellable?.origin_country ?? product?.origin_country;
    if (madeIn) channelItem.country_of_manufacture = madeIn;
    return channelItem;
  });
}

/** The rates request for shipping `allocation` of `order`, or why there cannot be one. */
export function ratesRequestFromOrder(
  order: Order,
  allocation: Allocation | undefined,
): RatesRequest | OrderRequestProblem {
  if (!allocation) return 'noAllocation';
  const to = destination(order);
  if (!to) return 'noAddress';
  const from = origin(allocation);
  if (!from) return 'noWarehouse';
  const currency = orderCurrency(order);
  // The parcel holds the allocation's items: an order shipped in parts declares each part alone.
  const lines = allocationLineItems(order, allocation);
  const value = lines.reduce((sum, item) => sum + (item.price_per_unit ?? 0) * (item.quantity ?? 1), 0);
  const request: RatesRequest = {
    to_address: to,
    from_address: from,
    parcels: [parcelWeight(order, allocation)],
    contents: lines
      .map((item) => `${item.quantity ?? 1} × ${describeLineItem(item).title}`)
      .join(', ')
      .slice(0, 250),
    estimated_value: value.toFixed(2),
    channel_items: channelItems(lines, currency),
    include_unavailable_quotes: true,
  };
  if (order.number) request.customer_reference = order.number;
  if (isMarketplaceOrder(order)) request.is_marketplace_order = true;
  if (currency) request.currency_code = currency;
  return request;
}

/** The quotes of `result` that name no currency are in the request's (`currency_code`). */
export function withRequestCurrency(result: RatesResult, request: RatesRequest): RatesResult {
  const currency = request.currency_code;
  if (!currency || result.quotes.every((quote) => quote.currency)) return result;
  return {
    ...result,
    quotes: result.quotes.map((quote) => (quote.currency ? quote : { ...quote, currency })),
  };
}
