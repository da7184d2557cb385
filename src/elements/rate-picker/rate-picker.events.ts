import type { RateSelection } from '../../shipping/selection.js';
import { opsEvent } from '../../shared/events.js';

/** A chosen quote with everything needed to book it. */
export type RateSelectedDetail = RateSelection;

export class RateSelectedEvent extends opsEvent<RateSelectedDetail>('rate-selected') {}

export interface RateClearedDetail {
  orderId: number | null;
}

/**
 * The chosen quote is no longer on offer: the order or request changed, or fresh rates no
 * longer include its service. Whoever acts on `rate-selected` should forget that choice.
 */
export class RateClearedEvent extends opsEvent<RateClearedDetail>('rate-cleared') {}

declare global {
  interface HTMLElementEventMap {
    'rate-selected': RateSelectedEvent;
    'rate-cleared': RateClearedEvent;
  }
}
