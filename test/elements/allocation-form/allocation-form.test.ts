import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/allocation-form.js';
import type { AllocationForm } from '../../../src/allocation-form.js';
import type {
  AllocationCreatedEvent,
  AllocationDeletedEvent,
} from '../../../src/elements/allocation-form/allocation-form.events.js';
import '../../../src/order-card.js';
import type { OrderCard } from '../../../src/order-card.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import {
  chooseWarehouse,
  descriptionOf,
  labelOf,
  render,
  select,
  type,
} from '../../helpers/allocation-form.js';
import { loaded, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;
const LONDON = 'London Fulfilment Centre';
const MANCHESTER = 'Manchester Overflow';

function field(el: AllocationForm, sellableId: number): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>(`#quantity-${sellableId}`)!;
}

function allocateButton(el: AllocationForm): HTMLButtonElement {
  return shadow(el).querySelector<HTMLButtonElement>('[part="allocate-button"]')!;
}

function created(el: AllocationForm): Promise<AllocationCreatedEvent> {
  return oneEvent(el, 'allocation-created') as Promise<AllocationCreatedEvent>;
}

function deleted(el: AllocationForm): Promise<AllocationDeletedEvent> {
  return oneEvent(el, 'allocation-deleted') as Promise<AllocationDeletedEvent>;
}

/**
 * `[sellableId, quantity]` of each line of the allocation an event reports, sorted. Ids are read
 * as numbers: some accounts send them as numeric strings, and the suite runs that way too.
 */
function allocatedLines(event: AllocationCreatedEvent): Array<[number, number | null | undefined]> {
  return (event.detail.allocation?.line_items ?? [])
    .map((line): [number, number | null | undefined] => [Number(line.sellable?.id), line.quantity])
    .sort();
}

function posts(log: LoggedRequest[]): LoggedRequest[] {
  return log.filter((request) => request.method === 'POST');
}

function orderGets(log: LoggedRequest[], orderId: number): LoggedRequest[] {
  return log.filter((request) => request.method === 'GET' && request.path === `/orders/${orderId}`);
}

