/**
 * One label per order in label-downloader: the order read right before "Buy label" sends, and a
 * booking of this browser found unsettled when the element comes to the order (a reload, a crash
 * or another tab while a booking was in flight). Two devices, a real reload and the API proxy are
 * in test/node/one-label-browsers.test.ts.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/label-downloader.js';
import '../../../src/rate-picker.js';
import type { LabelDownloader } from '../../../src/label-downloader.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { claimBookings, openBookings } from '../../../src/shipping/booking-intents.js';
import { $, button, has, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, renderPair } from '../../helpers/shipping.js';

const O = SEED_IDS.orders;
const BOOK_PATH = '/shipping/api/v1/shipments';

async function bookings(sandbox: TestSandbox): Promise<number> {
  return (await sandbox.requests()).filter((entry) => entry.method === 'POST' && entry.path === BOOK_PATH)
    .length;
}

describe('label-downloader: one label per order', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox));
  });

  it('books nothing when the order, read right before buying, shows the label bought elsewhere, and books a second only once confirmed', async () => {
    // Another device's client: its own order store, the same API.
    const { client: other } = recordedClient(sandbox);
    const { picker, downloader } = await renderPair(client, O.allocated);
    await chooseRate(picker);
    await expect(downloader).to.be.accessible();
    // The other device buys first, from rates of its own.
    const otherPage = await fixture<HTMLDivElement>(
      html`<div>
        <rate-picker id="other-picker" .client=${other} order-id=${O.allocated}></rate-picker>
        <label-downloader for="other-picker" .client=${other}></label-downloader>
      </div>`,
    );
    const otherPicker = otherPage.querySelector('rate-picker')!;
    const otherDownloader = otherPage.querySelector<LabelDownloader>('label-downloader')!;
    await waitFor(() => has(otherPicker, '[part="get-rates-button"]'), 'the other picker did not load');
    await chooseRate(otherPicker);
    const bought = oneEvent(otherDownloader, 'label-purchased');
    buyButton(otherDownloader)!.click();
    const tracking = (await bought).detail.trackingNumber;
    expect(tracking).to.be.a('string');

    // This device's quote is still valid, and "Buy label" is pressed on it.
    buyButton(downloader)!.click();
    await waitFor(() => has(downloader, '[part="unclear"]'), 'nothing said why no label was bought');
    await expect(downloader).to.be.accessible();
    const said = textOf($(downloader, '[part="unclear"]'));
    expect(said).to.contain(`A label for ${SEED_ORDER_NUMBERS.allocated} was bought on another device at`);
    expect(said).to.contain(`(tracking ${tracking!})`);
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(await bookings(sandbox)).to.equal(1);
    // Neither is a booking of this browser left written down.
    expect(await openBookings(client, [O.allocated])).to.deep.equal([]);

    // The deliberate second label: "Buy a new label anyway", then "Buy label".
    button(downloader, 'Buy a new label anyway').click();
    await downloader.updateComplete;
    buyButton(downloader)!.click();
    await waitFor(() => has(downloader, '[part="result"]'), 'the second label was not bought');
    expect(await bookings(sandbox)).to.equal(2);
  });

  it('finds a booking of this browser left unsettled, checks the order, and holds the label until confirmed', async () => {
    // A booking written down and never answered here: a reload while it was in flight.
    const { picker, downloader } = await renderPair(client, O.allocated);
    await chooseRate(picker);
    downloader.remove();
    picker.remove();
    const allocationId = String(SEED_IDS.allocations.allocatedLondon);
    const [claim] = await claimBookings(client, [
      {
        orderId: O.allocated,
        target: allocationId,
        orderNumber: SEED_ORDER_NUMBERS.allocated,
        rateId: 'rate-from-before',
        at: Date.now() - 5000,
      },
    ]);
    expect(claim).to.deep.equal({ ok: true, written: true });

    const { client: reloaded } = recordedClient(sandbox);
    const again = await renderPair(reloaded, O.allocated);
    await waitFor(
      () => textOf($(again.downloader, '[part="unclear"]')).includes('the order does not show it yet'),
      'the unsettled booking was not checked',
    );
    await expect(again.downloader).to.be.accessible();
    expect(textOf($(again.downloader, '[part="unclear"]'))).to.contain(
      `A label for ${SEED_ORDER_NUMBERS.allocated} may have been bought moments ago`,
    );
    // A rate chosen: still no "Buy label" while the booking is unsettled.
    await chooseRate(again.picker);
    expect(buyButton(again.downloader)).to.equal(null);
    expect(await bookings(sandbox)).to.equal(0);

    button(again.downloader, 'Buy a new label anyway').click();
    await again.downloader.updateComplete;
    buyButton(again.downloader)!.click();
    await waitFor(() => has(again.downloader, '[part="result"]'), 'no label after the confirmation');
    expect(await bookings(sandbox)).to.equal(1);
    // The label is bought: the booking written down is settled.
    expect(await openBookings(reloaded, [O.allocated])).to.deep.equal([]);
  });
});
