/**
 * Identifiers on the way out. The API sometimes sends ids as numeric strings (`"id": "3102"`),
 * and the schemas keep them as sent; request bodies must still carry numbers where the spec
 * says number (`warehouse_id`, `sellable_id`, `channel_id`, …). Lenient on the way in,
 * canonical on the way out.
 */

const DIGITS = /^\d{1,15}$/;

/**
 * The id as a number when it is one, in either spelling (`3102` or `"3102"`); anything else
 * (a token id, a typo) is sent as given, for the API to judge.
 */
export function numericId<T extends number | string>(value: T): number | T {
  if (typeof value === 'string' && DIGITS.test(value.trim())) return Number(value.trim());
  return value;
}

/** `numericId` for an optional field: undefined stays undefined, so it is left out of the body. */
export function optionalNumericId<T extends number | string>(value: T | undefined): number | T | undefined {
  return value === undefined ? undefined : numericId(value);
}
