import { expect, oneEvent } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import type { AllocationForm } from '../../../src/allocation-form.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { chooseWarehouse, render, type } from '../../helpers/allocation-form.js';
import {
  sentAllocation,
  STOCK_ENTRY_BODY,
  expectBodyTypes,
  expectSentTypes,
} from '../../helpers/body-types.js';
import { shadow, waitFor } from '../../helpers/elements.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

/**
 * What allocation-form sends has the spec's types: numbers for the warehouse, the sellables, the
 * quantities typed and the stock level typed (never the text of the field), booleans and strings
 * where the spec says so. The account of the second case answers with ids as numeric strings
 * (the sandbox's `stringIds`), which must still go out as numbers.
 */
const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;

function quantityField(el: AllocationForm, sellableId: number): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>(`#quantity-${sellableId}`)!;
}

function allocateButton(el: AllocationForm): HTMLButtonElement {
  return shadow(el).querySelector<HTMLButtonElement>('[part="allocate-button"]')!;
}

for (const account of ['numbers', 'ids as numeric strings'] as const) {
  describe(`allocation-form: request body types (answers with ${account})`, () => {
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

    it('Allocate sends the warehouse, each sellable and each typed quantity as numbers', async () => {
      const el = await render(client, O.unallocated);
      await expect(el).to.be.accessible();
      await type(el, quantityField(el, S.beanieCharcoal), '2');
      await type(el, quantityField(el, S.mugWhite), '1');
      await type(el, quantityField(el, S.toteNatural), '0');
      const allocated = oneEvent(el, 'allocation-created');
      allocateButton(el).click();
      await allocated;
      await expect(el).to.be.accessible();

      const body = sentAllocation(await sandbox.requests(), O.unallocated);
      expect(body.allocation.warehouse_id).to.equal(W.london);
      expect(
        body.allocation.line_items_attributes
          .map((line) => [line.sellable_id, line.quantity])
          .sort((a, b) => Number(a[0]) - Number(b[0])),
      ).to.deep.equal(
        [
          [S.beanieCharcoal, 2],
          [S.mugWhite, 1],
        ].sort((a, b) => a[0]! - b[0]!),
      );
    });

    it('"Adjust stock" saves the typed level as a number, with infinite a boolean and the location text', async () => {
      const el = await render(client, O.international);
      await chooseWarehouse(el, W.manchester);
      await expect(el).to.be.accessible();
      shadow(el).querySelector<HTMLButtonElement>('[part="adjust-stock-button"]')!.click();
      const level = await waitFor(
        () => shadow(el).querySelector('[part="stock-level-input"]'),
        'the stock editor did not open',
      ).then(() => shadow(el).querySelector<HTMLInputElement>('[part="stock-level-input"]')!);
      await type(el, level, '7');
      const saved = oneEvent(el, 'stock-updated');
      shadow(el).querySelector<HTMLButtonElement>('[part="save-stock-button"]')!.click();
      await saved;
      await expect(el).to.be.accessible();

      const [put] = expectSentTypes(
        await sandbox.requests(),
        'PUT',
        `/sellables/${S.beanieMustard}/warehouses/${W.manchester}/stock_entry`,
        STOCK_ENTRY_BODY,
      );
      expectBodyTypes(
        put!.body,
        { stock_entry: { location: 'string' } },
        'the stock entry with its location',
      );
      expect(
        (put!.body as { stock_entry: { physical_stock_level: unknown } }).stock_entry.physical_stock_level,
      ).to.equal(7);
    });
  });
}
