import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, StockEntry } from '../../../src/api/index.js';
import '../../../src/allocation-form.js';
import type { AllocationForm } from '../../../src/allocation-form.js';
import type { StockUpdatedEvent } from '../../../src/elements/allocation-form/allocation-form.events.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import {
  chooseWarehouse,
  descriptionOf,
  labelOf,
  render,
  select,
  type,
} from '../../helpers/allocation-form.js';
import { loaded, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;
const MANCHESTER = 'Manchester Overflow';
/** The mustard beanie of the international order: 3 in London, none in Manchester. */
const STOCK_PATH = `/sellables/${S.beanieMustard}/warehouses/${W.manchester}/stock_entry`;

/** The international order at Manchester, where the mustard beanie is short. */
async function renderShort(client: OpsClient): Promise<AllocationForm> {
  const el = await render(client, O.international);
  await chooseWarehouse(el, W.manchester);
  return el;
}

function adjustButtons(el: AllocationForm): HTMLButtonElement[] {
  return [...shadow(el).querySelectorAll<HTMLButtonElement>('[part="adjust-stock-button"]')];
}

function editor(el: AllocationForm): HTMLElement | null {
  return shadow(el).querySelector<HTMLElement>('[part="stock-editor"]');
}

function levelField(el: AllocationForm): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>('[part="stock-level-input"]')!;
}

function locationField(el: AllocationForm): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>('[part="stock-location-input"]')!;
}

function saveButton(el: AllocationForm): HTMLButtonElement {
  return shadow(el).querySelector<HTMLButtonElement>('[part="save-stock-button"]')!;
}

async function open(el: AllocationForm): Promise<void> {
  adjustButtons(el)[0]!.click();
  await waitFor(() => editor(el) && shadow(el).activeElement === levelField(el), 'the editor did not open');
}

function stockUpdated(el: AllocationForm): Promise<StockUpdatedEvent> {
  return oneEvent(el, 'stock-updated') as Promise<StockUpdatedEvent>;
}

function puts(log: LoggedRequest[]): LoggedRequest[] {
  return log.filter((request) => request.method === 'PUT');
}

/** The mustard beanie's Manchester entry in the client's stored international order. */
function storedEntry(client: OpsClient): StockEntry | undefined {
  return client.orders
    .get(O.international)
    ?.line_items?.find((item) => Number(item.sellable?.id) === S.beanieMustard)
    ?.sellable?.stock_entries?.find(
      (entry) => Number(entry.warehouse?.id ?? entry.warehouse_id) === W.manchester,
    );
}

function manchesterOption(el: AllocationForm): string {
  return textOf([...select(el).options].find((option) => option.value === String(W.manchester)));
}

