import { expect } from '@open-wc/testing';
import { pagingOf } from '../../src/api/pagination.js';
import type { Page, PageInfo } from '../../src/api/pagination.js';

/** A page of `items` items, with the paging facts the answer gave (unknown ones null). */
function page(items: number, info: Partial<PageInfo> = {}): Page<number> {
  return {
    items: Array.from({ length: items }, (_, index) => index + 1),
    page: { index: null, size: null, totalCount: null, totalPages: null, ...info },
  };
}

describe('pagingOf', () => {
  it('takes the page count the answer gives', () => {
    expect(pagingOf(page(25, { index: 2, size: 25, totalCount: 999, totalPages: 13 }), 1, 25)).to.deep.equal({
      page: 2,
      pages: 13,
      last: false,
    });
    expect(pagingOf(page(5, { index: 13, totalPages: 13 }), 13, 25)).to.deep.equal({
      page: 13,
      pages: 13,
      last: true,
    });
  });

  it('works the pages out from the total: exactly full pages, one over, one short', () => {
    // 6 at 3 a page: the second full page is the last.
    expect(pagingOf(page(3, { index: 1, size: 3, totalCount: 6 }), 1, 3)).to.deep.equal({
      page: 1,
      pages: 2,
      last: false,
    });
    expect(pagingOf(page(3, { index: 2, size: 3, totalCount: 6 }), 2, 3)).to.deep.equal({
      page: 2,
      pages: 2,
      last: true,
    });
    // 7: a third page of one.
    expect(pagingOf(page(3, { index: 2, size: 3, totalCount: 7 }), 2, 3)).to.deep.equal({
      page: 2,
      pages: 3,
      last: false,
    });
    expect(pagingOf(page(1, { index: 3, size: 3, totalCount: 7 }), 3, 3)).to.deep.equal({
      page: 3,
      pages: 3,
      last: true,
    });
    // 5: the second page one short.
    expect(pagingOf(page(2, { index: 2, size: 3, totalCount: 5 }), 2, 3)).to.deep.equal({
      page: 2,
      pages: 2,
      last: true,
    });
    // A total of one.
    expect(pagingOf(page(1, { totalCount: 1 }), 1, 3)).to.deep.equal({ page: 1, pages: 1, last: true });
  });

  it('counts a total of 0, or a page count of 0, as one empty page', () => {
    expect(pagingOf(page(0, { totalCount: 0 }), 1, 25)).to.deep.equal({ page: 1, pages: 1, last: true });
    expect(pagingOf(page(0, { totalCount: 0, totalPages: 0 }), 1, 25)).to.deep.equal({
      page: 1,
      pages: 1,
      last: true,
    });
  });

  it('with no totals, a short page is the last and a full one may have one after it', () => {
    expect(pagingOf(page(25), 4, 25)).to.deep.equal({ page: 4, pages: 5, last: false });
    expect(pagingOf(page(7), 4, 25)).to.deep.equal({ page: 4, pages: 4, last: true });
    expect(pagingOf(page(0), 1, 25)).to.deep.equal({ page: 1, pages: 1, last: true });
  });

  it('counts with the page size the answer names when the API served another than the one asked for', () => {
    // Asked for 25 a page, served 10 a page: 42 is five pages, not two.
    expect(pagingOf(page(10, { index: 1, size: 10, totalCount: 42 }), 1, 25)).to.deep.equal({
      page: 1,
      pages: 5,
      last: false,
    });
    // Without a total: a full page of the size served is not the last.
    expect(pagingOf(page(10, { size: 10 }), 1, 25)).to.deep.equal({ page: 1, pages: 2, last: false });
    // The size asked for stands in when the answer names none.
    expect(pagingOf(page(10, { totalCount: 42 }), 1, 25)).to.deep.equal({ page: 1, pages: 2, last: false });
  });

  it('takes the page asked for when the answer does not say which it served', () => {
    expect(pagingOf(page(1, { size: 3, totalCount: 7 }), 3, 3)).to.deep.equal({
      page: 3,
      pages: 3,
      last: true,
    });
    expect(pagingOf(page(3, { index: 2, size: 3, totalCount: 7 }), 5, 3).page).to.equal(2);
  });
});
