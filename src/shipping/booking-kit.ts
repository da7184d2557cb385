/**
 * What an element needs to buy labels before "Buy" is pressed: the booking module
 * (`booking.ts`), loaded on the first press, and the kit it runs with. The kit's functions are in
 * the element's file anyway (the client's endpoints, the quote readers), so only the booking's own
 * code waits for the press.
 */
import { bookShipments } from '../api/endpoints/shipping.js';
import { isReadableMessage } from '../api/error-body.js';
import { loadFailure, onDemand } from '../api/load-on-demand.js';
import { bookingOf } from '../api/quotes.js';
import type { BookingKit } from './booking.js';
import { normaliseFormat } from './label-facts.js';

/** What booking runs with, for a booking with quotes (`bookLabels`). */
export const BOOKING_KIT: BookingKit = { bookShipments, bookingOf, isReadableMessage, normaliseFormat };

const load = onDemand('booking', () => import('./booking.js'));

/**
 * The booking module, fetched on the first "Buy" (and again after a failed load, which rejects with
 * a `network` `OpsError`: nothing was sent, so pressing "Buy" again is safe).
 */
export function loadBooking(): ReturnType<typeof load> {
  return load().catch((cause: unknown) => {
    throw loadFailure(cause);
  });
}
