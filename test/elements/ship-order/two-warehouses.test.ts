import { expect, oneEvent } from '@open-wc/testing';
import type { OpsClient, RatesRequest } from '../../../src/api/index.js';
import type { OrderShippedEvent } from '../../../src/elements/ship-order/ship-order.events.js';
import '../../../src/ship-order.js';
import type { ShipOrder } from '../../../src/ship-order.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { $, $$, shadow, textOf, waitFor, waitForValue } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';
import { buyButton, chooseRate, rateRows } from '../../helpers/shipping.js';
import { inner, press, render } from './helpers.js';

/**
 * ship-order with an order allocated at two warehouses: each allocation is a parcel of its own,
 * quoted from its warehouse with its own items, and a label ships the allocation at the
 * warehouse it is sent from, the other still to ship.
 */
const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;
const LONDON = 'London Fulfilment Centre';
const MANCHESTER = 'Manchester Overflow';
const RATES_PATH = '/shipping/api/v1/rates';

/** The rates requests sent, in order. */
function ratesRequests(log: LoggedRequest[]): RatesRequest[] {
  return log
    .filter((entry) => entry.method === 'POST' && entry.path === RATES_PATH)
    .map((entry) => entry.body as RatesRequest);
}

/** The picker's "From … to …" line under its heading. */
function route(picker: HTMLElement): string {
  return textOf($(picker, '[part="header"] .route'));
}

/** The order card's allocations, one text each: the warehouse, shipped or not, the tracking number, the items. */
function cardAllocations(el: ShipOrder): string[] {
  const card = $(el, 'order-card');
  return card ? $$(card, '[part="allocations"] li.allocation').map(textOf) : [];
}

async function buyLabel(el: ShipOrder): Promise<OrderShippedEvent> {
  const buy = await waitForValue(() => {
    const candidate = buyButton($(el, 'label-downloader') as never);
    return candidate && !candidate.disabled ? candidate : null;
  }, 'no Buy label');
  const shipped = oneEvent(el, 'order-shipped') as Promise<OrderShippedEvent>;
  await press(buy);
  return shipped;
}

describe('ship-order: an order allocated at two warehouses', function () {
  this.timeout(60_000);

  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { retry: { retries: 0 } }));
  });

  it('"Ship the allocated items" quotes the first allocation’s parcel alone: from its warehouse, its weight, its items', async () => {
    // The beanies at Manchester, the mug at London, the tote still to allocate.
    await client.createAllocation(O.unallocated, {
      warehouseId: W.manchester,
      lineItems: [{ sellableId: S.beanieCharcoal, quantity: 2 }],
    });
    await client.createAllocation(O.unallocated, {
      warehouseId: W.london,
      lineItems: [{ sellableId: S.mugWhite, quantity: 1 }],
    });
    const el = await render(client, O.unallocated);
    await expect(el).to.be.accessible();
    const ship = await waitForValue(
      () => $<HTMLButtonElement>(el, '[part="ship-allocated-button"]'),
      'no "Ship the allocated items"',
    );
    await press(ship);
    const picker = await inner<HTMLElement>(el, 'rate-picker');
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    expect(textOf($(el, '[part="split-note"] p'))).to.match(/Still to allocate: Canvas Tote Bag.*\(1\)\.$/);

    // What the user sees: the beanies' parcel, from Manchester, 2 × 120 g.
    const from = shadow(picker).querySelector<HTMLSelectElement>('#ship-from')!;
    expect(textOf(from.selectedOptions[0])).to.equal(`${MANCHESTER} (240 g)`);
    expect(route(picker)).to.match(new RegExp(`^From ${MANCHESTER}, Manchester, GB to `));
    const weight = shadow(picker).querySelector<HTMLInputElement>('[part="weight-input"]')!;
    expect(Number(weight.value)).to.equal(240);
    await chooseRate(picker as never);
    expect(rateRows(picker as never).length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();

    // What was asked: that parcel alone, its items declared, nothing of the other allocation.
    const requests = ratesRequests(await sandbox.requests());
    expect(requests.length).to.be.greaterThan(0);
    for (const request of requests) {
      expect(request.from_address.name).to.equal(MANCHESTER);
      expect(request.from_address.postcode).to.equal('M17 1EX');
      expect(request.parcels).to.have.length(1);
      expect(request.parcels[0]!.weight).to.equal(240);
      expect(request.parcels[0]!.weight_unit).to.equal('g');
      expect(request.channel_items!.map((item) => [item.description, item.quantity])).to.deep.equal([
        ['Merino Wool Beanie Charcoal', 2],
      ]);
      expect(request.contents).to.equal('2 × Merino Wool Beanie Charcoal');
      expect(request.estimated_value).to.equal('36.00');
    }
  });

  it('the first parcel’s label ships only the allocation at its warehouse, with its tracking number; the other is still to ship', async () => {
    // The seeded towels at London, and the notebook allocated at Manchester.
    await client.createAllocation(O.partlyAllocated, {
      warehouseId: W.manchester,
      lineItems: [{ sellableId: S.notebookTan, quantity: 1 }],
    });
    const el = await render(client, O.partlyAllocated);
    await expect(el).to.be.accessible();
    await waitFor(() => cardAllocations(el).length === 2, 'the card does not show both allocations');
    expect(cardAllocations(el).every((text) => text.includes('Not shipped'))).to.equal(true);

    const picker = await inner<HTMLElement>(el, 'rate-picker');
    await waitFor(() => $(picker, '[part="header"]'), 'the picker did not load');
    expect(route(picker)).to.match(new RegExp(`^From ${LONDON}, `));
    await chooseRate(picker as never);
    await inner(el, 'label-downloader');
    const tracking = (await buyLabel(el)).detail.labels[0]!.trackingNumber!;
    expect(tracking).to.be.a('string').and.not.equal('');

    // The card: the towels shipped with that tracking number, the notebook not shipped.
    await waitFor(
      () => cardAllocations(el).some((text) => text.includes(tracking)),
      'the card does not show the tracking number',
    );
    const [london, manchester] = [LONDON, MANCHESTER].map(
      (warehouse) => cardAllocations(el).find((text) => text.startsWith(`At ${warehouse}`)) ?? '',
    );
    expect(london).to.contain(tracking);
    expect(london).to.contain('Linen Tea Towel');
    expect(london).not.to.contain('Not shipped');
    expect(manchester).to.contain('Not shipped');
    expect(manchester).to.contain('Leather Notebook');
    expect(manchester).not.to.contain(tracking);

    // ship-order: not done; the notebook's parcel, from Manchester, is next.
    expect($(el, '[part="done"]')).to.equal(null);
    await waitFor(() => {
      const next = $(el, 'rate-picker');
      return next?.shadowRoot && route(next).startsWith(`From ${MANCHESTER}, `);
    }, 'the notebook’s parcel is not offered next');
    await expect(el).to.be.accessible();

    // As the API has it.
    const order = await client.getOrder(O.partlyAllocated, { cache: 'reload' });
    const byWarehouse = (id: number) =>
      (order.allocations ?? []).find((allocation) => Number(allocation.warehouse?.id) === id);
    expect(byWarehouse(W.london)?.shipment?.tracking_number).to.equal(tracking);
    expect(byWarehouse(W.manchester)?.shipment ?? null).to.equal(null);
    expect(order.status).not.to.equal('shipped');
  });
});
