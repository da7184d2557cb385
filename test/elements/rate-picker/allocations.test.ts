import { expect, oneEvent } from '@open-wc/testing';
import type { OpsClient } from '../../../src/api/index.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { ratesRequestFromOrder } from '../../../src/shipping/rate-request.js';
import { $, has, shadow, textOf, typeInto, waitFor } from '../../helpers/elements.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, rateRows, renderPair } from '../../helpers/shipping.js';

/**
 * The allocation a rate picker quotes, and a label never bought twice for one: the picker quotes
 * no allocation that has its label, and once the one it quoted has it, its choice is gone.
 */
const O = SEED_IDS.orders;
const RATES_PATH = '/shipping/api/v1/rates';

/**
 * Gives the partly allocated order two allocations, the first with its label: the seed's (tea
 * towels, London) is quoted and booked through the client, then the notebook is allocated at
 * Manchester. The order is not `shipped`, since its second allocation has no label yet.
 */
async function oneAllocationShipped(client: OpsClient): Promise<{ shipped: string; open: string }> {
  const before = await client.getOrder(O.partlyAllocated);
  const request = ratesRequestFromOrder(before, before.allocations?.[0]);
  if (typeof request !== 'object') throw new Error(`The order gives no rates request: ${request}`);
  const rates = await client.getRates(request);
  const quote = rates.quotes.find((candidate) => candidate.rateId);
  if (!quote?.rateId) throw new Error('No quote to book');
  const booking = await client.bookShipments({
    requestToken: rates.requestToken,
    shipments: [{ rate_id: quote.rateId, remote_shipment_id: rates.remoteShipmentId ?? undefined }],
  });
  expect(Object.keys(booking.failed), 'shipments not booked').to.have.length(0);
  const order = await client.createAllocation(O.partlyAllocated, {
    warehouseId: SEED_IDS.warehouses.manchester,
    lineItems: [{ sellableId: SEED_IDS.sellables.notebookTan, quantity: 1 }],
  });
  const [first, second] = order.allocations ?? [];
  if (!first || !second) throw new Error('The order has not two allocations');
  expect(Boolean(first.shipment), 'the first allocation has its label').to.equal(true);
  expect(Boolean(second.shipment), 'the second allocation has a label').to.equal(false);
  expect(order.status).to.equal('awaiting_fulfillment');
  return { shipped: String(first.id), open: String(second.id) };
}

