import type * as z from 'zod/mini';
import { mapped, recordOf } from './derived.js';
import { idString, looseObject, nullish, scalar, strictText } from './primitives.js';

/**
 * The `/api/v2/...` endpoints wrap resources in JSON:API envelopes. The client hands out flat
 * records instead, `{ id, type, ...attributes, relationships }`, with ids kept as strings as
 * JSON:API sends them.
 */

export const ResourceIdentifierSchema = /* @__PURE__ */ looseObject({
  id: idString,
  type: strictText,
});

/** A related resource, by id and type. */
export interface ResourceRef {
  id: string;
  type: string;
}

/**
 * A relationship's linkage, `data`: one resource identifier, a list of them, or null; handed out
 * in the same shape as `ResourceRef`s. One transform rather than a union of the two shapes.
 */
const linkage = /* @__PURE__ */ scalar(
  'a resource identifier, a list of them or null',
  (data): ResourceRef | ResourceRef[] | null | undefined => {
    if (data == null) return null;
    const refs: ResourceRef[] = [];
    for (const entry of Array.isArray(data) ? data : [data]) {
      const identifier = ResourceIdentifierSchema.safeParse(entry);
      if (!identifier.success) return undefined;
      refs.push({ id: identifier.data.id, type: identifier.data.type });
    }
    return Array.isArray(data) ? refs : refs[0];
  },
);

const RelationshipSchema = /* @__PURE__ */ looseObject({ data: linkage });

export const RelationshipsSchema = /* @__PURE__ */ nullish(
  /* @__PURE__ */ recordOf(/* @__PURE__ */ nullish(RelationshipSchema)),
);

export type Relationships = Record<string, ResourceRef | ResourceRef[] | null>;

/** `{channel: {data: {id, type}}}` → `{channel: {id, type}}`; `{data: null}` → null. */
export function flattenRelationships(relationships: z.output<typeof RelationshipsSchema>): Relationships {
  const flat: Relationships = {};
  for (const [name, relationship] of Object.entries(relationships ?? {})) {
    const data = relationship?.data;
    flat[name] = data ?? null;
  }
  return flat;
}

/** The attributes schema of a resource: an object schema whose unknown fields pass through. */
type Attributes = z.ZodMiniType<Record<string, unknown>>;

/** A JSON:API resource envelope whose attributes follow `attributes`, as sent. */
/* @__NO_SIDE_EFFECTS__ */
export function envelopeSchema<A extends Attributes>(attributes: A) {
  return looseObject({
    id: idString,
    type: strictText,
    attributes: nullish(attributes),
    relationships: RelationshipsSchema,
  });
}

/**
 * A JSON:API resource whose attributes follow `attributes`, flattened. The resource's own `id`
 * and `type` win over attributes of the same name.
 */
/* @__NO_SIDE_EFFECTS__ */
export function resourceSchema<A extends Attributes>(attributes: A) {
  return mapped(envelopeSchema(attributes), (resource) => ({
    ...(resource.attributes ?? ({} as z.output<A>)),
    id: resource.id,
    type: resource.type,
    relationships: flattenRelationships(resource.relationships),
  }));
}

/** Any JSON:API resource, flattened with its attributes untyped (for `included`). */
export const AnyResourceSchema = /* @__PURE__ */ resourceSchema(/* @__PURE__ */ looseObject({}));
export type AnyResource = z.output<typeof AnyResourceSchema>;
