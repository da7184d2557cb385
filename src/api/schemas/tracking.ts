import * as z from 'zod/mini';
import { isRecord } from '../error-body.js';
import { parseInto, scalar } from './primitives.js';

/**
 * What a shipment record says, in every spelling the live service uses (DESIGN, "What the real
 * API does beyond the spec"): the tracking number as text, `{id, tracking_number}` or
 * `{value, carrier}`; the carrier as `{id, name}` or text; and the record nested once more
 * (`shipment.shipment.tracking_number`). Consumers see one flat record with text in both.
 */

/** Text or a number as trimmed text; null when missing or blank, `undefined` for anything else. */
function textOf(value: unknown): string | null | undefined {
  if (value == null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).trim() || null;
}

/**
 * A tracking number: text, `{id, tracking_number}` (live booking answers, older shipment
 * records) or `{value, carrier}`. Handed out as trimmed text, or null when there is none. One
 * transform rather than a union of the shapes piped into a conversion.
 */
export const trackingNumber = /* @__PURE__ */ scalar(
  'text or an object with a tracking_number or value',
  (value) => textOf(isRecord(value) ? (value['tracking_number'] ?? value['value']) : value),
);

/**
 * A shipment's carrier, `{id, name}` or text, handed out as its name; null when it has none. A
 * carrier in any other shape is null too, never an invalid answer: a label that was bought is
 * never reported as not bought for the way its carrier is spelled.
 */
export const carrierName = /* @__PURE__ */ scalar(
  'a carrier',
  (value) => textOf(isRecord(value) ? value['name'] : value) ?? null,
);

/**
 * The record flat: the members of a nested `shipment` object (itself flat, however deep the
 * nesting) with the outer members over them (those that are not null), and the tracking number's
 * carrier as the carrier when the record names none.
 */
function flatShipment(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const inner = flatShipment(value['shipment']);
  let flat = value;
  if (isRecord(inner)) {
    flat = { ...inner };
    for (const key in value) {
      // A `__proto__` member would replace the result's prototype.
      if (key !== 'shipment' && key !== '__proto__' && (value[key] != null || !(key in flat)))
        flat[key] = value[key];
    }
  }
  const tracking = flat['tracking_number'];
  return flat['carrier'] == null && isRecord(tracking) && tracking['carrier'] != null
    ? { ...flat, carrier: tracking['carrier'] }
    : flat;
}

/** A shipment record read by `schema` once flat (see `flatShipment`); its issues are handed on. */
/* @__NO_SIDE_EFFECTS__ */
export function shipmentRecord<T extends z.ZodMiniType>(schema: T) {
  return z.transform((value: unknown, payload) =>
    parseInto(schema, flatShipment(value), payload),
  ) as unknown as T;
}
