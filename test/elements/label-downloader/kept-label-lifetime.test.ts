import { expect } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { labelPartition, saveLabel } from '../../../src/shipping/label-storage-records.js';
import type { LabelToStore } from '../../../src/shipping/label-storage-records.js';
import { $, $$, has, textOf, waitFor } from '../../helpers/elements.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { renderPair } from '../../helpers/shipping.js';

/**
 * The labels label-downloader keeps in the browser last 14 days from their purchase: a page
 * opened again offers "Download again" for a label of the order bought 13 days ago, and no longer
 * for one bought 15 days ago. The labels are written with the store's own `saveLabel`, on the day
 * they were bought (its `now`), in the partition of the page's client.
 */
const O = SEED_IDS.orders;
const DAY = 24 * 60 * 60 * 1000;
const BOOK_PATH = '/shipping/api/v1/shipments';

function boughtLabel(trackingNumber: string, boughtAt: number): LabelToStore {
  return {
    orderId: O.allocated,
    format: 'PDF',
    content: btoa(`%PDF-1.4 label ${trackingNumber}`),
    invoice: null,
    trackingNumber,
    carrier: 'Parcelway',
    service: 'Parcelway Standard',
    charge: { value: 4.2, unit: 'GBP' },
    remoteShipmentId: `shp-${trackingNumber}`,
    rateId: `rate-${trackingNumber}`,
    boughtAt,
  };
}

describe('label-downloader: labels kept for 14 days', () => {
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

  /** Keeps a label bought `daysAgo` days ago, as the page that bought it did then. */
  async function keptFrom(daysAgo: number, trackingNumber: string): Promise<void> {
    const boughtAt = Date.now() - daysAgo * DAY;
    const saved = await saveLabel(await labelPartition(client), boughtLabel(trackingNumber, boughtAt), {
      now: boughtAt,
    });
    expect(saved).to.deep.equal({ ok: true, stored: true });
  }

  /** The page opened again: the pair for the order, once it offers the labels kept, if any. */
  async function reopened() {
    const pair = await renderPair(client, O.allocated);
    await expect(pair.downloader).to.be.accessible();
    return pair;
  }

  it('a label bought 13 days ago is offered with "Download again" after a reload, and saves its file', async () => {
    await keptFrom(13, 'PW13DAYSAGO');
    const { downloader } = await reopened();
    await waitFor(() => has(downloader, '[part="stored"]'), 'the label kept 13 days was not offered');
    await expect(downloader).to.be.accessible();
    const stored = $(downloader, '[part="stored"]')!;
    expect(textOf(stored.querySelector('h3'))).to.equal('Labels already bought for this order');
    expect(textOf(stored)).to.contain('PW13DAYSAGO');
    const again = stored.querySelector<HTMLButtonElement>('[part="download-button"]')!;
    expect(textOf(again)).to.equal('Download again');
    downloads = captureDownloads();
    again.click();
    expect(downloads.saved.map((file) => file.name)).to.deep.equal(['label-PW13DAYSAGO.pdf']);
    const booked = (await sandbox.requests()).filter(
      (entry) => entry.method === 'POST' && entry.path === BOOK_PATH,
    );
    expect(booked, 'nothing was bought').to.have.length(0);
  });

  it('a label bought 15 days ago is no longer offered, beside one bought 13 days ago that is', async () => {
    await keptFrom(15, 'PW15DAYSAGO');
    await keptFrom(13, 'PW13DAYSAGO');
    const { downloader } = await reopened();
    await waitFor(() => has(downloader, '[part="stored"]'), 'the label kept 13 days was not offered');
    await expect(downloader).to.be.accessible();
    const stored = $(downloader, '[part="stored"]')!;
    expect(textOf(stored)).to.contain('PW13DAYSAGO');
    expect(textOf(stored), 'the label past its 14 days').not.to.contain('PW15DAYSAGO');
    expect($$(downloader, '[part="stored"] [part="download-button"]')).to.have.length(1);
    expect(textOf(downloader.shadowRoot)).not.to.contain('PW15DAYSAGO');
  });

  it('with only a label bought 15 days ago, the page offers no label kept', async () => {
    await keptFrom(15, 'PW15DAYSAGO');
    const { downloader } = await reopened();
    // What the page shows once it has looked for kept labels: the same as for an order with none.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await downloader.updateComplete;
    expect(has(downloader, '[part="stored"]')).to.equal(false);
    expect(textOf(downloader.shadowRoot)).not.to.contain('PW15DAYSAGO');
  });
});
