import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { nothing } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { PDFDocument } from 'pdf-lib';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/label-batch.js';
import type { LabelBatch } from '../../../src/label-batch.js';
import type { LabelsPurchasedDetail } from '../../../src/elements/label-batch/label-batch.events.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { canPrintPdf } from '../../../src/shared/label-files.js';
import type { LabelPrintedDetail } from '../../../src/shared/print.events.js';
import { focusedIn } from '../../helpers/batch.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { $, button, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * `<label-batch printer="…">`: "Print labels" sends the batch's labels to that printer of the host's
 * server (here the sandbox's stand-in printers, loopback listeners that keep what they receive)
 * label by label, in the table's order, each as it was bought; `auto-print` sends them as soon as
 * "Buy labels" has its answers, with each order's packing slip after its label when it says
 * `label slip`. A label the printer does not take stops the run there, with "Print the rest" and,
 * for PDF labels, "Print in the browser".
 */
const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const W = SEED_IDS.warehouses;
const S = SEED_IDS.sellables;

/** The three orders ready to ship, in the table's order, and their numbers. */
const BATCH = [O.allocated, O.withNotes, O.international];
const NUMBERS = [N.allocated, N.withNotes, N.international];

/** A job a stand-in printer received. */
interface ReceivedJob {
  printerId: string;
  format: string;
  /** The bytes as Latin-1 text (ZPL printer). */
  zpl?: string;
  /** The bytes, Base64 (PDF printer). */
  pdfBase64?: string;
}

/** A print job as the element sent it to the host's server. */
interface SentJob {
  printerId: string;
  document: string | null;
  order: string | null;
}

/** A PDF job's document (pdf-lib reads it in every browser the suites run in). */
function pdfOf(job: ReceivedJob): Promise<PDFDocument> {
  return PDFDocument.load(Uint8Array.from(atob(job.pdfBase64 ?? ''), (char) => char.charCodeAt(0)));
}

describe('label-batch on the server’s printers', () => {
  let sandbox: TestSandbox;
  let sent: SentJob[];
  let printed: LabelPrintedDetail[];
  let downloads: DownloadCapture | undefined;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    sent = [];
    printed = [];
    const setup = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    await setup.createAllocation(O.withNotes, {
      warehouseId: W.london,
      lineItems: [{ sellableId: S.candleSmall, quantity: 3 }],
    });
    await setup.createAllocation(O.international, {
      warehouseId: W.london,
      lineItems: [
        { sellableId: S.beanieMustard, quantity: 1 },
        { sellableId: S.mugWhite, quantity: 2 },
      ],
    });
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
  });

  async function received(): Promise<ReceivedJob[]> {
    const tenant = new URL(sandbox.baseUrl).pathname.split('/').pop()!;
    const answer = await fetch(`${location.origin}/stand-in-printer/${tenant}/jobs`);
    return ((await answer.json()) as { jobs: ReceivedJob[] }).jobs;
  }

  /** A client that notes each print job it sends: the printer, the document and the order it names. */
  function batchClient(printer?: string): OpsClient {
    const recorded = recordingFetch((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const printer = /\/printers\/([^/]+)\/jobs$/.exec(url.pathname)?.[1];
      if (printer && init?.method === 'POST') {
        const headers = new Headers(init.headers);
        sent.push({
          printerId: decodeURIComponent(printer),
          document: headers.get('X-Ops-Document'),
          order: headers.get('X-Ops-Order'),
        });
      }
      return fetch(input, init);
    });
    return createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      fetch: recorded.fetch,
      ...(printer ? { printer } : {}),
    });
  }

  function buyButton(el: LabelBatch): HTMLButtonElement {
    return $<HTMLButtonElement>(el, '[part="buy-button"]')!;
  }

  /** Waits until "Buy labels" offers `count` labels. */
  async function ready(el: LabelBatch, count: number): Promise<void> {
    await waitFor(() => {
      const buyLabels = buyButton(el);
      return buyLabels && !buyLabels.disabled && textOf(buyLabels).startsWith(`Buy labels (${count},`);
    }, 'the batch did not load');
  }

  /** Presses "Buy labels" and waits for its answers. */
  async function buy(el: LabelBatch): Promise<LabelsPurchasedDetail> {
    const purchased = oneEvent(el, 'labels-purchased');
    buyButton(el).click();
    const { detail } = await purchased;
    await el.updateComplete;
    return detail;
  }

  async function render(
    orderIds: readonly number[],
    attributes: { format: string; printer?: string; clientPrinter?: string; autoPrint?: string },
  ): Promise<LabelBatch> {
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${batchClient(attributes.clientPrinter)}
        order-ids=${orderIds.join(',')}
        label-format=${attributes.format}
        printer=${attributes.printer ?? nothing}
        auto-print=${attributes.autoPrint ?? nothing}
      ></label-batch>`,
    );
    el.addEventListener('label-printed', (event) => printed.push(event.detail));
    return el;
  }

  function statusOf(el: LabelBatch): string {
    return textOf($(el, '[part="print-status"]'));
  }

  /** Each text the print status line shows from now on, in turn. */
  function watchStatus(el: LabelBatch): string[] {
    const seen: string[] = [];
    const look = () => {
      const now = statusOf(el);
      if (now && seen.at(-1) !== now) seen.push(now);
    };
    new MutationObserver(look).observe(shadow(el), { subtree: true, childList: true, characterData: true });
    return seen;
  }

  function failureText(el: LabelBatch): string {
    return textOf($(el, '[part="print-failure"] p'));
  }

  it('sends ZPL labels to Sandbox Zebra one by one in the table’s order, as bought, from the keyboard', async () => {
    const el = await render(BATCH, { format: 'ZPL', printer: 'sandbox-zebra' });
    await ready(el, 3);
    await expect(el).to.be.accessible();
    await buy(el);
    expect($(el, '[part="slips-download-button"]'), 'no packing slips for ZPL labels').to.equal(null);
    expect(await received(), 'nothing is printed without a press').to.deep.equal([]);

    const print = button(el, 'Print labels');
    const seen = watchStatus(el);
    print.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusOf(el) === '3 labels sent to Sandbox Zebra', 'the labels were not sent');
    expect($(el, '[part="print-status"]')!.getAttribute('role')).to.equal('status');
    const progress = [1, 2, 3].map((label) => `Printing label ${label} of 3 on Sandbox Zebra…`);
    expect(seen.filter((text) => text.includes('Sandbox Zebra'))).to.deep.equal([
      ...progress,
      '3 labels sent to Sandbox Zebra',
    ]);
    expect(focusedIn(el), 'focus stays on Print labels').to.equal(print);

    expect(sent).to.deep.equal(
      NUMBERS.map((order) => ({ printerId: 'sandbox-zebra', document: 'label', order })),
    );
    const jobs = await received();
    expect(jobs.map((job) => [job.printerId, job.format])).to.deep.equal(
      BATCH.map(() => ['sandbox-zebra', 'ZPL']),
    );
    jobs.forEach((job, index) => expect(job.zpl).to.contain(`Ref: ${NUMBERS[index]}`));
    expect(printed.map(({ orderId, printerId, state }) => ({ orderId, printerId, state }))).to.deep.equal(
      BATCH.map((orderId) => ({ orderId, printerId: 'sandbox-zebra', state: 'sent' })),
    );
    const jobIds = printed.map((detail) => detail.jobId);
    expect(new Set(jobIds).size, 'a job id each').to.equal(3);
    jobIds.forEach((jobId) => expect(jobId).to.be.a('string').and.not.equal(''));

    // What reached the printer is the labels' own bytes: the .zpl download holds them one after another.
    downloads = captureDownloads();
    button(el, 'Download labels').click();
    await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    const bytes = new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer());
    expect(String.fromCharCode(...bytes)).to.equal(jobs.map((job) => `${job.zpl}\n`).join(''));
    await expect(el).to.be.accessible();
  });

  it('sends the labels kept in this browser with "Print again", one by one in the table’s order', async () => {
    const first = await render(BATCH, { format: 'ZPL', printer: 'sandbox-zebra' });
    await ready(first, 3);
    await expect(first).to.be.accessible();
    await buy(first);
    first.remove();

    // After a reload: the labels are offered again, and Print again sends them to the printer.
    const el = await render(BATCH, { format: 'ZPL', printer: 'sandbox-zebra' });
    await waitFor(() => $(el, '[part="print-again-button"]'), 'the kept labels were not offered');
    await expect(el).to.be.accessible();
    const again = $<HTMLButtonElement>(el, '[part="print-again-button"]')!;
    expect(textOf(again)).to.equal('Print again');
    again.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusOf(el) === '3 labels sent to Sandbox Zebra', 'the kept labels were not sent');
    expect(focusedIn(el), 'focus stays on Print again').to.equal(again);
    expect(sent).to.deep.equal(
      NUMBERS.map((order) => ({ printerId: 'sandbox-zebra', document: 'label', order })),
    );
    expect(printed.map((detail) => detail.orderId)).to.deep.equal(BATCH);
    expect((await received()).map((job) => job.format)).to.deep.equal(['ZPL', 'ZPL', 'ZPL']);
  });

  it('with auto-print="label slip", prints each label and then its order’s packing slip once Buy labels has its answers', async () => {
    const el = await render([O.allocated, O.withNotes], {
      format: 'PDF',
      printer: 'sandbox-pdf',
      autoPrint: 'label slip',
    });
    await ready(el, 2);
    await expect(el).to.be.accessible();
    const { successful } = await buy(el);
    await waitFor(() => statusOf(el) === '2 labels sent to Sandbox PDF printer', 'the labels were not sent');

    expect(sent).to.deep.equal([
      { printerId: 'sandbox-pdf', document: 'label', order: N.allocated },
      { printerId: 'sandbox-pdf', document: 'packing-slip', order: null },
      { printerId: 'sandbox-pdf', document: 'label', order: N.withNotes },
      { printerId: 'sandbox-pdf', document: 'packing-slip', order: null },
    ]);
    const jobs = await received();
    expect(jobs.map((job) => [job.printerId, job.format])).to.deep.equal(
      jobs.map(() => ['sandbox-pdf', 'PDF']),
    );
    // Each order's own label (by its tracking number), then that order's packing slip.
    const titles = await Promise.all(jobs.map(async (job) => (await pdfOf(job)).getTitle()));
    expect(titles).to.deep.equal([
      `Shipping label ${successful[O.allocated]!.trackingNumber}`,
      `Packing slip ${N.allocated}`,
      `Shipping label ${successful[O.withNotes]!.trackingNumber}`,
      `Packing slip ${N.withNotes}`,
    ]);
    expect(printed.map(({ orderId, printerId, state }) => ({ orderId, printerId, state }))).to.deep.equal([
      { orderId: O.allocated, printerId: 'sandbox-pdf', state: 'sent' },
      { orderId: O.withNotes, printerId: 'sandbox-pdf', state: 'sent' },
    ]);
    await expect(el).to.be.accessible();
  });

  it('with auto-print="slip", prints only the packing slips, and counts them as packing slips', async () => {
    const el = await render([O.allocated, O.withNotes], {
      format: 'PDF',
      printer: 'sandbox-pdf',
      autoPrint: 'slip',
    });
    await ready(el, 2);
    await expect(el).to.be.accessible();
    const seen = watchStatus(el);
    await buy(el);
    await waitFor(
      () => statusOf(el) === '2 packing slips sent to Sandbox PDF printer',
      'the packing slips were not sent',
    );
    expect(seen.filter((said) => said.startsWith('Printing'))).to.include(
      'Printing packing slip 2 of 2 on Sandbox PDF printer…',
    );
    expect(sent.map((job) => job.document)).to.deep.equal(['packing-slip', 'packing-slip']);
    const titles = await Promise.all((await received()).map(async (job) => (await pdfOf(job)).getTitle()));
    expect(titles).to.deep.equal([`Packing slip ${N.allocated}`, `Packing slip ${N.withNotes}`]);
    expect(printed, 'no label was printed').to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('stops at a label the printer does not take, and "Print the rest" goes on from it, on the printer chosen now', async () => {
    // One ZPL label printed as soon as it is bought (`auto-print` alone), then a PDF one.
    const el = await render([O.allocated], { format: 'ZPL', printer: 'sandbox-zebra', autoPrint: '' });
    await ready(el, 1);
    await expect(el).to.be.accessible();
    await buy(el);
    await waitFor(() => statusOf(el) === '1 label sent to Sandbox Zebra', 'the label was not printed');
    el.labelFormat = 'PDF';
    el.orderIds = [O.allocated, O.withNotes];
    await ready(el, 1);
    await buy(el);
    await waitFor(() => $(el, '[part="print-failure"]'), 'the PDF label was printed on the Zebra');
    expect(failureText(el)).to.equal(
      '0 of 1 labels sent to Sandbox Zebra; the next was not printed: This printer does not take PDF files.',
    );

    // The whole batch, from the keyboard: the ZPL label goes, the PDF one does not.
    const print = button(el, 'Print labels');
    print.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(
      () => failureText(el).startsWith('1 of 2 labels sent to Sandbox Zebra;'),
      'the run did not stop at the PDF label',
    );
    const failure = $(el, '[part="print-failure"]')!;
    expect(failure.getAttribute('role')).to.equal('alert');
    expect(failureText(el)).to.equal(
      '1 of 2 labels sent to Sandbox Zebra; the next was not printed: This printer does not take PDF files.',
    );
    expect(statusOf(el)).to.equal('');
    expect(focusedIn(el), 'focus stays on Print labels').to.equal(print);
    expect(button(el, 'Print in the browser').getAttribute('part')).to.equal('print-in-browser-button');
    await expect(el).to.be.accessible();

    el.printer = 'sandbox-pdf';
    const rest = button(el, 'Print the rest');
    expect(rest.getAttribute('part')).to.equal('print-rest-button');
    rest.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => statusOf(el) === '1 label sent to Sandbox PDF printer', 'the rest was not sent');
    expect($(el, '[part="print-failure"]')).to.equal(null);
    await waitFor(() => focusedIn(el) === print, 'focus did not go back to Print labels');

    expect(sent).to.deep.equal([
      { printerId: 'sandbox-zebra', document: 'label', order: N.allocated },
      { printerId: 'sandbox-zebra', document: 'label', order: N.allocated },
      { printerId: 'sandbox-pdf', document: 'label', order: N.withNotes },
    ]);
    expect((await received()).map((job) => [job.printerId, job.format])).to.deep.equal([
      ['sandbox-zebra', 'ZPL'],
      ['sandbox-zebra', 'ZPL'],
      ['sandbox-pdf', 'PDF'],
    ]);
    expect(printed.map(({ orderId, printerId }) => [orderId, printerId])).to.deep.equal([
      [O.allocated, 'sandbox-zebra'],
      [O.allocated, 'sandbox-zebra'],
      [O.withNotes, 'sandbox-pdf'],
    ]);
    await expect(el).to.be.accessible();
  });

  it('prints to the client’s printer (`configure({ printer })`) when it has no printer attribute', async () => {
    const el = await render([O.allocated], { format: 'ZPL', clientPrinter: 'sandbox-zebra', autoPrint: '' });
    await ready(el, 1);
    await expect(el).to.be.accessible();
    expect(el.hasAttribute('printer')).to.equal(false);
    await buy(el);
    await waitFor(() => statusOf(el) === '1 label sent to Sandbox Zebra', 'the label was not printed');
    expect(sent).to.deep.equal([{ printerId: 'sandbox-zebra', document: 'label', order: N.allocated }]);
    expect(button(el, 'Print labels'), 'Print is offered for the ZPL label').to.be.instanceOf(
      HTMLButtonElement,
    );
  });

  it('says why a PDF batch did not print on Sandbox Zebra, and "Print in the browser" prints it there', async () => {
    const el = await render([O.allocated, O.withNotes], { format: 'PDF', printer: 'sandbox-zebra' });
    await ready(el, 2);
    await expect(el).to.be.accessible();
    await buy(el);
    const print = button(el, 'Print labels');
    print.focus();
    print.click();
    await waitFor(() => $(el, '[part="print-failure"]'), 'no failure');
    expect($(el, '[part="print-failure"]')!.getAttribute('role')).to.equal('alert');
    expect(failureText(el)).to.equal(
      '0 of 2 labels sent to Sandbox Zebra; the next was not printed: This printer does not take PDF files.',
    );
    expect(focusedIn(el)).to.equal(print);
    expect(await received(), 'nothing reached the printer').to.deep.equal([]);
    expect(printed).to.deep.equal([]);
    await expect(el).to.be.accessible();

    if (!canPrintPdf()) downloads = captureDownloads();
    const inBrowser = button(el, 'Print in the browser');
    inBrowser.focus();
    inBrowser.click();
    let pdf: PDFDocument;
    if (downloads) {
      // A browser that shows no PDF in a page saves the labels to print instead, and says so.
      await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
      expect(downloads.saved[0]!.name).to.match(/^labels-\d{4}-\d\d-\d\d\.pdf$/);
      pdf = await PDFDocument.load(await downloads.saved[0]!.blob.arrayBuffer());
      await waitFor(() => textOf($(el, '[part="file-notice"]')).startsWith('This browser cannot print'));
    } else {
      await waitFor(() => $(el, 'iframe.print-frame'), 'no print frame');
      const frame = $<HTMLIFrameElement>(el, 'iframe.print-frame')!;
      pdf = await PDFDocument.load(await (await fetch(frame.src)).arrayBuffer());
    }
    expect(pdf.getPageCount(), 'both labels').to.equal(2);
    await waitFor(() => $(el, '[part="print-failure"]') === null, 'the failure stayed');
    await waitFor(() => focusedIn(el) === print, 'focus did not go back to Print labels');
    await expect(el).to.be.accessible();
  });
});
