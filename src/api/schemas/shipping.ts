import * as z from 'zod/mini';
import { idString, optArray, optBool, optId, optNum, optText, text } from './primitives.js';
import { RelationshipsSchema, flattenRelationships, resourceSchema } from './jsonapi.js';
import type { Relationships, ResourceRef } from './jsonapi.js';

/**
 * Raw shipping payloads as the API sends them. Quotes come under two naming sets (the spec's
 * schema names and the live service's sample names); both are accepted here and turned into
 * one shape in `quotes.ts`.
 */

const optIdString = z.nullish(idString);

export const RawServiceOptionSchema = z.looseObject({
  key: optText,
  title: optText,
  label: optText,
  type: optText,
  values: optArray(
    z.looseObject({
      value: optText,
      label: optText,
      title: optText,
      price: optNum,
      currency: optText,
    }),
  ),
  validation: z.nullish(z.looseObject({ min: optNum, max: optNum })),
  min: optNum,
  max: optNum,
  unit: optText,
  default: optText,
  multiple: optBool,
});
export type RawServiceOption = z.infer<typeof RawServiceOptionSchema>;

export const RawQuoteSchema = z.looseObject({
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
  pickup_window: z.nullish(z.looseObject({ start: optText, end: optText })),
  sub_carrier_id: optText,
  // Both
  own_account: optBool,
  protected: optBool,
  protections: optArray(text),
  charges: optArray(
    z.looseObject({ price: optNum, charge_id: optIdString, charge_title: optText, charge_type: optText }),
  ),
  shipping_service_options: optArray(RawServiceOptionSchema),
});
export type RawQuote = z.infer<typeof RawQuoteSchema>;

export const RawUnavailableQuoteSchema = z.looseObject({
  carrier: optText,
  name: optText,
  service_carrier: optText,
  sub_carrier_id: optText,
  unavailable_reasons: optArray(z.union([text, z.looseObject({ message: optText })])),
});

export const RatesResponseSchema = z.looseObject({
  quotes: optArray(RawQuoteSchema),
  remote_shipment_id: optIdString,
  request_token: optText,
  expires_at: optText,
  to_address_id: optIdString,
  from_address_id: optIdString,
  unavailable_quotes: optArray(RawUnavailableQuoteSchema),
});
export type RatesResponse = z.infer<typeof RatesResponseSchema>;

/** One booked shipment, as `POST /shipping/api/v1/shipments` lists it under `successful`. */
export const BookedShipmentSchema = z.looseObject({
  tracking_number: optText,
  carrier_id: optIdString,
  service_carrier: optText,
  service_name: optText,
  service_id: optIdString,
  signature_type: optText,
  label_format: optText,
  /** Base64 label (PDF or ZPL). */
  label_content: optText,
  total_charge: z.nullish(z.looseObject({ value: optNum, unit: optText })),
  charges: optArray(z.looseObject({ chargeId: optIdString, chargeType: optText, value: optNum })),
  linked_account: optBool,
  external_shipment_id: optIdString,
  to_address_id: optIdString,
  from_address_id: optIdString,
  customer_reference: optText,
  inbound: optBool,
});
export type BookedShipment = z.infer<typeof BookedShipmentSchema>;

export const BookingResponseSchema = z.looseObject({
  successful: z.nullish(z.record(z.string(), BookedShipmentSchema)),
  failed: z.nullish(
    z.record(z.string(), z.looseObject({ errors: z.nullish(z.union([z.array(text), text])) })),
  ),
});

/**
 * `POST /shipments` answer. `tracking_number` is a string in the spec and an object
 * `{id, tracking_number}` in older responses; either way it is handed out as trimmed text.
 */
export const ShipmentCreatedSchema = z.pipe(
  z.looseObject({
    label: optText,
    tracking_number: z.nullish(z.union([text, z.looseObject({ tracking_number: optText })])),
    commercial_invoice_label: optText,
  }),
  z.transform((shipment) => {
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
export type ShipmentCreated = z.infer<typeof ShipmentCreatedSchema>;

/** A shipping service, from the `included` part of the shipping configurations response. */
export const ShippingServiceSchema = resourceSchema(
  z.looseObject({ service_id: optIdString, name: optText, hidden: optBool }),
);
export type ShippingService = z.infer<typeof ShippingServiceSchema>;

export const ShippingConfigAttributesSchema = z.looseObject({
  id: optId,
  carrier_id: optId,
  name: optText,
  provider_type: optText,
  shipping_service_options: optArray(z.unknown()),
  show_when_shipping: optBool,
  is_configured: optBool,
  config: z.nullish(z.record(z.string(), z.unknown())),
  validates: z.nullish(z.record(z.string(), z.unknown())),
  default_for_carrier: optBool,
  nickname: optText,
  requires_reconnect: optBool,
  connected: optBool,
  connected_off_marketplace: optBool,
  available_shipping_services_count: optNum,
  total_shipping_service_count: optNum,
});

/** A shipping configuration resource before its services are resolved from `included`. */
const ShippingConfigResourceSchema = z.looseObject({
  id: idString,
  type: z.string(),
  attributes: z.nullish(ShippingConfigAttributesSchema),
  relationships: RelationshipsSchema,
});

type ShippingConfigResource = z.infer<typeof ShippingConfigResourceSchema>;

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
export const ShippingConfigsDocumentSchema = z.pipe(
  z.looseObject({
    data: z.array(ShippingConfigResourceSchema),
    included: optArray(z.unknown()),
    meta: z.nullish(z.unknown()),
  }),
  z.transform((document) => {
    const services = new Map<string, ShippingService>();
    for (const entry of document.included ?? []) {
      const parsed = ShippingServiceSchema.safeParse(entry);
      if (parsed.success) services.set(`${parsed.data.type}:${parsed.data.id}`, parsed.data);
    }
    return {
      configs: document.data.map((resource) => resolveConfig(resource, services)),
      meta: document.meta,
    };
  }),
);
export type ShippingConfig = z.infer<typeof ShippingConfigsDocumentSchema>['configs'][number];
