/**
 * A chosen quote with everything needed to book it: what a `rate-picker` hands on in its
 * `rate-selected` event and a `label-downloader` books.
 */
import type { Quote, RatesRequest } from '../api/index.js';

export interface RateSelection {
  quote: Quote;
  /** From the rates response; goes back with the booking. */
  remoteShipmentId: string | null;
  /** From the rates response; goes back with the booking. */
  requestToken: string | null;
  /** Chosen service option values keyed by the option's `key` (numbers for number options). */
  options: Record<string, string | number>;
  /** ISO 8601; the quote cannot be booked after it. */
  expiresAt: string | null;
  /** The rates request the quote answers (addresses, parcel, contents). */
  request: RatesRequest;
  orderId: number | null;
  /**
   * The allocation of the order the quote is for, as text; null or absent when the rates were
   * not for an allocation (an explicit request, or a selection made by the host).
   */
  allocationId?: string | null;
  /** False while an option value is out of its allowed range: do not book until it is fixed. */
  optionsValid: boolean;
}

/**
 * Identifies one parcel to buy a label for: a rates answer names its parcel with
 * `remote_shipment_id` (every quote of one answer may carry the same), so whichever of its quotes
 * is chosen, the parcel gets one label.
 */
export function shipmentKey(
  selection: Pick<RateSelection, 'remoteShipmentId' | 'requestToken' | 'quote'>,
): string {
  return selection.remoteShipmentId ?? selection.requestToken ?? selection.quote.rateId ?? '';
}
