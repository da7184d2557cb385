import { ListingLinker } from './elements/listing-linker/listing-linker.js';
import { defineElement } from './shared/define.js';

defineElement('listing-linker', ListingLinker);

declare global {
  interface HTMLElementTagNameMap {
    'listing-linker': ListingLinker;
  }
}

export { ListingLinker };
