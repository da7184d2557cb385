import { expect } from '@open-wc/testing';
import type { Order } from '../../../src/api/index.js';
import type { OrderCheck } from '../../../src/shipping/order-checks.js';
import {
  checkKey,
  isShipped,
  parcelOf,
  stepOf,
  trackingNumbers,
} from '../../../src/elements/ship-order/ship-flow.model.js';

function order(overrides: Record<string, unknown> = {}): Order {
  return { id: 1, status: 'open', allocations: [], line_items: [], ...overrides } as unknown as Order;
}

const TO_ALLOCATE: OrderCheck = { kind: 'allocation', items: [] };

const shipment = (tracking: string | null) => ({ id: 9, tracking_number: tracking, carrier: 'Parcelway' });

describe('ship-flow', () => {
  it('an order is shipped by its status, or once every item is allocated and every allocation has its shipment', () => {
    expect(isShipped(order({ status: 'shipped' }))).to.equal(true);
    expect(isShipped(order())).to.equal(false);
    expect(isShipped(order({ allocations: [{ id: 1, shipment: shipment('PW1') }] }))).to.equal(true);
    // The allocated part left in its own parcel; an item is still to allocate.
    const mug = { id: 5, title: 'Mug', stock_entries: [] };
    const kit = { id: 6, title: 'Kit', stock_entries: [] };
    const inPart = order({
      line_items: [
        { id: 1, quantity: 1, sellable: mug },
        { id: 2, quantity: 1, sellable: kit },
      ],
      allocations: [{ id: 1, shipment: shipment('PW1'), line_items: [{ quantity: 1, sellable: { id: 5 } }] }],
    });
    expect(isShipped(inPart)).to.equal(false);
    expect(
      isShipped(
        order({
          allocations: [
            { id: 1, shipment: shipment('PW1') },
            { id: 2, shipment: null },
          ],
        }),
      ),
    ).to.equal(false);
  });

  it('with verify-items, an allocated order packs before its rates; a shipped one is done', () => {
    const verify = { verifyItems: true };
    expect(stepOf(order(), [], verify)).to.equal('pack');
    expect(stepOf(order(), [], { ...verify, packed: true })).to.equal('rates');
    expect(stepOf(order(), [TO_ALLOCATE], verify)).to.equal('allocation');
    expect(stepOf(order({ status: 'shipped' }), [], verify)).to.equal('done');
    expect(stepOf(order(), [])).to.equal('rates');
  });

  it('the step: done once shipped, allocation while a check says so, else rates', () => {
    expect(stepOf(order({ status: 'shipped' }), [TO_ALLOCATE])).to.equal('done');
    expect(stepOf(order(), [{ kind: 'phone', customerId: '1' }, TO_ALLOCATE])).to.equal('allocation');
    // The other checks warn: they do not hold the rates back.
    expect(stepOf(order(), [{ kind: 'phone', customerId: '1' }])).to.equal('rates');
  });

  it('ships the allocated items before the rest when the seller chooses to, and packs only them', () => {
    const mug = { id: 5, title: 'Mug', stock_entries: [] };
    const kit = { id: 6, title: 'Kit', stock_entries: [] };
    const partly = order({
      line_items: [
        { id: 1, quantity: 2, sellable: mug },
        { id: 2, quantity: 1, sellable: kit },
      ],
      allocations: [{ id: 8, shipment: null, line_items: [{ quantity: 2, sellable: { id: 5 } }] }],
    });
    expect(stepOf(partly, [TO_ALLOCATE])).to.equal('allocation');
    expect(stepOf(partly, [TO_ALLOCATE], { split: true })).to.equal('rates');
    expect(stepOf(partly, [TO_ALLOCATE], { split: true, verifyItems: true })).to.equal('pack');
    const parcel = parcelOf(partly);
    expect(parcel?.key).to.equal('1:8');
    expect(parcel?.order.line_items?.map((line) => [line.sellable?.id, line.quantity])).to.deep.equal([
      [5, 2],
    ]);
    // Once that part has left, nothing is left to ship until the rest is allocated.
    const sent = order({ ...partly, allocations: [{ id: 8, shipment: shipment('PW1'), line_items: [] }] });
    expect(stepOf(sent, [TO_ALLOCATE], { split: true })).to.equal('allocation');
    expect(parcelOf(sent)).to.equal(undefined);
    // The whole order in one allocation is packed whole, keyed by the order.
    const whole = order({
      ...partly,
      allocations: [
        {
          id: 9,
          shipment: null,
          line_items: [
            { quantity: 2, sellable: { id: 5 } },
            { quantity: 1, sellable: { id: 6 } },
          ],
        },
      ],
    });
    expect(parcelOf(whole)).to.deep.equal({ order: whole, key: '1' });
  });

  it('tracking numbers of the shipments and of labels just bought, each once', () => {
    const shipped = order({
      allocations: [
        { id: 1, shipment: shipment('PW1') },
        { id: 2, shipment: shipment(null) },
      ],
    });
    expect(trackingNumbers(shipped, ['PW1', 'PW2', null])).to.deep.equal(['PW1', 'PW2']);
    expect(trackingNumbers(undefined, [])).to.deep.equal([]);
  });

  it('a check is keyed by its kind and line item', () => {
    expect(checkKey({ kind: 'weight', lineItemId: '5', sellableId: '7', item: 'Mug' })).to.equal('weight:5');
    expect(checkKey(TO_ALLOCATE)).to.equal('allocation');
  });
});
