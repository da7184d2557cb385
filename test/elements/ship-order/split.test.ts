import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpsClient } from '../../../src/api/index.js';
import type { OrderShippedEvent } from '../../../src/elements/ship-order/ship-order.events.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, button, shadow, textOf, waitFor, waitForValue } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, expectFocus } from '../../helpers/shipping.js';
import { inner, press, render } from './helpers.js';

/**
 * ship-order never dead-ends: an item that cannot be allocated says why, with the fix the API
 * allows (stock at a warehouse), and what is allocated can ship before the rest.
 */

const O = SEED_IDS.orders;
const W = SEED_IDS.warehouses;
const LONDON = 'London Fulfilment Centre';

/** Each item "Not allocated yet" lists, with why. */
function unallocated(el: ShipOrder): string[] {
  return $$(el, '[part="unallocated"] > li').map(textOf);
}

/** Presses "Buy label" of ship-order's label panel, once it can be pressed; resolves with `order-shipped`. */
async function buyLabel(el: ShipOrder): Promise<OrderShippedEvent> {
  const buy = await waitForValue(() => {
    const candidate = buyButton($(el, 'label-downloader') as never);
    return candidate && !candidate.disabled ? candidate : null;
  }, 'no Buy label');
  const shipped = oneEvent(el, 'order-shipped') as Promise<OrderShippedEvent>;
  await press(buy);
  return shipped;
}

