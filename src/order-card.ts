import { OrderCard } from './elements/order-card/order-card.js';
import { defineElement } from './shared/define.js';
import { provideElement } from './shared/inner-elements.js';

defineElement('order-card', OrderCard);
// "Edit product …" opens a <product-editor>, registered on the first press.
provideElement('product-editor', () => import('./product-editor.js'));

declare global {
  interface HTMLElementTagNameMap {
    'order-card': OrderCard;
  }
}

export { OrderCard };
