/*
 * A booking answer in one shape: every entry named by the rate it booked, whichever way the
 * answer keyed it. Read by the client after a purchase and by the proxy's spend limits.
 */
import { saysQuoteExpired } from './error-body.js';
import type { BookingShipment } from './inputs.js';
import type { BookedShipment, RawBookedShipment } from './schemas/booking.js';

export interface BookingFailure {
  /** The quote whose booking failed, when the answer or the request says (see `BookingResult`). */
  rateId: string | null;
  errors: string[];
  /** The error says the quote expired: get new rates before booking again. */
  quoteExpired: boolean;
}

/**
 * A booking answer. Both lists are keyed as the answer keys them: by `remote_shipment_id` in the
 * spec, which names the parcel and may be shared by several shipments, so match an entry to its
 * shipment by its rate id (`rate_id` of a booked shipment, `rateId` of a failure, or
 * `bookingOf()`). The rate id is the entry's own when the answer names one, else that of the one
 * shipment of the request whose `rate_id` or `remote_shipment_id` is the entry's key, else, for a
 * request of one shipment answered with one entry, that shipment's; null when none of these says.
 */
export interface BookingResult {
  successful: Record<string, BookedShipment>;
  /** A request with several shipments can partly fail. */
  failed: Record<string, BookingFailure>;
}

/**
 * A booking answer with every entry's rate id (see `BookingResult`); `shipments` is what the
 * request booked.
 */
export function normaliseBooking(
  response: {
    successful?: Record<string, RawBookedShipment | null> | null;
    failed?: Record<string, { rate_id?: string | null; errors?: string[] | string | null } | null> | null;
  },
  shipments: readonly Pick<BookingShipment, 'rate_id' | 'remote_shipment_id'>[] = [],
): BookingResult {
  const entries = Object.keys(response.successful ?? {}).length + Object.keys(response.failed ?? {}).length;
  const rateOf = (key: string, own: string | null | undefined): string | null => {
    const named = shipments.filter(
      (shipment) => shipment.rate_id === key || shipment.remote_shipment_id === key,
    );
    const only =
      named.length === 1 ? named[0] : entries === 1 && shipments.length === 1 ? shipments[0] : null;
    return own || only?.rate_id || null;
  };
  const failed: Record<string, BookingFailure> = {};
  for (const [key, failure] of Object.entries(response.failed ?? {})) {
    if (!failure) continue;
    const errors =
      failure.errors == null ? [] : Array.isArray(failure.errors) ? failure.errors : [failure.errors];
    failed[key] = { rateId: rateOf(key, failure.rate_id), errors, quoteExpired: saysQuoteExpired(errors) };
  }
  const successful: Record<string, BookedShipment> = {};
  for (const [key, shipment] of Object.entries(response.successful ?? {})) {
    if (shipment) successful[key] = { ...shipment, rate_id: rateOf(key, shipment.rate_id) };
  }
  return { successful, failed };
}

/**
 * What a booking answer says of the shipment booked with `rateId`: `{ booked }`, `{ failed }`, or
 * undefined when it says neither (which does not mean the label was not bought).
 */
export function bookingOf(
  result: BookingResult,
  rateId: string,
): { booked: BookedShipment } | { failed: BookingFailure } | undefined {
  const booked = Object.values(result.successful).find((shipment) => shipment.rate_id === rateId);
  if (booked) return { booked };
  const failed = Object.values(result.failed).find((failure) => failure.rateId === rateId);
  return failed ? { failed } : undefined;
}
