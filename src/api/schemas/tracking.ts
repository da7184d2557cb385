import * as z from 'zod/mini';
import { isRecord } from '../error-body.js';
import { parseInto, scalar } from './primitives.js';

/**
 * What a shipment record says, in every spelling the live service uses (DESIGN, "What the real
 * API does beyond the spec"): the tracking number as text, `{id, tracking_number}` or
 * `{value, carrier}`; the carrier as `{id, name}` or text; and the record nested once more
 * (`shipment.shipment.tracking_number`). Consumers see one flat record with text in both.
 */

/**
 * Text read from `value`, or from the first of `keys` that an object `value` has: trimmed text
 * (a number as its digits), else null. Never an invalid answer: a label that was bought is never
 * reported as not bought for the way a member of its shipment is spelled.
 */
/* @__NO_SIDE_EFFECTS__ */
export function textIn(keys: readonly string[]) {
  return scalar('text', (value): string | null => {
    const found = isRecord(value) ? keys.map((key) => value[key]).find((member) => member != null) : value;
    return typeof found === 'string' || typeof found === 'number' ? String(found).trim() || null : null;
  });
}

/** A tracking number: text, `{id, tracking_number}` or `{value, carrier}`; text or null. */
export const trackingNumber = /* @__PURE__ */ textIn(['tracking_number', 'value']);

/** A shipment's carrier, `{id, name}` or text: its name, or null. */
export const carrierName = /* @__PURE__ */ textIn(['name']);

/**
 * The record flat: the members of a nested `shipment` object (itself flat, however deep the
 * nesting) with the outer members that are not null over them, and the tracking number's carrier
 * as the carrier when the record names none.
 */
function flatShipment(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const inner = flatShipment(value['shipment']);
  // Own members only, `__proto__` included as one: spreading never sets a prototype.
  const flat = isRecord(inner)
    ? {
        ...inner,
        ...Object.fromEntries(
          Object.entries(value).filter(([key, member]) => member != null && key !== 'shipment'),
        ),
      }
    : value;
  const tracking = flat['tracking_number'];
  return flat['carrier'] == null && isRecord(tracking) ? { ...flat, carrier: tracking['carrier'] } : flat;
}

/** A shipment record read by `schema` once flat (see `flatShipment`); its issues are handed on. */
/* @__NO_SIDE_EFFECTS__ */
export function shipmentRecord<T extends z.ZodMiniType>(schema: T) {
  return z.transform((value: unknown, payload) =>
    parseInto(schema, flatShipment(value), payload),
  ) as unknown as T;
}
