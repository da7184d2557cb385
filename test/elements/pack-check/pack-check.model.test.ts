import { expect } from '@open-wc/testing';
import type { Order } from '../../../src/api/index.js';
import {
  countedOf,
  isVerified,
  lineForCode,
  normaliseCode,
  packLines,
  readProgress,
  scan,
  totalOf,
  writeProgress,
} from '../../../src/elements/pack-check/pack-check.model.js';

const order = {
  id: 7,
  number: 'T-7',
  line_items: [
    { id: 1, quantity: 2, sellable: { id: 10, title: 'Mug', sku_code: 'MUG-1', upc_code: '5000000000010' } },
    { id: 2, quantity: 1, sellable: { id: 11, title: 'Apron', sku_code: 'APRON', upc_code: '036000291452' } },
    { id: 3, quantity: 1, sellable: { id: 12, title: 'Notebook', sku_code: 'NOTE', upc_code: '' } },
    // The same sellable on a second line: one line to pack, quantities summed.
    { id: 4, quantity: 1, sellable: { id: 10, title: 'Mug', sku_code: 'MUG-1', upc_code: '5000000000010' } },
    { id: 5, quantity: 0, sellable: { id: 13, title: 'Nothing', sku_code: 'NONE' } },
  ],
} as unknown as Order;

describe('pack-check model', () => {
  const lines = packLines(order);

  it('lists one line per sellable with the quantities summed, leaving out lines of nothing', () => {
    expect(lines.map((line) => [line.key, line.expected, line.barcode])).to.deep.equal([
      ['10', 3, '5000000000010'],
      ['11', 1, '036000291452'],
      ['12', 1, ''],
    ]);
    expect(totalOf(lines)).to.equal(5);
  });

  it('trims white space and a trailing CR, LF or Tab from a code', () => {
    expect(normaliseCode('  5000000000010\r\n')).to.equal('5000000000010');
    expect(normaliseCode('MUG-1\t')).to.equal('MUG-1');
  });

  it('finds a line by barcode first, a UPC-A read as EAN-13 included, then by SKU ignoring case', () => {
    expect(lineForCode(lines, '5000000000010')?.key).to.equal('10');
    expect(lineForCode(lines, '0036000291452')?.key, 'UPC-A with a leading 0').to.equal('11');
    expect(lineForCode(lines, 'mug-1')?.key).to.equal('10');
    expect(lineForCode(lines, 'note')?.key).to.equal('12');
    expect(lineForCode(lines, '4006381333931')).to.equal(undefined);
    // A line without a barcode never matches an empty code.
    expect(lineForCode(lines, '')).to.equal(undefined);
  });

  it('counts one per scan, refuses a complete item and an unknown code', () => {
    let counts = {};
    const first = scan(lines, counts, 'APRON');
    expect(first.kind).to.equal('counted');
    if (first.kind === 'counted') counts = first.counts;
    const again = scan(lines, counts, '036000291452');
    expect(again.kind).to.equal('complete');
    expect(scan(lines, counts, 'XYZ-9')).to.deep.equal({ kind: 'unknown', code: 'XYZ-9' });
    expect(countedOf(lines, counts)).to.equal(1);
    expect(isVerified(lines, counts)).to.equal(false);
    expect(isVerified(lines, { '10': 3, '11': 1, '12': 1 })).to.equal(true);
  });

  it("takes the order's own number (its packing slip) as the slip, counting nothing; an item's code comes first", () => {
    expect(scan(lines, {}, 'sb-1003', 'SB-1003')).to.deep.equal({ kind: 'slip', orderNumber: 'SB-1003' });
    expect(scan(lines, {}, 'SB-1004', 'SB-1003')).to.deep.equal({ kind: 'unknown', code: 'SB-1004' });
    expect(scan(lines, {}, 'APRON', 'APRON').kind, 'an item with that code is counted').to.equal('counted');
    expect(scan(lines, {}, 'SB-1003', null).kind).to.equal('unknown');
  });

  it('keeps progress per order in storage, never more than an item expects', () => {
    const storage = window.sessionStorage;
    writeProgress(storage, 7, { '10': 9, '11': 1, gone: 4 });
    expect(readProgress(storage, 7, lines)).to.deep.equal({ '10': 3, '11': 1 });
    expect(readProgress(storage, 8, lines)).to.deep.equal({});
    storage.setItem('commerce-ops-elements:pack-check:7', '{not json');
    expect(readProgress(storage, 7, lines)).to.deep.equal({});
    storage.removeItem('commerce-ops-elements:pack-check:7');
  });
});
