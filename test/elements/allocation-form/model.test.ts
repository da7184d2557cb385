import { expect } from '@open-wc/testing';
import type { Order } from '../../../src/api/index.js';
import {
  allocationRows,
  bestWarehouse,
  parseQuantity,
  warehouseChoices,
} from '../../../src/elements/allocation-form/allocation-form.model.js';

const order: Order = {
  id: 1,
  line_items: [
    {
      id: 11,
      quantity: 3,
      sellable: {
        id: 5,
        title: 'Mug',
        sku_code: 'MUG',
        stock_entries: [
          { warehouse_id: 10, physical_stock_level: 4, allocated_stock_level: 1, location: 'A-1' },
          { warehouse: { id: 20, name: 'North' }, available_stock_level: 0 },
          { warehouse_id: 30, infinite: true },
        ],
      },
    },
  ],
  allocations: [{ id: 7, line_items: [{ quantity: 1, sellable: { id: 5 } }] }],
};

describe('allocation-form model', () => {
  it('reads a quantity field as a whole number of units; an empty field is none', () => {
    expect(parseQuantity(' 12 ')).to.deep.equal({ ok: true, quantity: 12 });
    expect(parseQuantity('+3')).to.deep.equal({ ok: true, quantity: 3 });
    expect(parseQuantity('')).to.deep.equal({ ok: true, quantity: 0 });
    expect(parseQuantity('1.5')).to.deep.equal({ ok: false, negative: false });
    expect(parseQuantity('- 2')).to.deep.equal({ ok: false, negative: true });
  });

  it('keeps each warehouse stock entry beside the units it can give', () => {
    const [row] = allocationRows(order);
    expect(row!.unallocated).to.equal(2);
    expect([...row!.stock]).to.deep.equal([
      ['10', 3],
      ['20', 0],
      ['30', Infinity],
    ]);
    expect(row!.entries.get('10')?.location).to.equal('A-1');
    expect(row!.entries.get('20')?.warehouse?.name).to.equal('North');
    expect([...row!.entries.keys()]).to.deep.equal(['10', '20', '30']);
  });

  it('offers first the warehouse that can take the most of what is still to allocate', () => {
    const rows = allocationRows(order);
    const choices = warehouseChoices(order, rows);
    expect(choices.map((choice) => [choice.name, choice.unitsInStock])).to.deep.equal([
      ['10', 2],
      ['North', 0],
      ['30', 2],
    ]);
    expect(bestWarehouse(choices)?.key).to.equal('10');
  });
});
