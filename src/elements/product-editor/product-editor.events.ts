import type { Product } from '../../api/index.js';
import { opsEvent } from '../../shared/events.js';

export interface ProductUpdatedDetail {
  /**
   * The product as `PUT /products/{id}` returned it; when only property values or bundle
   * quantities changed, the product as the sellable carries it, with what was saved.
   */
  product: Product;
  /** The sellable (variant or bundle) the editor was opened for. */
  sellableId: number | string;
  /**
   * Whether every change was saved; `false` when a part failed (the editor says which, and keeps
   * what was typed for it), so a host that closes the editor on a save can keep it open instead.
   */
  complete: boolean;
}

/** Some or all of a product's changes were saved. */
export class ProductUpdatedEvent extends opsEvent<ProductUpdatedDetail>('product-updated') {}

declare global {
  interface HTMLElementEventMap {
    'product-updated': ProductUpdatedEvent;
  }
}
