import '../../../src/locales/de.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient, ShipmentInput } from '../../../src/api/index.js';
import '../../../src/label-downloader.js';
import '../../../src/order-card.js';
import type { LabelDownloader, LabelPurchasedDetail } from '../../../src/label-downloader.js';
import '../../../src/rate-picker.js';
import type { RatePicker } from '../../../src/rate-picker.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, button, has, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { answeredAfter, createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';
import {
  buyButton,
  chooseRate,
  expectFocus,
  rateRows,
  renderChosen,
  renderPair,
} from '../../helpers/shipping.js';
import { fakeQuoteTime, restoreQuoteTime } from '../../helpers/time.js';

const O = SEED_IDS.orders;
const BOOK_PATH = '/shipping/api/v1/shipments';

async function bookings(sandbox: TestSandbox, path = BOOK_PATH): Promise<LoggedRequest[]> {
  return (await sandbox.requests()).filter((entry) => entry.method === 'POST' && entry.path === path);
}

async function firstBytes(blob: Blob, count: number): Promise<string> {
  return new TextDecoder().decode((await blob.arrayBuffer()).slice(0, count));
}

async function buy(el: LabelDownloader): Promise<LabelPurchasedDetail> {
  const purchased = oneEvent(el, 'label-purchased');
  buyButton(el)!.click();
  const detail = (await purchased).detail;
  await el.updateComplete;
  return detail;
}

/** The international order needs an allocation before it can be quoted. */
async function allocateInternationalOrder(client: OpsClient): Promise<void> {
  await client.createAllocation(O.international, {
    warehouseId: SEED_IDS.warehouses.london,
    lineItems: [
      { sellableId: SEED_IDS.sellables.beanieMustard, quantity: 1 },
      { sellableId: SEED_IDS.sellables.mugWhite, quantity: 2 },
    ],
  });
}

