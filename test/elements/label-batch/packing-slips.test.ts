import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/label-batch.js';
import type { LabelBatch } from '../../../src/label-batch.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { focusedIn } from '../../helpers/batch.js';
import { $, shadow, textOf, waitFor, waitForValue } from '../../helpers/elements.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { readPdf } from '../../helpers/pdf.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * label-batch's "Download labels and packing slips": one PDF of each order's label followed by its
 * packing slip, in the table's order; it only reads, and books nothing again.
 */
const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const BOOK_PATH = '/shipping/api/v1/shipments';

describe('label-batch: labels and packing slips', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;

  beforeEach(async () => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox));
    await client.createAllocation(O.withNotes, {
      warehouseId: SEED_IDS.warehouses.london,
      lineItems: [{ sellableId: SEED_IDS.sellables.candleSmall, quantity: 3 }],
    });
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
  });

  async function boughtBatch(
    attributes: { slipPrices?: boolean; slipSize?: string } = {},
  ): Promise<LabelBatch> {
    const el = await fixture<LabelBatch>(
      html`<label-batch
        .client=${recordedClient(sandbox).client}
        order-ids=${[O.allocated, O.withNotes].join(',')}
        label-format="PDF"
        ?slip-prices=${attributes.slipPrices ?? false}
        slip-size=${attributes.slipSize ?? '4x6'}
      ></label-batch>`,
    );
    const buy = await waitForValue(() => {
      const button = $<HTMLButtonElement>(el, '[part="buy-button"]');
      return button && !button.disabled && /^Buy labels \(2,/.test(textOf(button)) ? button : null;
    }, 'the batch did not load');
    buy.click();
    await waitFor(() => $(el, '[part="slips-download-button"]'), 'no labels and packing slips offered');
    return el;
  }

  it('saves each label followed by its order’s packing slip, in the table’s order, from the keyboard', async () => {
    const el = await boughtBatch();
    await expect(el).to.be.accessible();
    const button = $<HTMLButtonElement>(el, '[part="slips-download-button"]')!;
    expect(textOf(button)).to.equal('Download labels and packing slips');
    downloads = captureDownloads();
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => (downloads?.saved.length ?? 0) > 0, 'nothing was saved');
    const [file] = downloads.saved;
    expect(file!.name).to.match(/^labels-and-packing-slips-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readPdf(file!.blob);
    // A label page, then the slip with its order number as a barcode, for each order in turn.
    const slipPages = pdf.pages.map((page) => page.text.includes('Packing slip'));
    expect(slipPages).to.deep.equal([false, true, false, true]);
    expect(pdf.pages[1]?.barcodes).to.deep.equal([N.allocated]);
    expect(pdf.pages[3]?.barcodes).to.deep.equal([N.withNotes]);
    expect([pdf.pages[1]?.width, pdf.pages[1]?.height]).to.deep.equal([288, 432]);
    expect(pdf.pages[1]?.text).not.to.contain('£');
    expect(focusedIn(el)).to.equal(button);
    const booked = (await sandbox.requests()).filter(
      (entry) => entry.method === 'POST' && entry.path === BOOK_PATH,
    );
    expect(booked).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('shows prices on the slips with slip-prices', async () => {
    const el = await boughtBatch({ slipPrices: true, slipSize: 'a4' });
    downloads = captureDownloads();
    $<HTMLButtonElement>(el, '[part="slips-download-button"]')!.click();
    await waitFor(() => (downloads?.saved.length ?? 0) > 0, 'nothing was saved');
    const pdf = await readPdf(downloads.saved[0]!.blob);
    expect(pdf.pages[1]?.text).to.contain('£');
    expect(pdf.pages[1]?.width).to.be.closeTo(595.28, 0.01);
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
  });
});
