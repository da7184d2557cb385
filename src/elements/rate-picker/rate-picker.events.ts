import type { Quote, RatesRequest } from '../../api/index.js';
import { OpsEvent } from '../../shared/events.js';

/** A chosen quote with everything needed to book it. */
export interface RateSelectedDetail {
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
  /** False while an option value is out of its allowed range: do not book until it is fixed. */
  optionsValid: boolean;
}

export class RateSelectedEvent extends OpsEvent<RateSelectedDetail> {
  static readonly eventName = 'rate-selected';
  constructor(detail: RateSelectedDetail) {
    super(RateSelectedEvent.eventName, detail);
  }
}

export interface RateClearedDetail {
  orderId: number | null;
}

/**
 * The chosen quote is no longer on offer: the order or request changed, or fresh rates no
 * longer include its service. Whoever acts on `rate-selected` should forget that choice.
 */
export class RateClearedEvent extends OpsEvent<RateClearedDetail> {
  static readonly eventName = 'rate-cleared';
  constructor(detail: RateClearedDetail) {
    super(RateClearedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'rate-selected': RateSelectedEvent;
    'rate-cleared': RateClearedEvent;
  }
}
