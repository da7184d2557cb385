import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import type {
  PickListCompleteEvent,
  RowPickedEvent,
} from '../../../src/elements/pick-list/pick-list.events.js';
import '../../../src/pick-list.js';
import type { PickList } from '../../../src/pick-list.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, button, has, textOf, waitFor } from '../../helpers/elements.js';
import { layoutProblems } from '../../helpers/layout.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import {
  checkbox,
  checkboxes,
  focused,
  pickListLoaded,
  progressText,
  rowTexts,
  tableNamed,
  tableNames,
} from './helpers.js';

const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;
const LONDON = 'Pick at London Fulfilment Centre';
const MANCHESTER = 'Pick at Manchester Overflow';
const BOWLS = [O.pickBowls, O.pickPicnic];

describe('<pick-list>', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    await sandbox.reset();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    sessionStorage.clear();
  });

  afterEach(() => sessionStorage.clear());

  async function render(
    ids: readonly number[],
    attributes: { warehouseId?: number } = {},
  ): Promise<PickList> {
    const el = await fixture<PickList>(
      html`<pick-list
        .client=${client}
        .orderIds=${[...ids]}
        warehouse-id=${ifDefined(attributes.warehouseId)}
      ></pick-list>`,
    );
    await pickListLoaded(el);
    return el;
  }

  it('shows a region "Pick list" with a table per warehouse, in walking order, quantities summed, kits as their parts', async () => {
    const el = await render(BOWLS);
    await expect(el).to.be.accessible();

    const region = $(el, 'section[aria-labelledby]')!;
    expect(textOf(el.shadowRoot!.getElementById(region.getAttribute('aria-labelledby')!))).to.equal(
      'Pick list',
    );
    expect(tableNames(el)).to.deep.equal([LONDON, MANCHESTER]);
    const london = tableNamed(el, LONDON);
    expect([...london.tHead!.rows[0]!.cells].map((cell) => textOf(cell))).to.deep.equal([
      'Location',
      'Item',
      'Quantity',
      'Orders',
    ]);
    // a-2 before A-9 before A-10 (case ignored, numbers as numbers); the napkins, with no bin, last.
    expect(rowTexts(london)).to.deep.equal([
      ['a-2', 'Stoneware Tableware Side plate SKU PLATE-SIDE', '1', `${N.pickPicnic} × 1`],
      ['a-2', 'Stoneware Tableware Side plate SKU PLATE-SIDE in Picnic Set', '2', `${N.pickPicnic} × 2`],
      ['A-9', 'Stoneware Tableware Small bowl SKU BOWL-S', '3', `${N.pickBowls} × 2 ${N.pickPicnic} × 1`],
      ['A-9', 'Stoneware Tableware Small bowl SKU BOWL-S in Picnic Set', '2', `${N.pickPicnic} × 2`],
      ['A-10', 'Stoneware Tableware Large bowl SKU BOWL-L', '1', `${N.pickBowls} × 1`],
      ['No location', 'Stoneware Tableware Linen napkin SKU NAPKIN-LIN', '2', `${N.pickBowls} × 2`],
      [
        'No location',
        'Stoneware Tableware Linen napkin SKU NAPKIN-LIN in Picnic Set',
        '1',
        `${N.pickPicnic} × 1`,
      ],
    ]);
    expect(rowTexts(tableNamed(el, MANCHESTER))).to.deep.equal([
      ['M-2', 'Stoneware Tableware Small bowl SKU BOWL-S', '1', `${N.pickPicnic} × 1`],
    ]);
    // The kit itself is no row: its parts are picked.
    expect(textOf(el.shadowRoot!)).not.to.contain('KIT-PICNIC');
    expect(checkboxes(el)).to.have.length(8);
    expect(checkboxes(el)[0]!.getAttribute('aria-label')).to.equal('Picked Stoneware Tableware Side plate');
    expect(progressText(el)).to.equal('0 of 8 rows picked');
  });

  it('lists what is not allocated yet under "Not allocated yet", counted in no table', async () => {
    const el = await render([O.pickBowls, O.partlyAllocated, O.allocated]);
    await expect(el).to.be.accessible();

    const notAllocated = $(el, '[part="not-allocated"]')!;
    expect(textOf(notAllocated.querySelector('h3'))).to.equal('Not allocated yet');
    expect([...notAllocated.querySelectorAll('li')].map((item) => textOf(item))).to.deep.equal([
      `${N.pickBowls}: Stoneware Tableware Espresso cup × 2 SKU CUP-ESP`,
      `${N.partlyAllocated}: Leather Notebook A5 Tan × 1 SKU NOTE-A5-TAN`,
    ]);
    const items = rowTexts(tableNamed(el, LONDON)).map((row) => row[1]);
    expect(items.join()).not.to.contain('Espresso');
    expect(items.join()).not.to.contain('Notebook');
    // The seeded aisles compare by their numbers too: A-7 before A-13.
    expect(rowTexts(tableNamed(el, LONDON)).map((row) => row[0])).to.deep.equal([
      'A-9',
      'A-10',
      'Aisle A-7',
      'Aisle A-13',
      'Aisle B-8',
      'No location',
    ]);
  });

  it('shows only the warehouse of warehouse-id, and says so when nothing is allocated there', async () => {
    const el = await render(BOWLS, { warehouseId: W.manchester });
    await expect(el).to.be.accessible();
    expect(tableNames(el)).to.deep.equal([MANCHESTER]);
    expect(progressText(el)).to.equal('0 of 1 rows picked');

    el.warehouseId = W.rotterdam;
    await el.updateComplete;
    expect(tableNames(el)).to.deep.equal([]);
    expect(textOf($(el, 'p.muted'))).to.equal('Nothing of these orders is allocated at this warehouse.');
    el.removeAttribute('warehouse-id');
    await el.updateComplete;
    expect(tableNames(el)).to.deep.equal([LONDON, MANCHESTER]);
  });

  it('takes order-ids as an attribute, comma-separated', async () => {
    const el = await fixture<PickList>(
      html`<pick-list .client=${client} order-ids="${O.pickBowls}, ${O.pickPicnic}"></pick-list>`,
    );
    await pickListLoaded(el);
    await expect(el).to.be.accessible();
    expect(el.orderIds).to.deep.equal(BOWLS);
    expect(tableNames(el)).to.deep.equal([LONDON, MANCHESTER]);
  });

  it('ticks rows with row-picked, keeps the ticks over a reload of the tab, and "Start again" clears them', async () => {
    const el = await render(BOWLS);
    await expect(el).to.be.accessible();

    const bowl = checkbox(el, 'Picked Stoneware Tableware Small bowl', tableNamed(el, LONDON));
    const heard = oneEvent(el, 'row-picked') as Promise<RowPickedEvent>;
    bowl.click();
    const event = await heard;
    expect(event.detail).to.deep.equal({
      sellableId: S.bowlSmall,
      warehouseId: W.london,
      picked: true,
      kitId: null,
    });
    expect(event.bubbles && event.composed).to.equal(true);
    checkbox(el, 'Picked Stoneware Tableware Small bowl in Picnic Set').click();
    await el.updateComplete;
    expect(progressText(el)).to.equal('2 of 8 rows picked');
    expect(bowl.closest('tr')!.classList.contains('picked')).to.equal(true);

    // The tab reloads: a new element for the same orders finds the ticks.
    el.remove();
    const again = await render(BOWLS);
    await expect(again).to.be.accessible();
    expect(progressText(again)).to.equal('2 of 8 rows picked');
    expect(
      checkbox(again, 'Picked Stoneware Tableware Small bowl', tableNamed(again, LONDON)).checked,
    ).to.equal(true);
    expect(
      checkbox(again, 'Picked Stoneware Tableware Small bowl', tableNamed(again, MANCHESTER)).checked,
    ).to.equal(false);
    expect(checkbox(again, 'Picked Stoneware Tableware Large bowl').checked).to.equal(false);
    // Another list of orders has ticks of its own.
    const other = await render([O.pickBowls]);
    expect(progressText(other)).to.equal('0 of 3 rows picked');
    other.remove();

    const startAgain = button(again, 'Start again');
    startAgain.focus();
    startAgain.click();
    await again.updateComplete;
    expect(progressText(again)).to.equal('0 of 8 rows picked');
    expect(checkboxes(again).some((input) => input.checked)).to.equal(false);
    expect(textOf($(again, '.outcome'))).to.equal('Ticks cleared. Start with the first row.');
    await waitFor(() => focused(again) === checkboxes(again)[0], 'focus did not go to the first row');
    again.remove();
    const third = await render(BOWLS);
    expect(progressText(third)).to.equal('0 of 8 rows picked');
  });

  it('emits pick-list-complete once, when every row is ticked', async () => {
    const el = await render(BOWLS, { warehouseId: W.london });
    await expect(el).to.be.accessible();
    const completed: PickListCompleteEvent[] = [];
    el.addEventListener('pick-list-complete', (event) => completed.push(event));

    const inputs = checkboxes(el);
    for (const input of inputs.slice(0, -1)) input.click();
    await el.updateComplete;
    expect(completed).to.have.length(0);
    inputs.at(-1)!.click();
    await el.updateComplete;
    expect(completed.map((event) => event.detail)).to.deep.equal([{ orderIds: BOWLS }]);
    expect(progressText(el)).to.equal('7 of 7 rows picked Every row is picked.');
    inputs[0]!.click();
    inputs[0]!.click();
    await el.updateComplete;
    expect(completed, 'not again for the same list').to.have.length(1);

    button(el, 'Start again').click();
    await el.updateComplete;
    for (const input of checkboxes(el)) input.click();
    await el.updateComplete;
    expect(completed, 'again after Start again').to.have.length(2);
  });

  it('is used by keyboard: Tab to a row, Space ticks it, focus stays on it', async () => {
    const el = await render(BOWLS, { warehouseId: W.manchester });
    await expect(el).to.be.accessible();
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();

    // The table's scroll region takes focus first, then the row's checkbox.
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('role')).to.equal('region');
    await sendKeys({ press: 'Tab' });
    const input = checkboxes(el)[0]!;
    expect(focused(el)).to.equal(input);
    await sendKeys({ press: ' ' });
    await el.updateComplete;
    expect(input.checked).to.equal(true);
    expect(progressText(el)).to.equal('1 of 1 rows picked Every row is picked.');
    expect(focused(el)).to.equal(input);
    // On to the buttons, in the order they are read.
    const names: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await sendKeys({ press: 'Tab' });
      names.push(textOf(focused(el) as HTMLElement));
    }
    expect(names).to.deep.equal(['Download pick list', 'Print pick list', 'Start again']);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(input.checked).to.equal(false);
    await waitFor(() => focused(el) === input, 'focus did not go back to the first row');
    before.remove();
  });

  it('lays out at 240 px wide: every row stacked, nothing cut off or sticking out', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div style="width: 240px">
        <pick-list .client=${client} .orderIds=${[O.pickBowls, O.pickPicnic, O.partlyAllocated]}></pick-list>
      </div>`,
    );
    const el = wrapper.querySelector('pick-list')!;
    await pickListLoaded(el);
    await expect(el).to.be.accessible();
    expect(layoutProblems(el, '240 px')).to.deep.equal([]);
    const card = $(el, '.card')!;
    expect(card.scrollWidth).to.be.at.most(card.clientWidth + 1);
    const row = $(el, 'tbody tr')!;
    expect(getComputedStyle(row).display, 'a row stacks').to.equal('grid');
    for (const input of checkboxes(el)) {
      const box = input.getBoundingClientRect();
      expect(box.width).to.be.at.least(24);
      expect(box.right).to.be.at.most(card.getBoundingClientRect().right);
    }
  });

  it('shows loading as a status, then an alert with Retry when an order cannot be read', async () => {
    await sandbox.fault({ method: 'GET', path: `/orders/${O.pickPicnic}`, status: 404, delayMs: 150 });
    const el = await fixture<PickList>(html`<pick-list .client=${client} .orderIds=${BOWLS}></pick-list>`);
    await waitFor(() => has(el, '[role="status"][part="loading"]'), 'no loading status');
    expect(textOf($(el, '[part="loading"]'))).to.match(/^Loading orders \d of 2$/);
    await pickListLoaded(el);
    await expect(el).to.be.accessible();
    const alert = $(el, '[role="alert"]')!;
    expect(textOf(alert)).to.contain('The orders could not be loaded.');
    expect(tableNames(el)).to.deep.equal([]);

    const retry = button(el, 'Retry');
    retry.focus();
    retry.click();
    await waitFor(() => tableNames(el).length === 2, 'Retry did not load the orders');
    expect(has(el, '[role="alert"]')).to.equal(false);
    await waitFor(() => focused(el) === checkboxes(el)[0], 'focus did not go to the first row after Retry');
  });

  it('says so when no orders are given, and names more than 100 given', async () => {
    const empty = await fixture<PickList>(html`<pick-list .client=${client}></pick-list>`);
    await expect(empty).to.be.accessible();
    expect(textOf($(empty, 'p.muted'))).to.equal('Choose orders to pick.');

    const many = [...BOWLS, ...Array.from({ length: 101 }, (_, index) => 13_360_001 + index)];
    const el = await render(many);
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="limit-notice"]'))).to.equal(
      '103 orders were given; only the first 100 are included. Pick the rest on another list.',
    );
    expect(tableNames(el)).to.deep.equal([LONDON, MANCHESTER]);
  });

  it('follows the orders in the client: an allocation made beside it shows at once', async () => {
    const el = await render([O.pickBowls]);
    await expect(el).to.be.accessible();
    expect(progressText(el)).to.equal('0 of 3 rows picked');
    await client.createAllocation(O.pickBowls, {
      warehouseId: W.london,
      lineItems: [{ sellableId: S.espressoCup, quantity: 2 }],
    });
    await waitFor(() => progressText(el) === '0 of 4 rows picked', 'the new allocation did not show');
    expect(rowTexts(tableNamed(el, LONDON)).map((row) => row[0])).to.deep.equal([
      'A-9',
      'A-10',
      'B-1',
      'No location',
    ]);
    expect(has(el, '[part="not-allocated"]')).to.equal(false);
  });

  it('speaks German under lang="de"', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="de"><pick-list .client=${client} .orderIds=${BOWLS}></pick-list></div>`,
    );
    const el = wrapper.querySelector('pick-list')!;
    await pickListLoaded(el);
    await expect(el).to.be.accessible();
    expect(textOf($(el, 'h2'))).to.equal('Pickliste');
    expect(tableNames(el)).to.deep.equal([
      'Picken in London Fulfilment Centre',
      'Picken in Manchester Overflow',
    ]);
    expect(progressText(el)).to.equal('0 von 8 Zeilen gepickt');
    expect(
      $$(el, 'thead th')
        .slice(0, 4)
        .map((cell) => textOf(cell)),
    ).to.deep.equal(['Lagerplatz', 'Artikel', 'Menge', 'Bestellungen']);
    expect(checkboxes(el)[0]!.getAttribute('aria-label')).to.equal('Stoneware Tableware Side plate gepickt');
  });
});
