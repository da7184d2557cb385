import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/label-batch.js';
import type { LabelBatch } from '../../../src/label-batch.js';
import type { LabelsPurchasedDetail } from '../../../src/elements/label-batch/label-batch.events.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { clickPastDisabled, focusedIn } from '../../helpers/batch.js';
import { $, $$, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import { withFakeTimers } from '../../helpers/time.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

/**
 * label-batch when the booking request gets no answer in time (the client's `timeoutMs` runs out,
 * on the page's timers moved by the test, while the sandbox holds the booking back) or loses its
 * connection: the label may have been bought, so the order is locked, read again, and booked anew
 * only after "Buy again for …".
 */
const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const W = SEED_IDS.warehouses;
const S = SEED_IDS.sellables;
const BOOK_PATH = '/shipping/api/v1/shipments';
/** The client gives up on any request after this long. */
const CLIENT_TIMEOUT_MS = 1500;

function rows(el: LabelBatch): HTMLTableRowElement[] {
  return $$(el, 'tbody tr[part="row"]') as HTMLTableRowElement[];
}

function rowOf(el: LabelBatch, number: string): HTMLTableRowElement {
  const row = rows(el).find((candidate) => textOf(candidate.querySelector('th')) === number);
  if (!row) throw new Error(`No row for ${number}`);
  return row;
}

function buyButton(el: LabelBatch): HTMLButtonElement {
  return $(el, '[part="buy-button"]') as HTMLButtonElement;
}

function buyAgainButton(el: LabelBatch, number: string): HTMLButtonElement | undefined {
  return $$<HTMLButtonElement>(el, '[part="buy-again-button"]').find(
    (candidate) => textOf(candidate) === `Buy again for ${number}`,
  );
}

function failureOf(el: LabelBatch, number: string): string {
  return textOf(rowOf(el, number).querySelector('[part="failure"]'));
}

async function settled(el: LabelBatch): Promise<void> {
  await waitFor(
    () => textOf($(el, '[role="status"][part="progress"]')) === '' && rows(el).length > 0,
    'the batch did not load',
  );
  await el.updateComplete;
}

function requestsTo(log: LoggedRequest[], method: string, path: string): LoggedRequest[] {
  return log.filter((entry) => entry.method === method && entry.path === path);
}

/** The remote shipment ids each booking request sent, in the order sent. */
function bookedParcels(log: LoggedRequest[]): string[][] {
  return requestsTo(log, 'POST', BOOK_PATH).map((entry) =>
    (entry.body as { shipments: { remote_shipment_id?: string }[] }).shipments.map(
      (shipment) => shipment.remote_shipment_id ?? '',
    ),
  );
}

describe('label-batch: a booking without a clear answer (timeout, dropped connection)', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    await client.createAllocation(O.withNotes, {
      warehouseId: W.london,
      lineItems: [{ sellableId: S.candleSmall, quantity: 3 }],
    });
  });

  async function renderBatch(orderIds: number[]): Promise<LabelBatch> {
    const recorded = recordedClient(sandbox, { timeoutMs: CLIENT_TIMEOUT_MS });
    sent = recorded.sent;
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${recorded.client}
        order-ids=${orderIds.join(',')}
        label-format="PDF"
      ></label-batch>`,
    );
    await settled(el);
    await expect(el).to.be.accessible();
    return el;
  }

  /**
   * Presses "Buy labels" and waits for the purchase to end and the orders to be read again;
   * resolves with what `labels-purchased` said.
   */
  async function buyUnclear(
    el: LabelBatch,
    numbers: string[],
    { timeout = false } = {},
  ): Promise<LabelsPurchasedDetail> {
    const purchased = oneEvent(el, 'labels-purchased');
    if (timeout) {
      // The page's clock runs past the client's timeout once the sandbox holds the booking.
      await withFakeTimers(async (clock) => {
        buyButton(el).click();
        for (let step = 0; (await sandbox.held()) === 0; step += 1) {
          if (step > 500) throw new Error('the booking was not sent');
          await clock.tickAsync(5);
        }
        await clock.tickAsync(CLIENT_TIMEOUT_MS);
      });
    } else {
      buyButton(el).click();
    }
    const detail: LabelsPurchasedDetail = (await purchased).detail;
    await waitFor(
      () => numbers.every((number) => buyAgainButton(el, number) !== undefined),
      'the orders were not read again',
    );
    return detail;
  }

  it('after a booking timeout, says the label may have been bought, reads the order again and books it anew only on "Buy again for …"', async () => {
    const el = await renderBatch([O.allocated, O.withNotes]);
    await sandbox.fault({ method: 'POST', path: BOOK_PATH, hold: true, times: 1 });
    const detail = await buyUnclear(el, [N.allocated, N.withNotes], { timeout: true });
    await expect(el).to.be.accessible();

    // Both orders are unclear, not counted as not bought.
    expect(Object.keys(detail.successful)).to.deep.equal([]);
    expect(Object.keys(detail.failed).sort()).to.deep.equal(
      [String(O.allocated), String(O.withNotes)].sort(),
    );
    for (const failure of Object.values(detail.failed)) expect(failure.mayHaveBought).to.equal(true);
    expect(failureOf(el, N.allocated)).to.match(/^No clear answer: the label may have been bought\./);
    expect(failureOf(el, N.allocated)).not.to.contain('Not bought');
    expect(textOf($(el, '.purchase-status')), 'nothing is counted as not bought').not.to.contain(
      'not bought',
    );

    // The client gave up once; each order was read again after it.
    const bookingCalls = () => callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`).length;
    expect(bookingCalls()).to.equal(1);
    const log = await sandbox.requests();
    for (const orderId of [O.allocated, O.withNotes]) {
      expect(requestsTo(log, 'GET', `/orders/${orderId}`), `GET /orders/${orderId}`).to.have.length(2);
    }

    // "Buy labels" books neither again: disabled, and a press that gets past it sends nothing.
    expect(buyButton(el).disabled).to.equal(true);
    clickPastDisabled(buyButton(el));
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bookingCalls(), 'no second booking without the confirmation').to.equal(1);

    // The second confirmation is for that order alone: "Buy labels" then books it and nothing else.
    const buyAgain = buyAgainButton(el, N.withNotes)!;
    buyAgain.focus();
    buyAgain.click();
    await el.updateComplete;
    await waitFor(() => focusedIn(el) === buyButton(el), 'focus did not go to Buy labels');
    expect(buyAgainButton(el, N.withNotes)).to.equal(undefined);
    expect(buyAgainButton(el, N.allocated), 'the other order stays locked').to.not.equal(undefined);
    expect(textOf(buyButton(el))).to.match(/^Buy labels \(1, total £[\d.]+\)$/);
    // The held-back booking finishes on the sandbox before booking anew.
    await sandbox.release();
    await waitFor(
      async () => requestsTo(await sandbox.requests(), 'POST', BOOK_PATH).length === 1,
      'the held-back booking never ended',
    );
    const again = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    await again;
    expect(bookingCalls()).to.equal(2);
    const parcels = bookedParcels(await sandbox.requests());
    expect(parcels).to.have.length(2);
    expect(parcels[0]).to.have.length(2);
    expect(parcels[1], 'the second booking is the confirmed order’s alone').to.have.length(1);
    expect(parcels[0]).to.include(parcels[1]![0]!);
    await expect(el).to.be.accessible();

    // The other order stays locked: choosing another rate for it (were the locked choice let
    // through) does not unlock it either; only its own confirmation would.
    const select = rowOf(el, N.allocated).querySelector<HTMLSelectElement>('select')!;
    expect(select.disabled, 'its rate cannot be changed').to.equal(true);
    const other = [...select.options].find((option) => option.value !== select.value)!;
    select.disabled = false;
    select.value = other.value;
    select.dispatchEvent(new Event('change'));
    select.disabled = true;
    await el.updateComplete;
    clickPastDisabled(buyButton(el));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bookingCalls(), 'the locked order is not booked again').to.equal(2);
  });

  it('after a dropped connection, the order is locked until "Buy again for …", then bought', async () => {
    const el = await renderBatch([O.allocated]);
    await sandbox.fault({ method: 'POST', path: BOOK_PATH, network: true, times: 1 });
    const detail = await buyUnclear(el, [N.allocated]);
    await expect(el).to.be.accessible();
    expect(detail.failed[O.allocated]?.mayHaveBought).to.equal(true);
    expect(failureOf(el, N.allocated)).to.match(/^No clear answer: the label may have been bought\./);
    expect(failureOf(el, N.allocated)).to.contain('The order shows no label yet.');
    expect(requestsTo(await sandbox.requests(), 'GET', `/orders/${O.allocated}`)).to.have.length(2);
    expect(buyButton(el).disabled).to.equal(true);
    clickPastDisabled(buyButton(el));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`)).to.have.length(1);

    buyAgainButton(el, N.allocated)!.click();
    await el.updateComplete;
    const again = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const second: LabelsPurchasedDetail = (await again).detail;
    expect(Object.keys(second.successful)).to.deep.equal([String(O.allocated)]);
    await el.updateComplete;
    expect(textOf(rowOf(el, N.allocated))).to.contain('Bought, tracking');
    expect(textOf($(el, '.summary'))).to.contain('1 label bought');
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`)).to.have.length(2);
    expect(shadow(el).querySelector('[part="buy-again-button"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
