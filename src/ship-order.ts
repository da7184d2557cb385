import { ShipOrder } from './elements/ship-order/ship-order.js';
import { defineElement } from './shared/define.js';
import { provideElement } from './shared/inner-elements.js';

defineElement('ship-order', ShipOrder);
// The elements it is built from, each registered the first time it shows.
provideElement('order-card', () => import('./order-card.js'));
provideElement('allocation-form', () => import('./allocation-form.js'));
provideElement('rate-picker', () => import('./rate-picker.js'));
provideElement('label-downloader', () => import('./label-downloader.js'));
provideElement('product-editor', () => import('./product-editor.js'));
provideElement('pack-check', () => import('./pack-check.js'));

declare global {
  interface HTMLElementTagNameMap {
    'ship-order': ShipOrder;
  }
}

export { ShipOrder };
export type { OrderShippedDetail } from './elements/ship-order/ship-order.events.js';
