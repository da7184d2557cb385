/**
 * Rate quotes: validating a rates request, producing deterministic quotes from the configured
 * carriers, storing them for booking, and answering in either naming set.
 */
import type { SandboxContext } from '../context.js';
import { isRecord, toBoolean, toNumber } from '../http.js';
import type { ShippingConfig } from '../types.js';
import { SHIPPING_SERVICES, priceService, serviceOptions, unavailableReason } from './services.js';
import type { ServiceOption } from './services.js';
import type { ContentsItem, RateRequestRecord, ShippingAddressInput, StoredQuote } from './rate-records.js';

/** Kilograms as a carrier's message writes them: "100,000", "2.5". */
const KG = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

const WEIGHT_UNITS: Record<string, number> = { oz: 28.349523125, lb: 453.59237, g: 1, kg: 1000 };
/** Centimetres per dimension unit (a missing unit reads as centimetres). */
const DIMENSION_UNITS: Record<string, number> = { in: 2.54, cm: 1, ft: 30.48, m: 100 };

function readAddress(value: unknown, name: string, problems: string[]): ShippingAddressInput | undefined {
  if (!isRecord(value)) {
    problems.push(`${name} is required`);
    return undefined;
  }
  const text = (key: string): string | null =>
    typeof value[key] === 'string' ? (value[key] as string) : null;
  const country = text('country_code')?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(country)) {
    problems.push(`${name}.country_code must be an ISO 3166-1 alpha-2 code`);
    return undefined;
  }
  return {
    name: text('name'),
    company: text('company'),
    phone: text('phone'),
    email: text('email'),
    line1: text('line1'),
    line2: text('line2'),
    town: text('town'),
    postcode: text('postcode'),
    country_code: country,
    county: text('county'),
  };
}

export interface RatesInput {
  toAddress: ShippingAddressInput;
  fromAddress: ShippingAddressInput;
  weightGrams: number;
  /** Longest side in centimetres, when the parcel gave its dimensions. */
  longestSideCm: number | null;
  hazmat: boolean;
  currency: string;
  customerReference: string | null;
  contents: ContentsItem[];
  configIds: string[] | undefined;
  includeUnavailable: boolean;
  marketplaceOrder: boolean;
}

