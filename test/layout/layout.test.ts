import '../../src/locales/de.js';
import '../../src/locales/fr.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { setViewport } from '@web/test-runner-commands';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import { OAuthPopup } from '../../src/auth/index.js';
import '../../src/all.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { $, $$, shadow, waitFor } from '../helpers/elements.js';
import { brokenWords, layoutProblems } from '../helpers/layout.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';

/**
 * Every element, in its main states, at the widths it meets (an admin's 240 px side column, a
 * phone, a narrow column, a laptop and a wide screen) and in the languages it speaks: nothing
 * sticks out of its box, no text is cut without an ellipsis, no content hides behind a scroll
 * nobody can reach, no pager breaks in two, and no number, price, date or word breaks across
 * lines where a line could hold it.
 *
 * One sandbox serves every case, and an element is mounted once per state: the widths and
 * languages are changed around it. Long content (notes of one 2,000-character word and of a
 * 2,000-character URL, 1,000 line items, names of 60 characters) is checked at every width in every
 * language; the other states (loaded, loading, an error banner whose API messages carry a long
 * URL) share their CSS with it, so they run at every width in English and at the narrowest in
 * every language. Every state is also placed alone in a flex row, where an element that sizes
 * itself to its container could collapse.
 */

const WIDTHS = [240, 360, 420, 1280, 1600] as const;
const LANGS = ['en', 'de', 'fr'] as const;
const NARROWEST = WIDTHS[0];
const O = SEED_IDS.orders;

type Lang = (typeof LANGS)[number];
type Kind = 'loaded' | 'long' | 'loading' | 'error';

interface Frame {
  width: number;
  lang: Lang;
  /** A flex row instead of a block, as in a page's top bar. */
  flex?: true;
}

function framesFor(kind: Kind): Frame[] {
  const inFlexRow: Frame = { width: 1280, lang: 'en', flex: true };
  if (kind === 'long')
    return [...WIDTHS.flatMap((width) => LANGS.map((lang) => ({ width, lang }))), inFlexRow];
  return [
    ...WIDTHS.map((width) => ({ width, lang: 'en' as const })),
    ...LANGS.filter((lang) => lang !== 'en').map((lang) => ({ width: NARROWEST, lang })),
    inFlexRow,
  ];
}

// Long content

/** 60 characters: the longest names seen in real accounts (products, customers, services). */
const NAME_LENGTH = 60;
const NAME_TAIL = ' Extended Premium Tracked Signature Service Collection Edition';

function longName(name: string): string {
  return `${name}${NAME_TAIL}`.slice(0, NAME_LENGTH).trimEnd().padEnd(NAME_LENGTH, 'x');
}

/** Fields that name things a user reads: products, people, stores, warehouses, carriers, services. */
const NAME_FIELDS = new Set([
  'name',
  'title',
  'full_title',
  'product_title',
  'last_name',
  'company',
  'service_name',
  'carrier_nice_name',
]);

function lengthenNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lengthenNames);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      NAME_FIELDS.has(key) && typeof field === 'string' && field.trim()
        ? longName(field)
        : lengthenNames(field),
    ]),
  );
}

/** The sandbox's answers, with every name made 60 characters long. */
const withLongNames: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(text ? JSON.stringify(lengthenNames(JSON.parse(text))) : null, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

/** An answer that never comes (until the request is cancelled): the loading state. */
const neverAnswers: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  });

const LONG_WORD = 'Lieferadressenänderungsbestätigung'.repeat(60).slice(0, 2000);
const LONG_URL = `https://tracking.example.com/parcel/${'a1b2c3d4e5'.repeat(200)}`.slice(0, 2000);

/** A refusal with long messages, as some endpoints of the API answer. */
const refuses: typeof fetch = async () =>
  new Response(
    JSON.stringify({
      errors: [
        'Die angeforderte Ressource konnte wegen eines Konfigurationsfehlers der Versandeinstellungen nicht verarbeitet werden',
        `See ${LONG_URL.slice(0, 300)}`,
      ],
    }),
    { status: 422, headers: { 'content-type': 'application/json' } },
  );

