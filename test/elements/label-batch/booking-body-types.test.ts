import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/label-batch.js';
import type { LabelBatch } from '../../../src/label-batch.js';
import type { LabelsPurchasedDetail } from '../../../src/elements/label-batch/label-batch.events.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { BOOKING_BODY, expectSentTypes } from '../../helpers/body-types.js';
import { $, $$, textOf, waitFor } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * label-batch's booking (`POST /shipping/api/v1/shipments`) has the spec's types: one array of
 * shipments for the batch, each with its `rate_id` and `remote_shipment_id` as strings and the
 * label format as a string, also on an account that answers ids as numeric strings.
 */
const O = SEED_IDS.orders;
const BOOK_PATH = '/shipping/api/v1/shipments';

for (const account of ['numbers', 'ids as numeric strings'] as const) {
  describe(`label-batch: the booking's body types (answers with ${account})`, () => {
    let sandbox: TestSandbox;
    let client: OpsClient;

    beforeEach(async () => {
      sandbox = createTestSandbox();
      if (account !== 'numbers') await sandbox.configure({ quirks: { stringIds: true } });
      client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
      await client.createAllocation(O.withNotes, {
        warehouseId: SEED_IDS.warehouses.london,
        lineItems: [{ sellableId: SEED_IDS.sellables.candleSmall, quantity: 3 }],
      });
    });

    it('Buy labels sends one array of shipments, each rate and parcel id a string', async () => {
      const el = await fixture<LabelBatch>(
        html`<label-batch
          .client=${recordedClient(sandbox).client}
          order-ids=${[O.allocated, O.withNotes].join(',')}
          label-format="ZPL"
        ></label-batch>`,
      );
      await waitFor(
        () =>
          textOf($(el, '[role="status"][part="progress"]')) === '' &&
          $$(el, 'tbody tr[part="row"]').length === 2,
        'the batch did not load',
      );
      await expect(el).to.be.accessible();
      const purchased = oneEvent(el, 'labels-purchased');
      ($(el, '[part="buy-button"]') as HTMLButtonElement).click();
      const detail: LabelsPurchasedDetail = (await purchased).detail;
      const [booking] = expectSentTypes(await sandbox.requests(), 'POST', BOOK_PATH, BOOKING_BODY);
      expect(Object.keys(detail.successful)).to.have.length(2);
      await el.updateComplete;
      await expect(el).to.be.accessible();
      const body = booking!.body as { label_format?: unknown; shipments: { label_format?: unknown }[] };
      expect(body.shipments).to.have.length(2);
      expect(body.shipments.map((shipment) => shipment.label_format)).to.deep.equal(['ZPL', 'ZPL']);
    });
  });
}