/** Reads a rates request body; the problems are the 400's `error_messages`. */
export function readRatesRequest(body: unknown): RatesInput | string[] {
  if (!isRecord(body)) return ['The request body must be a JSON object'];
  const problems: string[] = [];
  const toAddress = readAddress(body.to_address, 'to_address', problems);
  const fromAddress = readAddress(body.from_address, 'from_address', problems);
  if (body.return_address !== undefined && body.return_address !== null) {
    readAddress(body.return_address, 'return_address', problems);
  }
  let weightGrams = 0;
  let longestSideCm: number | null = null;
  let hazmat = false;
  if (!Array.isArray(body.parcels) || body.parcels.length !== 1) {
    problems.push('parcels must contain exactly 1 parcel');
  } else {
    const parcel: unknown = body.parcels[0];
    if (!isRecord(parcel)) {
      problems.push('parcels[0] must be an object');
    } else {
      const weight = toNumber(parcel.weight);
      if (weight === undefined) problems.push('parcels[0].weight is required');
      else if (weight < 0.01) problems.push('parcels[0].weight must be at least 0.01');
      const unit = typeof parcel.weight_unit === 'string' ? WEIGHT_UNITS[parcel.weight_unit] : undefined;
      if (unit === undefined) problems.push('parcels[0].weight_unit must be one of oz, lb, g, kg');
      if (weight !== undefined && unit !== undefined) weightGrams = weight * unit;
      if (parcel.dimension_unit !== undefined && parcel.dimension_unit !== null) {
        if (typeof parcel.dimension_unit !== 'string' || !(parcel.dimension_unit in DIMENSION_UNITS)) {
          problems.push('parcels[0].dimension_unit must be one of in, cm, ft, m');
        }
      }
      const toCm =
        typeof parcel.dimension_unit === 'string' ? (DIMENSION_UNITS[parcel.dimension_unit] ?? 1) : 1;
      for (const dimension of ['height', 'width', 'length']) {
        const raw = parcel[dimension];
        if (raw === undefined || raw === null) continue;
        const value = toNumber(raw);
        if (value === undefined || value < 0)
          problems.push(`parcels[0].${dimension} must be a number of at least 0`);
        else longestSideCm = Math.max(longestSideCm ?? 0, value * toCm);
      }
      hazmat = toBoolean(parcel.hazmat) ?? false;
    }
  }
  let configIds: string[] | undefined;
  if (body.shipping_configuration_ids !== undefined && body.shipping_configuration_ids !== null) {
    if (
      !Array.isArray(body.shipping_configuration_ids) ||
      !body.shipping_configuration_ids.every((id) => typeof id === 'string' || typeof id === 'number')
    ) {
      problems.push('shipping_configuration_ids must be an array of strings');
    } else {
      configIds = body.shipping_configuration_ids.map(String);
    }
  }
  const currency =
    typeof body.currency_code === 'string' && body.currency_code ? body.currency_code.toUpperCase() : 'GBP';
  if (!/^[A-Z]{3}$/.test(currency)) problems.push('currency_code must be an ISO 4217 code');
  if (problems.length > 0 || !toAddress || !fromAddress) return problems;
  return {
    toAddress,
    fromAddress,
    weightGrams,
    longestSideCm,
    hazmat,
    currency,
    customerReference: typeof body.customer_reference === 'string' ? body.customer_reference : null,
    contents: readContents(body, fromAddress.country_code),
    configIds,
    includeUnavailable: toBoolean(body.include_unavailable_quotes) ?? true,
    marketplaceOrder: toBoolean(body.is_marketplace_order) ?? false,
  };
}

/** What the customs invoice lists: the channel items, else one line from `contents`. */
function readContents(body: Record<string, unknown>, fromCountry: string): ContentsItem[] {
  const fallbackDescription =
    typeof body.contents === 'string' && body.contents ? body.contents : 'Merchandise';
  const origin = typeof body.country_of_origin === 'string' ? body.country_of_origin : fromCountry;
  if (Array.isArray(body.channel_items) && body.channel_items.length > 0) {
    return body.channel_items.filter(isRecord).map((item) => ({
      description: typeof item.description === 'string' ? item.description : fallbackDescription,
      quantity: toNumber(item.quantity) ?? 1,
      value: toNumber(item.value) ?? 1,
      tariffCode: typeof item.tariff_code === 'string' ? item.tariff_code : null,
      countryOfManufacture:
        typeof item.country_of_manufacture === 'string' ? item.country_of_manufacture : origin,
    }));
  }
  return [
    {
      description: fallbackDescription,
      quantity: 1,
      value: toNumber(body.estimated_value) ?? 0,
      tariffCode: null,
      countryOfManufacture: origin,
    },
  ];
}

export function isConfigEnabled(config: ShippingConfig): boolean {
  return config.connected && config.is_configured && !config.requires_reconnect;
}

/**
 * The configurations to quote from: those named (by internal or JSON:API id), else every enabled
 * one shown when shipping. Unknown ids and two of one carrier are a 400; naming a configuration
 * that is not enabled (not connected, not configured, or needing to reconnect) is the spec's 403,
 * "feature not enabled".
 */
export function configsToQuote(
  ctx: SandboxContext,
  ids: string[] | undefined,
): ShippingConfig[] | { status: 400 | 403; message: string } {
  const all = [...ctx.state.shippingConfigs.values()];
  if (ids === undefined) return all.filter((config) => isConfigEnabled(config) && config.show_when_shipping);
  const chosen: ShippingConfig[] = [];
  for (const id of ids) {
    const config = all.find((candidate) => String(candidate.id) === id || candidate.key === id);
    if (!config) return { status: 400, message: `Unknown shipping configuration id ${id}` };
    if (chosen.some((other) => other.carrier_id === config.carrier_id)) {
      return {
        status: 400,
        message: `At most one shipping configuration per carrier: ${id} repeats carrier ${config.carrier_id}`,
      };
    }
    if (!isConfigEnabled(config)) {
      const why = config.requires_reconnect ? 'needs reconnecting' : 'is not connected';
      return {
        status: 403,
        message: `Shipping configuration ${config.name} (${config.id}) is not enabled: it ${why}`,
      };
    }
    chosen.push(config);
  }
  return chosen;
}

