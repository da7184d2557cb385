import { expect } from '@open-wc/testing';
import type { Order, Page } from '../../../src/api/index.js';
import {
  onlyOrderNumbered,
  pagingOf,
  rowMovedTo,
} from '../../../src/elements/order-list/order-list.model.js';

function page(items: number, info: Partial<Page<Order>['page']> = {}): Page<Order> {
  return {
    items: Array.from({ length: items }, (_, index) => ({ id: index + 1 }) as Order),
    page: { index: null, size: null, totalPages: null, totalCount: null, ...info },
  } as Page<Order>;
}

describe('order-list model', () => {
  it('tells the page and the pages from the totals headers, else from a short page', () => {
    expect(pagingOf(page(25, { index: 2, totalPages: 13 }), 1, 25)).to.deep.equal({
      page: 2,
      pages: 13,
      last: false,
    });
    expect(pagingOf(page(25, { totalCount: 60 }), 3, 25)).to.deep.equal({ page: 3, pages: 3, last: true });
    // No totals: a full page may have one after it; a short page is the last.
    expect(pagingOf(page(25), 4, 25)).to.deep.equal({ page: 4, pages: 5, last: false });
    expect(pagingOf(page(7), 4, 25)).to.deep.equal({ page: 4, pages: 4, last: true });
    expect(pagingOf(page(0), 1, 25).pages).to.equal(1);
  });

  it('finds the one order whose number was scanned or typed, and none when two share it', () => {
    const orders = [
      { id: 1, number: 'SB-1001' },
      { id: 2, number: ' sb-1002 ' },
      { id: 3, number: 'SB-1003' },
      { id: 4, number: 'SB-1003' },
    ] as Order[];
    expect(onlyOrderNumbered(orders, 'sb-1002')?.id).to.equal(2);
    expect(onlyOrderNumbered(orders, 'sb-1003')).to.equal(undefined);
    expect(onlyOrderNumbered(orders, 'sb-9999')).to.equal(undefined);
  });

  it('moves between rows with the arrow keys, Home and End, within the list', () => {
    expect(rowMovedTo('ArrowDown', 2, 5)).to.equal(3);
    expect(rowMovedTo('ArrowDown', 4, 5)).to.equal(4);
    expect(rowMovedTo('ArrowLeft', 0, 5)).to.equal(0);
    expect(rowMovedTo('Home', 3, 5)).to.equal(0);
    expect(rowMovedTo('End', 0, 5)).to.equal(4);
    expect(rowMovedTo('Enter', 0, 5)).to.equal(undefined);
  });
});
