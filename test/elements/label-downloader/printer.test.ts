import { expect } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import type { LabelDownloader } from '../../../src/label-downloader.js';
import type { LabelPrintedDetail } from '../../../src/shared/print.events.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { canPrintPdf } from '../../../src/shared/label-files.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { $, button, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { readPdf } from '../../helpers/pdf.js';
import { jobsReceived, pdfBytes, receivedJobs } from '../../helpers/printers.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, renderPair } from '../../helpers/shipping.js';
import type { DownloaderAttributes } from '../../helpers/shipping.js';

/**
 * `<label-downloader printer="…">`: "Print label" sends the label as it was bought (PDF or ZPL) to
 * that printer of the host's server (here the sandbox's stand-in printers, loopback listeners
 * that keep what they receive), and `auto-print` prints it, with its packing slip, as it is bought.
 */
const O = SEED_IDS.orders;
const NUMBER = SEED_ORDER_NUMBERS.allocated;

function printStatuses(downloader: LabelDownloader): string[] {
  return [...shadow(downloader).querySelectorAll('[part="print-status"]')].map((node) => textOf(node));
}

describe('label-downloader on the server’s printer', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;
  let printed: LabelPrintedDetail[];
  const record = (event: Event) => printed.push((event as CustomEvent<LabelPrintedDetail>).detail);

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
    printed = [];
    document.addEventListener('label-printed', record);
  });

  afterEach(() => {
    document.removeEventListener('label-printed', record);
    downloads?.restore();
    downloads = undefined;
  });

  async function bought(attributes: DownloaderAttributes): Promise<LabelDownloader> {
    const { picker, downloader } = await renderPair(client, O.allocated, attributes);
    await expect(downloader).to.be.accessible();
    await chooseRate(picker);
    await downloader.updateComplete;
    buyButton(downloader)!.click();
    await waitFor(() => $(downloader, '[part="result"]'), 'no label bought');
    return downloader;
  }

  it('prints a ZPL label on the Zebra as the very label bought, and tells the page', async () => {
    const downloader = await bought({ labelFormat: 'ZPL', printer: 'sandbox-zebra' });
    expect(await receivedJobs(sandbox), 'nothing printed before Print').to.deep.equal([]);
    const print = button(downloader, 'Print label');
    print.focus();
    print.click();
    await waitFor(() => printStatuses(downloader)[0] === 'Label: Sent to Sandbox Zebra', 'not sent');
    expect(shadow(downloader).activeElement, 'focus stays on Print label').to.equal(print);
    const [job] = await jobsReceived(sandbox, 1);
    expect([job!.printerId, job!.format]).to.deep.equal(['sandbox-zebra', 'ZPL']);

    // What the printer got is the label file itself, byte for byte.
    downloads = captureDownloads();
    button(downloader, 'Download label').click();
    await waitFor(() => downloads!.saved.length === 1, 'the label was not saved');
    const file = await downloads.saved[0]!.blob.text();
    expect(file).to.match(/^\^XA/);
    expect(job!.zpl).to.equal(file);
    expect(printed).to.have.length(1);
    expect(printed[0]).to.include({ orderId: O.allocated, printerId: 'sandbox-zebra', state: 'sent' });
    expect(printed[0]!.jobId).to.be.a('string').and.not.equal('');
    await expect(downloader).to.be.accessible();
  });

  it('auto-print="label slip" prints the label, then its packing slip, as soon as it is bought', async () => {
    const downloader = await bought({ printer: 'sandbox-pdf', autoPrint: 'label slip' });
    const jobs = await jobsReceived(sandbox, 2);
    expect(jobs.map((job) => [job.printerId, job.format])).to.deep.equal([
      ['sandbox-pdf', 'PDF'],
      ['sandbox-pdf', 'PDF'],
    ]);
    const label = await readPdf(pdfBytes(jobs[0]!));
    const slip = await readPdf(pdfBytes(jobs[1]!));
    expect(label.pages[0]!.text, 'the first job is the label').not.to.contain('Packing slip');
    expect(slip.pages[0]!.text, 'then its packing slip').to.contain('Packing slip');
    expect(slip.pages[0]!.barcodes).to.deep.equal([NUMBER]);
    await waitFor(
      () =>
        printStatuses(downloader).join(' | ') ===
        'Label: Sent to Sandbox PDF printer | Packing slip: Sent to Sandbox PDF printer',
      'both not said',
    );
    expect(printed.map((detail) => detail.printerId)).to.deep.equal(['sandbox-pdf']);
    await expect(downloader).to.be.accessible();
  });

  it('auto-print alone prints the label and not the slip; nothing without a printer', async () => {
    await bought({ printer: 'sandbox-pdf', autoPrint: '' });
    const jobs = await jobsReceived(sandbox, 1);
    expect(jobs).to.have.length(1);
    expect((await readPdf(pdfBytes(jobs[0]!))).pages[0]!.text).not.to.contain('Packing slip');

    const other = createTestSandbox();
    ({ client } = recordedClient(other, { appToken: other.appToken }));
    await bought({ autoPrint: 'label slip' });
    expect(await receivedJobs(other), 'no printer, nothing printed').to.deep.equal([]);
  });

  it('says why the Zebra did not print a PDF label; "Print in the browser" prints it there, focus back on Print', async () => {
    const downloader = await bought({ printer: 'sandbox-zebra' });
    const print = button(downloader, 'Print label');
    print.focus();
    print.click();
    await waitFor(() => $(downloader, '[part="print-failure"]'), 'no failure');
    expect($(downloader, '[part="print-failure"]')!.getAttribute('role')).to.equal('alert');
    expect(textOf($(downloader, '[part="print-failure"] p'))).to.equal(
      'Label: Not printed on Sandbox Zebra: This printer does not take PDF files.',
    );
    await expect(downloader).to.be.accessible();
    expect(await receivedJobs(sandbox), 'nothing reached the printer').to.deep.equal([]);
    expect(printed, 'no job, no label-printed').to.deep.equal([]);

    downloads = captureDownloads();
    const inBrowser = button(downloader, 'Print in the browser');
    inBrowser.focus();
    inBrowser.click();
    if (canPrintPdf()) await waitFor(() => $(downloader, 'iframe.print-frame'), 'no print frame');
    else await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    await waitFor(() => $(downloader, '[part="print-failure"]') === null, 'the failure stayed');
    await waitFor(
      () => shadow(downloader).activeElement === button(downloader, 'Print label'),
      'focus did not go back to Print label',
    );
  });

  it('"Print again" sends the label once more after the printer was named wrong', async () => {
    const downloader = await bought({ labelFormat: 'ZPL', printer: 'back-office' });
    button(downloader, 'Print label').click();
    await waitFor(() => $(downloader, '[part="print-failure"]'), 'no failure');
    expect(textOf($(downloader, '[part="print-failure"] p'))).to.equal(
      'Label: Not printed on back-office: The server has no printer "back-office".',
    );
    // A ZPL label cannot be printed by the browser: only "Print again" is offered.
    expect($(downloader, '[part="print-in-browser-button"]')).to.equal(null);
    downloader.printer = 'sandbox-zebra';
    await downloader.updateComplete;
    const again = button(downloader, 'Print again');
    again.focus();
    again.click();
    await waitFor(() => printStatuses(downloader)[0] === 'Label: Sent to Sandbox Zebra', 'not sent');
    expect(shadow(downloader).activeElement).to.equal(button(downloader, 'Print label'));
    expect((await receivedJobs(sandbox)).map((job) => job.printerId)).to.deep.equal(['sandbox-zebra']);
  });

  it('prints to the client’s printer (configure({ printer })) when the element names none', async () => {
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken, printer: 'sandbox-pdf' }));
    const downloader = await bought({});
    button(downloader, 'Print label').click();
    await waitFor(() => printStatuses(downloader)[0] === 'Label: Sent to Sandbox PDF printer', 'not sent');
    expect((await receivedJobs(sandbox)).map((job) => job.printerId)).to.deep.equal(['sandbox-pdf']);
    expect($(downloader, 'iframe.print-frame'), 'no print dialog').to.equal(null);
  });
});
