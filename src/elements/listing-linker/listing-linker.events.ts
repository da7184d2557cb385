import type { Channel } from '../../api/schemas/channel.js';
import type { ChannelSellable } from '../../api/schemas/listing.js';
import { opsEvent } from '../../shared/events.js';

export interface ListingLinkedDetail {
  /** The listing as the API created it, flattened from its JSON:API envelope. */
  listing: ChannelSellable;
}

export class ListingLinkedEvent extends opsEvent<ListingLinkedDetail>('listing-linked') {}

export interface StoreCreatedDetail {
  /** The `custom_integration` store as `POST /channels` answered it; the linker has chosen it. */
  store: Channel;
}

/** "Save store" created a store, which the "Store" select now offers and has chosen. */
export class StoreCreatedEvent extends opsEvent<StoreCreatedDetail>('store-created') {}

declare global {
  interface HTMLElementEventMap {
    'listing-linked': ListingLinkedEvent;
    'store-created': StoreCreatedEvent;
  }
}
