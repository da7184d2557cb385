import type * as z from 'zod/mini';
import {
  looseObject,
  nullish,
  optArray,
  optBool,
  optIdString,
  optNum,
  optText,
  scalar,
  text,
} from './primitives.js';

/**
 * Rate quotes as the API sends them. Quotes come under two naming sets (the spec's schema names
 * and the live service's sample names); both are accepted here and turned into one shape in
 * `quotes.ts`. Quote fields are all listed, since `quotes.ts` reads them all.
 *
 * The other shipping payloads have modules of their own (`booking.ts`, `shipping-configs.ts`),
 * so that buying a label does not bring in the quote schemas, nor asking for rates the booking ones.
 */

export const RawServiceOptionSchema = /* @__PURE__ */ looseObject({
  key: optText,
  title: optText,
  label: optText,
  type: optText,
  values: /* @__PURE__ */ optArray(
    /* @__PURE__ */ looseObject({
      value: optText,
      label: optText,
      title: optText,
      price: optNum,
      currency: optText,
    }),
  ),
  validation: /* @__PURE__ */ nullish(/* @__PURE__ */ looseObject({ min: optNum, max: optNum })),
  min: optNum,
  max: optNum,
  unit: optText,
  default: optText,
  multiple: optBool,
});
export type RawServiceOption = z.output<typeof RawServiceOptionSchema>;

export const RawQuoteSchema = /* @__PURE__ */ looseObject({
  // Schema naming set
  carrier: optText,
  carrier_nice_name: optText,
  title: optText,
  name: optText,
  code: optIdString,
  total_net_charge: optNum,
  currency_code: optText,
  delivery_date: optText,
  // Sample (live) naming set
  carrier_id: optIdString,
  service_carrier: optText,
  service_name: optText,
  service_id: optIdString,
  rate_id: optIdString,
  total_charge: optNum,
  currency: optText,
  delivery_estimate: optText,
  base_rate: optNum,
  credits: optNum,
  pickup_window: /* @__PURE__ */ nullish(/* @__PURE__ */ looseObject({ start: optText, end: optText })),
  sub_carrier_id: optText,
  // Both
  own_account: optBool,
  protected: optBool,
  protections: /* @__PURE__ */ optArray(text),
  charges: /* @__PURE__ */ optArray(
    /* @__PURE__ */ looseObject({
      price: optNum,
      charge_id: optIdString,
      charge_title: optText,
      charge_type: optText,
    }),
  ),
  shipping_service_options: /* @__PURE__ */ optArray(RawServiceOptionSchema),
});
export type RawQuote = z.output<typeof RawQuoteSchema>;

/**
 * Why a quote is unavailable: text, or an object with a `message`; handed out as its text (null
 * when it has none).
 */
const unavailableReason = /* @__PURE__ */ scalar('text or an object with a message', (reason) => {
  if (typeof reason === 'string') return reason;
  if (typeof reason !== 'object' || reason === null || Array.isArray(reason)) return undefined;
  const message: unknown = (reason as Record<string, unknown>)['message'];
  return typeof message === 'string' ? message : null;
});

export const RawUnavailableQuoteSchema = /* @__PURE__ */ looseObject({
  carrier: optText,
  name: optText,
  service_carrier: optText,
  sub_carrier_id: optText,
  unavailable_reasons: /* @__PURE__ */ optArray(unavailableReason),
});

export const RatesResponseSchema = /* @__PURE__ */ looseObject({
  quotes: /* @__PURE__ */ optArray(RawQuoteSchema),
  remote_shipment_id: optIdString,
  request_token: optText,
  expires_at: optText,
  to_address_id: optIdString,
  from_address_id: optIdString,
  unavailable_quotes: /* @__PURE__ */ optArray(RawUnavailableQuoteSchema),
});
export type RatesResponse = z.output<typeof RatesResponseSchema>;
