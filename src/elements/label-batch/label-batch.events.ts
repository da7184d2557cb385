import { opsEvent } from '../../shared/events.js';
import type { LabelFacts } from '../../shipping/label-facts.js';

/** One label a batch bought. */
export type BatchLabel = LabelFacts;

/** Why an order of the batch got no label. */
export interface BatchFailure {
  /** The API's messages for this shipment (or for the whole request, when it failed as a whole). */
  errors: string[];
  /** The quote had expired: new rates are needed before it can be bought. */
  quoteExpired: boolean;
  /**
   * The service did not answer clearly: the label may have been bought. Booked again only after the
   * user has checked the order and confirmed.
   */
  mayHaveBought: boolean;
}

export interface LabelsPurchasedDetail {
  /** The labels bought by this "Buy labels", keyed by order id. */
  successful: Record<string, BatchLabel>;
  /** The orders of this "Buy labels" that got no label, keyed by order id. */
  failed: Record<string, BatchFailure>;
}

/** A "Buy labels" has its answers: once per press, with every order it tried. */
export class LabelsPurchasedEvent extends opsEvent<LabelsPurchasedDetail>('labels-purchased') {}

declare global {
  interface HTMLElementEventMap {
    'labels-purchased': LabelsPurchasedEvent;
  }
}
