import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import type { OrderShippedEvent } from '../../../src/elements/ship-order/ship-order.events.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import type { OpsElement } from '../../../src/shared/ops-element.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, button, labelled, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, expectFocus, rateRows } from '../../helpers/shipping.js';
import { inner } from './helpers.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;

async function render(client: OpsClient, orderId: number): Promise<ShipOrder> {
  const el = await fixture<ShipOrder>(html`<ship-order .client=${client} order-id=${orderId}></ship-order>`);
  await expect(el).to.be.accessible();
  await waitFor(() => $(el, '[part="check"], [part="ready"], [part="done"]'), 'the order did not show');
  return el;
}

/** The texts of the checks listed under "Before shipping". */
function checks(el: ShipOrder): string[] {
  return $$(el, '[part="check"] > span:first-child').map(textOf);
}

/** The order reads the API served, and the ones the client sent. */
async function orderReads(sandbox: TestSandbox, sent: RecordingFetch, orderId: number): Promise<number[]> {
  const served = (await sandbox.requests()).filter(
    (entry) => entry.method === 'GET' && entry.path === `/orders/${orderId}`,
  ).length;
  return [served, callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${orderId}`).length];
}

describe('ship-order', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox, { retry: { retries: 0 } }));
  });

  it('lists what would block the label of an international order: weight, customs, phone, allocation', async () => {
    const el = await render(client, O.customsMissing);
    const region = $(el, '[role="region"]')!;
    expect(textOf(shadow(el).getElementById(region.getAttribute('aria-labelledby')!))).to.equal(
      'Before shipping',
    );
    const listed = checks(el);
    expect(listed).to.include('No weight for Linen Apron Natural');
    expect(listed).to.include('No customs details for Linen Apron Natural');
    expect(listed).to.include('No phone for the customer');
    expect(listed[listed.length - 1]).to.equal('Not allocated yet');
    expect(button(el, 'Add customs details for Linen Apron Natural')).to.exist;
    expect(button(el, 'Add phone')).to.exist;
    // The order itself is shown above, and the allocation step below while nothing is allocated.
    const card = await inner(el, 'order-card');
    await waitFor(() => textOf(shadow(card)).includes(SEED_ORDER_NUMBERS.customsMissing), 'no order card');
    // Its code loads when the step first shows.
    await inner(el, 'allocation-form');
    expect($(el, 'rate-picker')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('"Add weight" opens the product editor in place; a saved weight removes the check without reading the order again', async () => {
    const el = await render(client, O.customsMissing);
    const add = button(el, 'Add weight for Linen Apron Natural');
    add.click();
    const editor = await inner<HTMLElement>(el, 'product-editor');
    expect(add.getAttribute('aria-expanded')).to.equal('true');
    expect(editor.getAttribute('sellable-id')).to.equal(String(S.apronNatural));
    await waitFor(() => shadow(editor).querySelector('form'), 'the editor did not load');
    // Focus is in the field the fix is for.
    await waitFor(
      () => shadow(editor).activeElement === labelled(editor, 'Weight'),
      'focus did not go to "Weight"',
    );
    await expect(el).to.be.accessible();
    const reads = await orderReads(sandbox, sent, O.customsMissing);
    expect(reads[0], 'the order was read').to.be.greaterThan(0);
    typeInto(labelled(editor, 'Weight'), '350');
    const updated = oneEvent(el, 'product-updated');
    button(editor, 'Save product').click();
    await updated;
    await waitFor(() => !checks(el).includes('No weight for Linen Apron Natural'), 'the check stayed');
    expect($(el, 'product-editor'), 'the editor closed').to.equal(null);

    // Focus goes to the next check's fix.
    await el.updateComplete;
    expectFocus(el, $(el, '[part="fix-button"]'), 'the next fix');
    expect(textOf(shadow(el).activeElement)).to.match(/^Add /);
    expect(await orderReads(sandbox, sent, O.customsMissing), 'no new GET /orders/{id}').to.deep.equal(reads);
  });

  it('keeps the product editor open, saying what failed, when its save succeeds only in part', async () => {
    const el = await render(client, O.customsMissing);
    button(el, 'Add customs details for Linen Apron Natural').click();
    const editor = await inner(el, 'product-editor');
    await waitFor(() => $(editor, 'form'), 'the product editor did not load');
    // The apron lacks both: focus is in the first the fix is for.
    await waitFor(
      () => shadow(editor).activeElement === labelled(editor, 'Country of origin'),
      'focus did not go to "Country of origin"',
    );
    await sandbox.fault({
      method: 'PUT',
      path: `/products/${SEED_IDS.products.apron}/product_property_specifics/`,
      status: 503,
      body: { error_messages: ['Properties are being reindexed'] },
    });
    typeInto(labelled(editor, 'Country of origin'), 'PT');
    typeInto(labelled(editor, 'Tariff number'), '6211.43');
    typeInto(labelled(editor, 'Material'), 'Hemp');
    const updated = oneEvent(el, 'product-updated');
    button(editor, 'Save product').click();
    expect((await updated).detail.complete).to.equal(false);
    await waitFor(
      () => textOf($(editor, '[role="alert"]')).includes('Properties are being reindexed'),
      'the failure was not shown',
    );
    // (Booleans, not elements: a failed comparison of elements cannot be reported by the runner.)
    expect($(el, 'product-editor') === editor, 'the same editor stays open').to.equal(true);
    expect(labelled<HTMLInputElement>(editor, 'Material').value).to.equal('Hemp');
    await expect(el).to.be.accessible();

    // The customs details were saved: closing the editor lists the checks again without that one.
    button(el, 'Close').click();
    await waitFor(() => $(el, 'product-editor') === null, 'the editor stayed open');
    expect(checks(el)).not.to.include('No customs details for Linen Apron Natural');
    await waitFor(
      () => textOf(shadow(el).activeElement).startsWith('Add '),
      'focus did not go to the next fix',
    );
  });

  it('"Close" closes the editor and gives focus back to its button', async () => {
    const el = await render(client, O.customsMissing);
    button(el, 'Add customs details for Linen Apron Natural').click();
    await inner(el, 'product-editor');
    button(el, 'Close').click();
    await el.updateComplete;
    await el.updateComplete;
    expect($(el, 'product-editor')).to.equal(null);
    expectFocus(el, button(el, 'Add customs details for Linen Apron Natural'), 'the fix button');
  });

  it('"Add phone" opens the customer editor of the order card, with focus in "Phone"', async () => {
    const el = await render(client, O.customsMissing);
    const card = await inner(el, 'order-card');
    await waitFor(() => shadow(card).querySelector('.parties'), 'no customer section');
    button(el, 'Add phone').click();
    // The card's customer editor opens (its code loads on demand) with focus in the field it fixes.
    await waitFor(
      () => shadow(el).activeElement === card && shadow(card).activeElement?.id === 'customer-phone',
      'focus did not reach "Phone" in the customer editor',
    );
    expect(labelled(card, 'Phone') === shadow(card).activeElement, 'the field labelled "Phone"').to.equal(
      true,
    );
    await expect(el).to.be.accessible();
  });

  it('"Add phone" opens the card’s customer editor where the card has one', async () => {
    const el = await render(client, O.customsMissing);
    const card = await inner<HTMLElement & { editCustomer?: (field?: string) => Promise<void> }>(
      el,
      'order-card',
    );
    const opened: Array<string | undefined> = [];
    card.editCustomer = async (field) => {
      opened.push(field);
    };
    button(el, 'Add phone').click();
    expect(opened).to.deep.equal(['phone']);
  });

  it('allocates through the embedded form, then quotes say "On time" or "Late", one label is bought and order-shipped fires once', async () => {
    const el = await render(client, O.unallocated);
    expect(checks(el)).to.deep.equal(['Not allocated yet']);
    const form = await inner(el, 'allocation-form');
    await waitFor(() => shadow(form).querySelector('[part="allocate-button"]'), 'no Allocate');
    shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]')!.click();
    const picker = await inner<HTMLElement & { shadowRoot: ShadowRoot }>(el, 'rate-picker');
    // The rates step opens: its heading has focus and the progress is announced.
    await waitFor(() => shadow(el).activeElement?.id === 'rates-heading', 'focus did not move to the rates');
    expect(textOf($(el, '[role="status"]'))).to.equal('Allocated. Choose a rate.');
    expect($(el, '[part="ready"]'), 'ready to ship').to.exist;
    expect($(el, 'allocation-form')).to.equal(null);
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    const badges = rateRows(picker as never).flatMap((row) =>
      [...row.querySelectorAll('[part="badge"]')].map(textOf).filter((t) => t === 'On time' || t === 'Late'),
    );
    expect(badges).to.include('On time');
    expect(badges).to.include('Late');
    const downloader = await inner(el, 'label-downloader');
    await waitFor(
      () => buyButton(downloader as never) && !buyButton(downloader as never)!.disabled,
      'no Buy',
    );
    let shipped = 0;
    el.addEventListener('order-shipped', () => (shipped += 1));
    const event = oneEvent(el, 'order-shipped') as Promise<OrderShippedEvent>;
    const buy = buyButton(downloader as never)!;
    buy.click();
    buy.click();
    buy.click();
    const { detail } = await event;
    expect(detail.orderId).to.equal(O.unallocated);
    expect(detail.labels).to.have.length(1);
    const tracking = detail.labels[0]!.trackingNumber!;
    expect(tracking).to.be.a('string').and.not.equal('');
    expect(Object.keys(detail.labels[0]!)).not.to.include('label');
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    await waitFor(() => shadow(el).activeElement?.id === 'done-heading', 'focus did not move to done');
    // The shipped state only: no "Before shipping: Ready to ship" beside "Shipped".
    expect($(el, '[part="checks"]') === null, 'the checks are gone once shipped').to.equal(true);
    expect(textOf($(el, '[part="tracking"]'))).to.include(tracking);
    expect($(el, 'rate-picker')).to.equal(null);
    const label = $(el, 'label-downloader')!;
    expect(button(label, 'Download label')).to.exist;
    expect(button(label, 'Print label')).to.exist;
    expect(shipped).to.equal(1);
    const log = await sandbox.requests();
    expect(
      log.filter((entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments'),
    ).to.have.length(1);
    await expect(el).to.be.accessible();

    // After a reload (a new ship-order for the order), the done state offers the label again from the label store.
    const again = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.unallocated}></ship-order>`,
    );
    await waitFor(() => $(again, '[part="done"]'), 'no done state after the reload');
    expect(textOf($(again, '[part="tracking"]'))).to.include(tracking);
    const kept = await inner(again, 'label-downloader');
    await waitFor(() => $$(kept, 'button').some((b) => textOf(b) === 'Download again'), 'no Download again');
  });

  it('a full allocation made inside reaches the page as allocation-created, as the form alone sends it', async () => {
    const el = await render(client, O.unallocated);
    const form = await inner(el, 'allocation-form');
    await waitFor(() => shadow(form).querySelector('[part="allocate-button"]'), 'no Allocate');
    const created: CustomEvent<{ order: { id: number | string }; allocation: unknown }>[] = [];
    const listener = (event: Event) =>
      created.push(event as CustomEvent<{ order: { id: number | string }; allocation: unknown }>);
    document.addEventListener('allocation-created', listener);
    try {
      shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]')!.click();
      // Everything is allocated: the rates step replaces the form.
      await inner(el, 'rate-picker');
      await waitFor(() => created.length > 0, 'allocation-created did not reach the page');
      await el.updateComplete;
      expect(created).to.have.length(1);
      // Ids may arrive as numeric strings (a live account's quirk).
      expect(String(created[0]!.detail.order.id)).to.equal(String(O.unallocated));
      expect(created[0]!.detail.allocation).to.not.equal(null);
      expect($(el, 'allocation-form')).to.equal(null);
    } finally {
      document.removeEventListener('allocation-created', listener);
    }
  });

  it('opens a shipped order in the done state with its tracking number', async () => {
    const el = await render(client, O.shipped);
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    expect(textOf($(el, '[part="tracking"]'))).to.include(SEED_IDS.shippedTrackingNumber);
    expect($(el, '[part="checks"]') === null, 'no "Before shipping" beside "Shipped"').to.equal(true);
    expect($(el, 'rate-picker')).to.equal(null);
    expect($(el, 'allocation-form')).to.equal(null);
    // Opening in the done state takes no focus from the page.
    expect(shadow(el).activeElement).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('switching order-id mid-flow shows the new order only', async () => {
    const el = await render(client, O.customsMissing);
    button(el, 'Add weight for Linen Apron Natural').click();
    await inner(el, 'product-editor');
    el.orderId = O.allocated;
    await el.updateComplete;
    await waitFor(() => $(el, '[part="ready"]'), 'the new order did not show');
    expect(checks(el)).to.deep.equal([]);
    expect($(el, 'product-editor')).to.equal(null);
    const card = $(el, 'order-card')!;
    expect(card.getAttribute('order-id')).to.equal(String(O.allocated));
    const picker = await inner(el, 'rate-picker');
    expect(picker.getAttribute('order-id')).to.equal(String(O.allocated));
    await waitFor(() => textOf(shadow(card)).includes(SEED_ORDER_NUMBERS.allocated), 'the card');
    expect(textOf(shadow(card))).not.to.include(SEED_ORDER_NUMBERS.customsMissing);
    await expect(el).to.be.accessible();
  });

  it('hands its client down to the elements it is built from, none of which has .client set', async () => {
    const el = await render(client, O.customsMissing);
    const card = await inner<OpsElement>(el, 'order-card');
    const form = await inner<OpsElement>(el, 'allocation-form');
    expect([card.client, form.client], 'no client set on them').to.deep.equal([undefined, undefined]);
    expect(card.api === client && form.api === client, 'they use ship-order’s').to.equal(true);
    // The order they show was read through that client.
    await waitFor(() => textOf(shadow(card)).includes(SEED_ORDER_NUMBERS.customsMissing), 'the card');
    expect(callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`).length).to.be.above(0);
    // Another client on ship-order reaches them too.
    const { client: next } = recordedClient(sandbox, { retry: { retries: 0 } });
    el.client = next;
    await el.updateComplete;
    expect(card.api === next && form.api === next, 'they follow ship-order’s new client').to.equal(true);
  });

  it('lets an element it is built from keep a client of its own', async () => {
    const el = await render(client, O.customsMissing);
    const card = await inner<OpsElement>(el, 'order-card');
    const { client: own, sent: ownSent } = recordedClient(sandbox, { retry: { retries: 0 } });
    card.client = own;
    await card.updateComplete;
    expect(card.api === own, 'its own client wins').to.equal(true);
    expect(
      (await inner<OpsElement>(el, 'allocation-form')).api === client,
      'the others keep ship-order’s',
    ).to.equal(true);
    // Its own client's store has not the order yet: the card reads it through that client.
    await waitFor(
      () => callsTo(ownSent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`).length > 0,
      'the card did not read the order through its own client',
    );
  });
});
