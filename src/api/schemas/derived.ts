import * as z from 'zod/mini';
import { isObject, notA, parseInto, readMember } from './primitives.js';

/**
 * Schemas made of others for the answers that need them (bookings, JSON:API documents): a
 * record, a conversion, a fallback. Built on zod's transform, like those of `primitives.ts`.
 */

/**
 * An object whose members all follow `value`, keyed by any text: a record, read the way
 * `looseObject` reads its members. zod's own record schema would do the same with some 2 KB of
 * its own in every bundle that parses one.
 */
/* @__NO_SIDE_EFFECTS__ */
export function recordOf<T extends z.ZodMiniType>(value: T) {
  return z.transform((body: unknown, payload) => {
    if (!isObject(body)) return notA('object', body, payload);
    const record: Record<string, z.output<T>> = {};
    for (const key in body) if (key !== '__proto__') readMember(record, key, value, body, payload);
    return record;
  });
}

/**
 * The value `schema` reads, or null where the value does not fit it: for a field whose loss must
 * not fail the whole answer. zod's `catch` does the same but brings some 10 KB of zod's utilities
 * (3 KB gzip) into every bundle that uses it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function orNull<T extends z.ZodMiniType>(schema: T) {
  return z.transform((value: unknown): z.output<T> | null => {
    const result = schema.safeParse(value);
    return result.success ? result.data : null;
  });
}

/**
 * `schema`, then `convert` on what it read: what `z.pipe` into `z.transform` does, without zod's
 * pipe schema in every bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function mapped<T extends z.ZodMiniType, U>(schema: T, convert: (value: z.output<T>) => U) {
  return z.transform((value: unknown, payload): U => {
    const read = parseInto(schema, value, payload);
    return (payload.issues.length > 0 ? undefined : convert(read as z.output<T>)) as U;
  });
}
