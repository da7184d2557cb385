import { isRecord } from '../error-body.js';
import { scalar } from './primitives.js';

/**
 * A tracking number as the API sends it: text, or an object `{id, tracking_number}` (seen in
 * live booking answers and older shipment answers). Handed out as trimmed text, or null when
 * there is none. One transform rather than a union of the two shapes piped into a conversion.
 */
export const trackingNumber = /* @__PURE__ */ scalar(
  'text or an object with a tracking_number',
  (value): string | null | undefined => {
    const number: unknown = isRecord(value) ? value['tracking_number'] : value;
    if (number == null) return null;
    if (typeof number !== 'string' && typeof number !== 'number') return undefined;
    return String(number).trim() || null;
  },
);
