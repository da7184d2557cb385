import * as z from 'zod/mini';
import { optText, text } from './primitives.js';

/**
 * A tracking number as the API sends it: text, or an object `{id, tracking_number}` (seen in
 * live booking answers and older shipment answers). Handed out as trimmed text, or null when
 * there is none.
 */
export const trackingNumber = /* @__PURE__ */ z.pipe(
  /* @__PURE__ */ z.nullish(
    /* @__PURE__ */ z.union([text, /* @__PURE__ */ z.looseObject({ tracking_number: optText })]),
  ),
  /* @__PURE__ */ z.transform((value): string | null => {
    const number = typeof value === 'string' ? value : value?.tracking_number;
    return number?.trim() || null;
  }),
);
