import { expect, fixture, html } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, button, shadow, waitFor, waitForValue } from '../../helpers/elements.js';
import { captureDownloads } from '../../helpers/downloads.js';
import type { DownloadCapture } from '../../helpers/downloads.js';
import { readPdf } from '../../helpers/pdf.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import { buyButton, chooseRate } from '../../helpers/shipping.js';

/** ship-order, once its label is bought, offers the order's packing slip, as its slip-* attributes say. */
const O = SEED_IDS.orders;

describe('ship-order: packing slip', () => {
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;

  beforeEach(() => {
    const sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
  });

  it('offers Download packing slip and Print packing slip once shipped, with slip-prices and slip-size', async () => {
    const el = await fixture<ShipOrder>(
      html`<ship-order .client=${client} order-id=${O.allocated} slip-prices slip-size="a4"></ship-order>`,
    );
    await expect(el).to.be.accessible();
    const defined = (selector: string) => () =>
      ($(el, selector)?.shadowRoot && $(el, selector)) as HTMLElement | null;
    const picker = await waitForValue(defined('rate-picker'), 'no rates step');
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    await chooseRate(picker as never);
    const downloader = await waitForValue(defined('label-downloader'), 'no label step');
    await waitFor(
      () => buyButton(downloader as never) && !buyButton(downloader as never)!.disabled,
      'no Buy',
    );
    buyButton(downloader as never)!.click();
    await waitFor(() => $(el, '[part="done"]'), 'no done state');
    const label = $(el, 'label-downloader')!;
    const download = await waitForValue(
      () => button(label, 'Download packing slip'),
      'no packing slip offered',
    );
    expect(button(label, 'Print packing slip')).to.exist;
    await expect(el).to.be.accessible();
    downloads = captureDownloads();
    download.focus();
    download.click();
    await waitFor(() => (downloads?.saved.length ?? 0) > 0, 'nothing was saved');
    expect(downloads.saved[0]!.name).to.equal(`packing-slip-${SEED_ORDER_NUMBERS.allocated}.pdf`);
    const pdf = await readPdf(downloads.saved[0]!.blob);
    expect(pdf.pages[0]?.barcodes).to.deep.equal([SEED_ORDER_NUMBERS.allocated]);
    expect(pdf.pages[0]?.width).to.be.closeTo(595.28, 0.01);
    expect(pdf.pages[0]?.text).to.contain('£');
    expect(shadow(label).activeElement).to.equal(download);
  });
});