describe('label-downloader', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox, { appToken: sandbox.appToken }));
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
    restoreQuoteTime();
  });

  it('shows what will be bought, buys once, and saves the PDF label', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    expect(textOf($(downloader, 'p.muted'))).to.contain('Choose a shipping rate');
    const selection = await chooseRate(picker);
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();

    const summary = textOf($(downloader, '[part="summary"]'));
    expect(summary).to.contain('Parcelway');
    expect(summary).to.contain('Parcelway Standard');
    expect(summary).to.contain(`£${selection.quote.totalCharge!.toFixed(2)}`);
    expect(textOf(shadow(downloader).querySelector('label[for="label-format"]'))).to.equal('Label format');
    expect(textOf(buyButton(downloader))).to.equal('Buy label');

    const detail = await buy(downloader);
    await expect(downloader).to.be.accessible();
    const [booking] = await bookings(sandbox);
    expect(booking!.body).to.deep.equal({
      label_format: 'PDF',
      request_token: selection.requestToken,
      shipments: [
        {
          remote_shipment_id: selection.remoteShipmentId,
          rate_id: selection.quote.rateId,
          label_format: 'PDF',
        },
      ],
    });
    expect(detail.trackingNumber).to.match(/^[A-Z0-9]+$/);
    expect(detail.format).to.equal('PDF');
    expect(detail.charges.value).to.equal(selection.quote.totalCharge);
    expect(detail.charges.unit).to.equal('GBP');
    expect(detail.service).to.equal('Parcelway Standard');
    expect(detail.carrier).to.equal('parcelway');
    expect(detail.remoteShipmentId).to.equal(selection.remoteShipmentId);

    const result = textOf($(downloader, '[part="result"]'));
    expect(result).to.contain(detail.trackingNumber!);
    expect(result).to.contain('Parcelway Standard');
    expect(result).to.contain(`£${selection.quote.totalCharge!.toFixed(2)}`);
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(has(downloader, '[part="invoice-button"]')).to.equal(false);

    downloads = captureDownloads();
    $(downloader, '[part="download-button"]')!.click();
    expect(downloads.saved).to.have.length(1);
    expect(downloads.saved[0]!.name).to.equal(`label-${detail.trackingNumber}.pdf`);
    expect(downloads.saved[0]!.blob.type).to.equal('application/pdf');
    expect(await firstBytes(downloads.saved[0]!.blob, 4)).to.equal('%PDF');
    await waitFor(() => downloads!.revoked.length === 1, 'the object URL was not revoked');
  });

  it('books exactly once however often Buy label is pressed, and never the same shipment again', async () => {
    const { picker, downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    const purchased: LabelPurchasedDetail[] = [];
    downloader.addEventListener('label-purchased', (event) => purchased.push(event.detail));
    const button = buyButton(downloader)!;
    button.click();
    button.click();
    button.closest('form')!.requestSubmit();
    await waitFor(() => purchased.length === 1, 'nothing was bought');
    // A purchase ends by reading its order again: once that is answered, nothing more is to come.
    await waitFor(
      async () =>
        answeredAfter(await sandbox.requests(), 'POST', BOOK_PATH).some(
          (entry) => entry.method === 'GET' && entry.path === `/orders/${O.allocated}`,
        ),
      'the order was not read again after the booking',
    );
    await downloader.updateComplete;
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`)).to.have.length(1);
    expect(await bookings(sandbox)).to.have.length(1);
    expect(purchased).to.have.length(1);
    await expect(downloader).to.be.accessible();

    // The order is read again and shows it shipped: the picker offers no other rate beside the label.
    await waitFor(() => textOf(shadow(picker)).includes('This order has shipped'), 'the picker stayed live');
    await expect(picker).to.be.accessible();
    expect(rateRows(picker)).to.have.length(0);
    expect(has(picker, '[part="get-rates-button"]')).to.equal(false);
    await downloader.updateComplete;
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(textOf($(downloader, '[part="result"]'))).to.contain(purchased[0]!.trackingNumber!);
    expect(await bookings(sandbox)).to.have.length(1);
  });

  it('forgets the choice when the followed picker moves to another order', async () => {
    const { picker, downloader } = await renderChosen(client, O.allocated);
    expect(has(downloader, '[part="buy-button"]')).to.equal(true);
    await expect(downloader).to.be.accessible();
    picker.orderId = O.partlyAllocated;
    await picker.updateComplete;
    await downloader.updateComplete;
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(textOf($(downloader, 'p.muted'))).to.contain('Choose a shipping rate');
    await expect(downloader).to.be.accessible();
  });

  it('takes over a choice the picker made before the downloader was added', async () => {
    const picker = await fixture<RatePicker>(
      html`<rate-picker id="late-picker" .client=${client} order-id=${O.allocated}></rate-picker>`,
    );
    await waitFor(() => $(picker, '[part="get-rates-button"]'), 'the picker did not load');
    const selection = await chooseRate(picker, 'Parcelway Express');
    const downloader = document.createElement('label-downloader');
    downloader.client = client;
    downloader.setAttribute('for', 'late-picker');
    picker.after(downloader);
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    expect(textOf($(downloader, '[part="summary"]'))).to.contain('Parcelway Express');
    expect(textOf($(downloader, '[part="summary"]'))).to.contain(
      `£${selection.quote.totalCharge!.toFixed(2)}`,
    );
    downloader.remove();
  });

  it('sends the chosen service options with the booking', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    const selection = await chooseRate(picker);
    await picker.updateComplete;
    const options = $(picker, '[part="options"]')!;
    const confirmation = options.querySelector<HTMLSelectElement>('select')!;
    confirmation.value = 'SIGNATURE';
    confirmation.dispatchEvent(new Event('change'));
    const insurance = options.querySelector<HTMLInputElement>('input[type="number"]')!;
    insurance.value = '40';
    insurance.dispatchEvent(new Event('input'));
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    // Out of range: the downloader will not buy until it is fixed.
    expect(buyButton(downloader)!.disabled).to.equal(true);
    expect(textOf($(downloader, '.notice.warning'))).to.contain('not valid yet');

    insurance.value = '400';
    insurance.dispatchEvent(new Event('input'));
    await downloader.updateComplete;
    const summary = textOf($(downloader, '[part="summary"]'));
    expect(summary).to.contain('Confirmation: Signature on delivery');
    expect(summary).to.contain('Insurance: £400.00');
    const detail = await buy(downloader);

    const [booking] = await bookings(sandbox);
    const shipment = (booking!.body as { shipments: Record<string, unknown>[] }).shipments[0]!;
    expect(shipment).to.deep.equal({
      remote_shipment_id: selection.remoteShipmentId,
      rate_id: selection.quote.rateId,
      label_format: 'PDF',
      value_added_service__VAS_GROUP_ID_CONFIRMATION: 'SIGNATURE',
      liability_amount: 400,
    });
    // Signature (1.50) and insurance (1.5% of 400 = 6.00) are charged on top of the quote.
    expect(detail.charges.value).to.be.closeTo(selection.quote.totalCharge! + 7.5, 0.001);
  });

  it('buys a ZPL label when asked and saves it as .zpl, with no print button', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated, { labelFormat: 'ZPL' });
    await chooseRate(picker, 'Swift Courier Next Day');
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    const format = shadow(downloader).querySelector<HTMLSelectElement>('[part="format-select"]')!;
    expect(format.value).to.equal('ZPL');
    // A narrow box may end the chosen format in an ellipsis: the whole of it is the select's title.
    expect(format.title).to.equal(textOf(format.selectedOptions[0]));
    const detail = await buy(downloader);
    expect(detail.format).to.equal('ZPL');
    const [booking] = await bookings(sandbox);
    expect((booking!.body as { label_format: string }).label_format).to.equal('ZPL');
    expect(has(downloader, '[part="print-button"]')).to.equal(false);
    expect(textOf($(downloader, '[part="result"]'))).to.contain('thermal label printer');

    downloads = captureDownloads();
    $(downloader, '[part="download-button"]')!.click();
    expect(downloads.saved[0]!.name).to.equal(`label-${detail.trackingNumber}.zpl`);
    expect(await firstBytes(downloads.saved[0]!.blob, 3)).to.equal('^XA');
    await expect(downloader).to.be.accessible();
  });

  it('prints a PDF label from a hidden frame, or saves it where the browser cannot print a PDF', async () => {
    const { downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    const detail = await buy(downloader);
    const print = $(downloader, '[part="print-button"]')!;
    expect(textOf(print)).to.equal('Print label');
    if (!navigator.pdfViewerEnabled) {
      // Headless Chromium shows no PDF in a page, and printing a PDF frame there crashes the tab.
      downloads = captureDownloads();
      print.click();
      expect(downloads.saved.map((file) => file.name)).to.deep.equal([`label-${detail.trackingNumber}.pdf`]);
      expect(has(downloader, 'iframe.print-frame'), 'no print frame').to.equal(false);
      await downloader.updateComplete;
      expect(textOf($(downloader, '[part="file-notice"]'))).to.equal(
        `This browser cannot print from the page, so the label was saved as label-${detail.trackingNumber}.pdf: print it from your PDF reader.`,
      );
      await expect(downloader).to.be.accessible();
      return;
    }
    print.click();
    const frame = shadow(downloader).querySelector<HTMLIFrameElement>('iframe.print-frame')!;
    expect(frame.src).to.match(/^blob:/);
    expect(frame.getAttribute('aria-hidden')).to.equal('true');
    const pdf = await (await fetch(frame.src)).blob();
    expect(await firstBytes(pdf, 4)).to.equal('%PDF');
  });

  it('offers the customs invoice of an international shipment', async () => {
    await allocateInternationalOrder(client);
    const { picker, downloader } = await renderPair(client, O.international);
    expect(textOf($(picker, '.route'))).to.contain('US');
    await chooseRate(picker, 'Parcelway Express');
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    const detail = await buy(downloader);
    await expect(downloader).to.be.accessible();
    expect(detail.charges.unit).to.equal('USD');
    const invoice = $(downloader, '[part="invoice-button"]')!;
    expect(textOf(invoice)).to.equal('Download customs invoice');

    downloads = captureDownloads();
    invoice.click();
    expect(downloads.saved[0]!.name).to.equal(`customs-invoice-${detail.trackingNumber}.pdf`);
    expect(await firstBytes(downloads.saved[0]!.blob, 4)).to.equal('%PDF');
    $(downloader, '[part="download-button"]')!.click();
    expect(downloads.saved[1]!.name).to.equal(`label-${detail.trackingNumber}.pdf`);
  });

  it('will not buy an expired quote, and Get new rates refreshes the followed picker and focuses Buy label', async () => {
    await sandbox.configure({ quoteTtlMs: 1200 });
    const time = fakeQuoteTime();
    const { picker, downloader, selection: first } = await renderChosen(client, O.allocated);
    expect(has(downloader, '[part="new-rates-button"]'), 'the quote is still valid').to.equal(false);
    await time.tick(15_000);
    await waitFor(() => $(downloader, '[part="new-rates-button"]'), 'the quote did not expire');
    await expect(downloader).to.be.accessible();
    expect(textOf($(downloader, '.expired'))).to.contain('This quote has expired');
    expect(buyButton(downloader)!.disabled).to.equal(true);

    await sandbox.configure({ quoteTtlMs: 15 * 60 * 1000 });
    const requested = oneEvent(downloader, 'rates-requested');
    const reselected = oneEvent(picker, 'rate-selected');
    const newRates = $(downloader, '[part="new-rates-button"]')!;
    newRates.focus();
    newRates.click();
    expect((await requested).detail.selection.remoteShipmentId).to.equal(first.remoteShipmentId);
    const fresh = (await reselected).detail;
    expect(fresh.remoteShipmentId).not.to.equal(first.remoteShipmentId);
    await downloader.updateComplete;
    expect(buyButton(downloader)!.disabled).to.equal(false);
    // "Get new rates" went with the expiry notice: the fresh quote's "Buy label" has focus.
    expect(has(downloader, '[part="new-rates-button"]')).to.equal(false);
    expectFocus(downloader, buyButton(downloader), 'Buy label');
    expect(await bookings(sandbox)).to.have.length(0);
  });

  it('says so when the service finds the quote expired at booking, and offers new rates', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    const selection = await chooseRate(picker);
    // This page's clock runs behind the service's: the quote still looks valid here.
    downloader.selection = { ...selection, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    // The service's own expiry time, from its answer, has passed.
    const expiresAt = Date.parse(selection.expiresAt ?? '');
    expect(expiresAt, 'the expiry the service gave').to.be.greaterThan(0);
    await sandbox.advanceClock(expiresAt - Date.now() + 1000);
    await downloader.updateComplete;
    buyButton(downloader)!.click();
    await waitFor(() => $(downloader, '[part="failure"]'), 'no failure shown');
    await expect(downloader).to.be.accessible();
    const failure = textOf($(downloader, '[part="failure"]'));
    expect(failure).to.contain('was not bought');
    expect(failure).to.contain('This quote has expired');
    expect(failure).to.contain('Quote has expired. Request new rates.');
    expect($$(downloader, '[part="new-rates-button"]')).to.have.length(1);
    expect(await bookings(sandbox)).to.have.length(1);

    const reselected = oneEvent(picker, 'rate-selected');
    const newRates = $(downloader, '[part="new-rates-button"]')!;
    newRates.focus();
    newRates.click();
    await reselected;
    await downloader.updateComplete;
    expect(has(downloader, '[part="failure"]')).to.equal(false);
    expectFocus(downloader, buyButton(downloader), 'Buy label');
    await buy(downloader);
    expect((await bookings(sandbox)).map((entry) => entry.status)).to.deep.equal([200, 200]);
  });

  it('shows a partly successful booking: the label that was bought and the shipment that failed', async () => {
    const { picker } = await renderPair(client, O.allocated);
    await expect(picker).to.be.accessible();
    const first = await chooseRate(picker);
    const other = await renderPair(client, O.partlyAllocated);
    const second = await chooseRate(other.picker, 'Parcelway Express');

    // A host books two orders' parcels in one request; the carrier refuses the first.
    const combined = await fixture<LabelDownloader>(
      html`<label-downloader .client=${client} .selection=${[first, second]}></label-downloader>`,
    );
    await expect(combined).to.be.accessible();
    const summary = textOf($(combined, '[part="summary"]'));
    expect(summary).to.contain('Shipment 1');
    expect(summary).to.contain('Shipment 2');
    expect(summary).to.contain('Total');
    await sandbox.fault({ method: 'POST', path: BOOK_PATH, failShipments: [0], times: 1 });
    const purchased = oneEvent(combined, 'label-purchased');
    buyButton(combined)!.click();
    const detail = (await purchased).detail;
    await combined.updateComplete;
    await expect(combined).to.be.accessible();

    const [booking] = await bookings(sandbox);
    expect((booking!.body as { shipments: unknown[] }).shipments).to.have.length(2);
    expect(detail.remoteShipmentId).to.equal(second.remoteShipmentId);
    expect($$(combined, '.outcome [part="result"]')).to.have.length(1);
    expect(textOf($(combined, '.outcome [part="result"]'))).to.contain('Parcelway Express');
    const failure = textOf($(combined, '[part="failure"]'));
    expect(failure).to.contain('The label for Parcelway Standard was not bought');
    expect(failure).to.contain('The carrier did not accept this shipment');
    expect(textOf($(combined, '.notice.success'))).to.equal('Label bought.');
    expect(has(combined, '[part="buy-button"]')).to.equal(false);
  });

  it('locks a shipment after a booking 500, reads the order again, and books anew only when confirmed', async () => {
    const { downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 500,
      body: { error_messages: ['Carrier gateway error'] },
      times: 1,
    });
    const failed = oneEvent(downloader, 'request-error');
    buyButton(downloader)!.click();
    expect((await failed).detail.error.code).to.equal('server');
    await waitFor(() => has(downloader, '[part="buy-again-button"]'), 'the order was not read again');
    await expect(downloader).to.be.accessible();
    const warning = textOf($(downloader, '[part="unclear"]'));
    expect(warning).to.contain('may have been bought');
    expect(warning).to.contain('Check the order before you buy again');
    expect(warning).to.contain('The order shows no label yet');
    // Locked: no "Buy label" and no "Retry" while the label may have been bought.
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(has(downloader, '[part="retry-button"]')).to.equal(false);
    // Loaded, read again right before booking, and read again after the unclear answer.
    const orderReads = (await sandbox.requests()).filter(
      (entry) => entry.method === 'GET' && entry.path === `/orders/${O.allocated}`,
    );
    expect(orderReads).to.have.length(3);
    expect(await bookings(sandbox)).to.have.length(1);

    // The second confirmation brings "Buy label" back, with focus; only pressing it books again.
    const buyAgain = $(downloader, '[part="buy-again-button"]')!;
    buyAgain.focus();
    buyAgain.click();
    await downloader.updateComplete;
    expectFocus(downloader, buyButton(downloader), 'Buy label');
    // Nothing is being bought: "Buy label" can be pressed, nothing is loading, and no booking was sent.
    expect(buyButton(downloader)!.disabled).to.equal(false);
    expect(has(downloader, '[part="loading"]')).to.equal(false);
    expect(callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${BOOK_PATH}`).length).to.equal(1);
    await buy(downloader);
    expect((await bookings(sandbox)).map((entry) => entry.status)).to.deep.equal([500, 200]);
  });

  it('keeps focus on the warning when "Read the order again" is pressed', async () => {
    const { downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    await sandbox.fault({ method: 'POST', path: BOOK_PATH, status: 500, times: 1 });
    // Read right before booking, the order cannot be read after it (a 4xx is not retried), but it
    // can the next time.
    await sandbox.fault({ method: 'GET', path: `/orders/${O.allocated}`, delayMs: 0, times: 1 });
    await sandbox.fault({ method: 'GET', path: `/orders/${O.allocated}`, status: 403, times: 1 });
    buyButton(downloader)!.click();
    await waitFor(
      () => $$(downloader, 'button').some((candidate) => textOf(candidate) === 'Read the order again'),
      'no "Read the order again"',
    );
    await expect(downloader).to.be.accessible();
    expect(textOf($(downloader, '[part="unclear"]'))).to.contain('could not be read again');
    const reread = button(downloader, 'Read the order again');
    reread.focus();
    reread.click();
    await downloader.updateComplete;
    const warning = $(downloader, '[part="unclear"]');
    expectFocus(downloader, warning, 'The warning');
    // Read this time: the warning says what the order shows, and keeps focus.
    await waitFor(() => has(downloader, '[part="buy-again-button"]'), 'the order was not read again');
    expect(textOf(warning)).to.contain('The order shows no label yet');
    expectFocus(downloader, warning, 'The warning');
    await expect(downloader).to.be.accessible();
  });

  it('moves focus from "Buy label" to what the purchase came to', async () => {
    const { downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    const purchased = oneEvent(downloader, 'label-purchased');
    buyButton(downloader)!.focus();
    buyButton(downloader)!.click();
    await purchased;
    await waitFor(() => shadow(downloader).activeElement !== null, 'focus left the element');
    expect(textOf(shadow(downloader).activeElement)).to.equal('Label bought.');
    await expect(downloader).to.be.accessible();
  });

  it('takes a booking answer that leaves the shipment out as maybe bought, and books once however often pressed', async () => {
    const { picker, downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: BOOK_PATH,
      status: 200,
      body: { successful: {}, failed: {} },
      times: 1,
    });
    const purchased: LabelPurchasedDetail[] = [];
    downloader.addEventListener('label-purchased', (event) => purchased.push(event.detail));
    const button = buyButton(downloader)!;
    button.click();
    button.click();
    button.closest('form')!.requestSubmit();
    await waitFor(() => has(downloader, '[part="unclear"]'), 'no warning');
    // Locked: "Buy label" is gone, so it cannot be pressed again.
    expect(button.isConnected, 'Buy label is still on the page').to.equal(false);
    await waitFor(() => has(downloader, '[part="buy-again-button"]'), 'the order was not read again');
    await expect(downloader).to.be.accessible();
    expect(textOf($(downloader, '[part="unclear"]'))).to.contain('Check the order before you buy again');
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    // Choosing another quote of the same parcel is locked too.
    await chooseRate(picker, 'Parcelway Express');
    await downloader.updateComplete;
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    expect(await bookings(sandbox)).to.have.length(1);
    expect(purchased).to.have.length(0);
  });

  it('keeps a bought label in the browser and offers it again after a reload, with no second booking', async () => {
    const first = await renderPair(client, O.allocated);
    await chooseRate(first.picker);
    await first.downloader.updateComplete;
    await expect(first.downloader).to.be.accessible();
    const detail = await buy(first.downloader);
    first.picker.parentElement!.remove();

    // A reload: a new client and new elements for the same account and order.
    const reloaded = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      appToken: sandbox.appToken,
    });
    const { downloader } = await renderPair(reloaded, O.allocated);
    await waitFor(() => has(downloader, '[part="stored"]'), 'the kept label was not offered');
    await expect(downloader).to.be.accessible();
    const stored = $(downloader, '[part="stored"]')!;
    expect(textOf(stored.querySelector('h3'))).to.equal('Labels already bought for this order');
    expect(textOf(stored)).to.contain(detail.trackingNumber!);
    const again = stored.querySelector<HTMLButtonElement>('[part="download-button"]')!;
    expect(textOf(again)).to.equal('Download again');
    expect(textOf(stored.querySelector('[part="print-button"]'))).to.equal('Print again');
    downloads = captureDownloads();
    again.click();
    expect(downloads.saved.map((file) => file.name)).to.deep.equal([`label-${detail.trackingNumber}.pdf`]);
    expect(await firstBytes(downloads.saved[0]!.blob, 4)).to.equal('%PDF');
    expect(await bookings(sandbox)).to.have.length(1);
  });

  it('keeps no copy with label-storage="none"', async () => {
    const { downloader } = await renderChosen(client, O.allocated, { labelStorage: 'none' });
    await expect(downloader).to.be.accessible();
    await buy(downloader);
    await expect(downloader).to.be.accessible();
    const { keptLabels } = await import('../../../src/shipping/label-storage-records.js');
    expect(await keptLabels(client, undefined, [O.allocated])).to.deep.equal([]);
  });

  it('shows the order as shipped in every element once the label is bought, without a reload', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <order-card .client=${client} order-id=${O.allocated}></order-card>
        <rate-picker id="picker" .client=${client} order-id=${O.allocated}></rate-picker>
        <label-downloader for="picker" .client=${client}></label-downloader>
      </div>`,
    );
    const card = wrapper.querySelector('order-card')!;
    const picker = wrapper.querySelector('rate-picker')!;
    const downloader = wrapper.querySelector('label-downloader')!;
    await waitFor(() => $(picker, '[part="get-rates-button"]'), 'the picker did not load');
    await waitFor(() => $(card, '[part="header"]'), 'the card did not load');
    await expect(card).to.be.accessible();
    await expect(picker).to.be.accessible();
    expect(textOf($(card, '[part="header"]'))).not.to.contain('Shipped');
    await chooseRate(picker);
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    const detail = await buy(downloader);
    await waitFor(
      () => textOf($(card, '[part="header"]')).includes('Shipped'),
      'the card did not learn it shipped',
    );
    await waitFor(() => textOf(shadow(picker)).includes('This order has shipped'), 'the picker stayed live');
    await expect(card).to.be.accessible();
    await expect(picker).to.be.accessible();
    await expect(downloader).to.be.accessible();
    expect(textOf($(card, '[part="allocations"]'))).to.contain(`tracking ${detail.trackingNumber!}`);
    // Loaded once for every element, read again right before booking and once after the label.
    const orderReads = (await sandbox.requests()).filter(
      (entry) => entry.method === 'GET' && entry.path === `/orders/${O.allocated}`,
    );
    expect(orderReads).to.have.length(3);
  });

  it('buys through POST /shipments with the app token when a service code is set', async () => {
    await allocateInternationalOrder(client);
    const { picker, downloader } = await renderPair(client, O.international, { serviceCode: 'PW_EXPRESS' });
    const selection = await chooseRate(picker, 'Parcelway Express');
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    const summary = textOf($(downloader, '[part="summary"]'));
    expect(summary).to.contain('Service code');
    expect(summary).to.contain('PW_EXPRESS');
    expect(has(downloader, '[part="format-select"]')).to.equal(false);

    const detail = await buy(downloader);
    await expect(downloader).to.be.accessible();
    expect(await bookings(sandbox)).to.have.length(0);
    const [created] = await bookings(sandbox, '/shipments');
    expect(created!.status).to.equal(200);
    const body = created!.body as ShipmentInput;
    expect(body.service_code).to.equal('PW_EXPRESS');
    expect(body.reference).to.equal(SEED_ORDER_NUMBERS.international);
    expect(body.currency_code).to.equal('USD');
    expect(body.destination_address.country).to.equal('US');
    expect(body.destination_address.last_name).to.equal('Miles');
    expect(body.collection_address.name).to.equal('London Fulfilment Centre');
    expect(body.collection_address.country).to.equal('GB');
    const grams = selection.request.parcels[0]!.weight;
    expect(body.parcels![0]!.weight_in_grams).to.equal(Math.round(grams));
    expect(body.contents).to.have.length(2);
    expect(body.contents![0]!.quantity).to.equal(1);

    expect(detail.trackingNumber).to.be.a('string');
    expect(detail.format).to.equal('PDF');
    downloads = captureDownloads();
    $(downloader, '[part="download-button"]')!.click();
    $(downloader, '[part="invoice-button"]')!.click();
    expect(downloads.saved.map((file) => file.name)).to.deep.equal([
      `label-${detail.trackingNumber}.pdf`,
      `customs-invoice-${detail.trackingNumber}.pdf`,
    ]);
    expect(await firstBytes(downloads.saved[0]!.blob, 4)).to.equal('%PDF');
    expect(await firstBytes(downloads.saved[1]!.blob, 4)).to.equal('%PDF');
  });

  it('speaks German under lang="de"', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    downloader.setAttribute('lang', 'de');
    await chooseRate(picker);
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    expect(textOf(buyButton(downloader))).to.equal('Etikett kaufen');
    expect(textOf(shadow(downloader).querySelector('label[for="label-format"]'))).to.equal('Etikettenformat');
    expect(textOf($(downloader, '[part="summary"]'))).to.match(/\d+,\d\d\s£/);
  });
});
