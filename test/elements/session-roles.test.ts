import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import '../../src/label-batch.js';
import type { LabelBatch } from '../../src/label-batch.js';
import '../../src/label-downloader.js';
import '../../src/order-card.js';
import '../../src/pick-list.js';
import type { PickList } from '../../src/pick-list.js';
import type { OrderCard } from '../../src/order-card.js';
import '../../src/rate-picker.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { chooseWarehouse } from '../helpers/allocation-form.js';
import { $, shadow, textOf, waitFor } from '../helpers/elements.js';
import { receivedJobs } from '../helpers/printers.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import { buyButton, chooseRate, renderChosen, renderPair } from '../helpers/shipping.js';
import type { TestSandbox } from '../helpers/sandbox.js';

/**
 * The elements behind the API proxy of `commerce-ops-elements/server` (mounted by the test server
 * at `/proxy/<role>/<tenant>/`): what the session (`GET <basePath>/session`) does not let the
 * signed-in user do is disabled before they try, with the reason beside the button.
 */
const O = SEED_IDS.orders;

/** A client of the proxy for `role`, and how many session readings it has had answered. */
function proxiedClient(
  sandbox: TestSandbox,
  role: 'staff' | 'viewer' | 'one-label' | 'buyer',
): OpsClient & { sessionReads(): number } {
  let reads = 0;
  const client = createClient({
    baseUrl: sandbox.baseUrl.replace('/sandbox/', `/proxy/${role}/`),
    session: true,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (String(input instanceof Request ? input.url : input).endsWith('/session')) reads += 1;
      return response;
    },
  });
  return Object.assign(client, { sessionReads: () => reads });
}

async function bookings(sandbox: TestSandbox): Promise<number> {
  return (await sandbox.requests()).filter(
    (entry) => entry.method === 'POST' && entry.path === '/shipping/api/v1/shipments',
  ).length;
}