/** What no carrier's system takes: the heaviest and longest parcels any of them rates. */
export const CARRIER_LIMITS = { maxWeightGrams: 70_000, maxSideCm: 270 };

/**
 * The carriers' refusals of a parcel they cannot rate at all (the spec's 422, an error from the
 * carriers' own systems), one per carrier asked; empty when they can rate it.
 */
export function parcelRefusals(input: RatesInput, configs: ShippingConfig[]): string[] {
  let reason: string | undefined;
  if (input.hazmat) reason = 'hazardous materials are not carried';
  else if (input.weightGrams > CARRIER_LIMITS.maxWeightGrams) {
    reason = `${KG.format(input.weightGrams / 1000)} kg is over the ${KG.format(CARRIER_LIMITS.maxWeightGrams / 1000)} kg limit`;
  } else if (input.longestSideCm !== null && input.longestSideCm > CARRIER_LIMITS.maxSideCm) {
    reason = `a side of ${Math.round(input.longestSideCm)} cm is over the ${CARRIER_LIMITS.maxSideCm} cm limit`;
  }
  if (!reason) return [];
  const names = [...new Set(configs.map((config) => config.name))];
  return (names.length > 0 ? names : ['The carrier']).map((name) => `${name} refused the parcel: ${reason}`);
}

/** Adds business days (no weekend deliveries) and returns the ISO date-time of delivery by 18:00 UTC. */
export function deliveryDate(now: number, days: number): string {
  const date = new Date(now);
  let remaining = days;
  while (remaining > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) remaining -= 1;
  }
  date.setUTCHours(18, 0, 0, 0);
  return date.toISOString();
}

export interface UnavailableQuote {
  carrier: string;
  name: string;
  service_carrier: string | null;
  sub_carrier_id: string;
  unavailable_reasons: { message: string }[];
}

