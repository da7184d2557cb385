import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/order-list.js';
import type { OrderList } from '../../../src/order-list.js';
import { NAMED_ORDER_COUNT, ORDER_HISTORY_COUNT } from '../../../src/sandbox/seed-ids.js';
import { button, loaded, shadow, waitFor } from '../../helpers/elements.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

/**
 * order-list on an account whose lists send `X-Total-Count` but no `X-Total-Pages-Count` (the
 * sandbox's `noTotalPagesCount` quirk): the list works the pages out from the total, and the
 * last page is the last whether it is full, one order long or one order short of full.
 */
const TOTAL_ORDERS = NAMED_ORDER_COUNT + ORDER_HISTORY_COUNT;

/**
 * The largest page size (2 to 100, less than the total) that leaves `remainder` orders on the
 * last page (0: every page full). Worked out from the seed, so the cases stay what they say.
 */
function pageSizeLeaving(remainder: (size: number) => number): number {
  for (let size = Math.min(100, TOTAL_ORDERS - 1); size >= 2; size -= 1) {
    if (TOTAL_ORDERS % size === remainder(size)) return size;
  }
  throw new Error(`No page size leaves that many of ${TOTAL_ORDERS} orders on the last page`);
}

function rowCount(el: OrderList): number {
  return shadow(el).querySelectorAll('button[part="order-button"]').length;
}

function pagerText(el: OrderList): string {
  return shadow(el).querySelector('[part="pager"] [aria-live]')?.textContent?.trim() ?? '';
}

function pagesAsked(log: LoggedRequest[]): string[] {
  return log
    .filter((entry) => entry.method === 'GET' && entry.path === '/orders')
    .map((entry) => entry.query['page'] ?? '');
}

describe('order-list: pages from X-Total-Count alone', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  /** The page-count header of each list answer the element received (null: not sent). */
  let pageCounts: (string | null)[];

  beforeEach(async () => {
    sandbox = createTestSandbox();
    await sandbox.configure({ quirks: { noTotalPagesCount: true } });
    pageCounts = [];
    const watching = recordingFetch(async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/orders')) pageCounts.push(response.headers.get('X-Total-Pages-Count'));
      return response;
    });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      fetch: watching.fetch,
    });
  });

  /**
   * Renders the list at `size` a page, checks the first page, then presses "Next page" up to the
   * last page and checks it is the last: `pages` pages, `lastRows` orders on the last one.
   */
  async function pageThrough(size: number, pages: number, lastRows: number): Promise<OrderList> {
    const el = await fixture<OrderList>(html`<order-list .client=${client} page-size=${size}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();
    expect(pagerText(el)).to.equal(`Page 1 of ${pages}`);
    expect(rowCount(el)).to.equal(size);
    expect(button(el, 'Next page').getAttribute('aria-disabled')).to.equal('false');
    for (let page = 2; page <= pages; page += 1) {
      button(el, 'Next page').click();
      await waitFor(() => pagerText(el) === `Page ${page} of ${pages}`, `page ${page} did not show`);
      await loaded(el);
    }
    expect(rowCount(el), 'the orders of the last page').to.equal(lastRows);
    expect(button(el, 'Next page').getAttribute('aria-disabled'), 'Next page on the last page').to.equal(
      'true',
    );
    expect(button(el, 'Previous page').getAttribute('aria-disabled')).to.equal('false');
    await expect(el).to.be.accessible();

    // "Next page" on the last page asks for nothing more.
    button(el, 'Next page').click();
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pagerText(el)).to.equal(`Page ${pages} of ${pages}`);
    const asked = pagesAsked(await sandbox.requests());
    expect(asked).to.deep.equal(Array.from({ length: pages }, (_, index) => String(index + 1)));
    expect(pageCounts.length).to.equal(pages);
    expect(
      pageCounts.every((count) => count === null),
      'no answer carried X-Total-Pages-Count',
    ).to.equal(true);
    return el;
  }

  it('every page full: the last full page is the last, and "Next page" is unavailable there', async () => {
    const size = pageSizeLeaving(() => 0);
    await pageThrough(size, TOTAL_ORDERS / size, size);
  });

  it('one order more than full pages: a last page of that one order', async () => {
    const size = pageSizeLeaving(() => 1);
    await pageThrough(size, Math.ceil(TOTAL_ORDERS / size), 1);
  });

  it('one order short of full pages: the last page one order short', async () => {
    const size = pageSizeLeaving((candidate) => candidate - 1);
    await pageThrough(size, Math.ceil(TOTAL_ORDERS / size), size - 1);
  });
});
