import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/order-card.js';
import type { OrderCard } from '../../../src/order-card.js';
import type { ProductUpdatedEvent } from '../../../src/elements/product-editor/product-editor.events.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import {
  $,
  $$,
  button,
  labelled,
  loaded,
  shadow,
  textOf,
  typeInto,
  waitFor,
} from '../../helpers/elements.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * order-card's editors of the customer and the delivery method, against the sandbox: what is
 * saved, what every card showing it then shows, errors at their fields, focus, and the roles.
 */
const O = SEED_IDS.orders;

async function card(client: OpsClient, orderId: number): Promise<OrderCard> {
  const el = await fixture<OrderCard>(html`<order-card .client=${client} order-id=${orderId}></order-card>`);
  await loaded(el);
  return el;
}

function field(el: OrderCard, label: string): HTMLInputElement {
  const found = $$<HTMLLabelElement>(el, 'label').filter((candidate) => textOf(candidate) === label);
  if (found.length !== 1) throw new Error(`${found.length} labels "${label}"`);
  return shadow(el).getElementById(found[0]!.htmlFor) as HTMLInputElement;
}

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

function buttonNamed(el: OrderCard, name: string): HTMLButtonElement {
  const found = $$<HTMLButtonElement>(el, 'button').find((candidate) => textOf(candidate) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

function focused(el: OrderCard): Element | null {
  return shadow(el).activeElement;
}

async function openEditor(el: OrderCard, name: string, firstField: string): Promise<void> {
  buttonNamed(el, name).click();
  await waitFor(() => focused(el)?.id === firstField, `${name} did not open with focus in it`);
}

function customerText(el: OrderCard): string {
  return textOf($(el, '.customer-contact'));
}

describe('order-card editors', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox));
  });

  it("saves a customer's phone once; every card of the order shows it without reading the order again", async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <order-card .client=${client} order-id=${O.withNotes}></order-card>
        <order-card .client=${client} order-id=${O.withNotes}></order-card>
      </div>`,
    );
    const [first, second] = [...wrapper.querySelectorAll<OrderCard>('order-card')] as [OrderCard, OrderCard];
    await loaded(first);
    await loaded(second);
    await expect(first).to.be.accessible();
    const orderReads = callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.withNotes}`).length;

    await openEditor(first, 'Edit customer', 'customer-email');
    await expect(first).to.be.accessible();
    const email = field(first, 'Email').value;
    expect(email).to.contain('@');
    type(field(first, 'Phone'), '+44 20 7946 0999');
    const updated = oneEvent(first, 'customer-updated');
    buttonNamed(first, 'Save customer').click();
    const event = await updated;

    expect(event.detail.orderId).to.equal(O.withNotes);
    expect(event.detail.customer['phone']).to.equal('+44 20 7946 0999');
    expect(event.bubbles && event.composed).to.equal(true);
    const puts = callsTo(sent.calls, 'PUT', `${sandbox.baseUrl}/customers/${SEED_IDS.customers.ameliaHart}`);
    expect(puts).to.have.length(1);
    const logged = (await sandbox.requests()).find((entry) => entry.method === 'PUT');
    // Only what changed, and the email the API requires.
    expect(logged?.body).to.deep.equal({ customer: { email, phone: '+44 20 7946 0999' } });

    await waitFor(
      () => customerText(first).includes('Phone +44 20 7946 0999'),
      'the card kept the old phone',
    );
    await waitFor(
      () => customerText(second).includes('Phone +44 20 7946 0999'),
      'the other card kept the old phone',
    );
    expect(callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.withNotes}`)).to.have.length(orderReads);
    await waitFor(() => focused(first)?.id === 'edit-customer', 'focus did not return to "Edit customer"');
    expect(textOf($(first, '[role="status"].editor-status'))).to.equal('Customer saved.');
    expect($(first, '[part="customer-editor"]')).to.equal(null);
  });

  it("shows a 422 at its field in the API's words and keeps what was typed", async () => {
    const el = await card(client, O.withNotes);
    await expect(el).to.be.accessible();
    await openEditor(el, 'Edit customer', 'customer-email');
    // Passes the local check (something@something); the API wants a dot in the domain.
    type(field(el, 'Email'), 'amelia@example');
    type(field(el, 'Mobile'), '07700 900123');
    type(field(el, 'City'), 'Brighton');
    buttonNamed(el, 'Save customer').click();

    await waitFor(() => $(el, '#customer-email-error'), 'no error at Email');
    expect(textOf($(el, '#customer-email-error'))).to.equal('Email is invalid');
    expect(field(el, 'Email').getAttribute('aria-invalid')).to.equal('true');
    expect(field(el, 'Email').getAttribute('aria-describedby')).to.contain('customer-email-error');
    expect(field(el, 'Email').value).to.equal('amelia@example');
    expect(field(el, 'Mobile').value).to.equal('07700 900123');
    expect(field(el, 'City').value).to.equal('Brighton');
    expect(focused(el)?.id).to.equal('customer-email');
    await expect(el).to.be.accessible();
    expect(customerText(el)).not.to.contain('07700 900123');
  });

  it('keeps what was typed when a save fails, and saves it on "Retry"', async () => {
    const el = await card(client, O.withNotes);
    await expect(el).to.be.accessible();
    // Words the API ties to no field: shown in a banner in the editor, with "Retry".
    await sandbox.fault({
      method: 'PUT',
      path: `/customers/${SEED_IDS.customers.ameliaHart}`,
      status: 400,
      body: { error_messages: ['The customer is being merged; try again in a moment'] },
      times: 1,
    });
    await openEditor(el, 'Edit customer', 'customer-email');
    type(field(el, 'Mobile'), '07700 900456');
    buttonNamed(el, 'Save customer').click();
    await waitFor(() => $(el, '[part="customer-editor"] [role="alert"]'), 'no failure shown');
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="customer-editor"] [role="alert"]'))).to.contain(
      'The customer was not saved.',
    );
    expect(field(el, 'Mobile').value).to.equal('07700 900456');

    const updated = oneEvent(el, 'customer-updated');
    $(el, '[part="customer-editor"] [part="retry-button"]')!.click();
    await updated;
    await waitFor(() => customerText(el).includes('Mobile 07700 900456'), 'the card kept the old mobile');
  });

  it('checks the email before sending, and Cancel closes unchanged with focus back on "Edit customer"', async () => {
    const el = await card(client, O.withNotes);
    await expect(el).to.be.accessible();
    const before = customerText(el);
    await openEditor(el, 'Edit customer', 'customer-email');
    type(field(el, 'Email'), '');
    type(field(el, 'Phone'), '0000');
    buttonNamed(el, 'Save customer').click();
    await waitFor(() => $(el, '#customer-email-error'), 'no local error at Email');
    expect(textOf($(el, '#customer-email-error'))).to.equal('Enter an email address.');

    buttonNamed(el, 'Cancel').click();
    await waitFor(() => focused(el)?.id === 'edit-customer', 'focus did not return to "Edit customer"');
    expect($(el, '[part="customer-editor"]')).to.equal(null);
    expect(customerText(el)).to.equal(before);
    expect(
      callsTo(sent.calls, 'PUT', `${sandbox.baseUrl}/customers/${SEED_IDS.customers.ameliaHart}`),
    ).to.have.length(0);

    // Opened again, it starts from the customer, not from what was typed before.
    await openEditor(el, 'Edit customer', 'customer-email');
    expect(field(el, 'Email').value).to.contain('@');
    expect(field(el, 'Phone').value).not.to.equal('0000');
  });

  it('saves a delivery method: warned first, every stored order with that method shows the new name and cost', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <order-card .client=${client} order-id=${O.withNotes}></order-card>
        <order-card .client=${client} order-id=${O.shipped}></order-card>
      </div>`,
    );
    const [el, other] = [...wrapper.querySelectorAll<OrderCard>('order-card')] as [OrderCard, OrderCard];
    await loaded(el);
    await loaded(other);
    await expect(el).to.be.accessible();
    expect(textOf($(el, '.delivery-method'))).to.contain('Standard delivery');
    const reads = sent.calls.filter((call) => call.method === 'GET').length;

    await openEditor(el, 'Edit delivery method', 'method-name');
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="delivery-method-warning"]'))).to.contain(
      'every order using this delivery method',
    );
    expect(field(el, 'Delivery method name').getAttribute('aria-describedby')).to.contain('method-warning');
    expect(field(el, 'Delivery cost').value).to.equal('3.95');
    // The editors' styles come with their code: the editor takes the card's width, its warning stands out.
    const editor = $(el, '[part="delivery-method-editor"]')!;
    expect(getComputedStyle(editor).display).to.equal('grid');
    expect(getComputedStyle(editor.closest('.party')!).gridColumnEnd).to.equal('-1');
    expect(getComputedStyle($(el, '[part="delivery-method-warning"]')!).paddingTop).not.to.equal('0px');

    type(field(el, 'Delivery cost'), '-1');
    buttonNamed(el, 'Save delivery method').click();
    await waitFor(() => $(el, '#method-cost-error'), 'no local error at the cost');
    expect(
      callsTo(sent.calls, 'PUT', `${sandbox.baseUrl}/delivery_methods/${SEED_IDS.deliveryMethods.standard}`),
    ).to.have.length(0);

    type(field(el, 'Delivery method name'), 'Standard (2–3 days)');
    type(field(el, 'Delivery cost'), '4.50');
    const updated = oneEvent(el, 'delivery-method-updated');
    buttonNamed(el, 'Save delivery method').click();
    const event = await updated;
    expect(event.detail.orderId).to.equal(O.withNotes);
    expect(event.detail.deliveryMethod['name']).to.equal('Standard (2–3 days)');
    expect(event.detail.deliveryMethod.cost).to.equal(4.5);
    expect(
      callsTo(sent.calls, 'PUT', `${sandbox.baseUrl}/delivery_methods/${SEED_IDS.deliveryMethods.standard}`),
    ).to.have.length(1);

    for (const shown of [el, other]) {
      await waitFor(
        () => textOf($(shown, '.delivery-method')).includes('Standard (2–3 days)'),
        'a card kept the old delivery method',
      );
      expect(textOf($(shown, '.delivery-method'))).to.contain('£4.50');
    }
    expect(sent.calls.filter((call) => call.method === 'GET')).to.have.length(reads);
    await waitFor(() => focused(el)?.id === 'edit-delivery-method', 'focus did not return to the button');
    expect(textOf($(el, '[role="status"].editor-status'))).to.equal('Delivery method saved.');
  });

  it("shows the order's tags as chips with their names, and a shipped allocation's tracking number", async () => {
    const tagged = await card(client, O.allocated);
    await expect(tagged).to.be.accessible();
    const chips = $$(tagged, '[part="tag"]').map((chip) => textOf(chip));
    expect(chips).to.deep.equal(['Priority', 'Fragile']);
    expect($(tagged, '[part="tags"]')!.getAttribute('aria-label')).to.equal('Tags');
    const swatch = $(tagged, '[part="tag"] .swatch')!;
    expect(getComputedStyle(swatch).backgroundColor).to.equal('rgb(192, 57, 43)');

    const shipped = await card(client, O.shipped);
    await expect(shipped).to.be.accessible();
    expect(textOf($(shipped, '[part="allocations"]'))).to.contain(
      `Parcelway tracking ${SEED_IDS.shippedTrackingNumber}`,
    );
  });

  it('editCustomer() opens the customer editor with focus in its first field', async () => {
    const el = await card(client, O.international);
    await expect(el).to.be.accessible();
    await el.editCustomer();
    expect(focused(el)?.id).to.equal('customer-email');
    expect(textOf(shadow(el).querySelector('label[for="customer-email"]'))).to.equal('Email');
    expect(buttonNamed(el, 'Edit customer').getAttribute('aria-expanded')).to.equal('true');
  });

  it('"Edit product <title>" opens a product-editor under the items; a saved weight reaches the card; "Close" gives focus back', async () => {
    const el = await card(client, O.customsMissing);
    await expect(el).to.be.accessible();
    expect(customElements.get('product-editor'), 'loaded before the first press').to.equal(undefined);
    const edit = $<HTMLButtonElement>(
      el,
      `[part="edit-product-button"][data-sellable="${SEED_IDS.sellables.apronNatural}"]`,
    );
    // One short word beside the item; its name says which product.
    expect(textOf(edit)).to.equal('Edit');
    expect(edit?.getAttribute('aria-label')).to.match(/^Edit product .*Linen Apron/);
    expect(edit?.getAttribute('aria-expanded')).to.equal('false');
    const orderReads = callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`).length;

    edit!.click();
    await waitFor(() => focused(el)?.id === 'product-panel', 'focus did not move to the editor');
    const editor = $(el, '[part="product-panel"] product-editor')!;
    await waitFor(() => $(editor, 'form'), 'the product editor did not load');
    expect(edit?.getAttribute('aria-expanded')).to.equal('true');
    expect(textOf($(editor, 'h2'))).to.equal(edit?.getAttribute('aria-label'));
    await expect(el).to.be.accessible();

    typeInto(labelled(editor, 'Weight'), '250');
    const updated = oneEvent(el, 'product-updated') as Promise<ProductUpdatedEvent>;
    button(editor, 'Save product').click();
    const event = await updated;
    expect(Number(event.detail.sellableId)).to.equal(SEED_IDS.sellables.apronNatural);
    expect(
      callsTo(sent.calls, 'PUT', `${sandbox.baseUrl}/products/${SEED_IDS.products.apron}`),
    ).to.have.length(1);
    const stored = client.orders
      .get(O.customsMissing)
      ?.line_items?.find((item) => Number(item.sellable?.id) === SEED_IDS.sellables.apronNatural);
    expect(stored?.sellable?.weight_grams).to.equal(250);
    expect(callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.customsMissing}`)).to.have.length(
      orderReads,
    );

    buttonNamed(el, 'Close').click();
    await waitFor(() => focused(el) === edit, 'focus did not return to "Edit product …"');
    expect($(el, 'product-editor')).to.equal(null);
    expect(edit?.getAttribute('aria-expanded')).to.equal('false');
  });

  it('closes the product editor when the card moves to another order', async () => {
    const el = await card(client, O.customsMissing);
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, '[part="edit-product-button"]')!.click();
    await waitFor(() => $(el, 'product-editor'), 'the product editor did not open');
    el.orderId = O.withNotes;
    await waitFor(
      () => textOf($(el, 'h2')).includes('Order') && !$(el, 'product-editor'),
      'the editor stayed open',
    );
    expect($$(el, '[part="edit-product-button"][aria-expanded="true"]')).to.have.length(0);
  });

  it('a role that may only read sees both edit buttons disabled with the reason', async () => {
    const viewer = createClient({
      baseUrl: sandbox.baseUrl.replace('/sandbox/', '/proxy/viewer/'),
      session: true,
    });
    const el = await fixture<OrderCard>(
      html`<order-card .client=${viewer} order-id=${O.withNotes}></order-card>`,
    );
    await waitFor(() => $(el, '[part="edit-refusal"]'), 'no reason shown');
    await expect(el).to.be.accessible();
    const customer = buttonNamed(el, 'Edit customer');
    const method = buttonNamed(el, 'Edit delivery method');
    expect(customer.disabled).to.equal(true);
    expect(method.disabled).to.equal(true);
    expect(textOf(shadow(el).getElementById(customer.getAttribute('aria-describedby')!))).to.equal(
      'Your role does not allow editing customers.',
    );
    expect(textOf(shadow(el).getElementById(method.getAttribute('aria-describedby')!))).to.equal(
      'Your role does not allow editing delivery methods.',
    );
    await el.editCustomer();
    expect($(el, '[part="customer-editor"]')).to.equal(null);
  });
});
