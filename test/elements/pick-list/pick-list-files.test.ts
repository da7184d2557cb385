import { expect, fixture, html } from '@open-wc/testing';
import { PDFDocument } from 'pdf-lib';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/pick-list.js';
import type { PickList } from '../../../src/pick-list.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { canPrintPdf } from '../../../src/shared/label-files.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { $, button, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import { focused, pickListLoaded } from './helpers.js';

const O = SEED_IDS.orders;
/** PDF points of each paper's width. */
const LETTER_WIDTH = 612;
const A4_WIDTH = 595.28;

describe('<pick-list> PDF', () => {
  let client: OpsClient;
  let downloads: DownloadCapture;

  beforeEach(async () => {
    const sandbox = createTestSandbox();
    await sandbox.reset();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    downloads = captureDownloads();
  });

  afterEach(() => downloads.restore());

  async function render(lang: string): Promise<PickList> {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div lang=${lang}>
        <pick-list .client=${client} .orderIds=${[O.pickBowls, O.pickPicnic]}></pick-list>
      </div>`,
    );
    const el = wrapper.querySelector('pick-list')!;
    await pickListLoaded(el);
    return el;
  }

  async function savedPdf(): Promise<PDFDocument> {
    const file = downloads.saved[0]!;
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).to.equal('%PDF-');
    return PDFDocument.load(bytes);
  }

  it('"Download pick list" saves pick-list-<date>.pdf on letter paper in the US, focus staying on the button', async () => {
    const el = await render('en-US');
    await expect(el).to.be.accessible();
    const download = button(el, 'Download pick list');
    download.focus();
    download.click();
    await waitFor(() => downloads.saved.length === 1, 'nothing was saved');
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(downloads.saved[0]!.name).to.equal(`pick-list-${day}.pdf`);
    expect(downloads.saved[0]!.blob.type).to.equal('application/pdf');
    const pdf = await savedPdf();
    expect(pdf.getPageCount()).to.be.at.least(1);
    expect(Math.round(pdf.getPage(0).getWidth())).to.equal(LETTER_WIDTH);
    await el.updateComplete;
    expect(focused(el)).to.equal(download);
    expect(download.getAttribute('aria-disabled')).to.equal('false');
  });

  it('is on A4 paper in Britain', async () => {
    const el = await render('en-GB');
    await expect(el).to.be.accessible();
    button(el, 'Download pick list').click();
    await waitFor(() => downloads.saved.length === 1, 'nothing was saved');
    const pdf = await savedPdf();
    expect(pdf.getPage(0).getWidth()).to.be.closeTo(A4_WIDTH, 0.5);
  });

  it('"Print pick list" prints the PDF, or saves it where the browser shows no PDF in a page and says so', async () => {
    const el = await render('en-GB');
    await expect(el).to.be.accessible();
    button(el, 'Print pick list').click();
    if (canPrintPdf()) {
      await waitFor(() => $(el, 'iframe.print-frame') !== null, 'no print frame');
      expect(downloads.saved).to.have.length(0);
      return;
    }
    await waitFor(() => downloads.saved.length === 1, 'nothing was saved');
    expect(downloads.saved[0]!.name).to.match(/^pick-list-\d{4}-\d\d-\d\d\.pdf$/);
    await savedPdf();
    await waitFor(() => textOf($(el, '[part="file-notice"]')) !== '', 'no notice');
    expect($(el, '[part="file-notice"]')!.getAttribute('role')).to.equal('status');
    expect(textOf($(el, '[part="file-notice"]'))).to.equal(
      `This browser cannot print a PDF from the page, so the pick list was saved as ${downloads.saved[0]!.name}: print it from there.`,
    );
    await expect(el).to.be.accessible();
  });
});
