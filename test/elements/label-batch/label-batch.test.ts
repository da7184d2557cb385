import '../../../src/locales/de.js';
import '../../../src/locales/fr.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { PDFDocument } from 'pdf-lib';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, RatesRequest } from '../../../src/api/index.js';
import '../../../src/label-batch.js';
import type { LabelBatch } from '../../../src/label-batch.js';
import type { LabelsPurchasedDetail } from '../../../src/elements/label-batch/label-batch.events.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import {
  buyLabelOutside,
  clickPastDisabled,
  focusedIn,
  orderWithShippedAllocation,
} from '../../helpers/batch.js';
import { $, $$, has, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { layoutProblems } from '../../helpers/layout.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { answeredAfter, createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';
import { fakeQuoteTime, restoreQuoteTime } from '../../helpers/time.js';

const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const W = SEED_IDS.warehouses;
const S = SEED_IDS.sellables;
const RATES_PATH = '/shipping/api/v1/rates';
const BOOK_PATH = '/shipping/api/v1/shipments';
const MISSING_ORDER = 99_999_001;

function rows(el: LabelBatch): HTMLTableRowElement[] {
  return $$(el, 'tbody tr[part="row"]') as HTMLTableRowElement[];
}

function rowOf(el: LabelBatch, number: string): HTMLTableRowElement {
  const row = rows(el).find((candidate) => textOf(candidate.querySelector('th')) === number);
  if (!row) throw new Error(`No row for ${number}`);
  return row;
}

function rateSelect(el: LabelBatch, number: string): HTMLSelectElement {
  return rowOf(el, number).querySelector<HTMLSelectElement>('select')!;
}

/** The text of each row's chosen rate, by order number. */
function chosenRates(el: LabelBatch): Record<string, string> {
  return Object.fromEntries(
    rows(el).map((row) => {
      const select = row.querySelector<HTMLSelectElement>('select')!;
      return [textOf(row.querySelector('th')), textOf(select.selectedOptions[0])];
    }),
  );
}

function buyButton(el: LabelBatch): HTMLButtonElement {
  return $(el, '[part="buy-button"]') as HTMLButtonElement;
}

function progressText(el: LabelBatch): string {
  return textOf($(el, '[role="status"][part="progress"]'));
}

/** Orders and their rates are in: the progress is gone and the table or the left-out list shows. */
async function settled(el: LabelBatch): Promise<void> {
  await waitFor(
    () => progressText(el) === '' && (rows(el).length > 0 || $(el, '[part="unshippable"]') !== null),
    'the batch did not load',
  );
  await el.updateComplete;
}

function requestsTo(log: LoggedRequest[], method: string, path: string): LoggedRequest[] {
  return log.filter((entry) => entry.method === method && entry.path === path);
}

/** How many shipments each remote shipment id had across every booking request. */
function shipmentsBooked(log: LoggedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const booking of requestsTo(log, 'POST', BOOK_PATH)) {
    for (const shipment of (booking.body as { shipments: Array<{ remote_shipment_id: string }> }).shipments) {
      counts.set(shipment.remote_shipment_id, (counts.get(shipment.remote_shipment_id) ?? 0) + 1);
    }
  }
  return counts;
}

function ratesFor(log: LoggedRequest[], number: string): LoggedRequest[] {
  return requestsTo(log, 'POST', RATES_PATH).filter(
    (entry) => (entry.body as { customer_reference?: string }).customer_reference === number,
  );
}

/** Three more orders ready to ship besides the seeded allocated one (one to the US). */
async function allocateOrders(client: OpsClient): Promise<void> {
  await client.createAllocation(O.withNotes, {
    warehouseId: W.london,
    lineItems: [{ sellableId: S.candleSmall, quantity: 3 }],
  });
  await client.createAllocation(O.international, {
    warehouseId: W.london,
    lineItems: [
      { sellableId: S.beanieMustard, quantity: 1 },
      { sellableId: S.mugWhite, quantity: 2 },
    ],
  });
}