describe('rate-picker and the allocation it quotes', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client, sent } = recordedClient(sandbox, { appToken: sandbox.appToken }));
  });

  const ratesSent = () => callsTo(sent.calls, 'POST', `${sandbox.baseUrl}${RATES_PATH}`).length;

  it('quotes the allocation without a label, and shows the one with a label as shipped', async () => {
    const { shipped, open } = await oneAllocationShipped(client);
    const { picker, downloader } = await renderPair(client, O.partlyAllocated);
    await expect(picker).to.be.accessible();
    await expect(downloader).to.be.accessible();
    const shipFrom = () => shadow(picker).querySelector<HTMLSelectElement>('#ship-from');
    expect(shipFrom()?.value, 'the allocation quoted').to.equal(open);
    expect(has(picker, '[part="get-rates-button"]')).to.equal(true);
    expect(textOf($(picker, '.route'))).to.contain('Manchester Overflow');
    const selection = await chooseRate(picker);
    expect(selection.request.from_address.name).to.equal('Manchester Overflow');
    await downloader.updateComplete;
    expect(has(downloader, '[part="buy-button"]')).to.equal(true);

    // The allocation with its label: shipped, with nothing to quote or buy.
    const cleared = oneEvent(picker, 'rate-cleared');
    typeInto(shipFrom()!, shipped);
    await cleared;
    await picker.updateComplete;
    await downloader.updateComplete;
    await expect(picker).to.be.accessible();
    expect(textOf(shadow(picker))).to.contain('This order has shipped');
    expect(has(picker, '[part="get-rates-button"]')).to.equal(false);
    expect(rateRows(picker).length).to.equal(0);
    expect(picker.selection).to.equal(undefined);
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    const before = ratesSent();
    await picker.refreshRates();
    expect(ratesSent(), 'rates asked for a shipped allocation').to.equal(before);

    // The other allocation is still there to choose, and quoted again.
    expect(shipFrom()?.value).to.equal(shipped);
    typeInto(shipFrom()!, open);
    await picker.updateComplete;
    expect(textOf($(picker, '.route'))).to.contain('Manchester Overflow');
    await chooseRate(picker);
    expect(ratesSent()).to.equal(before + 1);
  });

  it('lets its choice go once the label is bought: no selection, no new rates, nothing for a downloader added later', async () => {
    const { picker, downloader } = await renderPair(client, O.allocated);
    await expect(picker).to.be.accessible();
    await chooseRate(picker);
    await downloader.updateComplete;
    await expect(downloader).to.be.accessible();
    const purchased = oneEvent(downloader, 'label-purchased');
    buyButton(downloader)!.click();
    await purchased;
    // The purchase reads the order again, which shows it shipped.
    await waitFor(() => textOf(shadow(picker)).includes('This order has shipped'), 'the picker stayed live');
    await expect(picker).to.be.accessible();
    expect(picker.selection).to.equal(undefined);
    const before = ratesSent();
    await picker.refreshRates();
    expect(ratesSent(), 'rates asked for a shipped order').to.equal(before);

    const late = document.createElement('label-downloader');
    late.client = client;
    late.setAttribute('for', 'picker');
    downloader.after(late);
    await late.updateComplete;
    await expect(late).to.be.accessible();
    expect(has(late, '[part="summary"]')).to.equal(false);
    expect(has(late, '[part="buy-button"]')).to.equal(false);
  });

  it('drops its quotes when the allocation they are for goes, and quotes the next', async () => {
    const order = await client.createAllocation(O.partlyAllocated, {
      warehouseId: SEED_IDS.warehouses.manchester,
      lineItems: [{ sellableId: SEED_IDS.sellables.notebookTan, quantity: 1 }],
    });
    const [london] = order.allocations ?? [];
    const { picker, downloader } = await renderPair(client, O.partlyAllocated);
    await expect(picker).to.be.accessible();
    expect(textOf($(picker, '.route'))).to.contain('London Fulfilment Centre');
    await chooseRate(picker);
    await downloader.updateComplete;
    expect(has(downloader, '[part="buy-button"]')).to.equal(true);

    // Deleted elsewhere through the same client: the picker follows the order to the other allocation.
    let cleared = 0;
    picker.addEventListener('rate-cleared', () => (cleared += 1));
    await client.deleteAllocation(O.partlyAllocated, london!.id);
    await waitFor(
      () => textOf($(picker, '.route')).includes('Manchester Overflow'),
      'the picker kept London',
    );
    await downloader.updateComplete;
    expect(rateRows(picker).length).to.equal(0);
    expect(cleared).to.equal(1);
    expect(picker.selection).to.equal(undefined);
    expect(has(downloader, '[part="buy-button"]')).to.equal(false);
    await expect(picker).to.be.accessible();
  });

  it('an unclear purchase for the allocation without a label reads the order for that allocation, not the other', async () => {
    const { open } = await oneAllocationShipped(client);
    const { picker, downloader } = await renderPair(client, O.partlyAllocated);
    await expect(picker).to.be.accessible();
    const selection = await chooseRate(picker);
    expect(selection.allocationId, 'the allocation the selection is for').to.equal(open);
    await downloader.updateComplete;
    await sandbox.fault({ method: 'POST', path: '/shipping/api/v1/shipments', status: 500, times: 1 });
    buyButton(downloader)!.click();
    await waitFor(() => has(downloader, '[part="buy-again-button"]'), 'the order was not read again');
    await expect(downloader).to.be.accessible();
    // The first allocation's label, bought before, says nothing of this purchase.
    const warning = textOf($(downloader, '[part="unclear"]'));
    expect(warning).to.contain('may have been bought');
    expect(warning).to.contain('The order shows no label yet');
  });
});
