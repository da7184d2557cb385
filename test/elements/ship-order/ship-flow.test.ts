import { expect } from '@open-wc/testing';
import type { Order } from '../../../src/api/index.js';
import { checkKey, isShipped, stepOf, trackingNumbers } from '../../../src/elements/ship-order/ship-flow.js';

function order(overrides: Record<string, unknown> = {}): Order {
  return { id: 1, status: 'open', allocations: [], line_items: [], ...overrides } as unknown as Order;
}

const shipment = (tracking: string | null) => ({ id: 9, tracking_number: tracking, carrier: 'Parcelway' });

describe('ship-flow', () => {
  it('an order is shipped by its status, or once every allocation has its shipment', () => {
    expect(isShipped(order({ status: 'shipped' }))).to.equal(true);
    expect(isShipped(order())).to.equal(false);
    expect(isShipped(order({ allocations: [{ id: 1, shipment: shipment('PW1') }] }))).to.equal(true);
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
    expect(stepOf(order(), [{ kind: 'allocation' }], verify)).to.equal('allocation');
    expect(stepOf(order({ status: 'shipped' }), [], verify)).to.equal('done');
    expect(stepOf(order(), [])).to.equal('rates');
  });

  it('the step: done once shipped, allocation while a check says so, else rates', () => {
    expect(stepOf(order({ status: 'shipped' }), [{ kind: 'allocation' }])).to.equal('done');
    expect(stepOf(order(), [{ kind: 'phone', customerId: '1' }, { kind: 'allocation' }])).to.equal(
      'allocation',
    );
    // The other checks warn: they do not hold the rates back.
    expect(stepOf(order(), [{ kind: 'phone', customerId: '1' }])).to.equal('rates');
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
    expect(checkKey({ kind: 'allocation' })).to.equal('allocation');
  });
});
