import { expect } from '@open-wc/testing';
import type { Order } from '../../src/api/index.js';
import { deliveryPromise } from '../../src/shipping/delivery-promise.js';
import { isInternational, missingAddressParts, orderChecks } from '../../src/shipping/order-checks.js';

const ADDRESS = { first_name: 'Ada', address1: '1 High St', city: 'Leeds', zip: 'LS1 1AA', country: 'GB' };
const LONDON = { id: 1, name: 'London', country: 'GB' };
const PARIS = { id: 2, name: 'Paris', country: 'FR' };

/** A sellable that passes every check. */
function sellable(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    title: 'Mug',
    sku_code: 'MUG-1',
    weight_grams: 350,
    origin_country: 'GB',
    hs_tariff_number: '6912001000',
    ...overrides,
  };
}

/** An order that passes every check: delivered at home, weighed, allocated in full. */
function order(overrides: Record<string, unknown> = {}): Order {
  const item = (overrides['sellable'] as ReturnType<typeof sellable> | undefined) ?? sellable();
  return {
    id: 1,
    deliver_to: ADDRESS,
    customer: { id: 9, email: 'ada@example.com' },
    line_items: [{ id: 11, quantity: 2, sellable: item }],
    allocations: [{ id: 21, warehouse: LONDON, line_items: [{ quantity: 2, sellable: item }] }],
    ...overrides,
  } as Order;
}

describe('orderChecks: what would block a label, before quoting', () => {
  it('an order with everything a carrier needs is ready to ship', () => {
    expect(orderChecks(order())).to.deep.equal([]);
  });

  it('names what the delivery address lacks, a company counting as a name', () => {
    expect(missingAddressParts(order({ deliver_to: { country: 'GB' } }))).to.deep.equal([
      'name',
      'line1',
      'city',
      'postcode',
    ]);
    expect(
      missingAddressParts(order({ deliver_to: { ...ADDRESS, first_name: ' ', company: 'Acme' } })),
    ).to.deep.equal([]);
    expect(missingAddressParts(order({ deliver_to: null }))).to.have.length(5);
    expect(orderChecks(order({ deliver_to: { ...ADDRESS, zip: '' } }))).to.deep.equal([
      { kind: 'address', missing: ['postcode'] },
    ]);
  });

  it('a line item whose sellable has no weight (missing or 0), named by title, else SKU', () => {
    const unweighed = sellable({ weight_grams: 0, weight: null, title: null, full_title: null });
    expect(orderChecks(order({ sellable: unweighed }))).to.deep.equal([
      { kind: 'weight', lineItemId: '11', sellableId: '7', item: 'MUG-1' },
    ]);
    // A weight in the sellable's own unit counts.
    expect(orderChecks(order({ sellable: sellable({ weight_grams: null, weight: 0.35 }) }))).to.deep.equal(
      [],
    );
  });

  it('customs details and a phone are asked for an international order only', () => {
    const bare = sellable({ origin_country: null, hs_tariff_number: '' });
    // At home: nothing about customs or a phone.
    expect(orderChecks(order({ sellable: bare }))).to.deep.equal([]);
    const abroad = order({
      sellable: bare,
      deliver_to: { ...ADDRESS, country: 'US' },
      customer: { id: 9, email: 'ada@example.com', phone: '', mobile: null },
    });
    expect(orderChecks(abroad)).to.deep.equal([
      { kind: 'customs', missing: ['origin', 'tariff'], lineItemId: '11', sellableId: '7', item: 'Mug' },
      { kind: 'phone', customerId: '9' },
    ]);
    // The product's customs details stand in for the variant's, and a mobile for a phone.
    const fromProduct = sellable({
      origin_country: null,
      hs_tariff_number: null,
      product: { title: 'Mug', origin_country: 'GB', hs_tariff_number: '6912001000' },
    });
    expect(
      orderChecks(
        order({
          sellable: fromProduct,
          deliver_to: { ...ADDRESS, country: 'US' },
          customer: { id: 9, mobile: '+44 7700 900000' },
        }),
      ),
    ).to.deep.equal([]);
  });

  it("international: the API's flag first, else the delivery country against the warehouses'", () => {
    expect(isInternational(order({ international: true }))).to.equal(true);
    expect(
      isInternational(order({ international: false, deliver_to: { ...ADDRESS, country: 'US' } })),
    ).to.equal(false);
    expect(isInternational(order({ deliver_to: { ...ADDRESS, country: 'FR' } }))).to.equal(true);
    // Not allocated yet: the warehouses holding the items say where it ships from.
    const stocked = sellable({ stock_entries: [{ warehouse: PARIS }] });
    expect(
      isInternational(
        order({ sellable: stocked, allocations: [], deliver_to: { ...ADDRESS, country: 'FR' } }),
      ),
    ).to.equal(false);
  });

  it('items not allocated in full: "Not allocated yet", last, naming each item and why', () => {
    const partly = order({
      deliver_to: { ...ADDRESS, city: '' },
      allocations: [{ id: 21, warehouse: LONDON, line_items: [{ quantity: 1, sellable: sellable() }] }],
    });
    const mug = { sellableId: '7', item: 'Mug', ordered: 2 };
    expect(orderChecks(partly)).to.deep.equal([
      { kind: 'address', missing: ['city'] },
      { kind: 'allocation', items: [{ ...mug, unallocated: 1, reason: { kind: 'notStocked' } }] },
    ]);
    const stocked = sellable({ stock_entries: [{ warehouse: LONDON, available_stock_level: 1 }] });
    expect(orderChecks(order({ sellable: stocked, allocations: [] }))).to.deep.equal([
      {
        kind: 'allocation',
        items: [{ ...mug, unallocated: 2, reason: { kind: 'short', available: 1, warehouse: 'London' } }],
      },
    ]);
    expect(orderChecks(order({ allocations: [], allocated_completely: true }))).to.deep.equal([]);
  });
});

describe('deliveryPromise: a quote against the order’s due date, as calendar dates', () => {
  it('on the due date or before is on time; a day after is late', () => {
    expect(deliveryPromise('2026-12-01', '2026-12-01T23:30:00.000Z')).to.equal('on-time');
    expect(deliveryPromise('2026-12-01T09:00:00Z', '2026-11-28T12:00:00.000Z')).to.equal('on-time');
    expect(deliveryPromise('2026-12-01', '2026-12-02T00:10:00.000Z')).to.equal('late');
    // Across a month and a year: dates, not text of another shape.
    expect(deliveryPromise('2026-12-31', '2027-01-01T08:00:00.000Z')).to.equal('late');
  });

  it('no due date, no estimate, or something that is no date: no promise', () => {
    expect(deliveryPromise(null, '2026-12-01T10:00:00.000Z')).to.equal(null);
    expect(deliveryPromise('2026-12-01', null)).to.equal(null);
    expect(deliveryPromise('2026-02-30', '2026-02-27T10:00:00.000Z')).to.equal(null);
    expect(deliveryPromise('soon', '2026-02-27T10:00:00.000Z')).to.equal(null);
  });
});
