import * as v from 'valibot';
import { idString } from './primitives.js';

/**
 * The `/api/v2/...` endpoints wrap resources in JSON:API envelopes. The client hands out flat
 * records instead, `{ id, type, ...attributes, relationships }`, with ids kept as strings as
 * JSON:API sends them.
 */

export const ResourceIdentifierSchema = /* @__PURE__ */ v.looseObject({
  id: idString,
  type: /* @__PURE__ */ v.string(),
});

/** A related resource, by id and type. */
export interface ResourceRef {
  id: string;
  type: string;
}

const RelationshipSchema = /* @__PURE__ */ v.looseObject({
  data: /* @__PURE__ */ v.nullish(
    /* @__PURE__ */ v.union([ResourceIdentifierSchema, /* @__PURE__ */ v.array(ResourceIdentifierSchema)]),
  ),
});

export const RelationshipsSchema = /* @__PURE__ */ v.nullish(
  /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.nullish(RelationshipSchema)),
);

export type Relationships = Record<string, ResourceRef | ResourceRef[] | null>;

function toRef(identifier: v.InferOutput<typeof ResourceIdentifierSchema>): ResourceRef {
  return { id: identifier.id, type: identifier.type };
}

/** `{channel: {data: {id, type}}}` → `{channel: {id, type}}`; `{data: null}` → null. */
export function flattenRelationships(
  relationships: v.InferOutput<typeof RelationshipsSchema>,
): Relationships {
  const flat: Relationships = {};
  for (const [name, relationship] of Object.entries(relationships ?? {})) {
    const data = relationship?.data;
    flat[name] = data == null ? null : Array.isArray(data) ? data.map(toRef) : toRef(data);
  }
  return flat;
}

type Attributes = v.LooseObjectSchema<v.ObjectEntries, undefined>;

/** A JSON:API resource envelope whose attributes follow `attributes`, as sent. */
/* @__NO_SIDE_EFFECTS__ */
export function envelopeSchema<A extends Attributes>(attributes: A) {
  return v.looseObject({
    id: idString,
    type: v.string(),
    attributes: v.nullish(attributes),
    relationships: RelationshipsSchema,
  });
}

/**
 * A JSON:API resource whose attributes follow `attributes`, flattened. The resource's own `id`
 * and `type` win over attributes of the same name.
 */
/* @__NO_SIDE_EFFECTS__ */
export function resourceSchema<A extends Attributes>(attributes: A) {
  return v.pipe(
    envelopeSchema(attributes),
    v.transform((resource) => ({
      ...(resource.attributes ?? ({} as v.InferOutput<A>)),
      id: resource.id,
      type: resource.type,
      relationships: flattenRelationships(resource.relationships),
    })),
  );
}

/** Any JSON:API resource, flattened with its attributes untyped (for `included`). */
export const AnyResourceSchema = /* @__PURE__ */ resourceSchema(
  /* @__PURE__ */ /* @__PURE__ */ v.looseObject({}),
);
export type AnyResource = v.InferOutput<typeof AnyResourceSchema>;
