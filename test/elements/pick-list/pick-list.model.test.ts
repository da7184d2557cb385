import { expect } from '@open-wc/testing';
import type { Order } from '../../../src/api/index.js';
import {
  buildPickList,
  pdfFileName,
  pdfInput,
  pickOrderIds,
  progressKey,
  readPicked,
  writePicked,
} from '../../../src/elements/pick-list/pick-list.model.js';
import type { PickList } from '../../../src/elements/pick-list/pick-list.model.js';
import { parseOrderIds } from '../../../src/shared/order-ids.js';

const LONDON = { id: 1, name: 'London', display_position: 1 };
const LEEDS = { id: 2, name: 'Leeds', display_position: 2 };

type Bins = Record<number, string | null>;

function sellable(id: number, sku: string, title: string, bins: Bins, extra: Record<string, unknown> = {}) {
  return {
    id,
    sku_code: sku,
    full_title: title,
    stock_entries: Object.entries(bins).map(([warehouse, location]) => ({
      warehouse_id: Number(warehouse),
      location,
    })),
    ...extra,
  };
}

const bowl = sellable(11, 'BOWL-S', 'Small bowl', { 1: 'A-9', 2: 'L-1' });
const bigBowl = sellable(12, 'BOWL-L', 'Large bowl', { 1: 'A-10' });
const plate = sellable(13, 'PLATE', 'Side plate', { 1: 'a-2' });
const napkin = sellable(14, 'NAPKIN', 'Napkin', { 1: null });
const cup = sellable(15, 'CUP', '', { 1: 'B-1' });
const kit = sellable(
  20,
  'KIT-PICNIC',
  'Picnic Set',
  { 1: null },
  {
    kit_contents: [
      {
        id: 901,
        product_variant_id: 11,
        quantity: 2,
        sku_code: 'BOWL-S',
        title: 'Small bowl',
        product_variant: bowl,
      },
      { id: 902, product_variant_id: 14, quantity: 1, product_variant: napkin },
    ],
  },
);

type Line = [ReturnType<typeof sellable>, number];

function order(
  id: number,
  number: string,
  lines: Line[],
  allocations: Array<{ warehouse: typeof LONDON; lines: Line[]; shipped?: boolean }>,
): Order {
  return {
    id,
    number,
    line_items: lines.map(([item, quantity], index) => ({ id: id * 10 + index, quantity, sellable: item })),
    allocations: allocations.map((allocation, index) => ({
      id: id * 100 + index,
      warehouse: allocation.warehouse,
      shipment: allocation.shipped ? { id: 5, tracking_number: 'PW1', carrier: 'Parcelway' } : null,
      line_items: allocation.lines.map(([item, quantity]) => ({ quantity, sellable: item })),
    })),
  } as unknown as Order;
}

const first = order(
  1,
  'SO-1',
  [
    [bowl, 2],
    [bigBowl, 1],
    [napkin, 2],
    [cup, 3],
  ],
  [
    {
      warehouse: LONDON,
      lines: [
        [bowl, 2],
        [bigBowl, 1],
        [napkin, 2],
        [cup, 1],
      ],
    },
  ],
);
const second = order(
  2,
  'SO-2',
  [
    [bowl, 2],
    [plate, 1],
    [kit, 2],
  ],
  [
    {
      warehouse: LONDON,
      lines: [
        [bowl, 1],
        [plate, 1],
        [kit, 2],
      ],
    },
    { warehouse: LEEDS, lines: [[bowl, 1]] },
  ],
);

function table(list: PickList, warehouse: string) {
  const section = list.sections.find((candidate) => candidate.warehouseName === warehouse);
  if (!section) throw new Error(`No section for ${warehouse}`);
  return section.rows.map((row) => [
    row.location,
    row.sku,
    row.quantity,
    row.orders.map((share) => `${share.number}×${share.quantity}`).join(' '),
    row.kit?.name ?? '',
  ]);
}

