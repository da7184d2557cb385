import * as z from 'zod/mini';

/**
 * Building blocks for lenient response schemas. The live API is loose with types: numbers come
 * as numeric strings (`"15.78"`, `"0.0"`), identifiers as numbers in one payload and strings in
 * another, text fields as numbers (postcodes), booleans as `"true"`. These accept every such
 * spelling and hand the UI one type, so a template never has to guess.
 *
 * Schemas are module-level constants. esbuild and webpack keep every constant of a module they
 * include unless its calls are marked `@__PURE__`: they do not see across modules that zod's
 * functions are free of side effects. So every zod call that builds a module-level schema carries
 * the mark, and a bundle holds only the schemas its endpoints parse with. Schema modules are also
 * cut along the endpoints that use them (an order does not bring in store listings, a booking not
 * the quotes). Our functions that build schemas carry `@__NO_SIDE_EFFECTS__` for the bundlers that
 * follow it across modules (Rollup).
 */

/*
 * zod's jitless mode. Classic zod compiles a fast object parser with `new Function` once it has
 * checked that the page allows it, and a page whose Content-Security-Policy has no 'unsafe-eval'
 * reports even that checked, caught attempt as a violation. The zod/mini schemas here have no
 * compiled path, but the setting makes sure that no version of zod tries one on behalf of this
 * library. zod keeps this setting in one configuration shared by everything that uses the same
 * copy of zod, so it is set only when nobody has chosen yet: a host that set `jitless` itself
 * (either way) keeps its choice. Jitless only costs speed when a host's own classic-zod objects
 * are parsed; results are the same. Every schema module imports this one, so the setting is in
 * place before the first schema is built or used.
 */
if (z.config().jitless === undefined) z.config({ jitless: true });

// Records, conversions and fallbacks, which only some answers need, are in `derived.ts`.

const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A value read from any JSON the API sends in its place: `read` returns it in the one type the UI
 * wants, or `undefined` when the value cannot stand for it at all (then the body does not fit,
 * and the issue says what was expected). One zod transform per field kind, rather than a union of
 * a type and a piped conversion: the same results with less of zod in every bundle. Also for small
 * values that come in more than one shape (a relationship's linkage, an unavailability reason).
 */
/* @__NO_SIDE_EFFECTS__ */
export function scalar<T>(expected: string, read: (value: unknown) => T | undefined) {
  return z.transform((value: unknown, payload): T => {
    const result = read(value);
    if (result === undefined)
      payload.issues.push({ code: 'custom', message: `Expected ${expected}`, input: value });
    return result as T;
  });
}

/**
 * A number, or a numeric string turned into one. Any other string (`""`, `"N/A"`) becomes
 * null: a field the UI cannot use is better shown as missing than failing the whole response.
 */
export const num = /* @__PURE__ */ scalar('a number', (value): number | null | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return NUMERIC.test(trimmed) ? Number(trimmed) : null;
});

/** An optional number in any of the spellings `num` accepts. */
export const optNum = /* @__PURE__ */ nullish(num);

/** Text; a number where text was expected (a postcode, a phone number) becomes its digits. */
export const text = /* @__PURE__ */ scalar('text', (value) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined,
);

/** Text that must arrive as text: names the API defines as strings (a JSON:API `type`, a token). */
export const strictText = /* @__PURE__ */ scalar('text', (value) =>
  typeof value === 'string' ? value : undefined,
);

/** Optional text. */
export const optText = /* @__PURE__ */ nullish(text);

/**
 * A boolean, also from the strings `"true"` and `"false"`; any other string becomes null, as in
 * `num`.
 */
export const bool = /* @__PURE__ */ scalar('a boolean', (value): boolean | null | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  return value === 'true' ? true : value === 'false' ? false : null;
});

/** An optional boolean. */
export const optBool = /* @__PURE__ */ nullish(bool);

/** A REST identifier: the spec says number, samples sometimes carry a string. Kept as sent. */
export const id = /* @__PURE__ */ scalar('an identifier', (value) =>
  typeof value === 'number' || typeof value === 'string' ? value : undefined,
);

/** An optional REST identifier. */
export const optId = /* @__PURE__ */ nullish(id);

