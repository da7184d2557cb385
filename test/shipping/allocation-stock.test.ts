import { expect } from '@open-wc/testing';
import type { Order } from '../../src/api/index.js';
import {
  allocationRows,
  bestWarehouse,
  unallocatedItems,
  warehouseChoices,
} from '../../src/shipping/allocation-stock.js';

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

describe('allocation stock', () => {
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

  it("offers the store's own warehouses after those stocking an item, each once", () => {
    const withStore = {
      ...order,
      channel: {
        id: 3,
        default_warehouse: { id: 40, name: 'Default' },
        channel_warehouses: [
          { rank: 1, warehouse: { id: 20, name: 'North' } },
          { rank: 2, warehouse: null },
        ],
      },
    } as Order;
    const choices = warehouseChoices(withStore, allocationRows(withStore));
    expect(choices.map((choice) => [choice.name, choice.unitsInStock])).to.deep.equal([
      ['10', 2],
      ['North', 0],
      ['30', 2],
      ['Default', 0],
    ]);
  });

  it('says why each item still to allocate is not: stocked nowhere, out of stock, short, or in stock', () => {
    const line = (id: number, title: string, quantity: number, stock_entries: unknown[]) => ({
      id,
      quantity,
      sellable: { id, title, stock_entries },
    });
    const mixed = {
      id: 2,
      line_items: [
        line(1, 'Kit', 1, []),
        line(2, 'Towel', 4, [{ warehouse: { id: 10, name: 'London' }, available_stock_level: 0 }]),
        line(3, 'Mug', 5, [
          { warehouse: { id: 10, name: 'London' }, available_stock_level: 2 },
          { warehouse: { id: 20, name: 'Leeds' }, available_stock_level: 3 },
        ]),
        line(4, 'Apron', 1, [{ warehouse: { id: 10, name: 'London' }, available_stock_level: 8 }]),
        line(5, 'Candle', 2, [{ warehouse: { id: 10, name: 'London' }, available_stock_level: 9 }]),
      ],
      allocations: [{ id: 9, line_items: [{ quantity: 2, sellable: { id: 5 } }] }],
    } as Order;
    expect(
      unallocatedItems(mixed).map(({ item, unallocated, reason }) => [item, unallocated, reason]),
    ).to.deep.equal([
      ['Kit', 1, { kind: 'notStocked' }],
      ['Towel', 4, { kind: 'outOfStock' }],
      ['Mug', 5, { kind: 'short', available: 3, warehouse: 'Leeds' }],
      ['Apron', 1, { kind: 'inStock', warehouse: 'London' }],
    ]);
  });
});