describe("elements under the API proxy's session", () => {
  let sandbox: TestSandbox;

  beforeEach(() => {
    sandbox = createTestSandbox();
  });

  it('a role that may not buy: rates are got, "Buy label" is disabled with the reason, nothing is booked', async () => {
    const client = proxiedClient(sandbox, 'staff');
    const { picker, downloader } = await renderPair(client, O.allocated);
    await chooseRate(picker);
    await waitFor(() => $(downloader, '[part="refusal"]'), 'no reason shown');
    await expect(downloader).to.be.accessible();

    expect(textOf($(downloader, '[part="refusal"]'))).to.equal('Your role does not allow buying labels.');
    const button = buyButton(downloader)!;
    expect(button.disabled).to.equal(true);
    expect(button.getAttribute('aria-describedby')).to.contain('buy-refusal');
    button.closest('form')!.requestSubmit();
    await downloader.updateComplete;
    // A purchase would be under way at once ("Buying…"); none is.
    expect($(downloader, '[part="loading"]')).to.equal(null);
    expect(await bookings(sandbox)).to.equal(0);
  });

  it('one label a day: the first is bought, then "Buy label" says the day\'s labels are bought', async () => {
    const client = proxiedClient(sandbox, 'one-label');
    const { picker, downloader } = await renderPair(client, O.allocated);
    await chooseRate(picker);
    await waitFor(() => client.sessionReads() > 0, 'the session was not read');
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    // Read, and one label a day with none bought: buying is open.
    expect($(downloader, '[part="refusal"]')).to.equal(null);
    const purchased = oneEvent(downloader, 'label-purchased');
    buyButton(downloader)!.click();
    await purchased;

    // Another order on the same page and client: the session, read again after the purchase, says no.
    const other = await renderPair(client, O.partlyAllocated);
    await chooseRate(other.picker);
    await waitFor(() => $(other.downloader, '[part="refusal"]'), 'no reason shown');
    await expect(other.downloader).to.be.accessible();
    expect(textOf($(other.downloader, '[part="refusal"]'))).to.equal(
      'Daily label limit: 1 of 1 bought today.',
    );
    expect(buyButton(other.downloader)!.disabled).to.equal(true);
    expect(await bookings(sandbox)).to.equal(1);
  });

  it('label-batch: "Buy labels" is disabled with the reason for a role that may not buy', async () => {
    const client = proxiedClient(sandbox, 'staff');
    const el = await fixture<LabelBatch>(
      html`<label-batch .client=${client} order-ids=${`${O.allocated},${O.withNotes}`}></label-batch>`,
    );
    await waitFor(() => $(el, '[part="refusal"]'), 'no reason shown');
    await expect(el).to.be.accessible();
    expect(textOf($(el, '[part="refusal"]'))).to.equal('Your role does not allow buying labels.');
    expect($<HTMLButtonElement>(el, '[part="buy-button"]')!.disabled).to.equal(true);
  });

  it('label-batch: a role that may buy but not print gets its label, and with a printer "Print labels" is disabled with the reason and auto-print sends nothing', async () => {
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${proxiedClient(sandbox, 'buyer')}
        order-ids=${O.allocated}
        label-format="ZPL"
        printer="sandbox-zebra"
        auto-print="label"
      ></label-batch>`,
    );
    const buy = (): HTMLButtonElement => $<HTMLButtonElement>(el, '[part="buy-button"]')!;
    await waitFor(
      () => buy() && !buy().disabled && textOf(buy()).startsWith('Buy labels (1,'),
      'the batch did not load',
    );
    await expect(el).to.be.accessible();
    const purchased = oneEvent(el, 'labels-purchased');
    buy().click();
    await purchased;
    await el.updateComplete;
    expect(await bookings(sandbox), 'the label was bought').to.equal(1);

    const print = $<HTMLButtonElement>(el, '[part="print-button"]')!;
    expect(print.disabled).to.equal(true);
    expect(print.getAttribute('aria-describedby')).to.equal('print-refusal');
    expect(textOf(shadow(el).getElementById('print-refusal'))).to.equal('Your role does not allow printing.');
    expect(textOf($(el, '[part="print-status"]')), 'auto-print sent nothing').to.equal('');
    expect(await receivedJobs(sandbox)).to.deep.equal([]);
    // Downloading the labels is not printing: it stays open.
    expect($<HTMLButtonElement>(el, '[part="download-button"]')!.disabled).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('a role that may not print: with a printer, "Print pick list" is disabled with the reason, and nothing is printed', async () => {
    const list = await fixture<PickList>(
      html`<pick-list
        .client=${proxiedClient(sandbox, 'viewer')}
        .orderIds=${[O.pickBowls]}
        printer="sandbox-pdf"
      ></pick-list>`,
    );
    await waitFor(() => $(list, '[part="refusal"]'), 'no reason shown');
    await expect(list).to.be.accessible();
    expect(textOf($(list, '[part="refusal"]'))).to.equal('Your role does not allow printing.');
    const print = $<HTMLButtonElement>(list, '[part="print-button"]')!;
    expect(print.disabled).to.equal(true);
    expect(print.getAttribute('aria-describedby')).to.equal('print-refusal');
    print.click();
    await list.updateComplete;
    expect($(list, '[part="print-status"]'), 'nothing sent').to.equal(null);
    expect(await receivedJobs(sandbox)).to.deep.equal([]);
    // "Download pick list" is not printing: it stays open.
    expect($<HTMLButtonElement>(list, '[part="download-button"]')!.disabled).to.equal(false);
  });

  it('a role that may only read: notes and allocating are disabled with the reason, before anything is typed', async () => {
    const client = proxiedClient(sandbox, 'viewer');
    const card = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${O.unallocated}></order-card>`,
    );
    await waitFor(() => $(card, '[part="refusal"]'), 'no reason shown on the card');
    await expect(card).to.be.accessible();
    expect(textOf($(card, '[part="refusal"]'))).to.equal('Your role does not allow adding notes.');
    expect(shadow(card).querySelector<HTMLTextAreaElement>('[part="note-input"]')!.disabled).to.equal(true);
    const addNote = shadow(card).querySelector<HTMLButtonElement>('[part="add-note-button"]')!;
    expect(addNote.disabled).to.equal(true);
    expect(addNote.getAttribute('aria-describedby')).to.equal('note-refusal');

    const form = await fixture<AllocationForm>(
      html`<allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>`,
    );
    await waitFor(() => $(form, '[part="refusal"]'), 'no reason shown on the form');
    await expect(form).to.be.accessible();
    expect(textOf($(form, '[part="refusal"]'))).to.equal('Your role does not allow allocating stock.');
    expect(shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]')!.disabled).to.equal(
      true,
    );
    // The staff role may do both: nothing is refused there.
    const staff = proxiedClient(sandbox, 'staff');
    const open = await fixture<OrderCard>(
      html`<order-card .client=${staff} order-id=${O.unallocated}></order-card>`,
    );
    await waitFor(() => staff.sessionReads() > 0 && $(open, 'h2'), 'the staff session was not read');
    await open.updateComplete;
    expect($(open, '[part="refusal"]')).to.equal(null);
    expect(shadow(open).querySelector<HTMLButtonElement>('[part="add-note-button"]')!.disabled).to.equal(
      false,
    );
  });

  it('a role that may not change stock: "Adjust stock" beside a short line is disabled with the reason', async () => {
    const client = proxiedClient(sandbox, 'viewer');
    const form = await fixture<AllocationForm>(
      html`<allocation-form .client=${client} order-id=${O.international}></allocation-form>`,
    );
    await waitFor(() => $(form, '[part="refusal"]'), 'the session was not read');
    await expect(form).to.be.accessible();
    await chooseWarehouse(form, SEED_IDS.warehouses.manchester);
    const adjust = await waitFor(
      () => shadow(form).querySelector<HTMLButtonElement>('[part="adjust-stock-button"]'),
      'no "Adjust stock" beside the short line',
    ).then(() => shadow(form).querySelector<HTMLButtonElement>('[part="adjust-stock-button"]')!);
    expect(adjust.disabled).to.equal(true);
    const reason = shadow(form).getElementById(adjust.getAttribute('aria-describedby') ?? '');
    expect(textOf(reason)).to.equal('Your role does not allow changing stock.');
    // Staff may correct stock: the same button is open to them.
    const staff = proxiedClient(sandbox, 'staff');
    const open = await fixture<AllocationForm>(
      html`<allocation-form .client=${staff} order-id=${O.international}></allocation-form>`,
    );
    await waitFor(() => staff.sessionReads() > 0 && $(open, 'select'), 'the staff session was not read');
    await chooseWarehouse(open, SEED_IDS.warehouses.manchester);
    await open.updateComplete;
    const allowed = shadow(open).querySelector<HTMLButtonElement>('[part="adjust-stock-button"]')!;
    expect(allowed.disabled).to.equal(false);
    expect(allowed.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('a role that may not get rates: "Get rates" is disabled with the reason, and nothing is quoted', async () => {
    const client = proxiedClient(sandbox, 'viewer');
    const picker = await fixture<RatePicker>(
      html`<rate-picker .client=${client} order-id=${O.allocated}></rate-picker>`,
    );
    await waitFor(() => $(picker, '[part="refusal"]'), 'no reason shown');
    await expect(picker).to.be.accessible();
    const getRates = shadow(picker).querySelector<HTMLButtonElement>('[part="get-rates-button"]')!;
    expect(getRates.disabled).to.equal(true);
    expect(textOf(shadow(picker).getElementById(getRates.getAttribute('aria-describedby') ?? ''))).to.equal(
      'Your role does not allow getting shipping rates.',
    );
    // Enter in the parcel form does not quote either.
    getRates.closest('form')!.requestSubmit();
    await picker.updateComplete;
    const quoted = (await sandbox.requests()).filter((entry) => entry.path === '/shipping/api/v1/rates');
    expect(quoted).to.have.length(0);
  });

  it('a client with a credential of its own talks to the API: no session is asked for, and buying is open', async () => {
    const client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      session: true,
    });
    const { downloader } = await renderChosen(client, O.allocated);
    await expect(downloader).to.be.accessible();
    expect(buyButton(downloader)!.disabled).to.equal(false);
    expect((await sandbox.requests()).some((entry) => entry.path.endsWith('/session'))).to.equal(false);
  });
});
