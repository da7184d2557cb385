/**
 * What a purchase came to for the label downloader, shipment by shipment, from the one reading
 * of a booking answer (`src/shipping/booking.ts`): labels bought, shipments refused, and shipments
 * whose label may have been bought although no answer said so.
 */
import type { OpsError, OpsErrorCode } from '../../api/errors.js';
import type { BookingOutcome } from '../../shipping/booking.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';
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

/** A shipment whose label may have been bought: locked until the user has checked the order. */
export interface UnclearShipment {
  key: string;
  what: string;
  orderId: number | null;
  /** The allocation the label was for, when the selection names it. */
  allocationId: string | null;
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
      const code = booking.error?.code;
      const shipment = {
        key,
        what,
        orderId: selection.orderId,
        allocationId: selection.allocationId ?? null,
      };
      outcome.unclear.push(code ? { ...shipment, code } : shipment);
    }
  });
  return outcome;
}