/**
 * An identifier that the UI wants as a string whatever the API sent (JSON:API ids, carrier ids):
 * the same rule as `text`.
 */
export const idString = text;

/** An optional identifier handed out as text. */
export const optIdString = optText;

/** A JSON object (not an array, not null): what `looseObject` and `recordOf` read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What `schema` reads from `value`, found at `key` of a body; `undefined` when it does not fit,
 * its issues handed on under `key`, as zod's object and array parsers hand them on.
 */
function readAt(
  schema: z.ZodMiniType,
  value: unknown,
  key: PropertyKey,
  payload: z.core.ParsePayload,
): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    payload.issues.push({ ...issue, path: [key, ...issue.path] } as z.core.$ZodRawIssue);
  }
  return undefined;
}

/** Member `key` of `body` read into `into`; an `undefined` result is kept only for a member the body has. */
export function readMember(
  into: Record<string, unknown>,
  key: string,
  schema: z.ZodMiniType,
  body: Record<string, unknown>,
  payload: z.core.ParsePayload,
): void {
  const issues = payload.issues.length;
  const read = readAt(schema, body[key], key, payload);
  if (payload.issues.length === issues && (read !== undefined || key in body)) into[key] = read;
}

/** zod's own issue for a value that is not of the `expected` type (`object`, `array`). */
export function notA(expected: string, value: unknown, payload: z.core.ParsePayload): undefined {
  payload.issues.push({ code: 'invalid_type', expected, input: value } as z.core.$ZodRawIssue);
  return undefined;
}

/** Any value, as it came: zod's `unknown`, on a transform. */
export const anything = /* @__PURE__ */ z.transform((value: unknown) => value) as unknown as z.ZodMiniUnknown;

/**
 * An array whose items are each read by `item`: zod's `array`, the same results and issues (an
 * item's issues under its index), on a transform, without zod's array parser in every bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function arrayOf<T extends z.ZodMiniType>(item: T) {
  return z.transform((value: unknown, payload) =>
    Array.isArray(value)
      ? value.map((entry, index) => readAt(item, entry, index, payload))
      : notA('array', value, payload),
  ) as unknown as z.ZodMiniArray<T>;
}

/**
 * An object with the members of `shape`, each read by its schema, and every other member kept as
 * it came: zod's `looseObject`, the same results and issues (a member's issues under its key), on a
 * transform. zod's object parser is some 4 KB (1.2 KB gzip) of every bundle that parses one.
 */
/* @__NO_SIDE_EFFECTS__ */
export function looseObject<T extends Record<string, z.ZodMiniType>>(shape: T) {
  const keys = Object.keys(shape);
  return z.transform((value: unknown, payload) => {
    if (!isObject(value)) return notA('object', value, payload);
    const object: Record<string, unknown> = {};
    for (const key of keys) readMember(object, key, shape[key] as z.ZodMiniType, value, payload);
    for (const key in value) {
      // A `__proto__` member would replace the result's prototype, as zod also knows.
      if (!Object.hasOwn(shape, key) && key !== '__proto__') object[key] = value[key];
    }
    return object;
  }) as unknown as z.ZodMiniObject<T, z.core.$loose>;
}

/** An array of anything; for fields the spec names without describing their items. */
export const unknownArray = /* @__PURE__ */ nullish(/* @__PURE__ */ arrayOf(anything));

/** An array of the given items, or null/missing. */
/* @__NO_SIDE_EFFECTS__ */
export function optArray<T extends z.ZodMiniType>(item: T) {
  return nullish(arrayOf(item));
}

/**
 * Reads `value` with `schema` inside a transform: what it read, or undefined once its issues are
 * the transform's (their paths continue from there, so the error still says where).
 */
export function parseInto<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  payload: z.core.ParsePayload,
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  payload.issues.push(...(result.error.issues as z.core.$ZodRawIssue[]));
  return undefined;
}

/**
 * `schema`, or null or nothing where the API sent null or left the field out. What zod's
 * `nullish` does, and typed as it, without zod's optional and nullable schemas in every bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullish<T extends z.ZodMiniType>(schema: T) {
  return z.transform((value: unknown, payload) =>
    value == null ? value : parseInto(schema, value, payload),
  ) as unknown as z.ZodMiniOptional<z.ZodMiniNullable<T>>;
}
