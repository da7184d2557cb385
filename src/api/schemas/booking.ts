import type * as z from 'zod/mini';
import { mapped, orNull, recordOf } from './derived.js';
import { looseObject, nullish, optIdString, optNum, optText, scalar } from './primitives.js';
import { trackingNumber } from './tracking.js';

/**
 * Label bookings as the API answers them: `POST /shipping/api/v1/shipments` and
 * `POST /shipments`. Only the fields read are listed, the rest pass through as `unknown`.
 */

/**
 * One booked shipment, as `POST /shipping/api/v1/shipments` lists it under `successful`. A
 * booked shipment was paid for: a field that cannot be read (a charge in an odd shape) becomes
 * null rather than failing the answer, so a bought label is never reported as not bought.
 */
export const BookedShipmentSchema = /* @__PURE__ */ looseObject({
  tracking_number: trackingNumber,
  carrier_id: optIdString,
  service_carrier: optText,
  service_name: optText,
  label_format: optText,
  /** Base64 label (PDF or ZPL). */
  label_content: optText,
  total_charge: /* @__PURE__ */ orNull(
    /* @__PURE__ */ nullish(/* @__PURE__ */ looseObject({ value: optNum, unit: optText })),
  ),
});
export type BookedShipment = z.output<typeof BookedShipmentSchema>;

/**
 * Why a shipment of a booking failed: text or a list of text (numbers read as text). Anything else
 * is null rather than failing the answer, whose other shipments may have been bought.
 */
const bookingErrors = /* @__PURE__ */ scalar('text or a list of text', (errors): string | string[] | null => {
  const isText = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  if (isText(errors)) return String(errors);
  return Array.isArray(errors) && errors.every(isText) ? errors.map(String) : null;
});

/**
 * The booking answer. An entry of `successful` or `failed` that is not a shipment at all (a
 * member of some other kind) is read as null and left out, rather than failing the answer and
 * hiding the labels that were bought.
 */
export const BookingResponseSchema = /* @__PURE__ */ looseObject({
  successful: /* @__PURE__ */ nullish(/* @__PURE__ */ recordOf(/* @__PURE__ */ orNull(BookedShipmentSchema))),
  failed: /* @__PURE__ */ nullish(
    /* @__PURE__ */ recordOf(/* @__PURE__ */ orNull(/* @__PURE__ */ looseObject({ errors: bookingErrors }))),
  ),
});

/**
 * `POST /shipments` answer. `tracking_number` is a string in the spec and an object
 * `{id, tracking_number}` in older responses; either way it is handed out as trimmed text.
 */
export const ShipmentCreatedSchema = /* @__PURE__ */ mapped(
  /* @__PURE__ */ looseObject({
    label: optText,
    tracking_number: trackingNumber,
    commercial_invoice_label: optText,
  }),
  (shipment) => ({
    ...shipment,
    label: shipment.label ?? null,
    tracking_number: shipment.tracking_number ?? null,
    commercial_invoice_label: shipment.commercial_invoice_label ?? null,
  }),
);
export type ShipmentCreated = z.output<typeof ShipmentCreatedSchema>;
