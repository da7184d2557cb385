import * as z from 'zod/mini';
import { idString } from './primitives.js';

/**
 * The `/api/v2/...` endpoints wrap resources in JSON:API envelopes. The client hands out flat
 * records instead, `{ id, type, ...attributes, relationships }`, with ids kept as strings as
 * JSON:API sends them.
 */

export const ResourceIdentifierSchema = z.looseObject({ id: idString, type: z.string() });

/** A related resource, by id and type. */
export interface ResourceRef {
  id: string;
  type: string;
}

const RelationshipSchema = z.looseObject({
  data: z.nullish(z.union([ResourceIdentifierSchema, z.array(ResourceIdentifierSchema)])),
});

export const RelationshipsSchema = z.nullish(z.record(z.string(), z.nullish(RelationshipSchema)));

export type Relationships = Record<string, ResourceRef | ResourceRef[] | null>;

function toRef(identifier: z.infer<typeof ResourceIdentifierSchema>): ResourceRef {
  return { id: identifier.id, type: identifier.type };
}

/** `{channel: {data: {id, type}}}` → `{channel: {id, type}}`; `{data: null}` → null. */
export function flattenRelationships(relationships: z.infer<typeof RelationshipsSchema>): Relationships {
  const flat: Relationships = {};
  for (const [name, relationship] of Object.entries(relationships ?? {})) {
    const data = relationship?.data;
    flat[name] = data == null ? null : Array.isArray(data) ? data.map(toRef) : toRef(data);
  }
  return flat;
}

/**
 * A JSON:API resource whose attributes follow `attributes`, flattened. The resource's own `id`
 * and `type` win over attributes of the same name.
 */
export function resourceSchema<A extends z.ZodMiniObject>(attributes: A) {
  return z.pipe(
    z.looseObject({
      id: idString,
      type: z.string(),
      attributes: z.nullish(attributes),
      relationships: RelationshipsSchema,
    }),
    z.transform((resource) => ({
      ...(resource.attributes ?? ({} as z.output<A>)),
      id: resource.id,
      type: resource.type,
      relationships: flattenRelationships(resource.relationships),
    })),
  );
}

/** Any JSON:API resource, flattened with its attributes untyped (for `included`). */
export const AnyResourceSchema = resourceSchema(z.looseObject({}));
export type AnyResource = z.infer<typeof AnyResourceSchema>;