function todayStamp(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

describe('label-batch', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;
  /** What the client of the last batch rendered sent. */
  let sent: RecordingFetch;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    await allocateOrders(client);
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
    restoreQuoteTime();
  });

  /** A batch on a client of its own, so it finds no order in a store and fetches each once. */
  async function renderBatch(orderIds: number[], attributes: { labelFormat?: string } = {}) {
    const recorded = recordedClient(sandbox);
    const batchClient = recorded.client;
    sent = recorded.sent;
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${batchClient}
        order-ids=${orderIds.join(',')}
        label-format=${attributes.labelFormat ?? 'PDF'}
      ></label-batch>`,
    );
    return el;
  }

  const SHIPPABLE = [O.allocated, O.withNotes, O.international];

  it('shows progress, a row per shippable order and the orders left out with their reasons', async () => {
    await sandbox.fault({ method: 'POST', path: RATES_PATH, hold: true, times: 3 });
    const el = await renderBatch([
      O.allocated,
      O.unallocated,
      O.withNotes,
      O.shipped,
      MISSING_ORDER,
      O.international,
    ]);
    // Everything the status line says while the batch loads.
    const said = new Set<string>();
    const listening = setInterval(() => said.add(progressText(el)), 20);
    await expect(el).to.be.accessible();
    await waitFor(async () => (await sandbox.held()) > 0, 'no rates request was sent');
    said.add(progressText(el));
    await sandbox.release();
    await settled(el);
    clearInterval(listening);
    expect(
      [...said].some((line) => /^Getting rates \d of 3$/.test(line)),
      [...said].join(' | '),
    ).to.equal(true);
    expect($(el, '[part="progress"]')!.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();

    expect(rows(el).map((row) => textOf(row.querySelector('th')))).to.deep.equal([
      N.allocated,
      N.withNotes,
      N.international,
    ]);
    const table = $(el, 'table')!;
    expect(textOf(table.querySelector('caption'))).to.equal('Labels to buy');
    expect(rateSelect(el, N.allocated).getAttribute('aria-label')).to.equal(`Rate for ${N.allocated}`);
    expect(textOf(rowOf(el, N.international))).to.contain('US');
    // US orders are quoted in dollars, the rest in pounds: the total keeps them apart.
    expect(textOf($(el, '[part="total"]'))).to.match(/£[\d.]+ and \$[\d.]+/);

    const leftOut = textOf($(el, '[part="unshippable"]'));
    expect(leftOut).to.contain('3 orders left out');
    expect(leftOut).to.contain(`${N.unallocated} Nothing is allocated to a warehouse yet.`);
    expect(leftOut).to.contain(`${N.shipped} The order has shipped already.`);
    expect(leftOut).to.contain(`${MISSING_ORDER} The order could not be loaded.`);

    const log = await sandbox.requests();
    for (const id of [O.allocated, O.unallocated, O.withNotes, O.shipped, MISSING_ORDER, O.international]) {
      expect(requestsTo(log, 'GET', `/orders/${id}`), `GET /orders/${id}`).to.have.length(1);
    }
    expect(requestsTo(log, 'POST', RATES_PATH)).to.have.length(3);
    for (const number of [N.allocated, N.withNotes, N.international]) {
      expect(ratesFor(log, number), number).to.have.length(1);
    }
  });

  it("leaves out an order no carrier can take, with each carrier's reasons", async () => {
    await sandbox.fault({
      method: 'POST',
      path: RATES_PATH,
      status: 200,
      body: {
        quotes: [],
        unavailable_quotes: [
          {
            carrier: 'parcelway',
            name: 'Parcelway Standard',
            unavailable_reasons: [
              { message: 'Parcel too heavy: Parcelway Standard takes parcels up to 30 kg' },
            ],
          },
          {
            carrier: 'swift_courier',
            name: 'Swift Courier Next Day',
            unavailable_reasons: [
              { message: 'Parcel too heavy: Swift Courier Next Day takes parcels up to 30 kg' },
            ],
          },
        ],
        remote_shipment_id: 'shp_heavy',
        request_token: 'tok_heavy',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    const el = await renderBatch([O.allocated]);
    await settled(el);
    await expect(el).to.be.accessible();
    expect(rows(el)).to.have.length(0);
    const leftOut = textOf($(el, '[part="unshippable"]'));
    expect(leftOut).to.contain(`${N.allocated} No carrier can take this parcel.`);
    expect(leftOut).to.contain(
      'Parcelway Standard: Parcel too heavy: Parcelway Standard takes parcels up to 30 kg',
    );
    expect(leftOut).to.contain('Swift Courier Next Day: Parcel too heavy');
  });

  it('quotes the allocation without a label, and leaves out an order whose allocations all have one', async () => {
    // The towels, the only allocation of the partly allocated order, get a label elsewhere.
    expect((await buyLabelOutside(client, O.partlyAllocated)).status).not.to.equal('shipped');
    const before = await renderBatch([O.partlyAllocated]);
    await settled(before);
    await expect(before).to.be.accessible();
    expect(rows(before)).to.have.length(0);
    expect(textOf($(before, '[part="unshippable"]'))).to.contain(
      `${N.partlyAllocated} The order has shipped already.`,
    );
    // The one rates request is the outside purchase's: the batch asked none.
    expect(ratesFor(await sandbox.requests(), N.partlyAllocated)).to.have.length(1);
    before.remove();

    // Its notebook is allocated now, at Manchester: that allocation, the second, is left to ship.
    const order = await client.createAllocation(O.partlyAllocated, {
      warehouseId: W.manchester,
      lineItems: [{ sellableId: S.notebookTan, quantity: 1 }],
    });
    const [towels, notebook] = order.allocations!;
    expect(Boolean(towels!.shipment), 'the towels have a label').to.equal(true);
    expect(Boolean(notebook!.shipment), 'the notebook has none').to.equal(false);
    const el = await renderBatch([O.partlyAllocated]);
    await settled(el);
    await expect(el).to.be.accessible();
    expect(rows(el).map((row) => textOf(row.querySelector('th')))).to.deep.equal([N.partlyAllocated]);
    const quoted = ratesFor(await sandbox.requests(), N.partlyAllocated);
    expect(quoted).to.have.length(2);
    const request = quoted[1]!.body as RatesRequest;
    expect(request.from_address.town).to.equal(notebook!.warehouse!.city);
    expect(request.from_address.town).not.to.equal(towels!.warehouse!.city);
    expect(request.parcels[0]!.weight).to.equal(notebook!.total_weight);

    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    expect(Object.keys((await purchased).detail.successful)).to.deep.equal([String(O.partlyAllocated)]);
  });

  it('after an unclear answer, looks for a label on the allocation it booked, not on an earlier one', async () => {
    await orderWithShippedAllocation(client);
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 200,
      body: { successful: {}, failed: {} },
    });
    const el = await renderBatch([O.partlyAllocated]);
    await settled(el);
    await expect(el).to.be.accessible();
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    expect((await purchased).detail.failed[String(O.partlyAllocated)]?.mayHaveBought).to.equal(true);
    await waitFor(
      () => !textOf(rowOf(el, N.partlyAllocated)).includes('Reading the order again'),
      'the order was not read again',
    );
    await expect(el).to.be.accessible();
    const row = textOf(rowOf(el, N.partlyAllocated));
    expect(row).to.contain('The order shows no label yet.');
    expect(row).not.to.contain('it was bought');
  });

  it('takes orders the client holds already from its store, and lists the orders of a too-long list once', async () => {
    // The allocations above left these orders in the client's store.
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${client}
        .orderIds=${[O.withNotes, O.international, O.withNotes]}
      ></label-batch>`,
    );
    await settled(el);
    await expect(el).to.be.accessible();
    expect(rows(el)).to.have.length(2);
    const log = await sandbox.requests();
    expect(log.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/orders/'))).to.have.length(
      0,
    );
    expect(requestsTo(log, 'POST', RATES_PATH)).to.have.length(2);
  });

  it('says so when more than 100 orders are given and takes only the first 100', async () => {
    const ids = [O.allocated, ...Array.from({ length: 104 }, (_, index) => MISSING_ORDER + 1 + index)];
    const el = await fixture<LabelBatch>(
      html`<label-batch .client=${client} .orderIds=${ids}></label-batch>`,
    );
    await settled(el);
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="limit-notice"]'))).to.contain('105 orders were given');
    expect(textOf($(el, '[part="limit-notice"]'))).to.contain('only the first 100 are included');
    expect(rows(el)).to.have.length(1);
    const log = await sandbox.requests();
    const fetched = log.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/orders/'));
    expect(fetched).to.have.length(100);
    expect(fetched.map((entry) => entry.path)).not.to.include(`/orders/${ids[100]}`);
    expect(textOf($(el, '[part="unshippable"]'))).to.contain('99 orders left out');
  });

  it('goes on loading where it stopped when it leaves the page and comes back', async () => {
    await sandbox.fault({ method: 'POST', path: RATES_PATH, delayMs: 800, times: 1 });
    const el = await renderBatch([O.allocated, O.withNotes]);
    await expect(el).to.be.accessible();
    await waitFor(() => /Getting rates/.test(progressText(el)), 'no rates progress');
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await settled(el);
    await expect(el).to.be.accessible();
    expect(rows(el)).to.have.length(2);
    expect(buyButton(el).disabled).to.equal(false);
    // Nothing asked twice but the requests the departure cut short.
    const log = await sandbox.requests();
    expect(requestsTo(log, 'GET', `/orders/${O.allocated}`)).to.have.length(1);
    expect(ratesFor(log, N.allocated).length).to.be.within(1, 2);
    expect(ratesFor(log, N.withNotes).length).to.be.within(1, 2);
  });

  it('chooses the quotes by the "Choose by" rule, by keyboard too, and lets a row choose its own', async () => {
    const el = await renderBatch(SHIPPABLE);
    await settled(el);
    await expect(el).to.be.accessible();
    const chooseBy = $(el, '[part="choose-by-select"]') as HTMLSelectElement;
    expect(textOf(shadow(el).querySelector('label[for="choose-by"]'))).to.equal('Choose by');
    // The carrier accounts arrive after the first rates.
    await waitFor(() => chooseBy.options.length > 2, 'no carrier accounts to prefer');
    expect([...chooseBy.options].map((option) => textOf(option))).to.include.members([
      'Cheapest',
      'Fastest',
      'Swift Courier first',
    ]);
    const cheapest = chosenRates(el);
    const cheapestTotal = textOf($(el, '[part="total"]'));

    chooseBy.focus();
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(chooseBy.value).to.equal('fastest');
    const fastest = chosenRates(el);
    expect(fastest).not.to.deep.equal(cheapest);
    expect(fastest[N.allocated]).to.contain('Swift Courier Next Day');
    expect(textOf($(el, '[part="total"]'))).not.to.equal(cheapestTotal);
    await expect(el).to.be.accessible();

    // Each row's select lists the quotes, the rule's choice first.
    const select = rateSelect(el, N.withNotes);
    expect(select.selectedIndex).to.equal(0);
    const other = [...select.options].find((option) => textOf(option).includes('Parcelway Standard'))!;
    select.value = other.value;
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(chosenRates(el)[N.withNotes]).to.contain('Parcelway Standard');

    const swift = [...chooseBy.options].find((option) => textOf(option) === 'Swift Courier first')!;
    chooseBy.value = swift.value;
    chooseBy.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const preferred = chosenRates(el);
    expect(preferred[N.allocated]).to.match(/^Swift Courier /);
    expect(preferred[N.withNotes]).to.match(/^Swift Courier /);
    // Swift Courier does not go to the US: that order keeps the cheapest quote.
    expect(preferred[N.international]).to.equal(cheapest[N.international]);
  });

  it('lays the table out for its width: narrow, each order stacks and the header row goes out of sight', async () => {
    const el = await renderBatch([O.allocated, O.withNotes]);
    await settled(el);
    await expect(el).to.be.accessible();
    const thead = $(el, 'thead')!;
    const row = rowOf(el, N.allocated);
    const select = rateSelect(el, N.allocated);

    const number = row.querySelector('th')!;
    el.style.width = '60em';
    expect(thead.getBoundingClientRect().height, 'the header row, wide').to.be.greaterThan(1);
    expect(select.getBoundingClientRect().left, 'the rate beside the number').to.be.at.least(
      number.getBoundingClientRect().right,
    );
    // A box as wide as a side panel: the long rate names end in an ellipsis inside their select
    // rather than pushing the price and the label out of sight behind a sideways scroll.
    el.style.width = '48em';
    const scroller = $(el, '.table-scroll')!;
    expect(scroller.scrollWidth, 'the table fits its box').to.be.at.most(scroller.clientWidth + 1);
    expect(select.title, 'the full rate, for whoever hovers it').to.contain(',');

    // Too narrow for five columns: the header row stays for screen readers only, and each order's
    // rate select goes under its number, across the row's whole width.
    el.style.width = '24em';
    expect(thead.getBoundingClientRect().height, 'the header row, narrow').to.be.at.most(1);
    expect(select.getBoundingClientRect().top, 'the rate under the number').to.be.at.least(
      number.getBoundingClientRect().bottom,
    );
    expect(select.getBoundingClientRect().width).to.be.closeTo(row.getBoundingClientRect().width, 2);
    await expect(el).to.be.accessible();
  });

  it('books each order exactly once however often Buy labels is pressed, and reports what was bought', async () => {
    const el = await renderBatch(SHIPPABLE);
    await settled(el);
    await expect(el).to.be.accessible();
    const button = buyButton(el);
    expect(textOf(button)).to.match(/^Buy labels \(3, total £[\d.]+ and \$[\d.]+\)$/);
    const events: LabelsPurchasedDetail[] = [];
    el.addEventListener('labels-purchased', (event) => events.push(event.detail));

    button.focus();
    button.click();
    // Pressed again before the update that disables it: the handler runs, and takes nothing more.
    button.click();
    await el.updateComplete;
    expect(button.disabled, 'Buy labels while the labels are bought').to.equal(true);
    // Nor do presses that get past the disabled button while the labels are bought.
    for (let index = 0; index < 3; index += 1) clickPastDisabled(button);
    await waitFor(() => events.length > 0, 'nothing was bought');
    // A purchase ends by reading each order again: once those are answered, nothing more is to come.
    await waitFor(async () => {
      const after = answeredAfter(await sandbox.requests(), 'POST', BOOK_PATH);
      return SHIPPABLE.every((id) =>
        after.some((entry) => entry.method === 'GET' && entry.path === `/orders/${id}`),
      );
    }, 'the orders were not read again after the booking');
    await el.updateComplete;
    expect(buyButton(el).disabled, 'Buy labels once all is bought').to.equal(true);
    // Nothing is left to book, whatever gets past the disabled button.
    for (let index = 0; index < 3; index += 1) clickPastDisabled(buyButton(el));
    await el.updateComplete;
    await expect(el).to.be.accessible();

    expect(events).to.have.length(1);
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`)).to.have.length(1);
    const log = await sandbox.requests();
    const booked = shipmentsBooked(log);
    expect(booked.size).to.equal(3);
    expect([...booked.values()]).to.deep.equal([1, 1, 1]);
    expect(requestsTo(log, 'POST', BOOK_PATH)).to.have.length(1);
    const [booking] = requestsTo(log, 'POST', BOOK_PATH);
    expect(booking!.body).to.not.have.property('request_token');

    const detail = events[0]!;
    expect(Object.keys(detail.successful).sort()).to.deep.equal(SHIPPABLE.map(String).sort());
    expect(detail.failed).to.deep.equal({});
    const label = detail.successful[String(O.allocated)]!;
    expect(label.trackingNumber).to.match(/^[A-Z0-9]+$/);
    expect(label.format).to.equal('PDF');
    expect(label.charges.unit).to.equal('GBP');
    expect(detail.successful[String(O.international)]!.charges.unit).to.equal('USD');
    expect(textOf(rowOf(el, N.allocated))).to.contain(`Bought, tracking ${label.trackingNumber}`);
    expect(buyButton(el).disabled).to.equal(true);
    expect(textOf(buyButton(el))).to.equal('Buy labels');
    expect(rateSelect(el, N.allocated).disabled).to.equal(true);
  });

  it('shows a partly successful booking per order, and a second Buy labels books only what is left', async () => {
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      failShipments: [1],
      failMessage: 'The carrier could not verify the address.',
    });
    const el = await renderBatch(SHIPPABLE);
    await settled(el);
    await expect(el).to.be.accessible();
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const detail: LabelsPurchasedDetail = (await purchased).detail;
    await el.updateComplete;
    await expect(el).to.be.accessible();

    expect(Object.keys(detail.successful).sort()).to.deep.equal(
      [String(O.allocated), String(O.international)].sort(),
    );
    expect(detail.failed).to.deep.equal({
      [String(O.withNotes)]: {
        errors: ['The carrier could not verify the address.'],
        quoteExpired: false,
        mayHaveBought: false,
      },
    });
    const failure = textOf(rowOf(el, N.withNotes).querySelector('[part="failure"]'));
    expect(failure).to.contain('Not bought');
    // The row that was not bought keeps its price in its currency.
    expect(textOf(rowOf(el, N.withNotes).querySelector('td.num'))).to.match(/^£[\d.]+$/);
    expect(failure).to.contain('The carrier could not verify the address.');
    expect(textOf(rowOf(el, N.allocated))).to.contain('Bought, tracking');
    expect(textOf(rowOf(el, N.international))).to.contain('Bought, tracking');
    expect(textOf($(el, '.summary'))).to.contain('2 labels bought');
    expect(textOf($(el, '.summary'))).to.contain('1 order not bought');
    // The total is what the two labels bought cost, the failed order's pounds left out.
    const boughtCharges = [N.allocated, N.international].map((number) =>
      textOf(rowOf(el, number).querySelector('td.num')),
    );
    const total = $(el, '[part="total"]');
    expect(textOf(total?.querySelector('th'))).to.equal('Total of the labels bought');
    expect(textOf(total?.querySelector('td.num'))).to.equal(boughtCharges.join(' and '));
    // Nothing is bought again by itself: the failed order waits for the user to choose again.
    expect(buyButton(el).disabled).to.equal(true);

    const select = rateSelect(el, N.withNotes);
    const other = [...select.options].find((option) => option.value !== select.value)!;
    select.value = other.value;
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(textOf(buyButton(el))).to.match(/^Buy labels \(1, total £[\d.]+\)$/);
    const second = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const secondDetail: LabelsPurchasedDetail = (await second).detail;
    expect(Object.keys(secondDetail.successful)).to.deep.equal([String(O.withNotes)]);
    expect(secondDetail.failed).to.deep.equal({});
    await el.updateComplete;
    await expect(el).to.be.accessible();

    const log = await sandbox.requests();
    const bookingRequests = requestsTo(log, 'POST', BOOK_PATH);
    expect(bookingRequests).to.have.length(2);
    expect((bookingRequests[1]!.body as { shipments: unknown[] }).shipments).to.have.length(1);
    expect(textOf($(el, '.summary'))).to.contain('3 labels bought');
    expect(textOf(rowOf(el, N.withNotes))).to.contain('Bought, tracking');
  });

  it('reads each booked order again once, and locks an order the answer left out until the user confirms', async () => {
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 200,
      body: { successful: {}, failed: {} },
    });
    const el = await renderBatch([O.allocated, O.withNotes]);
    await settled(el);
    await expect(el).to.be.accessible();
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const detail: LabelsPurchasedDetail = (await purchased).detail;
    expect(Object.values(detail.failed).map((failure) => failure.mayHaveBought)).to.deep.equal([true, true]);
    await waitFor(() => $$(el, '[part="buy-again-button"]').length === 2, 'the orders were not read again');
    await expect(el).to.be.accessible();
    const row = textOf(rowOf(el, N.allocated));
    expect(row).to.contain('the label may have been bought');
    expect(row).to.contain('The order shows no label yet.');
    expect(buyButton(el).disabled).to.equal(true);
    const log = await sandbox.requests();
    for (const orderId of [O.allocated, O.withNotes]) {
      expect(requestsTo(log, 'GET', `/orders/${orderId}`)).to.have.length(2);
    }

    // "Buy again for …" is the second confirmation, for that order alone; it goes once pressed,
    // and focus goes to "Buy labels", which now books that order.
    const buyAgain = $$(el, '[part="buy-again-button"]').find(
      (button) => textOf(button) === `Buy again for ${N.allocated}`,
    )!;
    buyAgain.focus();
    buyAgain.click();
    await el.updateComplete;
    await waitFor(() => focusedIn(el) === buyButton(el), 'focus did not go to Buy labels');
    expect(textOf(buyButton(el))).to.match(/^Buy labels \(1, total £[\d.]+\)$/);
    const second = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    expect(Object.keys((await second).detail.successful)).to.deep.equal([String(O.allocated)]);
    expect(requestsTo(await sandbox.requests(), 'POST', BOOK_PATH)).to.have.length(2);
  });

  it('starts the row of a label that may have been bought with that, and does not count it as not bought', async () => {
    const el = await renderBatch([O.allocated, O.withNotes]);
    await settled(el);
    await expect(el).to.be.accessible();
    // The answer leaves both unclear, and comes late: by then the first order's label is bought.
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 200,
      body: { successful: {}, failed: {} },
      hold: true,
    });
    const failure = (number: string) => textOf(rowOf(el, number).querySelector('[part="failure"]'));
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    // The orders were checked right before booking (the list of those updated since the rates).
    let checked = false;
    await waitFor(async () => {
      const log = await sandbox.requests();
      checked ||= log.some(
        (entry) => entry.method === 'GET' && entry.path === '/orders' && entry.query['updated_at_min'],
      );
      return checked;
    }, 'the orders were not checked before booking');
    await waitFor(async () => (await sandbox.held()) === 1, 'the booking was not sent');
    await buyLabelOutside(client, O.allocated);
    await sandbox.release();
    await purchased;
    // Each order was read again: its row says what the order shows.
    await waitFor(
      () =>
        [N.allocated, N.withNotes].every((number) =>
          /(it was bought|shows no label yet)\./.test(failure(number)),
        ),
      'the orders were not read again',
    );
    await expect(el).to.be.accessible();
    expect(failure(N.allocated)).to.equal(
      'No clear answer: the label may have been bought. Check the order before buying again. ' +
        'The order now shows a label: it was bought.',
    );
    expect(failure(N.withNotes)).to.match(/^No clear answer: the label may have been bought\./);
    expect(failure(N.withNotes)).to.contain('The order shows no label yet.');
    expect(failure(N.withNotes)).not.to.contain('Not bought');
    expect(textOf($(el, '.purchase-status')), 'nothing is counted as not bought').to.equal('');

    // The other is bought on the second confirmation: the summary counts it, and nothing as not bought.
    $$(el, '[part="buy-again-button"]')
      .find((button) => textOf(button) === `Buy again for ${N.withNotes}`)!
      .click();
    await el.updateComplete;
    const second = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    expect(Object.keys((await second).detail.successful)).to.deep.equal([String(O.withNotes)]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(textOf($(el, '.summary'))).to.equal('1 label bought');
    expect(failure(N.allocated)).to.match(/^No clear answer/);
  });

  it('after Buy labels, focus goes to "Download labels", Tab goes on from there, and a status region there before says what was bought', async () => {
    const el = await renderBatch([O.allocated, O.withNotes]);
    await settled(el);
    await expect(el).to.be.accessible();
    const region = $(el, '.purchase-status');
    expect(region?.getAttribute('role'), 'a status region before the purchase').to.equal('status');
    expect(textOf(region)).to.equal('');
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).focus();
    await sendKeys({ press: 'Enter' });
    await purchased;
    await waitFor(
      () => focusedIn(el) === $(el, '[part="download-button"]'),
      'focus did not go to "Download labels"',
    );
    expect($(el, '.purchase-status') === region, 'the same status region').to.equal(true);
    expect(textOf(region)).to.equal('2 labels bought');
    await sendKeys({ press: 'Tab' });
    expect(focusedIn(el) === $(el, '[part="print-button"]'), 'Tab goes on to "Print labels"').to.equal(true);
    expect($(el, '.summary')!.getAttribute('tabindex')).to.equal('-1');
    await expect(el).to.be.accessible();
  });

  it('keeps focus in the row when "Read … again" goes while the order is read', async () => {
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 200,
      body: { successful: {}, failed: {} },
    });
    const el = await renderBatch([O.allocated]);
    await settled(el);
    await expect(el).to.be.accessible();
    // The order cannot be read after the purchase; it can when the user asks again.
    await sandbox.fault({ method: 'GET', path: `/orders/${O.allocated}`, status: 404 });
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    await purchased;
    await waitFor(() => $(el, '[part="recheck-button"]'), 'no "Read … again"');
    await expect(el).to.be.accessible();
    expect(textOf(rowOf(el, N.allocated))).to.contain('The order could not be read again.');

    const recheck = $(el, '[part="recheck-button"]')!;
    expect(textOf(recheck)).to.equal(`Read ${N.allocated} again`);
    recheck.focus();
    recheck.click();
    const outcome = rowOf(el, N.allocated).querySelector('td.outcome');
    await waitFor(() => focusedIn(el) === outcome, "focus did not stay with the row's outcome");
    expect(outcome!.getAttribute('tabindex')).to.equal('-1');
    await waitFor(
      () => textOf(outcome).includes('The order shows no label yet.'),
      'the order was not read again',
    );
    expect(focusedIn(el) === outcome, "focus is still on the row's outcome").to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('offers the labels bought earlier for its orders again after a reload, as one file', async () => {
    const el = await renderBatch(SHIPPABLE);
    await settled(el);
    await expect(el).to.be.accessible();
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const bought: LabelsPurchasedDetail = (await purchased).detail;
    el.remove();

    const reloaded = await renderBatch(SHIPPABLE);
    await waitFor(() => $(reloaded, '[part="stored"]'), 'the kept labels were not offered');
    await settled(reloaded);
    await expect(reloaded).to.be.accessible();
    const stored = textOf($(reloaded, '[part="stored"]'));
    expect(stored).to.contain('Labels already bought for these orders');
    for (const label of Object.values(bought.successful)) expect(stored).to.contain(label.trackingNumber!);
    downloads = captureDownloads();
    $(reloaded, '[part="download-again-button"]')!.click();
    await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    const merged = await PDFDocument.load(await downloads.saved[0]!.blob.arrayBuffer());
    expect(merged.getPageCount()).to.equal(3);
    expect(requestsTo(await sandbox.requests(), 'POST', BOOK_PATH)).to.have.length(1);
  });

  it('offers new rates for an expired quote and asks again only for the row the user names', async () => {
    await sandbox.configure({ quoteTtlMs: 1500 });
    const time = fakeQuoteTime();
    const el = await renderBatch([O.allocated, O.withNotes]);
    await settled(el);
    expect($$(el, '[part="refresh-button"]'), 'the quotes are still valid').to.have.length(0);
    await time.tick(15_000);
    await waitFor(() => $$(el, '[part="refresh-button"]').length === 2, 'the quotes did not expire');
    await expect(el).to.be.accessible();
    expect(textOf(rowOf(el, N.allocated))).to.contain('The quote has expired.');
    expect(buyButton(el).disabled).to.equal(true);
    expect(rateSelect(el, N.allocated).disabled).to.equal(true);

    await sandbox.configure({ quoteTtlMs: 15 * 60 * 1000 });
    const refresh = $$(el, '[part="refresh-button"]').find(
      (button) => textOf(button) === `Refresh rates for ${N.allocated}`,
    )!;
    refresh.focus();
    refresh.click();
    await waitFor(() => $$(el, '[part="refresh-button"]').length === 1, 'no new rates');
    // The button went with the expired quote: focus goes to the row's new rates.
    await waitFor(() => focusedIn(el) === rateSelect(el, N.allocated), 'focus did not go to the new rates');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const log = await sandbox.requests();
    expect(ratesFor(log, N.allocated)).to.have.length(2);
    expect(ratesFor(log, N.withNotes)).to.have.length(1);
    expect(textOf(buyButton(el))).to.match(/^Buy labels \(1, total £[\d.]+\)$/);

    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    expect(Object.keys((await purchased).detail.successful)).to.deep.equal([String(O.allocated)]);
  });

  it('downloads the bought labels as one merged PDF and prints them', async () => {
    const el = await renderBatch(SHIPPABLE);
    await settled(el);
    await expect(el).to.be.accessible();
    expect($(el, '[part="download-button"]')).to.equal(null);
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    await purchased;
    await el.updateComplete;
    await expect(el).to.be.accessible();

    downloads = captureDownloads();
    $(el, '[part="download-button"]')!.click();
    await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    const [file] = downloads.saved;
    expect(file!.name).to.equal(`labels-${todayStamp()}.pdf`);
    expect(file!.blob.type).to.equal('application/pdf');
    const merged = await PDFDocument.load(await file!.blob.arrayBuffer());
    expect(merged.getPageCount()).to.equal(3);
    downloads.restore();
    downloads = undefined;

    if (navigator.pdfViewerEnabled) {
      // A browser that shows PDFs in a page prints the merged PDF from a hidden frame.
      $(el, '[part="print-button"]')!.click();
      await waitFor(() => shadow(el).querySelector('iframe.print-frame'), 'no print frame');
      const frame = shadow(el).querySelector<HTMLIFrameElement>('iframe.print-frame')!;
      const printed = await PDFDocument.load(await (await fetch(frame.src)).arrayBuffer());
      expect(printed.getPageCount()).to.equal(3);
      expect(textOf($(el, '[part="file-notice"]'))).to.equal('');
    } else {
      // One that cannot (headless Chromium) would crash printing a PDF frame: the labels are
      // saved instead, and the element says so.
      downloads = captureDownloads();
      $(el, '[part="print-button"]')!.click();
      await waitFor(() => downloads!.saved.length === 1, 'the labels to print were not saved');
      expect(downloads.saved[0]!.name).to.equal(`labels-${todayStamp()}.pdf`);
      await el.updateComplete;
      expect(has(el, 'iframe.print-frame'), 'no print frame').to.equal(false);
      expect(textOf($(el, '[part="file-notice"]'))).to.equal(
        `This browser cannot print from the page, so the labels were saved as labels-${todayStamp()}.pdf: print them from your PDF reader.`,
      );
      await expect(el).to.be.accessible();
    }
  });

  it('buys ZPL labels with label-format="ZPL" and downloads them as one .zpl file', async () => {
    const el = await renderBatch([O.allocated, O.withNotes], { labelFormat: 'ZPL' });
    await settled(el);
    await expect(el).to.be.accessible();
    expect(($(el, '[part="format-select"]') as HTMLSelectElement).value).to.equal('ZPL');
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const detail: LabelsPurchasedDetail = (await purchased).detail;
    expect(Object.values(detail.successful).map((label) => label.format)).to.deep.equal(['ZPL', 'ZPL']);
    await el.updateComplete;
    expect($(el, '[part="print-button"]')).to.equal(null);

    downloads = captureDownloads();
    $(el, '[part="download-button"]')!.click();
    await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    expect(downloads.saved[0]!.name).to.equal(`labels-${todayStamp()}.zpl`);
    const zpl = await downloads.saved[0]!.blob.text();
    expect(zpl.match(/\^XA/g)).to.have.length(2);
    expect(zpl.match(/\^XZ/g)).to.have.length(2);
  });

  it('in French, names each chosen rate whole in a title, and shows dollars as "$"', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="fr" style="width: 420px">
        <label-batch .client=${client} .orderIds=${SHIPPABLE}></label-batch>
      </div>`,
    );
    const el = wrapper.querySelector('label-batch')!;
    await settled(el);
    await expect(el).to.be.accessible();
    expect(rows(el)).to.have.length(3);
    for (const select of $$(el, 'select[part="rate-select"]') as HTMLSelectElement[]) {
      // "… livraison d’ici le …" is cut in a narrow card: the title says it whole.
      expect(select.title.replace(/\s+/g, ' ')).to.equal(textOf(select.selectedOptions[0]));
    }
    const format = $(el, '[part="format-select"]') as HTMLSelectElement;
    expect(format.title).to.equal(textOf(format.selectedOptions[0]));
    // The US store's order is priced in dollars, not "$US"; the others in pounds, not "£GB".
    const usRow = textOf(rowOf(el, N.international));
    expect(usRow).to.match(/\d,\d\d\s\$/);
    expect(usRow).not.to.contain('$US');
    expect(textOf(rowOf(el, N.allocated))).to.match(/\d,\d\d\s£/);
    expect(textOf(el.shadowRoot!)).not.to.contain('£GB');
    expect(layoutProblems(el, 'French, 420 px')).to.deep.equal([]);
  });

  it('speaks German under lang="de"', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang="de">
        <label-batch .client=${client} .orderIds=${[O.withNotes, O.unallocated]}></label-batch>
      </div>`,
    );
    const el = wrapper.querySelector('label-batch')!;
    await settled(el);
    await expect(el).to.be.accessible();
    expect(textOf($(el, 'caption'))).to.equal('Zu kaufende Etiketten');
    expect(textOf(buyButton(el))).to.match(/^Etiketten kaufen \(1, Summe [\d,]+\s?£\)$/);
    expect(textOf($(el, '[part="unshippable"]'))).to.contain('Noch nichts ist einem Lager zugewiesen.');
  });
});
