import type * as z from 'zod/mini';
import { mapped } from './derived.js';
import {
  anything,
  arrayOf,
  looseObject,
  nullish,
  optArray,
  optBool,
  optId,
  optIdString,
  optText,
} from './primitives.js';
import { envelopeSchema, flattenRelationships, resourceSchema } from './jsonapi.js';
import type { Relationships, ResourceRef } from './jsonapi.js';

/**
 * `GET /api/v2/shipping_configs`: carrier configurations (JSON:API) and the shipping services
 * they include. Only the fields read are listed, the rest pass through as `unknown`.
 */

/** A shipping service, from the `included` part of the shipping configurations response. */
export const ShippingServiceSchema = resourceSchema(
  /* @__PURE__ */ looseObject({ service_id: optIdString, name: optText }),
);
export type ShippingService = z.output<typeof ShippingServiceSchema>;

export const ShippingConfigAttributesSchema = /* @__PURE__ */ looseObject({
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

type ShippingConfigResource = z.output<typeof ShippingConfigResourceSchema>;

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
export const ShippingConfigsDocumentSchema = /* @__PURE__ */ mapped(
  /* @__PURE__ */ looseObject({
    data: /* @__PURE__ */ arrayOf(ShippingConfigResourceSchema),
    included: /* @__PURE__ */ optArray(anything),
    meta: /* @__PURE__ */ nullish(anything),
  }),
  (document) => {
    const services = new Map<string, ShippingService>();
    for (const entry of document.included ?? []) {
      const parsed = ShippingServiceSchema.safeParse(entry);
      if (parsed.success) services.set(`${parsed.data.type}:${parsed.data.id}`, parsed.data);
    }
    return {
      configs: document.data.map((resource) => resolveConfig(resource, services)),
      meta: document.meta,
    };
  },
);
export type ShippingConfig = z.output<typeof ShippingConfigsDocumentSchema>['configs'][number];
