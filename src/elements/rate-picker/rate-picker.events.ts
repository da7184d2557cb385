import type { RateSelection } from '../../shipping/selection.js';
import { OpsEvent } from '../../shared/events.js';

/** A chosen quote with everything needed to book it. */
export type RateSelectedDetail = RateSelection;

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
