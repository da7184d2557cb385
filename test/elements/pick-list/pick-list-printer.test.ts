import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/pick-list.js';
import type { PickList } from '../../../src/pick-list.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { canPrintPdf } from '../../../src/shared/label-files.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { $, button, textOf, waitFor } from '../../helpers/elements.js';
import { readPdf } from '../../helpers/pdf.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { focused, pickListLoaded } from './helpers.js';

/**
 * `<pick-list printer="…">`: "Print pick list" sends the PDF to that printer of the host's server
 * (here the sandbox's stand-in printers, loopback listeners that keep what they receive) instead
 * of the browser's dialog, says where it went, and offers "Print again" and "Print in the browser"
 * when it did not print.
 */
const O = SEED_IDS.orders;

interface ReceivedJob {
  printerId: string;
  format: string;
  pdfBase64?: string;
}

describe('<pick-list> on the server’s printer', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    downloads = captureDownloads();
  });

  afterEach(() => downloads.restore());

  async function received(): Promise<ReceivedJob[]> {
    const tenant = new URL(sandbox.baseUrl).pathname.split('/').pop()!;
    const answer = await fetch(`${location.origin}/stand-in-printer/${tenant}/jobs`);
    return ((await answer.json()) as { jobs: ReceivedJob[] }).jobs;
  }

  async function render(printer: string): Promise<PickList> {
    const el = await fixture<PickList>(
      html`<pick-list
        .client=${client}
        .orderIds=${[O.pickBowls, O.pickPicnic]}
        printer=${printer}
      ></pick-list>`,
    );
    await pickListLoaded(el);
    return el;
  }

  it('sends the pick list to the PDF printer and says "Sent to Sandbox PDF printer"; focus stays on Print', async () => {
    const el = await render('sandbox-pdf');
    await expect(el).to.be.accessible();
    const print = button(el, 'Print pick list');
    print.focus();
    print.click();
    await waitFor(() => textOf($(el, '[part="print-status"]')) === 'Sent to Sandbox PDF printer', 'not sent');
    expect($(el, '[part="print-status"]')!.getAttribute('role')).to.equal('status');
    expect($(el, 'iframe.print-frame'), 'no print dialog').to.equal(null);
    expect(downloads.saved, 'nothing saved').to.have.length(0);
    expect(focused(el)).to.equal(print);
    const jobs = await received();
    expect(jobs.map((job) => [job.printerId, job.format])).to.deep.equal([['sandbox-pdf', 'PDF']]);
    const bytes = Uint8Array.from(atob(jobs[0]!.pdfBase64!), (char) => char.charCodeAt(0));
    const pdf = await readPdf(bytes);
    expect(pdf.pages[0]!.text, 'the pick list itself reached the printer').to.contain('Pick at London');
    await expect(el).to.be.accessible();
  });

  it('says why a printer that takes no PDF did not print, and "Print in the browser" prints it there', async () => {
    const el = await render('sandbox-zebra');
    const print = button(el, 'Print pick list');
    print.focus();
    print.click();
    await waitFor(() => $(el, '[part="print-failure"]'), 'no failure');
    expect($(el, '[part="print-failure"]')!.getAttribute('role')).to.equal('alert');
    expect(textOf($(el, '[part="print-failure"] p'))).to.equal(
      'Not printed on Sandbox Zebra: This printer does not take PDF files.',
    );
    await expect(el).to.be.accessible();
    expect(await received(), 'nothing reached the printer').to.deep.equal([]);

    const inBrowser = button(el, 'Print in the browser');
    inBrowser.focus();
    inBrowser.click();
    if (canPrintPdf()) {
      await waitFor(() => $(el, 'iframe.print-frame'), 'no print frame');
    } else {
      await waitFor(() => downloads.saved.length === 1, 'nothing was saved');
      expect(downloads.saved[0]!.name).to.match(/^pick-list-\d{4}-\d\d-\d\d\.pdf$/);
    }
    await waitFor(() => $(el, '[part="print-failure"]') === null, 'the failure stayed');
    await waitFor(() => focused(el) === button(el, 'Print pick list'), 'focus did not go back to Print');
  });

  it('names a printer the server does not have, and "Print again" tries once more', async () => {
    const el = await render('front-desk');
    button(el, 'Print pick list').click();
    await waitFor(() => $(el, '[part="print-failure"]'), 'no failure');
    expect(textOf($(el, '[part="print-failure"] p'))).to.equal(
      'Not printed on front-desk: The server has no printer "front-desk".',
    );
    el.printer = 'sandbox-pdf';
    const again = button(el, 'Print again');
    again.focus();
    again.click();
    await waitFor(() => textOf($(el, '[part="print-status"]')) === 'Sent to Sandbox PDF printer', 'not sent');
    expect(focused(el)).to.equal(button(el, 'Print pick list'));
    expect((await received()).map((job) => job.printerId)).to.deep.equal(['sandbox-pdf']);
  });
});
