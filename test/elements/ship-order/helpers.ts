/** What the ship-order tests share: the element for an order, its inner elements, and a key pressed. */
import { fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { $, waitFor } from '../../helpers/elements.js';

/** ship-order for the order, once it shows the order's checks, the way to buy, or that it is shipped. */
export async function render(client: OpsClient, orderId: number): Promise<ShipOrder> {
  const el = await fixture<ShipOrder>(html`<ship-order .client=${client} order-id=${orderId}></ship-order>`);
  await waitFor(() => $(el, '[part="check"], [part="ready"], [part="done"]'), 'the order did not show');
  return el;
}

/** The inner element of ship-order that `selector` finds, once it has rendered. */
export async function inner<T extends HTMLElement>(el: ShipOrder, selector: string): Promise<T> {
  await waitFor(() => $(el, selector)?.shadowRoot, `no ${selector}`);
  return $<T>(el, selector)!;
}

/** Focuses `target` and presses `key` on it, as a keyboard user does. */
export async function press(target: HTMLElement, key = 'Enter'): Promise<void> {
  target.focus();
  await sendKeys({ press: key });
}
