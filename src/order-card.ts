import { OrderCard } from './elements/order-card/order-card.js';
import { defineElement } from './shared/define.js';

defineElement('order-card', OrderCard);

declare global {
  interface HTMLElementTagNameMap {
    'order-card': OrderCard;
  }
}

export { OrderCard };
