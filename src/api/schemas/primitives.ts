import * as v from 'valibot';

/**
 * Building blocks for lenient response schemas. The live API is loose with types: numbers come
 * as numeric strings (`"15.78"`, `"0.0"`), identifiers as numbers in one payload and strings in
 * another, text fields as numbers (postcodes), booleans as `"true"`. These accept every such
 * spelling and hand the UI one type, so a template never has to guess.
 *
 * Schemas are module-level constants. esbuild and webpack keep every constant of a module they
 * include unless its calls are marked `@__PURE__`: they do not see across modules that valibot's
 * functions are free of side effects. So every valibot call that builds a schema here carries the
 * mark, and a bundle holds only the schemas its endpoints parse with. Schema modules are also cut
 * along the endpoints that use them (an order does not bring in store listings, a booking not the
 * quotes). Our functions that build schemas carry `@__NO_SIDE_EFFECTS__` for the bundlers that
 * follow it across modules (Rollup).
 */

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A number, or a numeric string turned into one. Any other string (`""`, `"N/A"`) becomes
 * null: a field the UI cannot use is better shown as missing than failing the whole response.
 */
export const num = /* @__PURE__ */ v.union([
  /* @__PURE__ */ v.number(),
  /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.string(),
    /* @__PURE__ */ v.transform((text): number | null => {
      const trimmed = text.trim();
      return NUMERIC.test(trimmed) ? Number(trimmed) : null;
    }),
  ),
]);

/** An optional number in any of the spellings `num` accepts. */
export const optNum = /* @__PURE__ */ v.nullish(num);

/** Text; a number where text was expected (a postcode, a phone number) becomes its digits. */
export const text = /* @__PURE__ */ v.union([
  /* @__PURE__ */ v.string(),
  /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.number(),
    /* @__PURE__ */ v.transform((value) => String(value)),
  ),
]);

/** Optional text. */
export const optText = /* @__PURE__ */ v.nullish(text);

/** A boolean, also from the strings `"true"` and `"false"`. */
export const bool = /* @__PURE__ */ v.union([
  /* @__PURE__ */ v.boolean(),
  /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ v.picklist(['true', 'false']),
    /* @__PURE__ */ v.transform((value) => value === 'true'),
  ),
]);

/** An optional boolean. */
export const optBool = /* @__PURE__ */ v.nullish(bool);

/** A REST identifier: the spec says number, samples sometimes carry a string. Kept as sent. */
export const id = /* @__PURE__ */ v.union([/* @__PURE__ */ v.number(), /* @__PURE__ */ v.string()]);

/** An optional REST identifier. */
export const optId = /* @__PURE__ */ v.nullish(id);

/**
 * An identifier that the UI wants as a string whatever the API sent (JSON:API ids, carrier ids):
 * the same rule as `text`.
 */
export const idString = text;

/** An optional identifier handed out as text. */
export const optIdString = optText;

/** An array of anything; for fields the spec names without describing their items. */
export const unknownArray = /* @__PURE__ */ v.nullish(/* @__PURE__ */ v.array(/* @__PURE__ */ v.unknown()));

/** An array of the given items, or null/missing. */
/* @__NO_SIDE_EFFECTS__ */
export function optArray<T extends v.GenericSchema>(item: T) {
  return v.nullish(v.array(item));
}
