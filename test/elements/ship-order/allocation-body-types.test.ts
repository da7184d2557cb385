import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { sentAllocation } from '../../helpers/body-types.js';
import { $, shadow, waitFor, waitForValue } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * ship-order's allocation step sends what the spec says: the warehouse, each sellable and each
 * quantity as numbers, whatever the account answers ids as (`stringIds` in the second case).
 */
const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;

for (const account of ['numbers', 'ids as numeric strings'] as const) {
  describe(`ship-order: the allocation step's request body (answers with ${account})`, () => {
    let sandbox: TestSandbox;
    let client: OpsClient;

    beforeEach(async () => {
      sandbox = createTestSandbox();
      if (account !== 'numbers') await sandbox.configure({ quirks: { stringIds: true } });
      client = createClient({
        baseUrl: sandbox.baseUrl,
        credentials: { apiKey: sandbox.apiKey },
        retry: { retries: 0 },
      });
    });

    it('allocating the order from its allocation step sends numbers for the warehouse, sellables and quantities', async () => {
      const el = await fixture<ShipOrder>(
        html`<ship-order .client=${client} order-id=${O.unallocated}></ship-order>`,
      );
      await waitFor(() => $(el, '[part="check"], [part="ready"], [part="done"]'), 'the order did not show');
      await expect(el).to.be.accessible();
      await waitFor(() => $(el, 'allocation-form')?.shadowRoot, 'no allocation step');
      const form = $(el, 'allocation-form')!;
      const mug = await waitForValue(
        () => shadow(form).querySelector<HTMLInputElement>(`#quantity-${S.mugWhite}`),
        'no quantity for the mug',
      );
      // The user types the mug's quantity again, as text in the field.
      mug.focus();
      mug.select();
      await sendKeys({ type: '1' });
      const allocate = shadow(form).querySelector<HTMLButtonElement>('[part="allocate-button"]')!;
      allocate.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => $(el, 'rate-picker'), 'the rates did not open after allocating');
      await expect(el).to.be.accessible();

      const body = sentAllocation(await sandbox.requests(), O.unallocated);
      expect(body.allocation.warehouse_id).to.equal(W.london);
      const mugLine = body.allocation.line_items_attributes.find((line) => line.sellable_id === S.mugWhite);
      expect(mugLine?.quantity).to.equal(1);
    });
  });
}