export function createRateRequest(
  ctx: SandboxContext,
  input: RatesInput,
  configs: ShippingConfig[],
): { record: RateRequestRecord; unavailable: UnavailableQuote[] } {
  const sequence = ctx.state.nextId();
  const now = ctx.now();
  const international = input.fromAddress.country_code !== input.toAddress.country_code;
  const quotes: StoredQuote[] = [];
  const unavailable: UnavailableQuote[] = [];
  for (const config of configs) {
    const services = SHIPPING_SERVICES.filter((service) => service.carrierCode === config.carrier_code);
    if (!isConfigEnabled(config) || services.length === 0) {
      unavailable.push({
        carrier: config.key,
        name: config.name,
        service_carrier: config.carrier_code,
        sub_carrier_id: config.provider_type,
        unavailable_reasons: [
          {
            message: config.requires_reconnect
              ? `${config.name} needs reconnecting`
              : `${config.name} is not connected`,
          },
        ],
      });
      continue;
    }
    for (const service of services) {
      const reason = unavailableReason(
        service,
        input.weightGrams,
        input.fromAddress.country_code,
        input.toAddress.country_code,
      );
      if (reason) {
        unavailable.push({
          carrier: service.carrierCode,
          name: service.serviceId,
          service_carrier: service.carrierCode,
          sub_carrier_id: service.carrierCode,
          unavailable_reasons: [{ message: reason }],
        });
        continue;
      }
      const pricing = priceService(
        service,
        input.weightGrams,
        input.fromAddress.country_code,
        input.toAddress.country_code,
      );
      const charges: StoredQuote['charges'] = [
        { id: 'BASE', title: 'Base rate', price: pricing.base, type: 'MANDATORY' },
        { id: 'FUEL', title: 'Fuel surcharge', price: pricing.fuel, type: 'MANDATORY' },
      ];
      if (pricing.customs > 0)
        charges.push({
          id: 'CUSTOMS',
          title: 'Customs clearance',
          price: pricing.customs,
          type: 'MANDATORY',
        });
      quotes.push({
        rateId: `${service.carrierCode}-${service.serviceId.toLowerCase()}-${sequence}`,
        service,
        configId: config.id,
        base: pricing.base,
        total: pricing.total,
        charges,
        currency: input.currency,
        deliveryEstimate: deliveryDate(now, pricing.days),
        protections: input.marketplaceOrder
          ? [...service.protections, 'buyer_protection']
          : service.protections,
        protected: input.marketplaceOrder && service.protections.includes('tracking'),
        options: serviceOptions(service, international, input.currency),
      });
    }
  }
  quotes.sort((a, b) => a.total - b.total);
  const record: RateRequestRecord = {
    remoteShipmentId: `shp_${sequence}`,
    requestToken: `rqt_${sequence}_${(sequence * 2_654_435_761) % 4_294_967_296}`,
    createdAt: now,
    expiresAt: now + ctx.config.quoteTtlMs,
    toAddress: input.toAddress,
    fromAddress: input.fromAddress,
    weightGrams: input.weightGrams,
    currency: input.currency,
    customerReference: input.customerReference,
    contents: input.contents,
    quotes,
    bookedRateId: undefined,
  };
  ctx.state.rateRequests.set(record.remoteShipmentId, record);
  return { record, unavailable };
}

const money = (value: number): string => value.toFixed(2);

function optionJson(option: ServiceOption): Record<string, unknown> {
  // Both `label` (live samples) and `title` (schema) are sent, so either reader finds a name.
  const json: Record<string, unknown> = {
    key: option.key,
    title: option.label,
    label: option.label,
    type: option.type,
    default: option.default,
    multiple: option.multiple,
  };
  if (option.values) json.values = option.values;
  if (option.validation) json.validation = option.validation;
  if (option.maxLength !== undefined) json.validation = { max_length: option.maxLength };
  if (option.unit) json.unit = option.unit;
  return json;
}

export function quoteJson(
  quote: StoredQuote,
  naming: 'sample' | 'schema',
  now: number,
): Record<string, unknown> {
  const common = {
    own_account: false,
    protected: quote.protected,
    protections: quote.protections,
    charges: quote.charges.map((charge) => ({
      price: money(charge.price),
      charge_id: charge.id,
      charge_title: charge.title,
      charge_type: charge.type,
    })),
    shipping_service_options: quote.options.map(optionJson),
  };
  if (naming === 'schema') {
    return {
      carrier: quote.service.carrierCode,
      carrier_nice_name: quote.service.carrierName,
      title: quote.service.name,
      code: quote.rateId,
      name: quote.service.serviceId,
      sub_carrier_id: quote.service.carrierCode,
      total_net_charge: money(quote.total),
      currency_code: quote.currency,
      delivery_date: quote.deliveryEstimate,
      ...common,
    };
  }
  const pickupStart = new Date(now);
  pickupStart.setUTCDate(pickupStart.getUTCDate() + 1);
  pickupStart.setUTCHours(9, 0, 0, 0);
  const pickupEnd = new Date(pickupStart);
  pickupEnd.setUTCHours(17, 0, 0, 0);
  return {
    rate_id: quote.rateId,
    service_name: quote.service.name,
    carrier_id: quote.service.carrierCode,
    service_carrier: quote.service.carrierCode,
    service_id: quote.service.serviceId,
    delivery_estimate: quote.deliveryEstimate,
    total_charge: money(quote.total),
    base_rate: money(quote.base),
    currency: quote.currency,
    credits: 0,
    pickup_window: { start: pickupStart.toISOString(), end: pickupEnd.toISOString() },
    ...common,
  };
}