describe('pick-list model', () => {
  it('sums each sellable over the orders, in walking order, with no-location rows last and kits as their parts', () => {
    const list = buildPickList([first, second]);
    expect(list.sections.map((section) => section.warehouseName)).to.deep.equal(['London', 'Leeds']);
    expect(table(list, 'London')).to.deep.equal([
      ['a-2', 'PLATE', 1, 'SO-2×1', ''],
      ['A-9', 'BOWL-S', 3, 'SO-1×2 SO-2×1', ''],
      ['A-9', 'BOWL-S', 4, 'SO-2×4', 'Picnic Set'],
      ['A-10', 'BOWL-L', 1, 'SO-1×1', ''],
      ['B-1', 'CUP', 1, 'SO-1×1', ''],
      [null, 'NAPKIN', 2, 'SO-1×2', ''],
      [null, 'NAPKIN', 2, 'SO-2×2', 'Picnic Set'],
    ]);
    expect(table(list, 'Leeds')).to.deep.equal([['L-1', 'BOWL-S', 1, 'SO-2×1', '']]);
  });

  it('lists what is not allocated yet apart, per order, and counts it in no table', () => {
    const list = buildPickList([first, second]);
    expect(list.notAllocated.map((item) => [item.number, item.sku, item.quantity])).to.deep.equal([
      ['SO-1', 'CUP', 2],
    ]);
    // The cup's only row holds the one allocated.
    expect(table(list, 'London').filter((row) => row[1] === 'CUP')).to.have.length(1);
  });

  it('keeps to one warehouse when asked, and leaves out allocations already shipped', () => {
    expect(buildPickList([first, second], 2).sections.map((s) => s.warehouseName)).to.deep.equal(['Leeds']);
    expect(buildPickList([first, second], '2').sections).to.have.length(1);
    const shipped = order(3, 'SO-3', [[bowl, 1]], [{ warehouse: LONDON, lines: [[bowl, 1]], shipped: true }]);
    const list = buildPickList([shipped]);
    expect(list.sections).to.deep.equal([]);
    expect(list.notAllocated).to.deep.equal([]);
  });

  it('reads ids sent as numeric strings the same as numbers', () => {
    const stringy = JSON.parse(JSON.stringify(second), (key, value: unknown) =>
      (key === 'id' || key.endsWith('_id')) && typeof value === 'number' ? String(value) : value,
    ) as Order;
    const list = buildPickList([first, stringy]);
    expect(table(list, 'London')[1]).to.deep.equal(['A-9', 'BOWL-S', 3, 'SO-1×2 SO-2×1', '']);
    expect(list.sections).to.have.length(2);
  });

  it('reads order-ids leniently and takes each order once, at most 100', () => {
    expect(parseOrderIds(' 3, 5 ,,x,7 -1 2.5')).to.deep.equal([3, 5, 7]);
    expect(parseOrderIds(null)).to.deep.equal([]);
    expect(pickOrderIds([4, 4, 2, 4])).to.deep.equal([4, 2]);
    expect(pickOrderIds(Array.from({ length: 130 }, (_, index) => index + 1))).to.have.length(100);
  });

  it('keeps the ticks of one list in the tab storage, only of rows the list still has', () => {
    const list = buildPickList([first]);
    const rows = list.sections[0]!.rows;
    const key = progressKey([2, 1], undefined);
    expect(key).to.equal(progressKey([1, 2], undefined));
    expect(key).not.to.equal(progressKey([1, 2], 1));
    const storage = window.sessionStorage;
    writePicked(storage, key, new Set([rows[0]!.key, 'gone/row/']));
    expect([...readPicked(storage, key, rows)]).to.deep.equal([rows[0]!.key]);
    writePicked(storage, key, new Set());
    expect(storage.getItem(key)).to.equal(null);
    storage.setItem(key, '{not json');
    expect(readPicked(storage, key, rows).size).to.equal(0);
    storage.removeItem(key);
  });

  it('asks for letter paper in the US and Canada, A4 elsewhere, and names the file by the day', () => {
    const paper = (tag: string) =>
      pdfInput({ sections: [], notAllocated: [] }, { tag, language: '' }, new Date(), String).paper;
    expect(paper('en-US')).to.equal('letter');
    expect(paper('fr-CA')).to.equal('letter');
    expect(paper('en-GB')).to.equal('a4');
    expect(paper('de')).to.equal('a4');
    expect(pdfFileName(new Date(2026, 0, 5, 23, 30))).to.equal('pick-list-2026-01-05.pdf');
  });

  it('hands the PDF every row with its location, SKU, title, quantity, orders and kit', () => {
    const list = buildPickList([second], 2);
    const date = new Date(2026, 1, 3);
    const input = pdfInput(list, { tag: 'en-US', language: 'en' }, date, (section) => section.warehouseName);
    expect(input).to.deep.equal({
      sections: [
        {
          warehouseName: 'Leeds',
          rows: [
            {
              location: 'L-1',
              sku: 'BOWL-S',
              title: 'Small bowl',
              quantity: 1,
              orders: [{ number: 'SO-2', quantity: 1 }],
              inKit: null,
            },
          ],
        },
      ],
      notAllocated: [],
      date,
      locale: 'en-US',
      paper: 'letter',
    });
  });
});
