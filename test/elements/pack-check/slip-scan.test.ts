import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { packingSlipPdf } from '../../../src/documents/packing-slip-pdf.js';
import '../../../src/pack-check.js';
import type { PackCheck } from '../../../src/pack-check.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../../src/sandbox/seed-ids.js';
import { $, loaded, textOf, waitFor } from '../../helpers/elements.js';
import { readPdf } from '../../helpers/pdf.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';

/**
 * The packing slip's barcode scanned into pack-check: the order's number checks that the slip is
 * this order's, and counts no item; another order's slip is refused as not in this order.
 */
describe('pack-check: a packing slip scanned', () => {
  it('says the slip is this order’s, counts nothing, and refuses another order’s slip', async () => {
    const { client } = recordedClient(createTestSandbox());
    const [own, other] = await Promise.all([
      client.getOrder(SEED_IDS.orders.withNotes),
      client.getOrder(SEED_IDS.orders.allocated),
    ]);
    const barcodeOf = async (order: typeof own) =>
      (await readPdf(await packingSlipPdf([order], { locale: 'en', paper: '4x6' }))).pages[0]!.barcodes[0];
    const scanned = await barcodeOf(own);
    expect(scanned, 'the barcode drawn on the slip').to.equal(SEED_ORDER_NUMBERS.withNotes);

    const el = await fixture<PackCheck>(
      html`<pack-check .client=${client} order-id=${SEED_IDS.orders.withNotes}></pack-check>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    const progress = textOf($(el, '[part="progress"]'));
    const rejected: string[] = [];
    const counted: string[] = [];
    el.addEventListener('scan-rejected', (event) => rejected.push(event.detail.code));
    el.addEventListener('item-scanned', (event) => counted.push(String(event.detail.code)));
    const field = $<HTMLInputElement>(el, '#scan-input')!;
    field.focus();
    await sendKeys({ type: `${scanned}\n` });
    await waitFor(() => textOf($(el, '[part="status"]')) !== '', 'nothing said');
    expect(textOf($(el, '[part="status"]'))).to.equal(
      `Packing slip of ${SEED_ORDER_NUMBERS.withNotes}: this order`,
    );
    expect(textOf($(el, '[part="progress"]')), 'no item counted').to.equal(progress);
    expect(rejected).to.deep.equal([]);
    expect(counted).to.deep.equal([]);
    expect(el.shadowRoot!.activeElement).to.equal(field);

    const otherSlip = await barcodeOf(other);
    await sendKeys({ type: `${otherSlip}\n` });
    await waitFor(() => $(el, '[part="refusal"]'), 'another order’s slip was not refused');
    expect(textOf($(el, '[part="refusal"]'))).to.contain(
      `${SEED_ORDER_NUMBERS.allocated} is not in this order`,
    );
    expect(rejected).to.deep.equal([SEED_ORDER_NUMBERS.allocated]);
    await expect(el).to.be.accessible();
  });
});