// Mounting

/** Waits until `test` holds for the element, failing with what the element was waiting for. */
async function until(el: HTMLElement, test: () => unknown, what: string): Promise<void> {
  await waitFor(test, `<${el.localName}>: ${what}`);
}

async function mount<T extends HTMLElement>(template: TemplateResult, tag: string): Promise<T> {
  const frame = await fixture<HTMLDivElement>(html`<div class="frame" lang="en">${template}</div>`);
  const el = frame.querySelector<T>(tag);
  if (!el) throw new Error(`No <${tag}> mounted`);
  return el;
}

/** Puts the element's container at a width and language and waits for the element to render in it. */
async function frameAt(el: HTMLElement, { width, lang, flex }: Frame): Promise<void> {
  const frame = el.parentElement!;
  frame.style.width = `${width}px`;
  frame.style.display = flex ? 'flex' : 'block';
  if (frame.lang !== lang) {
    frame.lang = lang;
    // The language is heard through a mutation observer, then rendered.
    await new Promise((resolve) => setTimeout(resolve));
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  }
}

/** What else a state must show at every width: lines naming what it does not. */
type Expectation = (el: HTMLElement, where: string) => string[];

async function check(el: HTMLElement, state: string, kind: Kind, expectation?: Expectation): Promise<void> {
  await expect(el).to.be.accessible();
  const problems: string[] = [];
  for (const frame of framesFor(kind)) {
    await frameAt(el, frame);
    const where = `${state} at ${frame.width} px${frame.flex ? ' in a flex row' : ''}, lang ${frame.lang}`;
    const found = [
      ...layoutProblems(el, where),
      ...brokenWords(el, where),
      ...(expectation?.(el, where) ?? []),
    ];
    problems.push(...found);
  }
  expect(problems.length, `\n${problems.join('\n')}\n`).to.equal(0);
}

/** The distinct lines a node's text is laid out on. */
function linesOf(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)))
    .size;
}

