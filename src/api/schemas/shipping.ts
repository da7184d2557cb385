import * as v from 'valibot';
import { optArray, optBool, optId, optNum, optText, text } from './primitives.js';
import { envelopeSchema, flattenRelationships, resourceSchema } from './jsonapi.js';
import type { Relationships, ResourceRef } from './jsonapi.js';

/**
 * Raw shipping payloads as the API sends them. Quotes come under two naming sets (the spec's
 * schema names and the live service's sample names); both are accepted here and turned into
 * one shape in `quotes.ts`. Quote fields are all listed, since `quotes.ts` reads them all; of
 * the other payloads only the fields read are listed, the rest pass through as `unknown`.
 */

/** An optional identifier handed out as text (`idString`, which follows the same rule as `text`). */
const optIdString = optText;

export const RawServiceOptionSchema = v.looseObject({
  key: optText,
  title: optText,
  label: optText,
  type: optText,
  values: optArray(
    v.looseObject({
      value: optText,
      label: optText,
      title: optText,
      price: optNum,
      currency: optText,
    }),
  ),
  validation: v.nullish(v.looseObject({ min: optNum, max: optNum })),
  min: optNum,
  max: optNum,
  unit: optText,
  default: optText,
  multiple: optBool,
});
export type RawServiceOption = v.InferOutput<typeof RawServiceOptionSchema>;

export const RawQuoteSchema = v.looseObject({
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
  pickup_window: v.nullish(v.looseObject({ start: optText, end: optText })),
  sub_carrier_id: optText,
  // Both
  own_account: optBool,
  protected: optBool,
  protections: optArray(text),
  charges: optArray(
    v.looseObject({ price: optNum, charge_id: optIdString, charge_title: optText, charge_type: optText }),
  ),
  shipping_service_options: optArray(RawServiceOptionSchema),
});
export type RawQuote = v.InferOutput<typeof RawQuoteSchema>;

export const RawUnavailableQuoteSchema = v.looseObject({
  carrier: optText,
  name: optText,
  service_carrier: optText,
  sub_carrier_id: optText,
  unavailable_reasons: optArray(v.union([text, v.looseObject({ message: optText })])),
});

export const RatesResponseSchema = v.looseObject({
  quotes: optArray(RawQuoteSchema),
  remote_shipment_id: optIdString,
  request_token: optText,
  expires_at: optText,
  to_address_id: optIdString,
  from_address_id: optIdString,
  unavailable_quotes: optArray(RawUnavailableQuoteSchema),
});
export type RatesResponse = v.InferOutput<typeof RatesResponseSchema>;

/** One booked shipment, as `POST /shipping/api/v1/shipments` lists it under `successful`. */
export const BookedShipmentSchema = v.looseObject({
  tracking_number: optText,
  carrier_id: optIdString,
  service_carrier: optText,
  service_name: optText,
  label_format: optText,
  /** Base64 label (PDF or ZPL). */
  label_content: optText,
  total_charge: v.nullish(v.looseObject({ value: optNum, unit: optText })),
});
export type BookedShipment = v.InferOutput<typeof BookedShipmentSchema>;

export const BookingResponseSchema = v.looseObject({
  successful: v.nullish(v.record(v.string(), BookedShipmentSchema)),
  failed: v.nullish(
    v.record(v.string(), v.looseObject({ errors: v.nullish(v.union([v.array(text), text])) })),
  ),
});

/**
 * `POST /shipments` answer. `tracking_number` is a string in the spec and an object
 * `{id, tracking_number}` in older responses; either way it is handed out as trimmed text.
 */
export const ShipmentCreatedSchema = v.pipe(
  v.looseObject({
    label: optText,
    tracking_number: v.nullish(v.union([text, v.looseObject({ tracking_number: optText })])),
    commercial_invoice_label: optText,
  }),
  v.transform((shipment) => {
    const tracking = shipment.tracking_number;
    const trackingText = typeof tracking === 'string' ? tracking : tracking?.tracking_number;
    return {
      ...shipment,
      label: shipment.label ?? null,
      tracking_number: trackingText?.trim() || null,
      commercial_invoice_label: shipment.commercial_invoice_label ?? null,
    };
  }),
);
export type ShipmentCreated = v.InferOutput<typeof ShipmentCreatedSchema>;

/** A shipping service, from the `included` part of the shipping configurations response. */
export const ShippingServiceSchema = resourceSchema(
  v.looseObject({ service_id: optIdString, name: optText }),
);
export type ShippingService = v.InferOutput<typeof ShippingServiceSchema>;

export const ShippingConfigAttributesSchema = v.looseObject({
  /** The internal id, handed out as `configuration_id`. */
  id: optId,
  carrier_id: optId,
  name: optText,
  provider_type: optText,
  show_when_shipping: optBool,
  nickname: optText,
  requires_reconnect: optBool,
});

/** A shipping configuration resource before its services are resolved from `included`. */
const ShippingConfigResourceSchema = envelopeSchema(ShippingConfigAttributesSchema);

type ShippingConfigResource = v.InferOutput<typeof ShippingConfigResourceSchema>;

function refsOf(relationship: Relationships[string] | undefined): ResourceRef[] {
  if (!relationship) return [];
  return Array.isArray(relationship) ? relationship : [relationship];
}

/**
 * Flattens one configuration and puts its services in place. The attribute `id` (the internal
 * id that `shipping_configuration_ids` of a rates request wants) would clash with the resource
 * id, so it is handed out as `configuration_id`, as text.
 */
function resolveConfig(resource: ShippingConfigResource, services: ReadonlyMap<string, ShippingService>) {
  const { id: internalId, ...attributes } = resource.attributes ?? {};
  const relationships = flattenRelationships(resource.relationships);
  return {
    ...attributes,
    id: resource.id,
    type: resource.type,
    configuration_id: internalId == null ? null : String(internalId),
    relationships,
    shipping_services: refsOf(relationships['shipping_services']).map(
      (ref): ShippingService => services.get(`${ref.type}:${ref.id}`) ?? { ...ref, relationships: {} },
    ),
  };
}

/**
 * `GET /api/v2/shipping_configs`: configurations with their `shipping_services` resolved from
 * `included` (ids only when the services were not included).
 */
export const ShippingConfigsDocumentSchema = v.pipe(
  v.looseObject({
    data: v.array(ShippingConfigResourceSchema),
    included: optArray(v.unknown()),
    meta: v.nullish(v.unknown()),
  }),
  v.transform((document) => {
    const services = new Map<string, ShippingService>();
    for (const entry of document.included ?? []) {
      const parsed = v.safeParse(ShippingServiceSchema, entry);
      if (parsed.success) services.set(`${parsed.output.type}:${parsed.output.id}`, parsed.output);
    }
    return {
      configs: document.data.map((resource) => resolveConfig(resource, services)),
      meta: document.meta,
    };
  }),
);
export type ShippingConfig = v.InferOutput<typeof ShippingConfigsDocumentSchema>['configs'][number];
