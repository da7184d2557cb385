import { OrderList } from './elements/order-list/order-list.js';
import { defineElement } from './shared/define.js';

defineElement('order-list', OrderList);

declare global {
  interface HTMLElementTagNameMap {
    'order-list': OrderList;
  }
}

export { OrderList };