describe('allocation-form', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox));
  });

  it('offers each warehouse with the stock it has for this order and defaults every quantity to what is unallocated', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();

    const root = shadow(el);
    expect(textOf(root.querySelector('h2'))).to.contain(SEED_ORDER_NUMBERS.unallocated);
    expect(textOf(root.querySelector('label[for="warehouse"]'))).to.equal('Warehouse');
    const options = [...select(el).options].map((option) => textOf(option));
    expect(options).to.include(`${LONDON} — all 4 items in stock`);
    expect(options).to.include(`${MANCHESTER} — 2 of 4 items in stock`);
    expect(options.some((option) => /Rotterdam.* — 1 of 4 items in stock$/.test(option))).to.equal(true);
    // The warehouse holding everything is chosen to start with.
    expect(select(el).selectedOptions[0]!.value).to.equal(String(W.london));

    const beanie = field(el, S.beanieCharcoal);
    expect(labelOf(el, beanie)).to.match(/^Quantity for Merino Wool Beanie/);
    expect(beanie.value).to.equal('2');
    expect(field(el, S.mugWhite).value).to.equal('1');
    expect(field(el, S.toteNatural).value).to.equal('1');
    expect(descriptionOf(el, beanie)).to.contain(`40 available at ${LONDON}`);
    expect(root.querySelectorAll('[part="quantity-input"]')).to.have.length(3);
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');
  });

  it('shows fully allocated lines as such and handles lines the chosen warehouse does not stock', async () => {
    const el = await render(client, O.partlyAllocated);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    // Tea towels are allocated already: no field, a "Fully allocated" mark instead.
    expect(field(el, S.teaTowelSage)).to.equal(null);
    const towelRow = [...root.querySelectorAll('.line')].find((row) => textOf(row).includes('TOWEL-SAG'))!;
    expect(textOf(towelRow)).to.contain('Fully allocated');
    expect(textOf(towelRow)).to.contain('4 ordered · 4 allocated');
    // The notebook is stocked only in Manchester, which is therefore chosen first.
    expect(select(el).selectedOptions[0]!.value).to.equal(String(W.manchester));
    expect(textOf(select(el).selectedOptions[0])).to.equal(`${MANCHESTER} — the item is in stock`);
    await chooseWarehouse(el, W.london);
    const notebook = field(el, S.notebookTan);
    expect(notebook.disabled).to.equal(true);
    expect(descriptionOf(el, notebook)).to.contain(`Not stocked at ${LONDON}`);
  });

  it('says so when the whole order is allocated already', async () => {
    const el = await render(client, O.allocated);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    expect(textOf(root)).to.contain('Everything in this order is allocated.');
    expect(root.querySelector('[part="allocate-button"]')).to.equal(null);
    expect(root.querySelectorAll('[part="quantity-input"]')).to.have.length(0);
    expect(root.querySelectorAll('[part="remove-button"]')).to.have.length(1);
  });

  describe('validation, before any request', () => {
    it('wants whole numbers', async () => {
      const el = await render(client, O.unallocated);
      await expect(el).to.be.accessible();
      const beanie = field(el, S.beanieCharcoal);
      await type(el, beanie, '1.5');
      allocateButton(el).click();
      await el.updateComplete;
      expect(beanie.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, beanie)).to.contain('Enter a whole number, like 2.');
      expect(shadow(el).activeElement).to.equal(beanie);
      await type(el, beanie, 'two');
      allocateButton(el).click();
      await el.updateComplete;
      expect(descriptionOf(el, beanie)).to.contain('Enter a whole number, like 2.');
      expect(posts(await sandbox.requests())).to.have.length(0);
    });

    it('refuses negative quantities', async () => {
      const el = await render(client, O.unallocated);
      await expect(el).to.be.accessible();
      const mug = field(el, S.mugWhite);
      await type(el, mug, '-1');
      allocateButton(el).click();
      await el.updateComplete;
      expect(mug.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, mug)).to.contain('The quantity cannot be below 0.');
      expect(field(el, S.beanieCharcoal).getAttribute('aria-invalid')).to.equal('false');
      expect(posts(await sandbox.requests())).to.have.length(0);
    });

    it('refuses more than is still unallocated', async () => {
      const el = await render(client, O.unallocated);
      await expect(el).to.be.accessible();
      const beanie = field(el, S.beanieCharcoal);
      await type(el, beanie, '3');
      allocateButton(el).click();
      await el.updateComplete;
      expect(beanie.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, beanie)).to.contain('Only 2 still to allocate.');
      // Typing again clears the message at that field.
      await type(el, beanie, '2');
      expect(beanie.getAttribute('aria-invalid')).to.equal('false');
      expect(descriptionOf(el, beanie)).not.to.contain('still to allocate');
      expect(posts(await sandbox.requests())).to.have.length(0);
    });

    it('wants at least one quantity above zero', async () => {
      const el = await render(client, O.unallocated);
      await expect(el).to.be.accessible();
      for (const sellable of [S.beanieCharcoal, S.mugWhite, S.toteNatural]) {
        await type(el, field(el, sellable), '0');
      }
      allocateButton(el).click();
      await el.updateComplete;
      const beanie = field(el, S.beanieCharcoal);
      expect(beanie.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, beanie)).to.contain('Enter a quantity above 0 for at least one item.');
      expect(shadow(el).activeElement).to.equal(beanie);
      await expect(el).to.be.accessible();
      expect(posts(await sandbox.requests())).to.have.length(0);
    });

    it('warns at the field when the warehouse has less than asked for, and sends nothing', async () => {
      // One mustard beanie: 3 in London, none in Manchester.
      const el = await render(client, O.international);
      await expect(el).to.be.accessible();
      await chooseWarehouse(el, W.manchester);
      const mustard = field(el, S.beanieMustard);
      expect(mustard.value).to.equal('1');
      // The warning shows as soon as the warehouse is chosen, before Allocate.
      const warning = shadow(el).getElementById(`stock-${S.beanieMustard}`)!;
      expect(textOf(warning)).to.equal(`None available at ${MANCHESTER}.`);
      expect(warning.classList.contains('warning')).to.equal(true);
      allocateButton(el).click();
      await el.updateComplete;
      expect(mustard.getAttribute('aria-invalid')).to.equal('true');
      expect(descriptionOf(el, mustard)).to.contain(`None available at ${MANCHESTER}.`);
      expect(posts(await sandbox.requests())).to.have.length(0);
    });
  });

  it('allocates the whole order: the result, the event, the allocation and the stock left', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    const allocated = created(el);
    allocateButton(el).click();
    const event = await allocated;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(Number(event.detail.order.id)).to.equal(O.unallocated);
    expect(event.detail.order.allocated_completely).to.equal(true);
    expect(event.detail.allocation!.warehouse!.name).to.equal(LONDON);
    // The answer carries the store's and the allocating user's credentials; the event does not.
    expect(JSON.stringify(event.detail)).not.to.match(
      /"(api_key|password_reset_token|activation_code|marketplace_auth_token|token|connector_store_key)"/,
    );
    expect(allocatedLines(event)).to.deep.equal(
      [
        [S.beanieCharcoal, 2],
        [S.mugWhite, 1],
        [S.toteNatural, 1],
      ].sort(),
    );
    await el.updateComplete;
    const root = shadow(el);
    expect(textOf(root.querySelector('[part="result"]'))).to.equal(
      `Allocated 4 items at ${LONDON}. The order is fully allocated.`,
    );
    expect(root.querySelector('form')).to.equal(null);
    expect(root.activeElement).to.equal(root.querySelector('[part="result"]'));
    const allocations = textOf(root.querySelector('[part="allocations"]'));
    expect(allocations).to.contain(LONDON);
    expect(allocations).to.contain('2 × Merino Wool Beanie');
    expect(root.querySelectorAll('[part="remove-button"]')).to.have.length(1);
    const sent = posts(await sandbox.requests());
    expect(sent).to.have.length(1);
    expect(sent[0]!.path).to.equal(`/orders/${O.unallocated}/allocations`);
    expect(sent[0]!.status).to.equal(201);
  });

  it('allocates part of the order: says what is still unallocated, and the stock shown follows', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    await type(el, field(el, S.beanieCharcoal), '1');
    await type(el, field(el, S.toteNatural), '0');
    const allocated = created(el);
    allocateButton(el).click();
    const event = await allocated;
    expect(event.detail.order.allocated_completely).to.equal(false);
    expect(allocatedLines(event)).to.deep.equal(
      [
        [S.beanieCharcoal, 1],
        [S.mugWhite, 1],
      ].sort(),
    );
    await el.updateComplete;
    const result = textOf(shadow(el).querySelector('[part="result"]'));
    expect(result).to.contain(`Allocated 2 items at ${LONDON}.`);
    expect(result).to.contain('Still to allocate:');
    expect(result).to.match(/1 × Merino Wool Beanie \S+ \(BEANIE-CHA\)/);
    expect(result).to.match(/1 × Canvas Tote Bag \S+ \(TOTE-NAT\)/);
    expect(result).not.to.contain('MUG-ENM-WHT');
    // The fields now default to what is left, and London's stock has gone down by what was taken.
    const beanie = field(el, S.beanieCharcoal);
    expect(beanie.value).to.equal('1');
    expect(descriptionOf(el, beanie)).to.contain(`39 available at ${LONDON}`);
    expect(field(el, S.mugWhite)).to.equal(null);
    expect(textOf(select(el).selectedOptions[0])).to.equal(`${LONDON} — all 2 items in stock`);
  });

  it('allocates from a warehouse that stocks only some lines, leaving the others', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    await chooseWarehouse(el, W.manchester);
    expect(field(el, S.mugWhite).disabled).to.equal(true);
    expect(descriptionOf(el, field(el, S.mugWhite))).to.contain(`Not stocked at ${MANCHESTER}`);
    expect(descriptionOf(el, field(el, S.beanieCharcoal))).to.contain(`12 available at ${MANCHESTER}`);
    const allocated = created(el);
    allocateButton(el).click();
    const event = await allocated;
    expect(Number(event.detail.allocation!.warehouse!.id)).to.equal(W.manchester);
    await el.updateComplete;
    const result = textOf(shadow(el).querySelector('[part="result"]'));
    expect(result).to.contain(`Allocated 2 items at ${MANCHESTER}.`);
    expect(result).to.contain('MUG-ENM-WHT');
    expect(result).to.contain('TOTE-NAT');
    expect(textOf([...select(el).options].find((option) => option.value === String(W.manchester)))).to.equal(
      `${MANCHESTER} — none in stock`,
    );
    // What is left is in London, so London is offered next.
    expect(select(el).value).to.equal(String(W.london));
    expect(textOf(select(el).selectedOptions[0])).to.equal(`${LONDON} — all 2 items in stock`);
  });

  it('submits with Enter from a quantity field', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    const beanie = field(el, S.beanieCharcoal);
    beanie.focus();
    const allocated = created(el);
    await sendKeys({ press: 'Enter' });
    await allocated;
    expect(posts(await sandbox.requests())).to.have.length(1);
  });

  it('sends one POST however quickly Allocate is clicked again', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${O.unallocated}/allocations`,
      delayMs: 300,
      times: 1,
    });
    const button = allocateButton(el);
    const allocated = created(el);
    button.click();
    button.click();
    button.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(button.disabled).to.equal(true);
    expect(textOf(shadow(el).querySelector('.form-actions [role="status"]'))).to.equal('Allocating…');
    button.click();
    await allocated;
    await el.updateComplete;
    // Every click came before the answer, so any other POST would have been sent already.
    const path = `/orders/${O.unallocated}/allocations`;
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${path}`)).to.have.length(1);
    expect(posts(await sandbox.requests())).to.have.length(1);
  });

  it('keeps the typed quantities when allocating fails, shows the API message, and Retry allocates them', async () => {
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${O.unallocated}/allocations`,
      status: 422,
      body: { error_messages: ['Stock count in progress at this warehouse'] },
      times: 1,
    });
    await type(el, field(el, S.beanieCharcoal), '1');
    await type(el, field(el, S.toteNatural), '0');
    const failed = oneEvent(el, 'request-error');
    allocateButton(el).click();
    expect((await failed).detail.error.code).to.equal('validation');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const alert = shadow(el).querySelector('form [role="alert"]')!;
    expect(textOf(alert)).to.contain('Nothing was allocated.');
    expect(textOf(alert)).to.contain('Stock count in progress at this warehouse');
    expect(field(el, S.beanieCharcoal).value).to.equal('1');
    expect(field(el, S.mugWhite).value).to.equal('1');
    expect(field(el, S.toteNatural).value).to.equal('0');
    expect(textOf(shadow(el).querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');

    const allocated = created(el);
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    const event = await allocated;
    expect(allocatedLines(event)).to.deep.equal(
      [
        [S.beanieCharcoal, 1],
        [S.mugWhite, 1],
      ].sort(),
    );
    await el.updateComplete;
    expect(shadow(el).querySelector('form [role="alert"]')).to.equal(null);
    expect(posts(await sandbox.requests())).to.have.length(2);
  });

  it('removes an allocation after an inline confirmation; Cancel keeps it', async () => {
    const el = await render(client, O.partlyAllocated);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    const removeButton = () => root.querySelector<HTMLButtonElement>('[part="remove-button"]')!;
    expect(textOf(removeButton())).to.equal('Remove allocation');

    removeButton().click();
    await el.updateComplete;
    const confirm = root.querySelector('[part="confirm-remove"]')!;
    expect(textOf(confirm)).to.contain(`Remove the allocation at ${LONDON}?`);
    await expect(el).to.be.accessible();
    expect(root.activeElement).to.equal(root.querySelector('[part="cancel-remove-button"]'));
    expect(textOf(root.querySelector('[part="cancel-remove-button"]'))).to.equal('Cancel');
    root.querySelector<HTMLButtonElement>('[part="cancel-remove-button"]')!.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(root.querySelector('[part="confirm-remove"]')).to.equal(null);
    expect(root.activeElement).to.equal(removeButton());
    expect((await sandbox.requests()).filter((r) => r.method === 'DELETE')).to.have.length(0);

    removeButton().click();
    await el.updateComplete;
    const confirmButton = root.querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')!;
    expect(textOf(confirmButton)).to.equal('Remove');
    const removal = deleted(el);
    confirmButton.click();
    const event = await removal;
    expect(Number(event.detail.allocationId)).to.equal(SEED_IDS.allocations.partlyAllocatedTowels);
    expect(Number(event.detail.order.id)).to.equal(O.partlyAllocated);
    expect(event.detail.order.allocations ?? []).to.have.length(0);
    await el.updateComplete;
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('Allocation removed.');
    // The towels can be allocated again, and London has its four back.
    const towels = field(el, S.teaTowelSage);
    expect(towels.value).to.equal('4');
    await chooseWarehouse(el, W.london);
    expect(descriptionOf(el, towels)).to.contain(`30 available at ${LONDON}`);
    const deletes = (await sandbox.requests()).filter((r) => r.method === 'DELETE');
    expect(deletes).to.have.length(1);
    expect(deletes[0]!.path).to.equal(
      `/orders/${O.partlyAllocated}/allocations/${SEED_IDS.allocations.partlyAllocatedTowels}`,
    );
  });

  it('drops an open confirmation once the allocation ships', async () => {
    const el = await render(client, O.allocated);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    root.querySelector<HTMLButtonElement>('[part="remove-button"]')!.click();
    await el.updateComplete;
    expect(root.querySelector('[part="confirm-remove-button"]')).to.exist;
    // A label bought elsewhere on the page: the order store learns the allocation shipped.
    client.orders.update(O.allocated, (order) => ({
      ...order,
      allocations: (order.allocations ?? []).map((allocation) => ({
        ...allocation,
        shipment: { tracking_number: 'PW123', carrier: 'parcelway' } as NonNullable<
          typeof allocation.shipment
        >,
      })),
    }));
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(root.querySelector('[part="confirm-remove"]')).to.equal(null);
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('PW123');
  });

  it('keeps the allocation when removing fails and Retry removes it', async () => {
    const el = await render(client, O.allocated);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'DELETE',
      path: `/orders/${O.allocated}/allocations`,
      status: 403,
      body: { error_messages: ['Picking has started for this allocation'] },
      times: 1,
    });
    const root = shadow(el);
    root.querySelector<HTMLButtonElement>('[part="remove-button"]')!.click();
    await el.updateComplete;
    const failed = oneEvent(el, 'request-error');
    const confirmButton = root.querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')!;
    confirmButton.focus();
    confirmButton.click();
    await failed;
    await el.updateComplete;
    await expect(el).to.be.accessible();
    // The buttons were disabled while sending; focus is back on "Remove", beside the reason.
    await waitFor(
      () => root.activeElement === root.querySelector('[part="confirm-remove-button"]'),
      'focus did not come back to Remove',
    );
    const alert = root.querySelector('[part="confirm-remove"] [role="alert"]')!;
    expect(textOf(alert)).to.contain('The allocation was not removed.');
    expect(textOf(alert)).to.contain('Picking has started for this allocation');
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain(LONDON);
    const removal = deleted(el);
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await removal;
    await el.updateComplete;
    expect(textOf(root.querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');
    // The order is open again: the form is back.
    expect(root.querySelector('[part="allocate-button"]')).to.exist;
  });

  it('announces loading, then shows the API failure with a working Retry', async () => {
    await sandbox.fault({ method: 'GET', path: `/orders/${O.unallocated}`, status: 404, times: 1 });
    const el = await fixture<AllocationForm>(
      html`<allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>`,
    );
    expect(shadow(el).querySelector('[role="status"]')).to.exist;
    const errorEvent = await oneEvent(el, 'request-error');
    expect(errorEvent.detail.error.code).to.equal('not_found');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(textOf(alert)).to.contain('Not found');
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    await loaded(el);
    expect(field(el, S.beanieCharcoal).value).to.equal('2');
  });

  it('shares the order with an order-card: one GET for both, and an allocation shows in the card without another', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <order-card .client=${client} order-id=${O.unallocated}></order-card>
        <allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>
      </div>`,
    );
    const card = page.querySelector<OrderCard>('order-card')!;
    const form = page.querySelector<AllocationForm>('allocation-form')!;
    await loaded(card);
    await loaded(form);
    await expect(form).to.be.accessible();
    await expect(card).to.be.accessible();
    expect(orderGets(await sandbox.requests(), O.unallocated)).to.have.length(1);
    expect(textOf(shadow(card).querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');

    const allocated = created(form);
    allocateButton(form).click();
    await allocated;
    await card.updateComplete;
    const cardAllocations = textOf(shadow(card).querySelector('[part="allocations"]'));
    expect(cardAllocations).to.contain(`At ${LONDON}`);
    expect(cardAllocations).to.contain('2 × Merino Wool Beanie');

    // Removing it in the form empties the card's list, again with no fetch of the order.
    shadow(form).querySelector<HTMLButtonElement>('[part="remove-button"]')!.click();
    await form.updateComplete;
    const removal = deleted(form);
    shadow(form).querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')!.click();
    await removal;
    await card.updateComplete;
    expect(textOf(shadow(card).querySelector('[part="allocations"]'))).to.contain('Nothing allocated yet.');
    expect(orderGets(await sandbox.requests(), O.unallocated)).to.have.length(1);
  });

  it('issues exactly one GET /orders/{id} for a page with both elements, whichever connects first', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <allocation-form .client=${client} order-id=${O.partlyAllocated}></allocation-form>
        <order-card .client=${client} order-id=${O.partlyAllocated}></order-card>
      </div>`,
    );
    const form = page.querySelector<AllocationForm>('allocation-form')!;
    const card = page.querySelector<OrderCard>('order-card')!;
    await loaded(form);
    await loaded(card);
    await expect(form).to.be.accessible();
    // Both loads start with the elements' first update, so both have been asked for by now.
    expect(callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${O.partlyAllocated}`)).to.have.length(1);
    expect(orderGets(await sandbox.requests(), O.partlyAllocated)).to.have.length(1);
  });

  it('speaks German under lang="de"', async () => {
    const el = await fixture<HTMLDivElement>(
      html`<div lang="de">
        <allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>
      </div>`,
    ).then((div) => div.querySelector('allocation-form')!);
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    expect(textOf(root.querySelector('label[for="warehouse"]'))).to.equal('Lager');
    expect(textOf(select(el).selectedOptions[0])).to.equal(`${LONDON} — alle 4 Artikel vorrätig`);
    expect(labelOf(el, field(el, S.beanieCharcoal))).to.match(/^Menge für Merino Wool Beanie/);
    expect(textOf(allocateButton(el))).to.equal('Zuweisen');
  });
});
