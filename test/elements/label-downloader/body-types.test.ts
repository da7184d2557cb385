import { expect, oneEvent } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { BOOKING_BODY, expectBodyTypes, expectSentTypes } from '../../helpers/body-types.js';
import { $, textOf } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, renderPair } from '../../helpers/shipping.js';

/**
 * label-downloader's booking (`POST /shipping/api/v1/shipments`) has the spec's types: the
 * shipments an array, `rate_id` and `remote_shipment_id` strings, the insurance typed in the
 * picker (`liability_amount`) a number, the service option's value a string. The second account
 * answers as some live ones do (ids as numeric strings, every quote carrying the parcel's id).
 */
const O = SEED_IDS.orders;
const BOOK_PATH = '/shipping/api/v1/shipments';

for (const account of ['as the spec shows', 'with ids as strings and shared parcel ids'] as const) {
  describe(`label-downloader: the booking's body types (answers ${account})`, () => {
    let sandbox: TestSandbox;
    let client: OpsClient;

    beforeEach(async () => {
      sandbox = createTestSandbox();
      if (account !== 'as the spec shows') {
        await sandbox.configure({ quirks: { stringIds: true, sharedRemoteShipmentId: true } });
      }
      ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
    });

    it('Buy label sends the shipments as an array, the rate and parcel as strings, the insurance as a number', async () => {
      const { picker, downloader } = await renderPair(client, O.allocated);
      const selection = await chooseRate(picker);
      await picker.updateComplete;
      const options = $(picker, '[part="options"]')!;
      const confirmation = options.querySelector<HTMLSelectElement>('select')!;
      confirmation.value = 'SIGNATURE';
      confirmation.dispatchEvent(new Event('change'));
      const insurance = options.querySelector<HTMLInputElement>('input[type="number"]')!;
      insurance.value = '250';
      insurance.dispatchEvent(new Event('input'));
      await downloader.updateComplete;
      await expect(downloader).to.be.accessible();
      expect(textOf($(downloader, '[part="summary"]'))).to.contain('Insurance: £250.00');

      const purchased = oneEvent(downloader, 'label-purchased');
      buyButton(downloader)!.click();
      await purchased;
      await downloader.updateComplete;
      await expect(downloader).to.be.accessible();

      const [booking] = expectSentTypes(await sandbox.requests(), 'POST', BOOK_PATH, BOOKING_BODY);
      expectBodyTypes(
        booking!.body,
        {
          shipments: [
            {
              rate_id: 'string',
              remote_shipment_id: 'string',
              liability_amount: 'number',
              value_added_service__VAS_GROUP_ID_CONFIRMATION: 'string',
            },
          ],
        },
        'the booking with its service options',
      );
      const shipment = (booking!.body as { shipments: Record<string, unknown>[] }).shipments[0]!;
      expect(shipment['rate_id']).to.equal(String(selection.quote.rateId));
      expect(shipment['liability_amount']).to.equal(250);
    });
  });
}