describe('ship-order: items that cannot be allocated', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { retry: { retries: 0 } }));
  });

  it('names each item not allocated and why; stock added at the warehouse lets the kit be allocated, by keyboard, up to a label', async () => {
    const el = await render(client, O.customsMissing);
    await expect(el).to.be.accessible();
    await waitFor(() => unallocated(el).length === 2, 'the items to allocate are not listed');
    expect(unallocated(el)).to.deep.equal([
      `Linen Apron Natural: 1 to allocate: in stock at ${LONDON}: allocate it below.`,
      'Kitchen Starter Kit: 1 to allocate: not stocked at any warehouse. Adjust its stock at a warehouse below, then allocate it.',
    ]);
    const form = await inner(el, 'allocation-form');
    const fix = await waitForValue(
      () =>
        [...shadow(form).querySelectorAll<HTMLButtonElement>('[part="adjust-stock-button"]')].find(
          (candidate) => textOf(candidate) === `Adjust stock for Kitchen Starter Kit at ${LONDON}`,
        ),
      'no stock fix for the kit at London',
    );
    await press(fix);
    const level = await waitForValue(
      () => shadow(form).querySelector<HTMLInputElement>('[part="stock-level-input"]'),
      'the stock editor did not open',
    );
    await waitFor(() => shadow(form).activeElement === level, 'focus is not in "Stock level"');
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '3' });
    const saved = oneEvent(el, 'stock-updated');
    await sendKeys({ press: 'Enter' });
    await saved;
    const stockPut = (await sandbox.requests()).filter((request) => request.method === 'PUT');
    expect(stockPut.map((request) => request.path)).to.deep.equal([
      `/sellables/${SEED_IDS.kits.kitchenStarter}/warehouses/${W.london}/stock_entry`,
    ]);
    // Allocated in place: the kit's quantity is next, and "Before shipping" says it is in stock now.
    const kitQuantity = shadow(form).querySelector<HTMLInputElement>(
      `#quantity-${SEED_IDS.kits.kitchenStarter}`,
    )!;
    await waitFor(() => shadow(form).activeElement === kitQuantity, 'focus did not go to the kit’s quantity');
    expect(kitQuantity.value).to.equal('1');
    await waitForValue(
      () => unallocated(el)[1]?.startsWith(`Kitchen Starter Kit: 1 to allocate: in stock at ${LONDON}`),
      'the kit’s reason did not follow the stock',
    );
    await press(shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]')!);
    // Everything is allocated: the rates open, with focus on their heading.
    const picker = await inner<HTMLElement>(el, 'rate-picker');
    await waitFor(() => shadow(el).activeElement?.id === 'rates-heading', 'focus did not move to the rates');
    expect($(el, '[part="unallocated"]')).to.equal(null);
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    await inner(el, 'label-downloader');
    expect((await buyLabel(el)).detail.orderId).to.equal(O.customsMissing);
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    await expect(el).to.be.accessible();
  });

  it('after an allocation of part of the order, focus is on what it did, and the way on is next', async () => {
    const el = await render(client, O.customsMissing);
    await expect(el).to.be.accessible();
    const form = await inner(el, 'allocation-form');
    const allocate = await waitForValue(
      () => shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]'),
      'no Allocate',
    );
    await press(allocate);
    const result = await waitForValue(() => $(form, '[part="result"]'), 'no result');
    await waitFor(() => shadow(form).activeElement === result, 'focus is not on what the allocation did');
    expect(textOf(result)).to.match(/^Allocated 1 item at London Fulfilment Centre\..*Still to allocate/);
    // The way on follows the form: "Ship the allocated items", described by what it does.
    const ship = await waitForValue(
      () => $(el, '[part="ship-allocated-button"]'),
      'no "Ship the allocated items"',
    );
    expect(ship.getAttribute('aria-describedby')).to.equal('ship-allocated-hint');
    await expect(el).to.be.accessible();
  });

  it('"Ship the allocated items" buys a label for the allocation alone; the rest stays to allocate, and ships next', async () => {
    const el = await render(client, O.partlyAllocated);
    await expect(el).to.be.accessible();
    await waitFor(() => unallocated(el).length === 1, 'the notebook is not listed');
    expect(unallocated(el)[0]).to.match(
      /^Leather Notebook A5 Tan: 1 to allocate: in stock at Manchester Overflow: allocate it below\.$/,
    );
    const ship = await waitForValue(
      () => $<HTMLButtonElement>(el, '[part="ship-allocated-button"]'),
      'no "Ship the allocated items"',
    );
    expect(textOf(ship)).to.equal('Ship the allocated items');
    await press(ship);
    // The rates of the allocated towels, with what stays behind said above them.
    const picker = await inner<HTMLElement>(el, 'rate-picker');
    await waitFor(() => shadow(el).activeElement?.id === 'rates-heading', 'focus did not move to the rates');
    expect(textOf($(el, '[role="status"]'))).to.equal('Shipping the allocated items. Choose a rate.');
    expect(textOf($(el, '[part="split-note"] p'))).to.match(
      /^Shipping the allocated items only\. Still to allocate: Leather Notebook A5 Tan \(1\)\.$/,
    );
    expect(button(el, 'Allocate the rest first')).to.exist;
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    const quote = (await sandbox.requests()).find(
      (request) => request.method === 'POST' && request.path === '/shipping/api/v1/rates',
    );
    // Only the towels are declared: the notebook is not in this parcel.
    const body = quote?.body as { channel_items: Array<{ quantity: number }>; contents: string };
    expect(body.channel_items.map((item) => item.quantity)).to.deep.equal([4]);
    expect(body.contents).not.to.contain('Notebook');
    await inner(el, 'label-downloader');
    const tracking = (await buyLabel(el)).detail.labels[0]!.trackingNumber!;
    // Not shipped: the notebook is still to allocate, and the label just bought stays at hand.
    await waitFor(() => $(el, 'allocation-form'), 'the allocation did not come back');
    expect(textOf($(el, '[role="status"]'))).to.equal(
      'Label bought for the allocated items. The rest is still to allocate.',
    );
    expect($(el, '[part="done"]')).to.equal(null);
    expect(unallocated(el)).to.have.length(1);
    const label = $(el, 'label-downloader')!;
    expect(button(label, 'Download label')).to.exist;
    // Focus stays with what was just bought (its download and print), not moved up to the allocation.
    await waitFor(() => label.matches(':focus-within'), 'focus left the label just bought');
    expectFocus(label, $(label, '.outcome .notice.success'), 'the label bought');
    await waitForValue(
      () => $(el, '[part="ship-allocated-button"]') === null,
      'the shipped part is offered again',
    );

    // The rest: the notebook at Manchester, then its own label; the order is shipped.
    const form = await inner(el, 'allocation-form');
    const allocate = await waitForValue(
      () => shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]'),
      'no Allocate',
    );
    expect(
      shadow(form).querySelector<HTMLSelectElement>('[part="warehouse-select"]')!.value,
      'the warehouse holding the notebook',
    ).to.equal(String(W.manchester));
    await press(allocate);
    const next = await inner<HTMLElement>(el, 'rate-picker');
    await waitFor(() => $(next, '[part="header"]'), 'the picker did not load');
    // The rates of the rest come with a label panel of their own: the label bought for the towels
    // is offered among the labels already bought, not as the outcome beside these rates.
    const panel = await inner(el, 'label-downloader');
    expect(panel === label, 'a new label panel for the new parcel').to.equal(false);
    await waitFor(
      () => textOf($(panel, '[part="stored"]')).includes(tracking),
      'the first label is not offered',
    );
    expect($(panel, '.outcome .notice.success')).to.equal(null);
    await chooseRate(next as never);
    const secondTracking = (await buyLabel(el)).detail.labels[0]!.trackingNumber!;
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    expect(textOf($(el, '[part="tracking"]')))
      .to.include(tracking)
      .and.include(secondTracking);
    await expect(el).to.be.accessible();
  });
});