describe('allocation-form: stock correction', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      retry: { retries: 0 },
    });
  });

  it('offers "Adjust stock" only beside a line the chosen warehouse is short of, or does not stock', async () => {
    const el = await render(client, O.international);
    await expect(el).to.be.accessible();
    // London has what the order wants.
    expect(adjustButtons(el)).to.have.length(0);
    await chooseWarehouse(el, W.manchester);
    // Manchester has no mustard beanie (short) and does not stock the mug at all: its entry there is
    // created by the save.
    const buttons = adjustButtons(el);
    expect(buttons).to.have.length(2);
    expect(textOf(buttons[0])).to.match(/^Adjust stock for Merino Wool Beanie/);
    expect(textOf(buttons[0])).not.to.contain(' at ');
    expect(textOf(buttons[1])).to.equal(`Adjust stock for Enamel Camping Mug White at ${MANCHESTER}`);
    expect(textOf(buttons[1]!.closest('.line'))).to.contain(`Not stocked at ${MANCHESTER}`);
    expect(buttons[0]!.getAttribute('aria-expanded')).to.equal('false');
    const row = buttons[0]!.closest('.line')!;
    expect(textOf(row)).to.contain(`None available at ${MANCHESTER}.`);
    expect(editor(el)).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('creates the stock entry of an item the warehouse does not stock, and the line is allocated in place', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    const mugButton = adjustButtons(el)[1]!;
    mugButton.click();
    await waitFor(() => editor(el) && shadow(el).activeElement === levelField(el), 'the editor did not open');
    // A new entry: no location to keep, nothing on hand yet.
    expect(levelField(el).value).to.equal('0');
    expect(locationField(el)).to.equal(null);
    await type(el, levelField(el), '4');
    const updated = stockUpdated(el);
    saveButton(el).click();
    const event = await updated;
    expect(Number(event.detail.sellableId)).to.equal(S.mugWhite);
    expect(event.detail.stockEntry.available_stock_level).to.equal(4);
    const sent = puts(await sandbox.requests());
    expect(sent.map((request) => request.path)).to.deep.equal([
      `/sellables/${S.mugWhite}/warehouses/${W.manchester}/stock_entry`,
    ]);
    // The mug's line at Manchester is now open to allocate, with focus on its quantity (2, what is wanted).
    const mug = shadow(el).querySelector<HTMLInputElement>(`#quantity-${S.mugWhite}`)!;
    await waitFor(() => shadow(el).activeElement === mug, 'focus did not go to the quantity');
    expect(mug.disabled).to.equal(false);
    expect(mug.value).to.equal('2');
    expect(descriptionOf(el, mug)).to.contain(`4 available at ${MANCHESTER}`);
    // Allocating only the mug here leaves the beanie to allocate.
    const beanie = shadow(el).querySelector<HTMLInputElement>(`#quantity-${S.beanieMustard}`)!;
    await type(el, beanie, '0');
    const created = oneEvent(el, 'allocation-created') as Promise<HTMLElementEventMap['allocation-created']>;
    shadow(el).querySelector<HTMLButtonElement>('[part="allocate-button"]')!.click();
    const { detail } = await created;
    expect(detail.allocation?.line_items?.map((line) => line.quantity)).to.deep.equal([2]);
    await expect(el).to.be.accessible();
  });

  it('opens a labelled "Stock level" field and, as the entry has one, "Location", filled from the entry', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await open(el);
    const button = adjustButtons(el)[0]!;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.getAttribute('aria-controls')).to.equal(editor(el)!.id);
    expect(editor(el)!.getAttribute('role')).to.equal('group');
    expect(editor(el)!.getAttribute('aria-label')).to.match(
      /^Stock of Merino Wool Beanie.* at Manchester Overflow$/,
    );
    expect(labelOf(el, levelField(el))).to.equal('Stock level');
    expect(levelField(el).value).to.equal('0');
    expect(descriptionOf(el, levelField(el))).to.equal(`Units on hand at ${MANCHESTER}.`);
    expect(labelOf(el, locationField(el))).to.equal('Location');
    expect(locationField(el).value).to.match(/^Aisle [A-F]-\d+$/);
    expect(textOf(saveButton(el))).to.equal('Save stock');
    await expect(el).to.be.accessible();
  });

  it('saves the stock level: numbers in the PUT, the event, and the stock shown follows', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    expect(manchesterOption(el)).to.equal(`${MANCHESTER} — none in stock`);
    await open(el);
    const location = locationField(el).value;
    await type(el, levelField(el), '5');
    const updated = stockUpdated(el);
    saveButton(el).click();
    const event = await updated;
    expect(event.bubbles && event.composed).to.equal(true);
    expect(Number(event.detail.sellableId)).to.equal(S.beanieMustard);
    expect(Number(event.detail.warehouseId)).to.equal(W.manchester);
    expect(event.detail.stockEntry.physical_stock_level).to.equal(5);
    expect(event.detail.stockEntry.available_stock_level).to.equal(5);
    expect(event.detail.stockEntry.location).to.equal(location);
    await el.updateComplete;

    const sent = puts(await sandbox.requests());
    expect(sent).to.have.length(1);
    expect(sent[0]!.path).to.equal(STOCK_PATH);
    expect(sent[0]!.body).to.deep.equal({
      stock_entry: { physical_stock_level: 5, infinite: false, location },
    });

    // The warehouse stays Manchester; its stock, the line's and the shared store's follow the answer.
    expect(select(el).value).to.equal(String(W.manchester));
    expect(manchesterOption(el)).to.equal(`${MANCHESTER} — 1 of 3 items in stock`);
    const mustard = shadow(el).querySelector<HTMLInputElement>(`#quantity-${S.beanieMustard}`)!;
    expect(descriptionOf(el, mustard)).to.contain(`5 available at ${MANCHESTER}`);
    const stored = storedEntry(client);
    expect(stored?.available_stock_level).to.equal(5);
    // No longer short: the editor and its button are gone (the mug's, not stocked here, stays),
    // focus is on the line's quantity.
    expect(editor(el)).to.equal(null);
    expect(adjustButtons(el).map(textOf)).to.deep.equal([
      `Adjust stock for Enamel Camping Mug White at ${MANCHESTER}`,
    ]);
    expect(textOf(shadow(el).querySelector('[part="stock-status"]'))).to.match(
      /^Stock of Merino Wool Beanie.* at Manchester Overflow saved\.$/,
    );
    expect(shadow(el).activeElement).to.equal(mustard);
    await expect(el).to.be.accessible();
  });

  it('shows that it is saving and sends one PUT however often Save is pressed', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await sandbox.fault({ method: 'PUT', path: STOCK_PATH, delayMs: 300, times: 1 });
    await open(el);
    await type(el, levelField(el), '2');
    const updated = stockUpdated(el);
    saveButton(el).click();
    saveButton(el).click();
    await el.updateComplete;
    expect(saveButton(el).disabled).to.equal(true);
    expect(textOf(shadow(el).querySelector('[part="stock-status"][role="status"]'))).to.equal(
      'Saving stock…',
    );
    await updated;
    expect(puts(await sandbox.requests())).to.have.length(1);
  });

  it('sees a save through when another order is shown meanwhile, without touching the new order', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await sandbox.fault({ method: 'PUT', path: STOCK_PATH, delayMs: 300, times: 1 });
    await open(el);
    await type(el, levelField(el), '6');
    const updated = stockUpdated(el);
    saveButton(el).click();
    el.orderId = O.unallocated;
    const event = await updated;
    expect(event.detail.stockEntry.physical_stock_level).to.equal(6);
    await loaded(el);
    await el.updateComplete;
    // The new order starts fresh: its own best warehouse, no editor, no word of the other order's save.
    expect(select(el).value).to.equal(String(W.london));
    expect(editor(el)).to.equal(null);
    expect(textOf(shadow(el).querySelector('[part="stock-status"]'))).to.equal('');
    const stored = storedEntry(client);
    expect(stored?.physical_stock_level).to.equal(6);
  });

  it('works from the keyboard: Escape closes and returns focus, Enter in the field saves', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    const button = adjustButtons(el)[0]!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(el).activeElement === levelField(el), 'focus did not move to the field');
    levelField(el).select();
    await sendKeys({ type: '7' });
    expect(levelField(el).value).to.equal('7');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => editor(el) === null, 'Escape did not close the editor');
    await el.updateComplete;
    expect(shadow(el).activeElement).to.equal(adjustButtons(el)[0]);
    expect(adjustButtons(el)[0]!.getAttribute('aria-expanded')).to.equal('false');

    await sendKeys({ press: 'Enter' });
    await waitFor(() => shadow(el).activeElement === levelField(el), 'the editor did not open again');
    levelField(el).select();
    await sendKeys({ type: '4' });
    locationField(el).focus();
    locationField(el).select();
    await sendKeys({ type: 'Shelf 2' });
    const updated = stockUpdated(el);
    await sendKeys({ press: 'Enter' });
    const event = await updated;
    expect(event.detail.stockEntry.physical_stock_level).to.equal(4);
    expect(event.detail.stockEntry.location).to.equal('Shelf 2');
    // Enter saved the stock and did not submit the allocation form around it.
    const log = await sandbox.requests();
    expect(puts(log)).to.have.length(1);
    expect(log.filter((request) => request.method === 'POST')).to.have.length(0);
  });

  it('checks the level before sending: a whole number, not below 0', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await open(el);
    await type(el, levelField(el), 'lots');
    saveButton(el).click();
    await el.updateComplete;
    expect(levelField(el).getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(el, levelField(el))).to.contain('Enter a whole number, like 2.');
    await type(el, levelField(el), '-3');
    expect(levelField(el).getAttribute('aria-invalid')).to.equal('false');
    saveButton(el).click();
    await el.updateComplete;
    expect(descriptionOf(el, levelField(el))).to.contain('The stock level cannot be below 0.');
    await expect(el).to.be.accessible();
    expect(puts(await sandbox.requests())).to.have.length(0);
  });

  it('shows a 422 at the field and keeps what was typed', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'PUT',
      path: STOCK_PATH,
      status: 422,
      body: { error_messages: ['Stock count in progress at this warehouse'] },
      times: 1,
    });
    await open(el);
    await type(el, levelField(el), '6');
    await type(el, locationField(el), 'Shelf 9');
    const failed = oneEvent(el, 'request-error');
    saveButton(el).focus();
    saveButton(el).click();
    expect((await failed).detail.error.code).to.equal('validation');
    await waitFor(
      () => levelField(el).getAttribute('aria-invalid') === 'true',
      'the 422 did not show at the field',
    );
    await waitFor(
      () => shadow(el).activeElement === levelField(el),
      'focus did not go to the field in error',
    );
    const level = levelField(el);
    expect(descriptionOf(el, level)).to.contain('Stock count in progress at this warehouse');
    expect(level.value).to.equal('6');
    expect(locationField(el).value).to.equal('Shelf 9');
    expect(editor(el)!.querySelector('[role="alert"]')).to.equal(null);
    expect(saveButton(el).disabled).to.equal(false);
    await expect(el).to.be.accessible();

    // Typing clears the message; saving again goes through.
    await type(el, level, '8');
    expect(level.getAttribute('aria-invalid')).to.equal('false');
    const updated = stockUpdated(el);
    saveButton(el).click();
    expect((await updated).detail.stockEntry.physical_stock_level).to.equal(8);
    const sent = puts(await sandbox.requests());
    expect(sent).to.have.length(2);
    expect(sent[1]!.body).to.deep.equal({
      stock_entry: { physical_stock_level: 8, infinite: false, location: 'Shelf 9' },
    });
  });

  it('shows other failures in a banner with Retry and keeps what was typed', async () => {
    const el = await renderShort(client);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'PUT',
      path: STOCK_PATH,
      status: 500,
      body: { error_messages: ['Inventory service unavailable'] },
      times: 1,
    });
    await open(el);
    await type(el, levelField(el), '3');
    await type(el, locationField(el), 'Bay 4');
    const failed = oneEvent(el, 'request-error');
    saveButton(el).click();
    expect((await failed).detail.error.code).to.equal('server');
    await waitFor(() => editor(el)?.querySelector('[role="alert"]'), 'no error banner');
    const alert = editor(el)!.querySelector('[role="alert"]')!;
    expect(textOf(alert)).to.contain('The stock level was not saved.');
    expect(textOf(alert)).to.contain('Inventory service unavailable');
    expect(levelField(el).value).to.equal('3');
    expect(levelField(el).getAttribute('aria-invalid')).to.equal('false');
    expect(locationField(el).value).to.equal('Bay 4');
    expect(manchesterOption(el)).to.equal(`${MANCHESTER} — none in stock`);
    await expect(el).to.be.accessible();

    const updated = stockUpdated(el);
    alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!.click();
    const event = await updated;
    expect(event.detail.stockEntry.physical_stock_level).to.equal(3);
    expect(event.detail.stockEntry.location).to.equal('Bay 4');
    await el.updateComplete;
    expect(manchesterOption(el)).to.equal(`${MANCHESTER} — 1 of 3 items in stock`);
  });

  it('updates every element showing the order through the shared store', async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <allocation-form .client=${client} order-id=${O.international}></allocation-form>
        <allocation-form .client=${client} order-id=${O.international}></allocation-form>
      </div>`,
    );
    const [first, second] = [...page.querySelectorAll<AllocationForm>('allocation-form')];
    await loaded(first!);
    await loaded(second!);
    await expect(first!).to.be.accessible();
    await chooseWarehouse(first!, W.manchester);
    await open(first!);
    await type(first!, levelField(first!), '9');
    const updated = stockUpdated(first!);
    saveButton(first!).click();
    await updated;
    await second!.updateComplete;
    expect(manchesterOption(second!)).to.equal(`${MANCHESTER} — 1 of 3 items in stock`);
  });

  it('speaks German under lang="de"', async () => {
    const el = await fixture<HTMLDivElement>(
      html`<div lang="de">
        <allocation-form .client=${client} order-id=${O.international}></allocation-form>
      </div>`,
    ).then((div) => div.querySelector('allocation-form')!);
    await loaded(el);
    await expect(el).to.be.accessible();
    await chooseWarehouse(el, W.manchester);
    expect(textOf(adjustButtons(el)[0])).to.match(/^Bestand für Merino Wool Beanie.* korrigieren$/);
    await open(el);
    expect(labelOf(el, levelField(el))).to.equal('Bestand');
    expect(labelOf(el, locationField(el))).to.equal('Lagerplatz');
    expect(textOf(saveButton(el))).to.equal('Bestand speichern');
    await expect(el).to.be.accessible();
  });
});
