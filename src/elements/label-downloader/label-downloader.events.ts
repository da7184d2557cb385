import { opsEvent } from '../../shared/events.js';
import type { LabelFacts } from '../../shipping/label-facts.js';
import type { RateSelection } from '../../shipping/selection.js';

/** What was bought: tracking number, format, charge, carrier, service. */
export type LabelPurchasedDetail = LabelFacts;

export class LabelPurchasedEvent extends opsEvent<LabelPurchasedDetail>('label-purchased') {}

export interface RatesRequestedDetail {
  /** The selection whose quote expired. */
  selection: RateSelection;
}

/**
 * The quote expired and the user asked for new rates. A followed `rate-picker` refreshes by
 * itself; a host that passes `.selection` gets new rates and sets the new selection.
 */
export class RatesRequestedEvent extends opsEvent<RatesRequestedDetail>('rates-requested') {}

declare global {
  interface HTMLElementEventMap {
    'label-purchased': LabelPurchasedEvent;
    'rates-requested': RatesRequestedEvent;
  }
}
