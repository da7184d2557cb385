import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { packingSlipPdf } from '../../src/documents/packing-slip-pdf.js';
import '../../src/order-list.js';
import type { OrderList } from '../../src/order-list.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { labelled, loaded, shadow } from '../helpers/elements.js';
import { readPdf } from '../helpers/pdf.js';
import { createTestSandbox, recordedClient } from '../helpers/sandbox.js';

/** What a scanner reads off a packing slip opens the order in order-list's "Search orders". */
describe('a packing slip scanned', () => {
  it('opens its order from "Search orders", as a scanner types the barcode and Enter', async () => {
    const { client } = recordedClient(createTestSandbox());
    const order = await client.getOrder(SEED_IDS.orders.withNotes);
    const slip = await readPdf(await packingSlipPdf([order], { locale: 'en', paper: '4x6' }));
    const [scanned] = slip.pages[0]?.barcodes ?? [];
    expect(scanned).to.equal(SEED_ORDER_NUMBERS.withNotes);

    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();
    const search = labelled(el, 'Search orders');
    search.focus();
    const selected = oneEvent(el, 'order-selected');
    await sendKeys({ type: `${scanned}\n` });
    const { detail } = await selected;
    expect(detail.orderId).to.equal(SEED_IDS.orders.withNotes);
    expect(shadow(el).activeElement).to.equal(search);
  });
});
