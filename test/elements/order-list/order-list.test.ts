import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient, createAllocation } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/order-card.js';
import '../../../src/order-list.js';
import type { OrderCard } from '../../../src/order-card.js';
import type { OrderList } from '../../../src/order-list.js';
import {
  NAMED_ORDER_COUNT,
  ORDER_HISTORY_COUNT,
  SEED_IDS,
  SEED_ORDER_NUMBERS,
} from '../../../src/sandbox/seed-ids.js';
import { button, labelled, loaded, shadow, typeInto, waitFor } from '../../helpers/elements.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { LoggedRequest, TestSandbox } from '../../helpers/sandbox.js';

const O = SEED_IDS.orders;
const N = SEED_ORDER_NUMBERS;
const TOTAL_ORDERS = NAMED_ORDER_COUNT + ORDER_HISTORY_COUNT;

function rows(el: OrderList): HTMLButtonElement[] {
  return [...shadow(el).querySelectorAll<HTMLButtonElement>('button[part="order-button"]')];
}

function rowNumbers(el: OrderList): string[] {
  return rows(el).map((row) => row.querySelector('.number')!.textContent!.trim());
}

function rowOf(el: OrderList, number: string): HTMLButtonElement {
  const row = rows(el).find(
    (candidate) => candidate.querySelector('.number')!.textContent!.trim() === number,
  );
  if (!row) throw new Error(`No row for ${number}`);
  return row;
}

function pagerText(el: OrderList): string {
  return shadow(el).querySelector('[part="pager"] [aria-live]')!.textContent!.trim();
}

function searchField(el: OrderList): HTMLInputElement {
  return shadow(el).querySelector<HTMLInputElement>('input[type="search"]')!;
}

function isLoading(el: OrderList): boolean {
  return shadow(el).querySelector('[role="status"]') !== null;
}

function tagSelect(el: OrderList): HTMLSelectElement {
  return labelled<HTMLSelectElement>(el, 'Tag');
}

function tagsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll('[part="tag"]')].map((tag) => tag.textContent!.trim());
}

function listRequests(requests: LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method === 'GET' && request.path === '/orders');
}

