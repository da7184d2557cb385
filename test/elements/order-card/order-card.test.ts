import '../../../src/locales/de.js';
import '../../../src/locales/fr.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ifDefined } from 'lit/directives/if-defined.js';
import { createClient } from '../../../src/api/index.js';
import type { OpsClient } from '../../../src/api/index.js';
import '../../../src/order-card.js';
import type { OrderCard } from '../../../src/order-card.js';
import { SEED_IDS, SEED_ORDER_NUMBERS, LARGE_ORDER_LINE_ITEMS } from '../../../src/sandbox/seed-ids.js';
import { loaded, shadow, textOf, waitFor } from '../../helpers/elements.js';
import { layoutProblems } from '../../helpers/layout.js';
import { callsTo } from '../../helpers/recording-fetch.js';
import type { RecordingFetch } from '../../helpers/recording-fetch.js';
import { createTestSandbox, recordedClient } from '../../helpers/sandbox.js';
import type { TestSandbox } from '../../helpers/sandbox.js';

describe('order-card', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let sent: RecordingFetch;

  beforeEach(async () => {
    sandbox = await createTestSandbox();
    ({ client, sent } = recordedClient(sandbox));
  });

  it('shows a full sandbox order: number, status, customer, address, items, totals and notes', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.withNotes}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();

    const root = shadow(el);
    expect(root.querySelector('h2')!.textContent).to.contain(SEED_ORDER_NUMBERS.withNotes);
    expect(root.querySelector('[part="badge"]')!.textContent!.trim()).not.to.equal('');
    const text = root.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('Customer');
    expect(text).to.contain('Deliver to');
    expect(root.querySelector('address')!.textContent!.trim()).not.to.equal('');
    const rows = root.querySelectorAll('[part="line-items"] tbody tr');
    expect(rows.length).to.be.greaterThan(0);
    expect(rows[0]!.querySelectorAll('td')[2]!.textContent!.trim()).to.match(/^[A-Z0-9-]+$/);
    expect(root.querySelector('[part="totals"]')!.textContent).to.contain('£');
    expect(root.querySelectorAll('.note-list li').length).to.equal(2);
    expect(root.querySelector('.note-meta')!.textContent!.trim()).not.to.equal('');
  });

  it('announces loading, then shows the API failure with a working Retry', async () => {
    await sandbox.fault({
      method: 'GET',
      path: `/orders/${SEED_IDS.orders.unallocated}`,
      status: 404,
      times: 1,
    });
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    expect(shadow(el).querySelector('[role="status"]')).to.exist;
    const errorEvent = await oneEvent(el, 'request-error');
    expect(errorEvent.detail.error.code).to.equal('not_found');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const alert = shadow(el).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('Not found');
    alert.querySelector('button')!.click();
    await loaded(el);
    expect(shadow(el).querySelector('h2')!.textContent).to.contain(SEED_ORDER_NUMBERS.unallocated);
  });

  it('adds a note: it appears at once and note-added carries it', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    const input = root.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(root.querySelector('label[for="note-input"]')!.textContent).to.equal('Note');
    input.value = 'Customer asked for plain packaging';
    input.dispatchEvent(new Event('input'));
    const added = oneEvent(el, 'note-added');
    root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!.click();
    const event = await added;
    expect(event.detail.note.text).to.equal('Customer asked for plain packaging');
    expect(event.detail.orderId).to.equal(SEED_IDS.orders.unallocated);
    await el.updateComplete;
    const notes = [...root.querySelectorAll('.note-text')].map((n) => n.textContent);
    expect(notes).to.include('Customer asked for plain packaging');
    expect(input.value).to.equal('');
    const posts = (await sandbox.requests()).filter((r) => r.method === 'POST');
    expect(posts).to.have.length(1);
  });

  it('keeps focus on "Add note" while the note saves and after, so Tab goes on from there', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    const input = root.querySelector<HTMLTextAreaElement>('#note-input')!;
    input.focus();
    await sendKeys({ type: 'Fragile: pack with care' });
    const add = root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!;
    add.focus();
    // An answer that takes a moment, so the save is seen under way.
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${SEED_IDS.orders.unallocated}/notes`,
      delayMs: 600,
      times: 1,
    });
    const added = oneEvent(el, 'note-added');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(add.getAttribute('aria-disabled'), 'busy while it saves').to.equal('true');
    expect(root.activeElement === add, 'focus stays on the button while it saves').to.equal(true);
    await added;
    await el.updateComplete;
    expect(root.activeElement === add, 'focus stays on the button once saved').to.equal(true);
    expect(add.getAttribute('aria-disabled')).to.equal('false');
    const posts = (await sandbox.requests()).filter((r) => r.method === 'POST');
    expect(posts).to.have.length(1);
  });

  it('keeps the typed note when saving fails, and Retry saves it', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    await sandbox.fault({
      method: 'POST',
      path: `/orders/${SEED_IDS.orders.unallocated}/notes`,
      status: 500,
      body: 'html',
      times: 1,
    });
    const root = shadow(el);
    const input = root.querySelector<HTMLTextAreaElement>('textarea')!;
    input.value = 'Fragile: double box';
    input.dispatchEvent(new Event('input'));
    root.querySelector<HTMLButtonElement>('[part="add-note-button"]')!.click();
    await oneEvent(el, 'request-error');
    await el.updateComplete;
    const alert = root.querySelector('.notes [role="alert"]')!;
    expect(alert.textContent).to.contain('The note was not saved.');
    expect(input.value).to.equal('Fragile: double box');
    expect([...root.querySelectorAll('.note-text')].map((n) => n.textContent)).not.to.include(
      'Fragile: double box',
    );
    const added = oneEvent(el, 'note-added');
    alert.querySelector('button')!.click();
    await added;
    await el.updateComplete;
    expect([...root.querySelectorAll('.note-text')].map((n) => n.textContent)).to.include(
      'Fragile: double box',
    );
  });

  it('asks for text before sending an empty note', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    shadow(el).querySelector<HTMLButtonElement>('[part="add-note-button"]')!.click();
    await el.updateComplete;
    const textarea = shadow(el).querySelector('textarea')!;
    expect(textarea.getAttribute('aria-invalid')).to.equal('true');
    expect(shadow(el).querySelector('.field-error')!.textContent).to.equal('Write a note first.');
    expect((await sandbox.requests()).filter((r) => r.method === 'POST')).to.have.length(0);
  });

  it('pages the 1,000-line order instead of rendering every row', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.large}></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    expect(root.querySelectorAll('[part="line-items"] tbody tr')).to.have.length(25);
    const pager = root.querySelector('[part="pager"]')!;
    expect(pager.textContent).to.contain(`Items 1–25 of ${LARGE_ORDER_LINE_ITEMS.toLocaleString('en')}`);
    const firstSku = root.querySelector('[part="line-items"] tbody tr td.sku')!.textContent;
    pager.querySelectorAll('button')[1]!.click();
    await el.updateComplete;
    expect(pager.textContent).to.contain('Items 26–50');
    expect(root.querySelector('[part="line-items"] tbody tr td.sku')!.textContent).not.to.equal(firstSku);
  });

  it('lets the keyboard scroll a line item table wider than the card', async () => {
    const order = await client.getOrder(SEED_IDS.orders.unallocated);
    const longSku = 'SKU-'.padEnd(200, 'X');
    const wide = {
      ...order,
      line_items: order.line_items!.map((item) => ({
        ...item,
        sellable: { ...item.sellable, sku_code: longSku },
      })),
    };
    const fresh = createClient({ baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } });
    await sandbox.fault({
      method: 'GET',
      path: `/orders/${SEED_IDS.orders.unallocated}`,
      status: 200,
      body: wide,
    });
    const el = await fixture<OrderCard>(
      html`<order-card
        .client=${fresh}
        order-id=${SEED_IDS.orders.unallocated}
        style="width: 480px"
      ></order-card>`,
    );
    await loaded(el);
    await expect(el).to.be.accessible();
    const region = shadow(el).querySelector<HTMLElement>('.table-scroll')!;
    expect(region.scrollWidth).to.be.greaterThan(region.clientWidth);
    expect(region.tabIndex).to.equal(0);
    expect(region.getAttribute('role')).to.equal('region');
  });

  it('shows the order when put back on the page at once after leaving it mid-load', async () => {
    await sandbox.fault({
      method: 'GET',
      path: `/orders/${SEED_IDS.orders.allocated}`,
      hold: true,
      times: 1,
    });
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.allocated}></order-card>`,
    );
    const parent = el.parentElement!;
    el.remove();
    await Promise.resolve();
    parent.append(el);
    // The first read answers late, after the element is back.
    await sandbox.release();
    await loaded(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('[role="alert"]')).to.equal(null);
    expect(textOf(shadow(el).querySelector('h2'))).to.contain(SEED_ORDER_NUMBERS.allocated);
  });

  function created(el: OrderCard): string {
    return textOf(shadow(el).querySelector('.dates dd'));
  }

  async function card(orderId: number, lang?: string): Promise<OrderCard> {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${orderId} lang=${ifDefined(lang)}></order-card>`,
    );
    await loaded(el);
    return el;
  }

  it('shows an order of the US store in dollars, in English and in French', async () => {
    const el = await card(SEED_IDS.orders.international);
    await expect(el).to.be.accessible();
    const totals = textOf(shadow(el).querySelector('[part="totals"]'));
    expect(totals).to.match(/\$\d/);
    expect(totals).not.to.contain('£');
    const price = textOf(shadow(el).querySelectorAll('[part="line-items"] tbody tr td.num')[1]!);
    expect(price).to.match(/^\$\d+\.\d\d$/);

    el.setAttribute('lang', 'fr');
    await waitFor(() => textOf(shadow(el).querySelector('h2')).includes('Commande'), 'not in French');
    // "12,50 $", not "12,50 $US": the order's own currency needs no country.
    expect(textOf(shadow(el).querySelector('[part="totals"]'))).to.match(/\d,\d\d\s\$/);
    expect(textOf(shadow(el).querySelector('[part="totals"]'))).not.to.contain('US');
  });

  it('shows pounds in French as "£", not "£GB"', async () => {
    const el = await card(SEED_IDS.orders.unallocated, 'fr');
    await expect(el).to.be.accessible();
    const totals = textOf(shadow(el).querySelector('[part="totals"]'));
    expect(totals).to.match(/\d,\d\d\s£/);
    expect(totals).not.to.contain('£GB');
  });

  it('writes dates in the locale of its tree, whatever the order’s currency', async () => {
    const british = /^\d{1,2} [A-Z][a-z]{2} \d{4}/;
    const american = /^[A-Z][a-z]{2} \d{1,2}, \d{4}/;
    const gb = await card(SEED_IDS.orders.unallocated, 'en-GB');
    await expect(gb).to.be.accessible();
    expect(created(gb)).to.match(british);
    // The US store's order under the same lang: British dates too.
    expect(created(await card(SEED_IDS.orders.international, 'en-GB'))).to.match(british);
    // And both in American dates under en-US.
    expect(created(await card(SEED_IDS.orders.unallocated, 'en-US'))).to.match(american);
    expect(created(await card(SEED_IDS.orders.international, 'en-US'))).to.match(american);
    // A bare language takes the page's region.
    document.documentElement.lang = 'en-GB';
    try {
      expect(created(await card(SEED_IDS.orders.international, 'en'))).to.match(british);
    } finally {
      document.documentElement.lang = 'en';
    }
  });

  it('caps a note at 2,000 characters with a counter that speaks up only near the limit', async () => {
    const el = await card(SEED_IDS.orders.unallocated);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    const input = root.querySelector<HTMLTextAreaElement>('#note-input')!;
    const counter = root.querySelector('#note-count')!;
    expect(input.maxLength).to.equal(2000);
    expect(input.getAttribute('aria-describedby')).to.contain('note-count');
    expect(textOf(counter)).to.equal('0 of 2,000 characters');
    expect(counter.getAttribute('aria-live')).to.equal('off');

    input.value = 'x'.repeat(1234);
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(textOf(counter)).to.equal('1,234 of 2,000 characters');
    expect(counter.getAttribute('aria-live')).to.equal('off');

    input.value = 'x'.repeat(1950);
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(textOf(counter)).to.equal('1,950 of 2,000 characters');
    expect(counter.getAttribute('aria-live')).to.equal('polite');
  });

  it('shows a long note clamped with "Show more", whole after it, and the card keeps its width', async () => {
    const long = `${'A long note about packing. '.repeat(180)}end`;
    await client.addOrderNote(SEED_IDS.orders.unallocated, long);
    const el = await fixture<OrderCard>(
      html`<div style="width: 420px">
        <order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>
      </div>`,
    ).then((div) => div.querySelector('order-card')!);
    await loaded(el);
    await expect(el).to.be.accessible();
    const root = shadow(el);
    const note = [...root.querySelectorAll<HTMLElement>('.note-text')].find(
      (node) => node.textContent === long,
    )!;
    const toggle = note.parentElement!.querySelector<HTMLButtonElement>('button')!;
    expect(textOf(toggle)).to.equal('Show more');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(note.id);
    const clamped = note.getBoundingClientRect().height;
    expect(note.scrollHeight).to.be.greaterThan(clamped + 1);
    expect(layoutProblems(el, 'clamped note')).to.deep.equal([]);

    toggle.click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(textOf(toggle)).to.equal('Show less');
    expect(note.getBoundingClientRect().height).to.be.greaterThan(clamped * 3);
    expect(layoutProblems(el, 'whole note')).to.deep.equal([]);
    // A short note has nothing to show more of.
    expect(root.querySelectorAll('.note button')).to.have.length(1);
  });

  it('speaks German under lang="de"', async () => {
    const el = await fixture<OrderCard>(
      html`<div lang="de">
        <order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>
      </div>`,
    ).then((div) => div.querySelector('order-card')!);
    await loaded(el);
    await expect(el).to.be.accessible();
    expect(shadow(el).querySelector('h2')!.textContent).to.contain('Bestellung');
    expect(shadow(el).querySelector('[part="add-note-button"]')!.textContent!.trim()).to.equal(
      'Notiz hinzufügen',
    );
  });

  it('shows the last order only when order-id changes quickly', async () => {
    const el = await fixture<OrderCard>(
      html`<order-card .client=${client} order-id=${SEED_IDS.orders.unallocated}></order-card>`,
    );
    await expect(el).to.be.accessible();
    el.orderId = SEED_IDS.orders.allocated;
    await el.updateComplete;
    el.orderId = SEED_IDS.orders.withNotes;
    await waitFor(
      () => shadow(el).querySelector('h2')?.textContent?.includes(SEED_ORDER_NUMBERS.withNotes),
      'the last order did not show',
    );
    // The earlier loads have ended: each was cancelled, or its answer is in the client's store.
    const ended = (orderId: number) =>
      client.orders.get(orderId) !== undefined ||
      callsTo(sent.calls, 'GET', `${sandbox.baseUrl}/orders/${orderId}`).every(
        (call) => call.signal?.aborted,
      );
    await waitFor(
      () => ended(SEED_IDS.orders.unallocated) && ended(SEED_IDS.orders.allocated),
      'an earlier load did not end',
    );
    await el.updateComplete;
    expect(shadow(el).querySelector('h2')!.textContent).to.contain(SEED_ORDER_NUMBERS.withNotes);
  });
});
