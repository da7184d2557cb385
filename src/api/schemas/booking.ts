import type * as z from 'zod/mini';
import { mapped, orNull, recordOf } from './derived.js';
import { looseObject, nullish, optIdString, optNum, optText, scalar } from './primitives.js';
import { carrierName, shipmentRecord, textIn, trackingNumber } from './tracking.js';

/**
 * Label bookings as the API answers them: `POST /shipping/api/v1/shipments` and
 * `POST /shipments`. Only the fields read are listed, the rest pass through as `unknown`.
 */

/** A rate id in an entry of a booking answer: text, or null rather than an invalid answer. */
const rateId = /* @__PURE__ */ textIn([]);

/**
 * One booked shipment, as `POST /shipping/api/v1/shipments` lists it under `successful`, flat
 * even when the answer nests it once more (`{shipment: {tracking_number, …}}`). A booked shipment
 * was paid for: a field that cannot be read (a charge in an odd shape) becomes null rather than
 * failing the answer, so a bought label is never reported as not bought.
 */
export const BookedShipmentSchema = /* @__PURE__ */ shipmentRecord(
  /* @__PURE__ */ looseObject({
    /** The quote it was booked with, when the answer says (filled in by `normaliseBooking`). */
    rate_id: rateId,
    /** Text, whether sent as text, `{id, tracking_number}` or `{value, carrier}`. */
    tracking_number: trackingNumber,
    /** The carrier's name, whether sent as `{id, name}` or text (or with the tracking number). */
    carrier: carrierName,
    carrier_id: optIdString,
    service_carrier: optText,
    service_name: optText,
    label_format: optText,
    /** Base64 label (PDF or ZPL). */
    label_content: optText,
    total_charge: /* @__PURE__ */ orNull(
      /* @__PURE__ */ nullish(/* @__PURE__ */ looseObject({ value: optNum, unit: optText })),
    ),
  }),
);
export type RawBookedShipment = z.output<typeof BookedShipmentSchema>;
/** A booked shipment as `bookShipments` hands it out: `rate_id` is always there, null when unknown. */
export type BookedShipment = RawBookedShipment & { rate_id: string | null };

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
 * The booking answer. `successful` and `failed` are read whatever they are keyed by (the spec
 * says `remote_shipment_id`, which several shipments may share). An entry that is not a shipment
 * at all (a member of some other kind) is read as null and left out, rather than failing the
 * answer and hiding the labels that were bought.
 */
export const BookingResponseSchema = /* @__PURE__ */ looseObject({
  successful: /* @__PURE__ */ nullish(/* @__PURE__ */ recordOf(/* @__PURE__ */ orNull(BookedShipmentSchema))),
  failed: /* @__PURE__ */ nullish(
    /* @__PURE__ */ recordOf(
      /* @__PURE__ */ orNull(/* @__PURE__ */ looseObject({ rate_id: rateId, errors: bookingErrors })),
    ),
  ),
});

/**
 * `POST /shipments` answer, flat even when it nests the shipment once more. `tracking_number` is
 * a string in the spec, `{id, tracking_number}` or `{value, carrier}` in some answers; either way
 * it is handed out as trimmed text, and `carrier` as the carrier's name.
 */
export const ShipmentCreatedSchema = /* @__PURE__ */ mapped(
  /* @__PURE__ */ shipmentRecord(
    /* @__PURE__ */ looseObject({
      label: optText,
      tracking_number: trackingNumber,
      carrier: carrierName,
      commercial_invoice_label: optText,
    }),
  ),
  (shipment) => ({
    ...shipment,
    label: shipment.label ?? null,
    tracking_number: shipment.tracking_number ?? null,
    commercial_invoice_label: shipment.commercial_invoice_label ?? null,
  }),
);
export type ShipmentCreated = z.output<typeof ShipmentCreatedSchema>;
