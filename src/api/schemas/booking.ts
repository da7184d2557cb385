import * as v from 'valibot';
import { optIdString, optNum, optText, text } from './primitives.js';

/**
 * Label bookings as the API answers them: `POST /shipping/api/v1/shipments` and
 * `POST /shipments`. Only the fields read are listed, the rest pass through as `unknown`.
 */

/** One booked shipment, as `POST /shipping/api/v1/shipments` lists it under `successful`. */
export const BookedShipmentSchema = /* @__PURE__ */ v.looseObject({
  tracking_number: optText,
  carrier_id: optIdString,
  service_carrier: optText,
  service_name: optText,
  label_format: optText,
  /** Base64 label (PDF or ZPL). */
  label_content: optText,
  total_charge: /* @__PURE__ */ v.nullish(/* @__PURE__ */ v.looseObject({ value: optNum, unit: optText })),
});
export type BookedShipment = v.InferOutput<typeof BookedShipmentSchema>;

export const BookingResponseSchema = /* @__PURE__ */ v.looseObject({
  successful: /* @__PURE__ */ v.nullish(
    /* @__PURE__ */ v.record(/* @__PURE__ */ v.string(), BookedShipmentSchema),
  ),
  failed: /* @__PURE__ */ v.nullish(
    /* @__PURE__ */ v.record(
      /* @__PURE__ */ v.string(),
      /* @__PURE__ */ v.looseObject({
        errors: /* @__PURE__ */ v.nullish(/* @__PURE__ */ v.union([/* @__PURE__ */ v.array(text), text])),
      }),
    ),
  ),
});

/**
 * `POST /shipments` answer. `tracking_number` is a string in the spec and an object
 * `{id, tracking_number}` in older responses; either way it is handed out as trimmed text.
 */
export const ShipmentCreatedSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.looseObject({
    label: optText,
    tracking_number: /* @__PURE__ */ v.nullish(
      /* @__PURE__ */ v.union([text, /* @__PURE__ */ v.looseObject({ tracking_number: optText })]),
    ),
    commercial_invoice_label: optText,
  }),
  /* @__PURE__ */ v.transform((shipment) => {
    const tracking = shipment.tracking_number;
    const trackingText = typeof tracking === 'string' ? tracking : tracking?.tracking_number;
    return {
      ...shipment,
      label: shipment.label ?? null,
      tracking_number: trackingText?.trim() || null,
      commercial_invoice_label: shipment.commercial_invoice_label ?? null,
    };
  }),
);
export type ShipmentCreated = v.InferOutput<typeof ShipmentCreatedSchema>;