/** Text as shown: white space folded, no-break spaces as spaces. */
function folded(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * order-card: each line item's "Edit product …" is one compact control on one line, at least
 * 24 × 24 px, named for its product.
 */
const compactEditButtons: Expectation = (el, where) =>
  $$(el, '[part="edit-product-button"]').flatMap((edit) => {
    const { width, height } = edit.getBoundingClientRect();
    const name = edit.getAttribute('aria-label') ?? '';
    const problems: string[] = [];
    if (linesOf(edit) !== 1)
      problems.push(`"${folded(edit.textContent ?? '')}" takes ${linesOf(edit)} lines`);
    if (width < 24 || height < 24)
      problems.push(`"${name}" is ${Math.round(width)} × ${Math.round(height)} px`);
    // Speech input users say what they see: the name holds the visible word.
    if (!name.toLowerCase().includes(folded(edit.textContent ?? '').toLowerCase()))
      problems.push(`"${name}" does not hold its visible word`);
    return problems.map((problem) => `${where}: <order-card> edit-product-button ${problem}`);
  });

/**
 * listing-linker: a column the table hides where it is narrow still shows each row's value, with
 * the column's name beside it.
 */
const hiddenColumnsShown: Expectation = (el, where) => {
  const headers = $$(el, '[part="listings-table"] thead th');
  return $$<HTMLTableRowElement>(el, '[part="listings-table"] tbody tr').flatMap((row) =>
    [...row.cells].flatMap((cell, index) => {
      if (cell.getClientRects().length > 0) return [];
      const header = folded(headers[index]?.textContent ?? '');
      const value = folded(cell.textContent ?? '');
      const shown = folded(row.innerText);
      return shown.includes(header) && shown.includes(value)
        ? []
        : [
            `${where}: <listing-linker> hides "${header}: ${value}" of row "${folded(row.cells[0]?.innerText ?? '')}"`,
          ];
    }),
  );
};

/**
 * label-batch: each row shows the delivery of its chosen rate beside its select (which a narrow
 * row cuts off), and its total takes a line per currency at most.
 */
const ratesShown: Expectation = (el, where) => {
  const problems = $$<HTMLSelectElement>(el, '[part="rate-select"]').flatMap((select) => {
    // The option ends with its delivery: "…, £4.91, delivery by 30 Nov 2026".
    const chosen = folded(select.selectedOptions[0]?.textContent ?? '').toLowerCase();
    const row = select.closest('tr')!;
    const beside = [...row.querySelectorAll<HTMLElement>('td > :not(select)')].map((node) =>
      folded(node.innerText).toLowerCase(),
    );
    return beside.some((text) => text && chosen.endsWith(text))
      ? []
      : [`${where}: <label-batch> row ${row.dataset['order']} shows no delivery of "${chosen}" beside it`];
  });
  const total = $(el, '[part="total"] td.num');
  const currencies = $$(el, '[part="total"] .amount').length;
  if (total && linesOf(total) > currencies)
    problems.push(
      `${where}: <label-batch> total "${folded(total.innerText)}" of ${currencies} currencies takes ${linesOf(total)} lines`,
    );
  return problems;
};

describe('layout: every element fits the width it is given', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let longClient: OpsClient;
  let pendingClient: OpsClient;
  let failingClient: OpsClient;

  before(async () => {
    await setViewport({ width: 1700, height: 1000 });
    sandbox = createTestSandbox();
    const options = { baseUrl: sandbox.baseUrl, credentials: { apiKey: sandbox.apiKey } };
    client = createClient(options);
    longClient = createClient({ ...options, fetch: withLongNames });
    pendingClient = createClient({ ...options, fetch: neverAnswers });
    failingClient = createClient({ ...options, fetch: refuses });
    await client.addOrderNote(O.large, LONG_WORD);
    await client.addOrderNote(O.large, `Tracking: ${LONG_URL}`);
  });

  after(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  describe('order-card', () => {
    const ready = (el: HTMLElement) => until(el, () => $(el, 'h2'), 'the order did not render');

    it('a shipped order', async () => {
      const el = await mount(
        html`<order-card .client=${client} order-id=${O.shipped}></order-card>`,
        'order-card',
      );
      await ready(el);
      await check(el, 'order-card, shipped order', 'loaded', compactEditButtons);
    });

    it('1,000 line items, 60-character names, a note of a 2,000-character word and one of a URL', async () => {
      const el = await mount(
        html`<order-card .client=${longClient} order-id=${O.large}></order-card>`,
        'order-card',
      );
      await until(el, () => $$(el, '.note-text').length >= 2, 'the notes did not render');
      await check(el, 'order-card, long content', 'long', compactEditButtons);
    });

    it('loading', async () => {
      const el = await mount(
        html`<order-card .client=${pendingClient} order-id=${O.large}></order-card>`,
        'order-card',
      );
      await until(el, () => $(el, '[part="loading"]'), 'no loading state');
      await check(el, 'order-card, loading', 'loading');
    });

    it('an error banner', async () => {
      const el = await mount(
        html`<order-card .client=${failingClient} order-id=${O.large}></order-card>`,
        'order-card',
      );
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'order-card, error', 'error');
    });
  });

  describe('order-list', () => {
    const rows = (el: HTMLElement) => until(el, () => $(el, '[part="rows"]'), 'no orders listed');

    it('a page of orders, selectable', async () => {
      const el = await mount(
        html`<order-list .client=${client} selectable page-size="10"></order-list>`,
        'order-list',
      );
      await rows(el);
      await check(el, 'order-list, orders', 'loaded');
    });

    it('60-character customer names', async () => {
      const el = await mount(html`<order-list .client=${longClient} selectable></order-list>`, 'order-list');
      await rows(el);
      await check(el, 'order-list, long names', 'long');
    });

    it('loading', async () => {
      const el = await mount(html`<order-list .client=${pendingClient}></order-list>`, 'order-list');
      await until(el, () => $(el, '[part="loading"]'), 'no loading state');
      await check(el, 'order-list, loading', 'loading');
    });

    it('an error banner', async () => {
      const el = await mount(html`<order-list .client=${failingClient}></order-list>`, 'order-list');
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'order-list, error', 'error');
    });
  });

  describe('allocation-form', () => {
    const form = (el: HTMLElement) =>
      until(el, () => $(el, '[part="warehouse-select"]'), 'no allocation form');

    it('an order partly allocated', async () => {
      const el = await mount(
        html`<allocation-form .client=${client} order-id=${O.partlyAllocated}></allocation-form>`,
        'allocation-form',
      );
      await form(el);
      await check(el, 'allocation-form, partly allocated', 'loaded');
    });

    it('60-character product and warehouse names, a stock correction open', async () => {
      const el = await mount(
        html`<allocation-form .client=${longClient} order-id=${O.unallocated}></allocation-form>`,
        'allocation-form',
      );
      await form(el);
      $(el, '[part="adjust-stock-button"]')?.click();
      await check(el, 'allocation-form, long names', 'long');
    });

    it('loading', async () => {
      const el = await mount(
        html`<allocation-form .client=${pendingClient} order-id=${O.unallocated}></allocation-form>`,
        'allocation-form',
      );
      await until(el, () => $(el, '[part="loading"]'), 'no loading state');
      await check(el, 'allocation-form, loading', 'loading');
    });

    it('an error banner', async () => {
      const el = await mount(
        html`<allocation-form .client=${failingClient} order-id=${O.unallocated}></allocation-form>`,
        'allocation-form',
      );
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'allocation-form, error', 'error');
    });
  });

  describe('rate-picker and label-downloader', () => {
    async function quoted(api: OpsClient): Promise<HTMLElement> {
      const el = await mount(
        html`<rate-picker id="picker" .client=${api} order-id=${O.allocated}></rate-picker>`,
        'rate-picker',
      );
      await until(el, () => $(el, '[part="get-rates-button"]'), 'no parcel form');
      $(el, '[part="get-rates-button"]')!.click();
      await until(el, () => $(el, '[part="rate"] input'), 'no quotes');
      const chosen = oneEvent(el, 'rate-selected');
      $(el, '[part="rate"] input')!.click();
      await chosen;
      return el;
    }

    it('rate-picker: quotes, one chosen', async () => {
      const el = await quoted(client);
      await check(el, 'rate-picker, quotes', 'loaded');
    });

    it('rate-picker: 60-character carrier, service and address names', async () => {
      const el = await quoted(longClient);
      await check(el, 'rate-picker, long names', 'long');
    });

    it('rate-picker: loading', async () => {
      const el = await mount(
        html`<rate-picker .client=${pendingClient} order-id=${O.allocated}></rate-picker>`,
        'rate-picker',
      );
      await until(el, () => $(el, '[part="loading"]'), 'no loading state');
      await check(el, 'rate-picker, loading', 'loading');
    });

    it('rate-picker: an error banner', async () => {
      const el = await mount(
        html`<rate-picker .client=${failingClient} order-id=${O.allocated}></rate-picker>`,
        'rate-picker',
      );
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'rate-picker, error', 'error');
    });

    /** A downloader following a picker that has a quote chosen; the picker stays out of sight. */
    async function downloader(api: OpsClient): Promise<HTMLElement> {
      const picker = await quoted(longClient);
      picker.hidden = true;
      const el = document.createElement('label-downloader');
      el.client = api;
      el.setAttribute('for', 'picker');
      el.setAttribute('label-storage', 'none');
      picker.after(el);
      await until(el, () => $(el, '[part="buy-button"]'), 'no "Buy label"');
      return el;
    }

    it('label-downloader: buying', async () => {
      const el = await downloader(pendingClient);
      $(el, '[part="buy-button"]')!.click();
      await until(el, () => $(el, '[part="loading"]'), 'no progress while buying');
      await check(el, 'label-downloader, buying', 'loading');
    });

    it('label-downloader: refused', async () => {
      const el = await downloader(failingClient);
      $(el, '[part="buy-button"]')!.click();
      await until(el, () => $(el, '[part="error"], [part="failure"]'), 'no failure shown');
      await check(el, 'label-downloader, refused', 'error');
    });

    // Last: it buys the order's label, and the order is shipped after it.
    it('label-downloader: a 60-character service ready to buy, then bought', async () => {
      const el = await downloader(longClient);
      await check(el, 'label-downloader, long names', 'long');
      $(el, '[part="buy-button"]')!.click();
      await until(el, () => $(el, '[part="result"]'), 'no label bought');
      await check(el, 'label-downloader, bought', 'loaded');
    });
  });

  describe('label-batch', () => {
    const ORDERS = [O.allocated, O.partlyAllocated, O.shipped, O.unallocated, O.international].join(',');
    const table = (el: HTMLElement) =>
      until(
        el,
        () => $(el, '[part="rate-select"]') && !shadow(el).querySelector('[part="progress"] .loading'),
        'no rates table',
      );

    it('rates for several orders, some that cannot ship', async () => {
      const el = await mount(
        html`<label-batch .client=${client} order-ids=${ORDERS}></label-batch>`,
        'label-batch',
      );
      await table(el);
      await check(el, 'label-batch, rates', 'loaded', ratesShown);
    });

    it('60-character service, carrier and customer names', async () => {
      const el = await mount(
        html`<label-batch .client=${longClient} order-ids=${ORDERS}></label-batch>`,
        'label-batch',
      );
      await table(el);
      await check(el, 'label-batch, long names', 'long', ratesShown);
    });

    it('loading', async () => {
      const el = await mount(
        html`<label-batch .client=${pendingClient} order-ids=${ORDERS}></label-batch>`,
        'label-batch',
      );
      await until(el, () => $(el, '[part="progress"] .loading'), 'no progress');
      await check(el, 'label-batch, loading', 'loading');
    });

    it('errors', async () => {
      const el = await mount(
        html`<label-batch .client=${failingClient} order-ids=${ORDERS}></label-batch>`,
        'label-batch',
      );
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'label-batch, errors', 'error');
    });
  });

  describe('listing-linker', () => {
    const listed = (el: HTMLElement) => until(el, () => $(el, '[part="listings-table"]'), 'no listings');

    it('a store with listings', async () => {
      const el = await mount(
        html`<listing-linker
          .client=${client}
          channel-id=${SEED_IDS.channels.makersMarket}
        ></listing-linker>`,
        'listing-linker',
      );
      await listed(el);
      await check(el, 'listing-linker, listings', 'loaded', hiddenColumnsShown);
    });

    it('60-character store and product names', async () => {
      const el = await mount(html`<listing-linker .client=${longClient}></listing-linker>`, 'listing-linker');
      await until(el, () => $(el, '[part="store-select"]'), 'no store select');
      await listed(el);
      await check(el, 'listing-linker, long names', 'long', hiddenColumnsShown);
    });

    it('loading', async () => {
      const el = await mount(
        html`<listing-linker .client=${pendingClient}></listing-linker>`,
        'listing-linker',
      );
      await until(el, () => $(el, '[part="loading"]'), 'no loading state');
      await check(el, 'listing-linker, loading', 'loading');
    });

    it('an error banner', async () => {
      const el = await mount(
        html`<listing-linker .client=${failingClient}></listing-linker>`,
        'listing-linker',
      );
      await until(el, () => $(el, '[part="error"]'), 'no error banner');
      await check(el, 'listing-linker, error', 'error');
    });
  });

  describe('connect-account', () => {
    const popupFor = (storage: 'memory' | 'session') =>
      new OAuthPopup({
        authUrl: `${location.origin}/sandbox/oauth`,
        clientId: SANDBOX_CREDENTIALS.clientId,
        redirectUri: `${location.origin}/demo/oauth-callback.html`,
        exchange: async () => ({ access_token: SANDBOX_CREDENTIALS.accessToken }),
        storage,
      });

    it('not connected', async () => {
      const el = await mount(
        html`<connect-account .popup=${popupFor('memory')}></connect-account>`,
        'connect-account',
      );
      await until(el, () => $(el, '[part="connect-button"]'), 'no "Connect account"');
      await check(el, 'connect-account, not connected', 'loaded');
    });

    it('connected', async () => {
      const key = `commerce-ops-oauth:token:${SANDBOX_CREDENTIALS.clientId}`;
      sessionStorage.setItem(key, SANDBOX_CREDENTIALS.accessToken);
      try {
        const popup = popupFor('session');
        const el = await mount(html`<connect-account .popup=${popup}></connect-account>`, 'connect-account');
        await until(el, () => $(el, '[part="disconnect-button"]'), 'not connected');
        await check(el, 'connect-account, connected', 'loaded');
        popup.signOut();
      } finally {
        sessionStorage.removeItem(key);
      }
    });

    it('the popup blocked, with the sign-in link', async () => {
      const open = window.open;
      window.open = () => null;
      try {
        const el = await mount(
          html`<connect-account .popup=${popupFor('memory')}></connect-account>`,
          'connect-account',
        );
        $(el, '[part="connect-button"]')!.click();
        await until(el, () => $(el, '[part="sign-in-link"]'), 'no sign-in link');
        await check(el, 'connect-account, popup blocked', 'long');
      } finally {
        window.open = open;
      }
    });
  });

  describe('product-editor and ship-order', () => {
    const form = (el: HTMLElement) => until(el, () => $(el, 'form'), 'the editor did not load');

    it('product-editor: a bundle with its component quantities', async () => {
      const el = await mount(
        html`<product-editor
          .client=${client}
          order-id=${O.customsMissing}
          sellable-id=${SEED_IDS.kits.kitchenStarter}
        ></product-editor>`,
        'product-editor',
      );
      await form(el);
      await check(el, 'product-editor, bundle', 'loaded');
    });

    it('product-editor: 60-character names', async () => {
      const el = await mount(
        html`<product-editor
          .client=${longClient}
          order-id=${O.customsMissing}
          sellable-id=${SEED_IDS.sellables.apronNatural}
        ></product-editor>`,
        'product-editor',
      );
      await form(el);
      await check(el, 'product-editor, long names', 'long');
    });

    it('ship-order: the checks of an international order, one fix open', async () => {
      const el = await mount(
        html`<ship-order .client=${client} order-id=${O.customsMissing}></ship-order>`,
        'ship-order',
      );
      await until(el, () => $(el, '[part="fix-button"]'), 'no checks');
      $(el, '[part="fix-button"]')!.click();
      await until(
        el,
        () => $(el, 'product-editor')?.shadowRoot?.querySelector('form'),
        'the fix did not open',
      );
      await check(el, 'ship-order, checks with a fix open', 'loaded');
    });

    it('ship-order: items still to allocate, with why, beside "Ship the allocated items"', async () => {
      const el = await mount(
        html`<ship-order .client=${client} order-id=${O.partlyAllocated}></ship-order>`,
        'ship-order',
      );
      await until(el, () => $(el, '[part="unallocated"]'), 'no items to allocate');
      await until(el, () => $(el, '[part="ship-allocated-button"]'), 'no "Ship the allocated items"');
      await until(
        el,
        () => $(el, 'allocation-form')?.shadowRoot?.querySelector('form'),
        'the allocation did not load',
      );
      await check(el, 'ship-order, partly allocated', 'loaded');
      $(el, '[part="ship-allocated-button"]')!.click();
      await until(el, () => $(el, '[part="split-note"]'), 'no rates for the allocated items');
      await check(el, 'ship-order, the allocated items to ship', 'loaded');
    });
  });
});
