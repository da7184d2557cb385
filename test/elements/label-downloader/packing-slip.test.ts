import { expect } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, has, shadow, textOf, waitFor, waitForValue } from '../../helpers/elements.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { readPdf } from '../../helpers/pdf.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, renderChosen } from '../../helpers/shipping.js';
import type { LabelDownloader } from '../../../src/label-downloader.js';

/**
 * label-downloader's packing slip: once a label is bought, "Download packing slip" saves the
 * order's slip and "Print packing slip" prints it; both only read the order, never book again.
 */
const O = SEED_IDS.orders;
const BOOK_PATH = '/shipping/api/v1/shipments';

async function boughtDownloader(client: OpsClient, orderId: number): Promise<LabelDownloader> {
  const { downloader } = await renderChosen(client, orderId);
  buyButton(downloader)!.click();
  await waitFor(() => $(downloader, '[part="slip-download-button"]'), 'no packing slip offered');
  return downloader;
}

async function saved(downloads: DownloadCapture, count: number): Promise<Blob> {
  await waitFor(() => downloads.saved.length >= count, 'nothing was saved');
  return downloads.saved[count - 1]!.blob;
}

describe('label-downloader: packing slip', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
  });

  it('saves the order’s packing slip with its number as a barcode and no prices, keeping focus on the button', async () => {
    const downloader = await boughtDownloader(client, O.allocated);
    await expect(downloader).to.be.accessible();
    const number = SEED_ORDER_NUMBERS.allocated;
    downloads = captureDownloads();
    const button = $<HTMLButtonElement>(downloader, '[part="slip-download-button"]')!;
    expect(textOf(button)).to.equal('Download packing slip');
    button.focus();
    // The keyboard presses it as a click.
    button.click();
    const pdf = await readPdf(await saved(downloads, 1));
    expect(downloads.saved[0]!.name).to.equal(`packing-slip-${number}.pdf`);
    expect(pdf.pages[0]?.barcodes).to.deep.equal([number]);
    expect(pdf.pages[0]?.text).to.contain('Packing slip');
    expect(pdf.pages[0]?.text).to.contain('Deliver to');
    expect(pdf.pages[0]?.text).not.to.contain('£');
    // en in this page: Letter.
    expect([pdf.pages[0]?.width, pdf.pages[0]?.height]).to.deep.equal([612, 792]);
    await waitFor(() => !$(downloader, '[part="slip-status"]')?.textContent?.trim(), 'still making the slip');
    expect(shadow(downloader).activeElement).to.equal(button);
    const booked = (await sandbox.requests()).filter(
      (entry) => entry.method === 'POST' && entry.path === BOOK_PATH,
    );
    expect(booked).to.have.length(1);
    await expect(downloader).to.be.accessible();
  });

  it('shows prices with slip-prices and takes its paper from slip-size', async () => {
    const downloader = await boughtDownloader(client, O.allocated);
    downloader.setAttribute('slip-prices', '');
    downloader.setAttribute('slip-size', '4x6');
    await downloader.updateComplete;
    downloads = captureDownloads();
    $<HTMLButtonElement>(downloader, '[part="slip-download-button"]')!.click();
    const pdf = await readPdf(await saved(downloads, 1));
    expect([pdf.pages[0]?.width, pdf.pages[0]?.height]).to.deep.equal([288, 432]);
    expect(pdf.pages.map((page) => page.text).join(' ')).to.contain('£');
  });

  it('prints the packing slip, or saves it where the browser cannot print a PDF', async () => {
    const downloader = await boughtDownloader(client, O.allocated);
    const print = $<HTMLButtonElement>(downloader, '[part="slip-print-button"]')!;
    expect(textOf(print)).to.equal('Print packing slip');
    const number = SEED_ORDER_NUMBERS.allocated;
    if (!navigator.pdfViewerEnabled) {
      downloads = captureDownloads();
      print.click();
      const pdf = await readPdf(await saved(downloads, 1));
      expect(pdf.pages[0]?.barcodes).to.deep.equal([number]);
      await waitFor(() => textOf($(downloader, '[part="file-notice"]')) !== '', 'no notice');
      expect(textOf($(downloader, '[part="file-notice"]'))).to.equal(
        `This browser cannot print from the page, so the packing slip was saved as packing-slip-${number}.pdf: print it from your PDF reader.`,
      );
      await expect(downloader).to.be.accessible();
      return;
    }
    print.click();
    await waitFor(() => has(downloader, 'iframe.print-frame'), 'no print frame');
  });

  it('says when the order cannot be read, and Retry makes the slip, focus back on the button', async () => {
    const downloader = await boughtDownloader(client, O.allocated);
    // The order store already holds the order: a new client has to read it.
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
    downloader.client = client;
    await downloader.updateComplete;
    await waitFor(() => $(downloader, '[part="slip-download-button"]'), 'no packing slip offered');
    // Every read of the order fails until Retry (the element may read it in the background too).
    await sandbox.fault({ method: 'GET', path: `/orders/${O.allocated}`, status: 404, times: 20 });
    downloads = captureDownloads();
    const button = $<HTMLButtonElement>(downloader, '[part="slip-download-button"]')!;
    button.focus();
    button.click();
    const alert = await waitForValue(() => $(downloader, '[part="error"]'), 'no failure shown');
    expect(textOf(alert)).to.contain('The packing slip could not be made.');
    expect(downloads.saved).to.have.length(0);
    await expect(downloader).to.be.accessible();
    const retry = alert.querySelector<HTMLButtonElement>('[part="retry-button"]')!;
    expect(textOf(retry)).to.equal('Retry');
    await sandbox.clearFaults();
    retry.focus();
    retry.click();
    await saved(downloads, 1);
    await waitFor(
      () => shadow(downloader).activeElement === $(downloader, '[part="slip-download-button"]'),
      'focus not back on the button',
    );
  });
});
