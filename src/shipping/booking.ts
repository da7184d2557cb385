/**
 * Buying labels, and the one reading of what a booking answer says. Loaded with `import()` when
 * "Buy" is pressed (`label-facts.ts` has the names an element needs before), with the booking
 * endpoints and the readers of their answers, which nothing else on the page needs. Every element
 * that buys labels books through here, so none of them can take an unclear answer for "not bought":
 *
 * - a shipment listed under `successful` is bought;
 * - one listed under `failed` is not, with the API's reasons;
 * - anything else after the request was sent (the shipment missing from both lists, a timeout, a
 *   network error, a 5xx, an unreadable body) means the label **may have been bought**: the
 *   element locks the shipment, tells the user to check the order, reads the order again, and
 *   books it again only after an explicit second confirmation.
 */
import type { ClientCore } from '../api/core.js';
import { bookShipments, createShipment } from '../api/endpoints/booking.js';
import { isReadableMessage } from '../api/error-body.js';
import type { OpsError } from '../api/errors.js';
import type { BookedShipment, BookingResult, BookingShipment } from '../api/index.js';
import { bookingOf } from '../api/booking-answer.js';
import { normaliseFormat } from './label-facts.js';
import type { BookingReading, BoughtLabel, LabelFormat, ShipmentToBook } from './label-facts.js';
import type { RateSelection } from './selection.js';
import { shipmentInputFrom } from './shipment-input.js';

/** Errors after which the service may have bought a label although no answer said so. */
const UNCLEAR_CODES: ReadonlySet<string> = new Set([
  'server',
  'network',
  'timeout',
  'invalid_response',
  'unknown',
]);

/** A string with text in it, else null. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The label of a booked shipment: the API's facts first, the chosen quote's where it leaves them out. */
function boughtLabel(booked: BookedShipment, shipment: ShipmentToBook, requested: LabelFormat): BoughtLabel {
  const quote = shipment.quote;
  return {
    trackingNumber: textOrNull(booked.tracking_number),
    carrier:
      textOrNull(booked.service_carrier) ??
      textOrNull(booked.carrier_id) ??
      textOrNull(booked.carrier) ??
      quote.carrierName,
    service: textOrNull(booked.service_name) ?? quote.serviceName,
    charges: {
      value: booked.total_charge?.value ?? quote.totalCharge,
      unit: booked.total_charge?.unit ?? quote.currency,
    },
    format: normaliseFormat(booked.label_format ?? requested),
    remoteShipmentId: shipment.remoteShipmentId,
    label: textOrNull(booked.label_content),
    // The sandbox (and some accounts) send the customs invoice with the booked shipment.
    invoice: textOrNull((booked as Record<string, unknown>)['commercial_invoice_content']),
  };
}

/** The one reading of a booking answer, shipment by shipment (see the module's comment). */
export function readBookingAnswer(
  answer: BookingResult,
  shipments: readonly ShipmentToBook[],
  format: LabelFormat,
): BookingReading[] {
  return shipments.map((shipment): BookingReading => {
    // `bookShipments` named each entry's rate (normaliseBooking): one reading, by rate id alone.
    const said = shipment.quote.rateId ? bookingOf(answer, shipment.quote.rateId) : undefined;
    if (!said) return { outcome: 'unclear', errors: [] };
    if ('booked' in said) return { outcome: 'bought', label: boughtLabel(said.booked, shipment, format) };
    return { outcome: 'refused', errors: said.failed.errors, quoteExpired: said.failed.quoteExpired };
  });
}

/** What a booking request that failed as a whole came to, for each of its shipments. */
export function readBookingFailure(error: OpsError): BookingReading {
  // The API's own words where they read as words ("Infinity" does not), else the client's.
  const readable = error.fromApi ? error.messages.filter(isReadableMessage) : [];
  const errors = readable.length ? readable : [error.message];
  if (UNCLEAR_CODES.has(error.code)) return { outcome: 'unclear', errors };
  // The API proxy's 409 `already_booked`: the order is booked through another device (see one-label.ts).
  if (error.code === 'conflict' && error.status === 409) return { outcome: 'held', errors };
  return { outcome: 'refused', errors, quoteExpired: error.code === 'quote_expired' };
}

/** Only option keys the quote offers, and select values from its list, go into a booking. */
function bookingOptions(shipment: ShipmentToBook): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  for (const option of shipment.quote.serviceOptions) {
    const value = shipment.options?.[option.key];
    if (value === undefined || value === '') continue;
    if (option.type === 'select' && !option.values.some((choice) => choice.value === value)) continue;
    if (option.type === 'number') {
      const amount = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(amount)) options[option.key] = amount;
      continue;
    }
    options[option.key] = value;
  }
  return options;
}

/** What one booking request came to: a reading per shipment, and the error when it failed as a whole. */
export interface BookingOutcome {
  readings: BookingReading[];
  error?: OpsError;
}

/**
 * Books `shipments` in one `POST /shipping/api/v1/shipments`, sent once and never retried. No abort
 * signal: once sent, a booking is seen through to its answer, or a bought label could go unreported.
 * `report` turns a failure into an `OpsError` (and tells the page).
 */
export async function bookLabels(
  api: ClientCore,
  shipments: readonly ShipmentToBook[],
  format: LabelFormat,
  report: (error: unknown) => OpsError,
  requestToken: string | null = null,
  secondLabel: string | null = null,
): Promise<BookingOutcome> {
  const body = shipments.map((shipment): BookingShipment => {
    const entry: BookingShipment = {
      ...bookingOptions(shipment),
      rate_id: shipment.quote.rateId ?? '',
      label_format: format,
    };
    if (shipment.remoteShipmentId) entry.remote_shipment_id = shipment.remoteShipmentId;
    return entry;
  });
  try {
    const answer = await bookShipments(api, {
      labelFormat: format,
      requestToken,
      shipments: body,
      secondLabel,
    });
    return { readings: readBookingAnswer(answer, shipments, format) };
  } catch (failure) {
    const error = report(failure);
    return { readings: shipments.map(() => readBookingFailure(error)), error };
  }
}

/** Buys the label through `POST /shipments` with a service code instead of a quote. */
export async function buyByServiceCode(
  api: ClientCore,
  selection: RateSelection,
  serviceCode: string,
  report: (error: unknown) => OpsError,
  secondLabel: string | null = null,
): Promise<BookingOutcome> {
  try {
    const created = await createShipment(api, shipmentInputFrom(selection.request, serviceCode), {
      secondLabel,
    });
    const quote = selection.quote.serviceId === serviceCode ? selection.quote : undefined;
    const label: BoughtLabel = {
      trackingNumber: textOrNull(created.tracking_number),
      carrier: textOrNull(created.carrier) ?? quote?.carrierName ?? null,
      service: quote?.serviceName ?? serviceCode,
      charges: { value: null, unit: null },
      format: 'PDF',
      remoteShipmentId: selection.remoteShipmentId,
      label: created.label,
      invoice: created.commercial_invoice_label,
    };
    // A 200 without a label document is still a bought label: it was paid for.
    return { readings: [{ outcome: 'bought', label }] };
  } catch (failure) {
    const error = report(failure);
    return { readings: [readBookingFailure(error)], error };
  }
}
