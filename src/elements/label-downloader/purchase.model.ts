/**
 * What a purchase came to for the label downloader, shipment by shipment, from the one reading
 * of a booking answer (`src/shipping/booking.ts`): labels bought, shipments refused, and shipments
 * whose label may have been bought although no answer said so.
 */
import type { OpsError, OpsErrorCode } from '../../api/errors.js';
import type { BookingOutcome } from '../../shipping/booking.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
import type { LabelShown } from '../../shipping/one-label.js';
import { shipmentKey } from '../../shipping/selection.js';
import type { RateSelection } from '../../shipping/selection.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';

/** A label that was bought, with its documents (Base64). */
export interface PurchasedLabel extends BoughtLabel {
  key: string;
  orderId: number | null;
  rateId: string | null;
}

export interface FailedShipment {
  key: string;
  what: string;
  errors: string[];
  quoteExpired: boolean;
}

/**
 * A shipment whose label may have been bought: locked until the user has checked the order.
 * - `answer`: this element's booking was answered without saying whether it was bought;
 * - `elsewhere`: the order shows a label bought on another device, or the API proxy refused the
 *   booking because one is bought or being bought there (409 `already_booked`);
 * - `pending`: a booking of this browser for it is unsettled (another tab's, or one from before a
 *   reload): it may have been bought moments ago.
 */
export interface UnclearShipment {
  key: string;
  what: string;
  orderId: number | null;
  /** The allocation the label was for, when the selection names it. */
  allocationId: string | null;
  cause: 'answer' | 'elsewhere' | 'pending';
  orderNumber: string | null;
  /** The label the order shows, once read: when it was bought and its tracking number. */
  shown?: LabelShown | null;
  /** When the unsettled booking was written down (`pending`). */
  since?: number;
  /** The API proxy's words, for a booking it refused (`elsewhere`). */
  messages?: string[];
  /** Why the answer was unclear, when the request failed as a whole (`network`, `server`, …). */
  code?: OpsErrorCode;
}

/** What the last purchase attempt came to. */
export interface Outcome {
  purchased: PurchasedLabel[];
  failed: FailedShipment[];
  unclear: UnclearShipment[];
  error?: OpsError;
}

/** The purchase's outcome from the booking's readings, one per selection in order. */
export function outcomeOf(selections: readonly RateSelection[], booking: BookingOutcome): Outcome {
  const outcome: Outcome = { purchased: [], failed: [], unclear: [], error: booking.error };
  selections.forEach((selection, index) => {
    const reading = booking.readings[index];
    const key = shipmentKey(selection);
    const carrier = carrierLabel(selection.quote);
    const service = serviceLabel(selection.quote);
    // Services are often named with their carrier already ("Parcelway Standard").
    const what = service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
    if (reading?.outcome === 'bought') {
      outcome.purchased.push({
        ...reading.label,
        key,
        orderId: selection.orderId,
        rateId: selection.quote.rateId,
      });
    } else if (reading?.outcome === 'refused') {
      outcome.failed.push({ key, what, errors: reading.errors, quoteExpired: reading.quoteExpired });
    } else {
      const shipment: UnclearShipment = {
        key,
        what,
        orderId: selection.orderId,
        allocationId: selection.allocationId ?? null,
        orderNumber: selection.request.customer_reference ?? null,
        cause: reading?.outcome === 'held' ? 'elsewhere' : 'answer',
      };
      if (reading?.outcome === 'held') shipment.messages = reading.errors;
      else if (booking.error?.code) shipment.code = booking.error.code;
      outcome.unclear.push(shipment);
    }
  });
  return outcome;
}
