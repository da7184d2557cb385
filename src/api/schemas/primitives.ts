import * as z from 'zod/mini';

/**
 * Building blocks for lenient response schemas. The live API is loose with types: numbers come
 * as numeric strings (`"15.78"`, `"0.0"`), identifiers as numbers in one payload and strings in
 * another, text fields as numbers (postcodes), booleans as `"true"`. These accept every such
 * spelling and hand the UI one type, so a template never has to guess.
 */

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A number, or a numeric string turned into one. Any other string (`""`, `"N/A"`) becomes
 * null: a field the UI cannot use is better shown as missing than failing the whole response.
 */
export const num = z.union([
  z.number(),
  z.pipe(
    z.string(),
    z.transform((text): number | null => {
      const trimmed = text.trim();
      return NUMERIC.test(trimmed) ? Number(trimmed) : null;
    }),
  ),
]);

/** An optional number in any of the spellings `num` accepts. */
export const optNum = z.nullish(num);

/** Text; a number where text was expected (a postcode, a phone number) becomes its digits. */
export const text = z.union([
  z.string(),
  z.pipe(
    z.number(),
    z.transform((value) => String(value)),
  ),
]);

/** Optional text. */
export const optText = z.nullish(text);

/** A boolean, also from the strings `"true"` and `"false"`. */
export const bool = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
]);

/** An optional boolean. */
export const optBool = z.nullish(bool);

/** A REST identifier: the spec says number, samples sometimes carry a string. Kept as sent. */
export const id = z.union([z.number(), z.string()]);

/** An optional REST identifier. */
export const optId = z.nullish(id);

/** An identifier that the UI wants as a string whatever the API sent (JSON:API ids, carrier ids). */
export const idString = z.union([
  z.string(),
  z.pipe(
    z.number(),
    z.transform((value) => String(value)),
  ),
]);

/** An array of anything; for fields the spec names without describing their items. */
export const unknownArray = z.nullish(z.array(z.unknown()));

/** An array of the given items, or null/missing. */
export function optArray<T extends z.ZodMiniType>(item: T) {
  return z.nullish(z.array(item));
}