describe('order-list', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;

  beforeEach(() => {
    sandbox = createTestSandbox();
    client = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
  });

  it('shows a region "Orders" with a page of 25 orders: number, customer, status, items and total', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const region = shadow(el).querySelector('section')!;
    expect(region.getAttribute('aria-labelledby')).to.equal('orders-heading');
    expect(shadow(el).getElementById('orders-heading')!.textContent).to.equal('Orders');
    expect(rows(el)).to.have.length(25);
    expect(rowNumbers(el).slice(0, 3)).to.deep.equal([N.large, N.withNotes, N.international]);
    const first = rowOf(el, N.unallocated).textContent!.replace(/\s+/g, ' ');
    expect(first).to.contain('Amelia Hart');
    expect(first).to.contain('Awaiting stock');
    expect(first).to.contain('4 items');
    expect(first).to.match(/£\d/);
    expect(rowOf(el, N.unallocated).querySelector('[part="badge"]')!.textContent).to.equal('Awaiting stock');
    // The US store's order is in its own currency.
    expect(rowOf(el, N.international).querySelector('.total')!.textContent).to.contain('$');
    expect(pagerText(el)).to.equal(`Page 1 of ${Math.ceil(TOTAL_ORDERS / 25)}`);
    const sent = listRequests(await sandbox.requests());
    expect(sent).to.have.length(1);
    expect(sent[0]!.query).to.deep.equal({ page: '1', page_size: '25' });
  });

  it('filters by the "Status" select, back to page 1, and by the status attribute', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client} page-size="10"></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    button(el, 'Next page').click();
    await waitFor(() => pagerText(el).startsWith('Page 2 '), 'page 2 did not show');
    await loaded(el);
    const select = shadow(el).querySelector<HTMLSelectElement>('select')!;
    expect(shadow(el).querySelector(`label[for="${select.id}"]`)!.textContent).to.equal('Status');
    select.value = 'on_hold';
    select.dispatchEvent(new Event('change'));
    await waitFor(() => rowNumbers(el)[0] === N.onHold, 'the on-hold orders did not show');
    await loaded(el);
    const badges = rows(el).map((row) => row.querySelector('[part="badge"]')!.textContent);
    expect(badges.length).to.be.greaterThan(1);
    expect(new Set(badges)).to.deep.equal(new Set(['On hold']));
    expect(pagerText(el)).to.match(/^Page 1 of \d+$/);
    expect(el.status).to.equal('on_hold');
    const last = listRequests(await sandbox.requests()).at(-1)!;
    expect(last.query).to.deep.equal({ page: '1', page_size: '10', status: 'on_hold' });

    el.status = 'shipped';
    await waitFor(() => rowNumbers(el).join() === N.shipped, 'the shipped order did not show alone');
    expect(select.value).to.equal('shipped');
  });

  it('searches after typing pauses, at once on Enter, and shows "No orders" when nothing matches', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const search = searchField(el);
    expect(shadow(el).querySelector(`label[for="${search.id}"]`)!.textContent).to.equal('Search orders');
    typeInto(search, N.international);
    await el.updateComplete;
    expect(isLoading(el), 'no request while typing').to.equal(false);
    await waitFor(() => rowNumbers(el).join() === N.international, 'the search did not run');
    expect(el.query).to.equal(N.international);

    typeInto(search, N.cancelled);
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(isLoading(el), 'Enter searches without waiting').to.equal(true);
    await waitFor(() => rowNumbers(el).join() === N.cancelled, 'Enter did not search');

    typeInto(search, 'no order is called this');
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await waitFor(() => shadow(el).querySelector('[part="empty"]'), 'no empty state');
    expect(shadow(el).querySelector('[part="empty"]')!.textContent).to.equal('No orders');
    expect(searchField(el).value).to.equal('no order is called this');
    const last = listRequests(await sandbox.requests()).at(-1)!;
    expect(last.query['query']).to.equal('no order is called this');
  });

  it('chooses the one order whose number is scanned or typed into "Search orders" with Enter', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();
    const search = searchField(el);
    search.focus();
    const selected = oneEvent(el, 'order-selected');
    // As a scanner types a packing slip's number: lower case and a space around are ignored.
    await sendKeys({ type: ` ${N.customsMissing.toLowerCase()} \n` });
    const { detail } = await selected;
    expect(detail.orderId).to.equal(O.customsMissing);
    expect(detail.order.number).to.equal(N.customsMissing);
    expect(shadow(el).activeElement === search, 'focus stays in the search field').to.equal(true);

    // Enter again on the same text, with its results on screen: chosen again, with no new request.
    const before = listRequests(await sandbox.requests()).length;
    const again = oneEvent(el, 'order-selected');
    await sendKeys({ press: 'Enter' });
    expect((await again).detail.orderId).to.equal(O.customsMissing);
    expect(listRequests(await sandbox.requests()).length).to.equal(before);

    // A search that is not one order's number chooses nothing.
    let chosen = 0;
    el.addEventListener('order-selected', () => (chosen += 1));
    typeInto(search, 'Hart');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => rowNumbers(el).length > 1 && !isLoading(el), 'the search ran');
    await el.updateComplete;
    expect(chosen).to.equal(0);
  });

  it('pages with "Previous page"/"Next page" and "Page x of y" from the totals headers', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client} page-size="50"></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const pages = Math.ceil(TOTAL_ORDERS / 50);
    expect(pagerText(el)).to.equal(`Page 1 of ${pages}`);
    expect(button(el, 'Previous page').getAttribute('aria-disabled')).to.equal('true');
    const firstPage = rowNumbers(el);
    for (let page = 2; page <= pages; page += 1) {
      button(el, 'Next page').click();
      await waitFor(() => pagerText(el) === `Page ${page} of ${pages}`, `page ${page} did not show`);
      await loaded(el);
    }
    expect(rows(el)).to.have.length(TOTAL_ORDERS - 50 * (pages - 1));
    expect(rowNumbers(el).at(-1)).to.equal(`SB-${2000 + ORDER_HISTORY_COUNT}`);
    expect(button(el, 'Next page').getAttribute('aria-disabled')).to.equal('true');
    button(el, 'Previous page').click();
    await waitFor(() => pagerText(el) === `Page ${pages - 1} of ${pages}`, 'Previous page did not go back');
    await loaded(el);
    expect(rowNumbers(el)).not.to.deep.equal(firstPage);
    const pagesAsked = listRequests(await sandbox.requests()).map((request) => request.query['page']);
    expect(pagesAsked).to.deep.equal(['1', '2', '3', '2']);
  });

  it('moves between orders with the arrow keys, Home and End, and chooses one with Enter', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client} page-size="5"></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const tabStops = () => rows(el).map((row) => row.tabIndex);
    expect(tabStops()).to.deep.equal([0, -1, -1, -1, -1]);
    rows(el)[0]!.focus();
    const focused = () => shadow(el).activeElement?.querySelector('.number')?.textContent;
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(focused()).to.equal(N.withNotes);
    expect(tabStops()).to.deep.equal([-1, 0, -1, -1, -1]);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(focused()).to.equal(rowNumbers(el)[4]);
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(focused(), 'the last row stays').to.equal(rowNumbers(el)[4]);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(focused()).to.equal(N.large);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(focused()).to.equal(N.international);

    const chosen = oneEvent(el, 'order-selected');
    await sendKeys({ press: 'Enter' });
    const event = await chosen;
    expect(event.detail.orderId).to.equal(O.international);
    expect(event.detail.order.number).to.equal(N.international);
    expect(event.bubbles && event.composed).to.equal(true);
    await el.updateComplete;
    expect(rowOf(el, N.international).getAttribute('aria-current')).to.equal('true');

    const bySpace = oneEvent(el, 'order-selected');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: ' ' });
    expect((await bySpace).detail.orderId).to.equal(O.withNotes);
  });

  it('with selectable, checks orders one by one and all on the page, reporting selection-change', async () => {
    const el = await fixture<OrderList>(
      html`<order-list .client=${client} page-size="5" selectable></order-list>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();

    const box = (name: string) =>
      shadow(el).querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`)!;
    const selectPage = shadow(el).querySelector<HTMLInputElement>('[part="select-page"] input')!;
    expect(shadow(el).querySelector('[part="select-page"]')!.textContent!.trim()).to.equal(
      'Select all on this page',
    );
    let change = oneEvent(el, 'selection-change');
    box(`Select ${N.withNotes}`).click();
    expect((await change).detail.orderIds).to.deep.equal([O.withNotes]);
    await el.updateComplete;
    expect(selectPage.indeterminate).to.equal(true);
    expect(selectPage.checked).to.equal(false);

    change = oneEvent(el, 'selection-change');
    selectPage.click();
    const all = (await change).detail.orderIds;
    expect([...all].sort()).to.deep.equal(
      [O.large, O.withNotes, O.international, O.allocated, O.partlyAllocated].sort(),
    );
    await el.updateComplete;
    expect(selectPage.indeterminate).to.equal(false);
    expect(selectPage.checked).to.equal(true);
    expect(box(`Select ${N.allocated}`).checked).to.equal(true);

    // The selection outlives paging; a page with none of it checked shows an empty box.
    button(el, 'Next page').click();
    await waitFor(() => pagerText(el).startsWith('Page 2 '), 'page 2 did not show');
    await loaded(el);
    const secondPageBox = shadow(el).querySelector<HTMLInputElement>('[part="select-page"] input')!;
    expect(secondPageBox.checked || secondPageBox.indeterminate).to.equal(false);
    change = oneEvent(el, 'selection-change');
    box(`Select ${N.unallocated}`).click();
    expect((await change).detail.orderIds).to.have.length(6);
  });

  it('follows the order store: an allocation made elsewhere changes the status shown, without reloading', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const badge = () => rowOf(el, N.unallocated).querySelector('[part="badge"]')!.textContent;
    expect(badge()).to.equal('Awaiting stock');
    const S = SEED_IDS.sellables;
    await createAllocation(client, O.unallocated, {
      warehouseId: SEED_IDS.warehouses.london,
      lineItems: [
        { sellableId: S.beanieCharcoal, quantity: 2 },
        { sellableId: S.mugWhite, quantity: 1 },
        { sellableId: S.toteNatural, quantity: 1 },
      ],
    });
    await el.updateComplete;
    expect(badge()).to.equal('Ready to ship');
    expect(listRequests(await sandbox.requests())).to.have.length(1);
  });

  it('an order-card opened from the list asks the API nothing when the list holds the whole order', async () => {
    const el = await fixture<HTMLDivElement>(
      html`<div>
        <order-list .client=${client} page-size="10"></order-list>
        <order-card .client=${client}></order-card>
      </div>`,
    );
    const list = el.querySelector('order-list')!;
    const card = el.querySelector<OrderCard>('order-card')!;
    list.addEventListener('order-selected', (event) => (card.orderId = event.detail.orderId));
    await loaded(list);
    await expect(list).to.be.accessible();

    rowOf(list, N.withNotes).click();
    await waitFor(() => shadow(card).querySelector('h2')?.textContent?.includes(N.withNotes));
    const requests = await sandbox.requests();
    expect(requests.filter((request) => request.path.startsWith('/orders/'))).to.have.length(0);
  });

  it('an order-card opened from a list of summaries loads the order exactly once', async () => {
    // Some accounts list orders without their line items.
    await sandbox.fault({
      method: 'GET',
      path: '/orders',
      status: 200,
      body: [
        {
          id: O.withNotes,
          number: N.withNotes,
          status: 'awaiting_stock',
          total_price: 40,
          currency_code: 'GBP',
        },
        { id: O.shipped, number: N.shipped, status: 'shipped', total_price: 30, currency_code: 'GBP' },
      ],
      times: 1,
    });
    const el = await fixture<HTMLDivElement>(
      html`<div>
        <order-list .client=${client}></order-list>
        <order-card .client=${client}></order-card>
      </div>`,
    );
    const list = el.querySelector('order-list')!;
    const card = el.querySelector<OrderCard>('order-card')!;
    list.addEventListener('order-selected', (event) => (card.orderId = event.detail.orderId));
    await loaded(list);
    await expect(list).to.be.accessible();

    expect(rowNumbers(list)).to.deep.equal([N.withNotes, N.shipped]);
    expect(rowOf(list, N.withNotes).querySelector('.count')!.textContent!.trim()).to.equal('—');
    expect(pagerText(list)).to.equal('Page 1 of 1');
    rowOf(list, N.withNotes).click();
    await waitFor(() => shadow(card).querySelector('h2')?.textContent?.includes(N.withNotes));
    rowOf(list, N.shipped).click();
    rowOf(list, N.withNotes).click();
    await card.updateComplete;
    const orderGets = (await sandbox.requests()).filter(
      (request) => request.path === `/orders/${O.withNotes}`,
    );
    expect(orderGets).to.have.length(1);
    // The whole order the card loaded now fills in the list's row.
    await list.updateComplete;
    expect(rowOf(list, N.withNotes).querySelector('.count')!.textContent).to.contain('3 items');
  });

  it('filters by the "Tag" select of the account\'s tags, sending tags=<name>, back to page 1', async () => {
    const { client: recorded, sent } = recordedClient(sandbox);
    const el = await fixture<OrderList>(html`<order-list .client=${recorded} page-size="10"></order-list>`);
    await loaded(el);
    await waitFor(() => tagSelect(el).options.length > 1, 'the tags did not load');
    await expect(el).to.be.accessible();

    const select = tagSelect(el);
    expect(select.getAttribute('part')).to.equal('tag-select');
    expect([...select.options].map((option) => option.textContent!.trim())).to.deep.equal([
      'All tags',
      'Priority',
      'Gift wrap',
      'Wholesale',
      'Fragile',
    ]);
    expect(select.value).to.equal('');
    button(el, 'Next page').click();
    await waitFor(() => pagerText(el).startsWith('Page 2 '), 'page 2 did not show');
    await loaded(el);

    typeInto(select, 'Fragile');
    await waitFor(() => rowNumbers(el).join() === N.allocated, 'only the Fragile order did not show');
    await loaded(el);
    expect(el.tag).to.equal('Fragile');
    expect(el.getAttribute('tag')).to.equal('Fragile');
    expect(pagerText(el)).to.equal('Page 1 of 1');
    expect(tagsOf(rowOf(el, N.allocated))).to.include('Fragile');
    const last = sent.calls.filter((call) => new URL(call.url).pathname.endsWith('/orders')).at(-1)!;
    expect(new URL(last.url).searchParams.get('tags')).to.equal('Fragile');
    expect(new URL(last.url).searchParams.get('page')).to.equal('1');

    typeInto(select, '');
    await waitFor(() => rows(el).length === 10, 'every order did not show again');
    expect(el.hasAttribute('tag') ? el.getAttribute('tag') : '').to.equal('');
    const unfiltered = listRequests(await sandbox.requests()).at(-1)!;
    expect(unfiltered.query).to.deep.equal({ page: '1', page_size: '10' });
  });

  it('filters from the first load by the tag attribute set on the page', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client} tag="Gift wrap"></order-list>`);
    await loaded(el);
    await waitFor(() => tagSelect(el).value === 'Gift wrap', 'the select does not show the tag');
    await expect(el).to.be.accessible();

    expect(rowNumbers(el)).to.deep.equal([N.withNotes]);
    const sent = listRequests(await sandbox.requests());
    expect(sent, 'one request, already filtered').to.have.length(1);
    expect(sent[0]!.query).to.deep.equal({ page: '1', page_size: '25', tags: 'Gift wrap' });
  });

  it("shows each order's tags by name, the colour only in a swatch beside the name", async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    const tagged = rowOf(el, N.allocated);
    expect(tagsOf(tagged)).to.deep.equal(['Priority', 'Fragile']);
    expect(tagsOf(rowOf(el, N.withNotes))).to.deep.equal(['Gift wrap']);
    expect(tagsOf(rowOf(el, N.unallocated))).to.deep.equal([]);
    // The name is part of the order's button, so it is read with the order.
    expect(tagged.textContent!.replace(/\s+/g, ' ')).to.contain('Priority Fragile');
    const priority = tagged.querySelector<HTMLElement>('[part="tag"]')!;
    expect(getComputedStyle(priority.querySelector('.swatch')!).backgroundColor).to.equal('rgb(192, 57, 43)');
    expect(getComputedStyle(priority).color).to.equal(
      getComputedStyle(tagged.querySelector('.number')!).color,
    );
  });

  it('without the tags, offers "All tags" alone with a note, and the orders still list', async () => {
    await sandbox.fault({ method: 'GET', path: '/tags', status: 500, body: 'html' });
    const noRetry = createClient({
      baseUrl: sandbox.baseUrl,
      credentials: { apiKey: sandbox.apiKey },
      retry: { retries: 0 },
    });
    const el = await fixture<OrderList>(html`<order-list .client=${noRetry}></order-list>`);
    await loaded(el);
    await waitFor(() => shadow(el).querySelector('[part="tags-note"]'), 'no note');
    await expect(el).to.be.accessible();

    const select = tagSelect(el);
    expect([...select.options].map((option) => option.textContent!.trim())).to.deep.equal(['All tags']);
    expect(shadow(el).querySelector('[part="tags-note"]')!.textContent).to.contain(
      'The tags could not be loaded',
    );
    expect(select.getAttribute('aria-describedby')).to.equal('tags-note');
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(rows(el)).to.have.length(25);
  });

  it('shows the API failure with a working Retry and keeps the search text', async () => {
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();

    await sandbox.fault({
      method: 'GET',
      path: '/orders',
      status: 422,
      body: { error_messages: ['Query is too long'] },
      times: 1,
    });
    const failed = oneEvent(el, 'request-error');
    typeInto(searchField(el), N.shipped);
    searchField(el).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect((await failed).detail.error.code).to.equal('validation');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('Query is too long');
    expect(searchField(el).value).to.equal(N.shipped);
    expect(rows(el)).to.have.length(0);

    button(el, 'Retry').click();
    await waitFor(() => rowNumbers(el).join() === N.shipped, 'Retry did not load the orders');
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(searchField(el).value).to.equal(N.shipped);
  });

  it('announces loading with role="status" until the first page arrives', async () => {
    await sandbox.fault({ method: 'GET', path: '/orders', delayMs: 300, times: 1 });
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await expect(el).to.be.accessible();

    expect(shadow(el).querySelector('[role="status"]')!.textContent).to.contain('Loading orders…');
    expect(rows(el)).to.have.length(0);
    await loaded(el);
    expect(rows(el)).to.have.length(25);
  });

  it('loads again when put back on the page after leaving it mid-load', async () => {
    await sandbox.fault({ method: 'GET', path: '/orders', hold: true, times: 1 });
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    await expect(el).to.be.accessible();
    expect(isLoading(el), 'still loading when it leaves the page').to.equal(true);

    const parent = el.parentElement!;
    el.remove();
    // Leaving cancels the load; it has ended once the element no longer shows it as loading.
    await waitFor(() => !isLoading(el), 'the cancelled load did not end');
    parent.append(el);
    await el.updateComplete;
    await loaded(el);
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(rows(el)).to.have.length(25);
  });

  it('loads when put back on the page at once after leaving it mid-load (as a framework moving it does)', async () => {
    await sandbox.fault({ method: 'GET', path: '/orders', hold: true, times: 1 });
    const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
    expect(isLoading(el), 'still loading when it leaves the page').to.equal(true);
    const parent = el.parentElement!;
    el.remove();
    await Promise.resolve();
    parent.append(el);
    // The first read answers late, after the list is back.
    await sandbox.release();
    await loaded(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(rows(el)).to.have.length(25);
  });

  it('shows each total in its order’s currency: dollars for the US store, pounds for the rest, in French too', async () => {
    await import('../../../src/locales/fr.js');
    const el = await fixture<OrderList>(html`<order-list .client=${client} page-size="5"></order-list>`);
    await loaded(el);
    await expect(el).to.be.accessible();
    const total = (number: string) => rowOf(el, number).querySelector('.total')!.textContent!.trim();
    expect(total(N.international)).to.match(/^\$\d+\.\d\d$/);
    expect(total(N.withNotes)).to.match(/^£\d+\.\d\d$/);

    el.setAttribute('lang', 'fr');
    await waitFor(
      () => shadow(el).getElementById('orders-heading')!.textContent === 'Commandes',
      'not in French',
    );
    // "66,10 $" and "28,00 £": the order's own currency needs no country ("$US", "£GB").
    expect(total(N.international)).to.match(/^\d+,\d\d\s\$$/);
    expect(total(N.withNotes)).to.match(/^\d+,\d\d\s£$/);
  });

  it('speaks German inside lang="de"', async () => {
    await import('../../../src/locales/de.js');
    const el = await fixture<OrderList>(
      html`<order-list lang="de" .client=${client} page-size="5"></order-list>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();

    expect(shadow(el).getElementById('orders-heading')!.textContent).to.equal('Bestellungen');
    expect(pagerText(el)).to.equal(`Seite 1 von ${Math.ceil(TOTAL_ORDERS / 5)}`);
    expect(button(el, 'Nächste Seite')).to.exist;
  });
});
