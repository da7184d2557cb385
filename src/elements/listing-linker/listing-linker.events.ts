import type { ChannelSellable } from '../../api/schemas/listing.js';
import { OpsEvent } from '../../shared/events.js';

export interface ListingLinkedDetail {
  /** The listing as the API created it, flattened from its JSON:API envelope. */
  listing: ChannelSellable;
}

export class ListingLinkedEvent extends OpsEvent<ListingLinkedDetail> {
  static readonly eventName = 'listing-linked';
  constructor(detail: ListingLinkedDetail) {
    super(ListingLinkedEvent.eventName, detail);
  }
}

declare global {
  interface HTMLElementEventMap {
    'listing-linked': ListingLinkedEvent;
  }
}
