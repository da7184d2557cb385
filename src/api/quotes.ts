import type { RatesResponse, RawQuote, RawServiceOption } from './schemas/shipping.js';

/**
 * Rate quotes in one shape. The API names quote members in two ways (spec schema names such as
 * `code`, `title`, `total_net_charge`; live sample names such as `rate_id`, `service_name`,
 * `total_charge`); the UI sees neither, only `Quote`.
 */

export interface ServiceOptionValue {
  value: string;
  label: string;
  price?: number;
  currency?: string;
}

/** A bookable extra of a quote; `key` is the name to send with the booking. */
export interface ServiceOption {
  key: string;
  label: string;
  type: 'select' | 'number' | 'text';
  values: ServiceOptionValue[];
  min?: number;
  max?: number;
  unit?: string;
  default: string | null;
  multiple: boolean;
}

export interface QuoteCharge {
  price: number | null;
  chargeId: string | null;
  chargeTitle: string | null;
  /** `MANDATORY` or `OPTIONAL`. */
  chargeType: string | null;
}

export interface Quote {
  /** The identifier to book with (`rate_id` or `code`); null in fragments that have none. */
  rateId: string | null;
  carrierId: string | null;
  carrierName: string | null;
  serviceName: string | null;
  serviceId: string | null;
  serviceCarrier: string | null;
  totalCharge: number | null;
  currency: string | null;
  /** ISO 8601, or null when the carrier gives no estimate. */
  deliveryEstimate: string | null;
  ownAccount: boolean;
  protected: boolean;
  protections: string[];
  charges: QuoteCharge[];
  serviceOptions: ServiceOption[];
  pickupWindow: { start: string | null; end: string | null } | null;
  baseRate: number | null;
  credits: number | null;
}

export interface UnavailableQuote {
  carrier: string | null;
  name: string | null;
  serviceCarrier: string | null;
  subCarrierId: string | null;
  reasons: string[];
}

export interface RatesResult {
  quotes: Quote[];
  unavailableQuotes: UnavailableQuote[];
  /**
   * The parcel the rates are for: goes back with the booking. Every quote of the answer may carry
   * it too, so it never identifies a quote; `rateId` does.
   */
  remoteShipmentId: string | null;
  /** Goes back with the booking (`bookShipments({ requestToken })`). */
  requestToken: string | null;
  /** ISO 8601; quotes must be booked before then. */
  expiresAt: string | null;
  toAddressId: string | null;
  fromAddressId: string | null;
}

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A carrier id that reads as a name ("UPS"), not a bare number ("1"). */
function carrierIdAsName(carrierId: string | null | undefined): string | null {
  return carrierId && !/^\d+$/.test(carrierId) ? carrierId : null;
}

const OPTION_TYPES: ReadonlySet<ServiceOption['type']> = new Set(['select', 'number', 'text']);

function normaliseOption(option: RawServiceOption): ServiceOption | null {
  // Without a key an option cannot be sent with a booking, so it is of no use to show.
  if (!option.key) return null;
  const type = OPTION_TYPES.has(option.type as ServiceOption['type'])
    ? (option.type as ServiceOption['type'])
    : 'text';
  const normalised: ServiceOption = {
    key: option.key,
    label: option.title ?? option.label ?? option.key,
    type,
    values: (option.values ?? []).flatMap((entry) => {
      if (entry.value == null) return [];
      const value: ServiceOptionValue = {
        value: entry.value,
        label: entry.label ?? entry.title ?? entry.value,
      };
      if (entry.price != null) value.price = entry.price;
      if (entry.currency != null) value.currency = entry.currency;
      return [value];
    }),
    default: option.default ?? null,
    multiple: option.multiple ?? false,
  };
  const min = option.validation?.min ?? option.min;
  const max = option.validation?.max ?? option.max;
  if (min != null) normalised.min = min;
  if (max != null) normalised.max = max;
  if (option.unit != null) normalised.unit = option.unit;
  return normalised;
}

export function normaliseQuote(quote: RawQuote): Quote {
  const carrierId = quote.carrier_id ?? quote.carrier ?? null;
  return {
    rateId: quote.rate_id ?? quote.code ?? null,
    carrierId,
    carrierName:
      quote.carrier_nice_name ??
      carrierIdAsName(quote.carrier_id) ??
      quote.sub_carrier_id ??
      quote.service_carrier ??
      null,
    serviceName: quote.service_name ?? quote.title ?? null,
    serviceId: quote.service_id ?? quote.name ?? null,
    serviceCarrier: quote.service_carrier ?? quote.sub_carrier_id ?? null,
    totalCharge: quote.total_charge ?? quote.total_net_charge ?? null,
    currency: quote.currency ?? quote.currency_code ?? null,
    deliveryEstimate: isoOrNull(quote.delivery_estimate ?? quote.delivery_date),
    ownAccount: quote.own_account ?? false,
    protected: quote.protected ?? false,
    protections: quote.protections ?? [],
    charges: (quote.charges ?? []).map((charge) => ({
      price: charge.price ?? null,
      chargeId: charge.charge_id ?? null,
      chargeTitle: charge.charge_title ?? null,
      chargeType: charge.charge_type ?? null,
    })),
    serviceOptions: (quote.shipping_service_options ?? []).flatMap((option) => normaliseOption(option) ?? []),
    pickupWindow: quote.pickup_window
      ? { start: quote.pickup_window.start ?? null, end: quote.pickup_window.end ?? null }
      : null,
    baseRate: quote.base_rate ?? null,
    credits: quote.credits ?? null,
  };
}

export function normaliseRates(response: RatesResponse): RatesResult {
  return {
    quotes: (response.quotes ?? []).map(normaliseQuote),
    unavailableQuotes: (response.unavailable_quotes ?? []).map((quote) => ({
      carrier: quote.carrier ?? null,
      name: quote.name ?? null,
      serviceCarrier: quote.service_carrier ?? null,
      subCarrierId: quote.sub_carrier_id ?? null,
      reasons: (quote.unavailable_reasons ?? []).filter((reason): reason is string => Boolean(reason)),
    })),
    remoteShipmentId: response.remote_shipment_id ?? null,
    requestToken: response.request_token ?? null,
    expiresAt: isoOrNull(response.expires_at),
    toAddressId: response.to_address_id ?? null,
    fromAddressId: response.from_address_id ?? null,
  };
}
