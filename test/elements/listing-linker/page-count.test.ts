import { expect, fixture, html } from '@open-wc/testing';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/listing-linker.js';
import type { ListingLinker } from '../../../src/listing-linker.js';
import { SEED_IDS } from '../../../src/sandbox/seed-ids.js';
import { button, shadow, waitFor } from '../../helpers/elements.js';
import { recordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

/**
 * listing-linker's pager at the edges of a page, on an account whose lists leave their page count
 * out (the sandbox's `noTotalPagesCount` quirk: the listings' `meta.page` has `total_count` but no
 * `total_pages`, the store list no `X-Total-Pages-Count`), so the pager works the pages out from
 * the total: listings that fill their pages exactly, one listing more, one listing fewer.
 */
const MAKERS_MARKET = SEED_IDS.channels.makersMarket;
/** The listings the seed gives Makers Market. */
const SEEDED_LISTINGS = 2;
const PAGE_SIZE = 3;

function skus(el: ListingLinker): string[] {
  return [...shadow(el).querySelectorAll('[part="listings-table"] tbody tr')].map(
    (row) => row.querySelector('.sku')?.textContent?.trim() ?? '',
  );
}

function pagerText(el: ListingLinker): string {
  return (shadow(el).querySelector('[part="pager"] .position')?.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function listed(el: ListingLinker, count: number): Promise<void> {
  await waitFor(
    () =>
      shadow(el).querySelector('[part="listings-table"][aria-busy="false"]') !== null &&
      skus(el).length === count,
    `the table did not show ${count} listings`,
  );
}

function pagesAsked(log: LoggedRequest[]): string[] {
  return log
    .filter((entry) => entry.method === 'GET' && entry.path === '/api/v2/channel_sellables')
    .map((entry) => entry.query['page[number]'] ?? '');
}

describe('listing-linker: the last page at the edges', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  /** The `meta.page` of each listings page the element received. */
  let pageMetas: Record<string, unknown>[];

  beforeEach(async () => {
    sandbox = createTestSandbox();
    await sandbox.configure({ quirks: { noTotalPagesCount: true } });
    pageMetas = [];
    const watching = recordingFetch(async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (method === 'GET' && url.pathname.endsWith('/api/v2/channel_sellables')) {
        const body = (await response.clone().json()) as { meta: { page: Record<string, unknown> } };
        pageMetas.push(body.meta.page);
      }
      return response;
    });
    client = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      fetch: watching.fetch,
    });
  });

  /** Makers Market with `total` listings, paged three a page up to its last page, checked there. */
  async function pageThrough(total: number): Promise<void> {
    for (let n = 1; n <= total - SEEDED_LISTINGS; n += 1) {
      await client.createChannelSellable({
        channel_id: MAKERS_MARKET,
        remote_sku: `MM-EDGE-${String(n).padStart(2, '0')}`,
        autolink: true,
      });
    }
    const pages = Math.ceil(total / PAGE_SIZE);
    const el = await fixture<ListingLinker>(
      html`<listing-linker
        .client=${client}
        channel-id=${MAKERS_MARKET}
        page-size=${PAGE_SIZE}
      ></listing-linker>`,
    );
    await listed(el, PAGE_SIZE);
    await expect(el).to.be.accessible();
    expect(pagerText(el)).to.equal(`Page 1 of ${pages} · ${total} listings`);
    expect(button(el, 'Next page').getAttribute('aria-disabled')).to.equal('false');
    for (let page = 2; page <= pages; page += 1) {
      button(el, 'Next page').click();
      const rows = page === pages ? total - PAGE_SIZE * (pages - 1) : PAGE_SIZE;
      await waitFor(() => pagerText(el).startsWith(`Page ${page} of`), `page ${page} did not show`);
      await listed(el, rows);
    }
    expect(pagerText(el)).to.equal(`Page ${pages} of ${pages} · ${total} listings`);
    expect(button(el, 'Next page').getAttribute('aria-disabled'), 'Next page on the last page').to.equal(
      'true',
    );
    expect(button(el, 'Previous page').getAttribute('aria-disabled')).to.equal('false');
    await expect(el).to.be.accessible();

    // "Next page" on the last page asks for nothing more.
    button(el, 'Next page').click();
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pagerText(el)).to.equal(`Page ${pages} of ${pages} · ${total} listings`);
    expect(pagesAsked(await sandbox.requests())).to.deep.equal(
      Array.from({ length: pages }, (_, index) => String(index + 1)),
    );
    expect(pageMetas.length).to.equal(pages);
    expect(
      pageMetas.every((page) => !('total_pages' in page) && page['total_count'] === String(total)),
      'every listings page gave the total and no page count',
    ).to.equal(true);
  }

  it('listings that fill their pages exactly: the last full page is the last', async () => {
    await pageThrough(2 * PAGE_SIZE);
  });

  it('one listing more than full pages: a last page of that one listing', async () => {
    await pageThrough(2 * PAGE_SIZE + 1);
  });

  it('one listing short of full pages: the last page one listing short', async () => {
    await pageThrough(2 * PAGE_SIZE - 1);
  });
});
