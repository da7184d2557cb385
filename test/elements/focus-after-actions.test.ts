/**
 * Where focus is once an action of an element has done its work: on the control pressed, on what
 * replaced it, or on what the action came to, inside the element and shown; never the page.
 *
 * The index of every such check. Those asserted elsewhere, and not again here:
 *
 * - order-card, "Add note": order-card/order-card.test.ts, 'keeps focus on "Add note" while the note saves and
 *   after, so Tab goes on from there'.
 * - order-card, "Save customer": order-card/editors.test.ts, "saves a customer's phone once; every
 *   card of the order shows it without reading the order again" (back on "Edit customer").
 * - order-card, "Save customer" refused (422): order-card/editors.test.ts, "shows a 422 at its field
 *   in the API's words and keeps what was typed" (the field in error).
 * - order-card, customer "Cancel": order-card/editors.test.ts, 'checks the email before sending, and
 *   Cancel closes unchanged with focus back on "Edit customer"'.
 * - order-card, "Save delivery method": order-card/editors.test.ts, 'saves a delivery method: warned
 *   first, every stored order with that method shows the new name and cost'.
 * - order-card, "Edit product …" and its "Close": order-card/editors.test.ts, '"Edit product <title>"
 *   opens a product-editor under the items; a saved weight reaches the card; "Close" gives focus back'.
 * - product-editor, "Save product": product-editor/product-editor.test.ts, 'sets a weight from an order line: one
 *   PUT /products/{id} with weight_grams as a number, and the order everywhere has it'; refused:
 *   'checks numbers, the country code and quantities before sending anything', 'shows a 422 at its
 *   field and keeps what was typed'.
 * - allocation-form, an allocation of the whole order: allocation-form/allocation-form.test.ts, 'allocates the whole
 *   order: the result, the event, the allocation and the stock left'; of part of it:
 *   ship-order/split.test.ts, 'after an allocation of part of the order, focus is on what it did, and
 *   the way on is next'; refused: allocation-form/allocation-form.test.ts, 'wants whole numbers', 'wants at least
 *   one quantity above zero'.
 * - allocation-form, "Remove" and its "Cancel": allocation-form/allocation-form.test.ts, 'removes an allocation
 *   after an inline confirmation; Cancel keeps it'; a failed removal and Retry: 'keeps the allocation
 *   when removing fails and Retry removes it'.
 * - allocation-form, "Adjust stock for …", "Save stock" and Escape: allocation-form/stock.test.ts,
 *   'creates the stock entry of an item the warehouse does not stock, and the line is allocated in
 *   place', 'saves the stock level: numbers in the PUT, the event, and the stock shown follows',
 *   'works from the keyboard: Escape closes and returns focus, Enter in the field saves', 'shows a
 *   422 at the field and keeps what was typed'.
 * - rate-picker, "Get rates" and Retry: rate-picker/rate-picker.test.ts, 'moves focus from "Get rates" to the
 *   first quote once the rates arrive, and to Retry after a failure'; rates again: 'gives focus to
 *   the chosen quote when Get rates answers again, and to the notice when no carrier quotes'; rates
 *   asked for from elsewhere: 'leaves focus where it is when rates asked for from elsewhere fail'.
 * - label-downloader, "Buy label": label-downloader/label-downloader.test.ts, 'moves focus from "Buy label" to what
 *   the purchase came to'; "Get new rates": 'will not buy an expired quote, and Get new rates
 *   refreshes the followed picker and focuses Buy label'; "Buy label" after a maybe-bought answer:
 *   'locks a shipment after a booking 500, reads the order again, and books anew only when
 *   confirmed'; "Read the order again": 'keeps focus on the warning when "Read the order again" is
 *   pressed'.
 * - label-batch, "Buy labels": label-batch/label-batch.test.ts, 'after Buy labels, focus goes to "Download
 *   labels", Tab goes on from there, and a status region there before says what was bought'; "Buy
 *   labels" again after a maybe-bought answer: 'reads each booked order again once, and locks an
 *   order the answer left out until the user confirms'; "Read … again": 'keeps focus in the row
 *   when "Read … again" goes while the order is read'; a row's new rates: 'offers new rates for an
 *   expired quote and asks again only for the row the user names'.
 * - listing-linker, "Create store", its "Cancel" and Escape: listing-linker/store-creation.test.ts,
 *   'saves a custom_integration store, chooses it in "Store" and focuses the select', '"Cancel" and
 *   Escape close the form, drop what was typed and return focus to "Create store"'; "Link listing"
 *   refused: listing-linker/listing-linker.test.ts, 'checks the input at the fields before sending anything', 'shows
 *   a 422 at the field its pointer names and keeps what was typed'.
 * - order-list, search and the arrow keys: order-list/order-list.test.ts, 'chooses the one order whose number is
 *   scanned or typed into "Search orders" with Enter', 'moves between orders with the arrow keys,
 *   Home and End, and chooses one with Enter'.
 * - pack-check, "Dismiss": pack-check/pack-check.test.ts, 'refuses an item already scanned in full, without
 *   counting it; "Dismiss" clears the words and returns to the field'; a code typed or scanned:
 *   'lists the items with what is expected and counts a code typed into its field', 'with
 *   listen="page", takes a burst ending in Tab, and focus stays where it was'.
 * - connect-account, every button: connect-account/connect-account.test.ts, 'connects: Connect account, Approve in
 *   the popup, "Connected", and the default client carries the token', 'Cancel closes the popup and
 *   returns to Connect account without an error', 'Disconnect signs out and puts the default client
 *   back without credentials', "when who is connected cannot be read: Connected, the API's words and
 *   Retry; Retry shows who and announces it", 'Disconnect still works while who is connected cannot
 *   be read, and focus goes to Connect account'.
 * - ship-order, its fix buttons, "Close", the rates and the label: ship-order/ship-order.test.ts and
 *   ship-order/split.test.ts (the stock fix, "Ship the allocated items", and the label of the
 *   allocated items keeping focus while the rest is allocated).
 * - Every Print button where the browser prints the PDF (a hidden frame, focus kept on the button):
 *   test/print/printing.test.ts, in headed Chromium.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { OpsClient } from '../../src/api/index.js';
import '../../src/allocation-form.js';
import type { AllocationForm } from '../../src/allocation-form.js';
import '../../src/label-batch.js';
import type { LabelBatch } from '../../src/label-batch.js';
import type { LabelDownloader } from '../../src/label-downloader.js';
import '../../src/listing-linker.js';
import type { ListingLinker } from '../../src/listing-linker.js';
import '../../src/order-card.js';
import type { OrderCard } from '../../src/order-card.js';
import '../../src/order-list.js';
import type { OrderList } from '../../src/order-list.js';
import '../../src/pack-check.js';
import type { PackCheck } from '../../src/pack-check.js';
import '../../src/product-editor.js';
import type { ProductEditor } from '../../src/product-editor.js';
import { SEED_IDS, SEED_ORDER_NUMBERS } from '../../src/sandbox/seed-ids.js';
import { chooseWarehouse, render as renderAllocationForm } from '../helpers/allocation-form.js';
import {
  $,
  $$,
  button,
  labelled,
  shadow,
  textOf,
  typeInto,
  waitFor,
  waitForValue,
} from '../helpers/elements.js';
import { captureDownloads } from '../helpers/downloads.js';
import type { DownloadCapture } from '../helpers/downloads.js';
import { createTestSandbox, recordedClient } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import {
  buyButton,
  chooseRate,
  expectFocus,
  focusIn,
  rateRows,
  renderChosen,
  renderPair,
} from '../helpers/shipping.js';

const O = SEED_IDS.orders;
const S = SEED_IDS.sellables;
const W = SEED_IDS.warehouses;

/** Presses `control` as a keyboard user does: focus on it, then Enter. */
async function press(control: HTMLElement): Promise<void> {
  control.focus();
  await sendKeys({ press: 'Enter' });
}

/** Waits until `target` has focus in the element's shadow root, then checks it is shown. */
async function focusSettlesOn(
  el: Element,
  target: () => Element | null | undefined,
  what: string,
): Promise<void> {
  await waitFor(
    () => {
      const wanted = target();
      return wanted && shadow(el).activeElement === wanted;
    },
    `${what} did not get focus (focus is on ${focusIn(el)})`,
  );
  expectFocus(el, target(), what);
  const box = target()!.getBoundingClientRect();
  expect(box.width > 0 && box.height > 0, `${what} is shown`).to.equal(true);
}

describe('focus after each action', () => {
  let sandbox: TestSandbox;
  let client: OpsClient;
  let downloads: DownloadCapture | undefined;

  beforeEach(() => {
    sandbox = createTestSandbox();
    ({ client } = recordedClient(sandbox, { appToken: sandbox.appToken }));
  });

  afterEach(() => {
    downloads?.restore();
    downloads = undefined;
  });

  /** Presses "Download label(s)" of an element with a bought label: the file is saved, focus stays. */
  async function downloadKeepsFocus(el: HTMLElement, what: string): Promise<void> {
    await expect(el).to.be.accessible();
    downloads = captureDownloads();
    await press($(el, '[part="download-button"]')!);
    await waitFor(() => downloads!.saved.length === 1, 'nothing was saved');
    await focusSettlesOn(el, () => $(el, '[part="download-button"]'), what);
  }

  /**
   * Presses "Print label(s)" of an element with a bought label: where the browser shows PDFs, a
   * print frame; elsewhere the file is saved and `notice` says so. Focus stays on the button.
   */
  async function printKeepsFocus(el: HTMLElement, name: string, notice: RegExp): Promise<void> {
    await expect(el).to.be.accessible();
    downloads = captureDownloads();
    const print = () => $(el, '[part="print-button"]');
    expect(textOf(print())).to.equal(name);
    await press(print()!);
    if (navigator.pdfViewerEnabled) {
      // The print dialog comes from a hidden frame; the button keeps focus as it appears. (What
      // follows, the dialog itself, blocks a headless Firefox page: no test waits for it.)
      await waitFor(() => $(el, 'iframe.print-frame'), 'no print frame');
    } else {
      await waitFor(() => downloads!.saved.length === 1, 'the file to print was not saved');
      await waitFor(() => textOf($(el, '[part="file-notice"]')) !== '', 'nothing said what happened');
      expect(textOf($(el, '[part="file-notice"]'))).to.match(notice);
    }
    await focusSettlesOn(el, print, `"${name}"`);
    await expect(el).to.be.accessible();
  }

  describe('order-card', () => {
    async function card(orderId: number): Promise<OrderCard> {
      const el = await fixture<OrderCard>(
        html`<order-card .client=${client} order-id=${orderId}></order-card>`,
      );
      await waitFor(() => $(el, 'h2'), 'the order did not render');
      return el;
    }

    it('delivery method "Cancel": focus is back on "Edit delivery method"', async () => {
      const el = await card(O.withNotes);
      await expect(el).to.be.accessible();
      await press(button(el, 'Edit delivery method'));
      await focusSettlesOn(el, () => $(el, '#method-name'), '"Delivery method name"');
      typeInto(labelled(el, 'Delivery cost'), '9');
      await press(button(el, 'Cancel'));
      await focusSettlesOn(el, () => $(el, '#edit-delivery-method'), '"Edit delivery method"');
      expect($(el, '[part="delivery-method-editor"]'), 'the editor closed').to.equal(null);
    });

    it('"Retry" after a failed load: focus is on the order\'s heading once it shows', async () => {
      await sandbox.fault({ method: 'GET', path: `/orders/${O.unallocated}`, status: 404, times: 1 });
      const el = await fixture<OrderCard>(
        html`<order-card .client=${client} order-id=${O.unallocated}></order-card>`,
      );
      await waitFor(() => $(el, '[part="retry-button"]'), 'no Retry');
      await expect(el).to.be.accessible();
      await press($(el, '[part="retry-button"]')!);
      await focusSettlesOn(el, () => $(el, 'h2'), 'the order heading');
      expect(textOf($(el, 'h2'))).to.contain(SEED_ORDER_NUMBERS.unallocated);
    });
  });

  describe('product-editor', () => {
    it('"Cancel": focus stays on "Cancel", and the fields are back to their saved values', async () => {
      const el = await fixture<ProductEditor>(
        html`<product-editor
          .client=${client}
          order-id=${O.customsMissing}
          sellable-id=${S.apronNatural}
        ></product-editor>`,
      );
      await waitFor(() => $(el, 'form'), 'the editor did not load');
      await expect(el).to.be.accessible();
      const sku = labelled(el, 'SKU');
      const saved = sku.value;
      typeInto(sku, 'CHANGED-SKU');
      await press(button(el, 'Cancel'));
      await el.updateComplete;
      await focusSettlesOn(el, () => $(el, '[part="cancel-button"]'), '"Cancel"');
      expect(labelled(el, 'SKU').value).to.equal(saved);
    });
  });

  describe('allocation-form', () => {
    it('stock editor "Cancel": focus is back on "Adjust stock for …"', async () => {
      const el: AllocationForm = await renderAllocationForm(client, O.international);
      await chooseWarehouse(el, W.manchester);
      await expect(el).to.be.accessible();
      const adjust = () => $(el, '[part="adjust-stock-button"]');
      await press(adjust()!);
      await focusSettlesOn(el, () => $(el, '[part="stock-level-input"]'), '"Stock level"');
      await press($(el, '[part="cancel-stock-button"]')!);
      await focusSettlesOn(el, adjust, '"Adjust stock for …"');
      expect($(el, '[part="stock-editor"]'), 'the editor closed').to.equal(null);
    });
  });

  describe('rate-picker', () => {
    it('choosing a rate with the arrow keys: focus is on the rate chosen', async () => {
      const { picker, downloader } = await renderPair(client, O.allocated);
      await chooseRate(picker, 'Parcelway Standard');
      await expect(picker).to.be.accessible();
      const chosen = rateRows(picker).findIndex((row) => row.querySelector('input')!.checked);
      rateRows(picker)[chosen]!.querySelector('input')!.focus();
      const selected = oneEvent(picker, 'rate-selected');
      await sendKeys({ press: 'ArrowDown' });
      await selected;
      await downloader.updateComplete;
      await picker.updateComplete;
      const next = () => rateRows(picker)[(chosen + 1) % rateRows(picker).length]!.querySelector('input');
      await focusSettlesOn(picker, next, 'the rate chosen');
      expect(next()!.checked, 'the rate with focus is the one chosen').to.equal(true);
    });
  });

  describe('label-downloader', () => {
    async function bought(): Promise<LabelDownloader> {
      const { downloader } = await renderChosen(client, O.allocated);
      const purchased = oneEvent(downloader, 'label-purchased');
      buyButton(downloader)!.click();
      await purchased;
      await downloader.updateComplete;
      return downloader;
    }

    it('"Download label": focus stays on "Download label"', async () => {
      await downloadKeepsFocus(await bought(), '"Download label"');
    });

    it('"Print label": focus stays on "Print label", and the element says what became of the print', async () => {
      await printKeepsFocus(
        await bought(),
        'Print label',
        /^This browser cannot print from the page, so the label was saved as label-.+\.pdf: print it from your PDF reader\.$/,
      );
    });
  });

  describe('label-batch', () => {
    async function boughtBatch(): Promise<LabelBatch> {
      const el = await fixture<LabelBatch>(
        html`<label-batch
          .client=${client}
          order-ids=${String(O.allocated)}
          label-format="PDF"
        ></label-batch>`,
      );
      await waitFor(() => $(el, '[part="buy-button"]'), 'the batch did not load');
      const purchased = oneEvent(el, 'labels-purchased');
      $(el, '[part="buy-button"]')!.click();
      await purchased;
      await waitFor(() => $(el, '[part="download-button"]'), 'no "Download labels"');
      return el;
    }

    it('"Download labels": focus stays on "Download labels"', async () => {
      await downloadKeepsFocus(await boughtBatch(), '"Download labels"');
    });

    it('"Print labels": focus stays on "Print labels", and the element says what became of the print', async () => {
      await printKeepsFocus(
        await boughtBatch(),
        'Print labels',
        /^This browser cannot print from the page, so the labels were saved as labels-.+\.pdf: print them from your PDF reader\.$/,
      );
    });
  });

  describe('listing-linker', () => {
    async function linker(pageSize?: number): Promise<ListingLinker> {
      const el = await fixture<ListingLinker>(
        html`<listing-linker
          .client=${client}
          channel-id=${SEED_IDS.channels.makersMarket}
          page-size=${pageSize ?? 25}
        ></listing-linker>`,
      );
      await waitFor(() => $(el, '[part="listings-table"][aria-busy="false"]'), 'the listings did not show');
      return el;
    }

    it('"Link listing": focus stays on "Link listing" while it links and after, beside what it linked', async () => {
      const el = await linker();
      await expect(el).to.be.accessible();
      typeInto(labelled(el, 'Remote SKU'), 'MM-FOCUS-01');
      const linked = oneEvent(el, 'listing-linked');
      await press(button(el, 'Link listing'));
      await linked;
      await waitFor(() => $(el, '[part="notice"]'), 'nothing said what was linked');
      await focusSettlesOn(el, () => $(el, '[part="link-button"]'), '"Link listing"');
    });

    it('"Retry" after a failed link: focus goes to "Link listing", busy while it links again', async () => {
      const el = await linker();
      await expect(el).to.be.accessible();
      await sandbox.fault({ method: 'POST', path: '/api/v2/channel_sellables', status: 503, times: 1 });
      typeInto(labelled(el, 'Remote SKU'), 'MM-FOCUS-02');
      await press(button(el, 'Link listing'));
      const retry = await waitForValue(() => $<HTMLButtonElement>(el, '[part="retry-button"]'), 'no Retry');
      const linked = oneEvent(el, 'listing-linked');
      await press(retry);
      await linked;
      await focusSettlesOn(el, () => $(el, '[part="link-button"]'), '"Link listing"');
    });

    it('"Next page" to the last page and "Previous page" to the first: focus stays on the button pressed', async () => {
      for (let n = 1; n <= 10; n += 1) {
        await client.createChannelSellable({
          channel_id: SEED_IDS.channels.makersMarket,
          remote_sku: `MM-PAGE-${String(n).padStart(2, '0')}`,
          autolink: true,
        });
      }
      const el = await linker(10);
      await expect(el).to.be.accessible();
      const position = () => textOf($(el, '[part="pager"] .position'));
      await press(button(el, 'Next page'));
      await waitFor(() => position().startsWith('Page 2 of 2'), 'Next page did not page');
      await focusSettlesOn(el, () => button(el, 'Next page'), '"Next page"');
      // On the last page it is busy-looking and does nothing, but keeps focus.
      expect(button(el, 'Next page').getAttribute('aria-disabled')).to.equal('true');
      await press(button(el, 'Next page'));
      await el.updateComplete;
      expect(position()).to.match(/^Page 2 of 2/);
      await press(button(el, 'Previous page'));
      await waitFor(() => position().startsWith('Page 1 of 2'), 'Previous page did not page');
      await focusSettlesOn(el, () => button(el, 'Previous page'), '"Previous page"');
    });
  });

  describe('order-list', () => {
    async function list(): Promise<OrderList> {
      const el = await fixture<OrderList>(html`<order-list .client=${client}></order-list>`);
      await waitFor(() => $$(el, 'button[part="order-button"]').length > 0, 'the orders did not load');
      return el;
    }

    const pagerText = (el: OrderList) => textOf($(el, '[part="pager"] [aria-live]'));

    it('"Next page" to the last page and "Previous page" to the first: focus stays on the button pressed', async () => {
      const el = await list();
      await expect(el).to.be.accessible();
      const pages = Number(/of (\d+)/.exec(pagerText(el))![1]);
      for (let page = 2; page <= pages; page += 1) {
        await press(button(el, 'Next page'));
        await waitFor(() => pagerText(el) === `Page ${page} of ${pages}`, `Next page did not reach ${page}`);
        await focusSettlesOn(el, () => button(el, 'Next page'), '"Next page"');
      }
      for (let page = pages - 1; page >= 1; page -= 1) {
        await press(button(el, 'Previous page'));
        await waitFor(
          () => pagerText(el) === `Page ${page} of ${pages}`,
          `Previous page did not reach ${page}`,
        );
        await focusSettlesOn(el, () => button(el, 'Previous page'), '"Previous page"');
      }
      expect(button(el, 'Previous page').getAttribute('aria-disabled')).to.equal('true');
      await press(button(el, 'Previous page'));
      await el.updateComplete;
      expect(pagerText(el)).to.equal(`Page 1 of ${pages}`);
    });

    it('"Status" filter: focus stays on the select while the orders of that status load', async () => {
      const el = await list();
      await expect(el).to.be.accessible();
      const status = labelled<HTMLSelectElement>(el, 'Status');
      status.focus();
      typeInto(status, 'shipped');
      await waitFor(() => $(el, '[role="status"]') === null, 'the orders did not load');
      await focusSettlesOn(el, () => labelled(el, 'Status'), '"Status"');
    });
  });

  describe('pack-check', () => {
    async function pack(): Promise<PackCheck> {
      sessionStorage.clear();
      const el = await fixture<PackCheck>(
        html`<pack-check .client=${client} order-id=${O.partlyAllocated}></pack-check>`,
      );
      await waitFor(() => $$(el, '[part="line"]').length > 0, 'the items did not load');
      return el;
    }

    it('counting by hand: focus stays on the line\'s "Count" button, up to the last one', async () => {
      const el = await pack();
      await expect(el).to.be.accessible();
      for (const line of $$(el, '[part="line"]')) {
        const count = () => line.querySelector<HTMLButtonElement>('[part="count-button"]');
        while (count()!.getAttribute('aria-disabled') !== 'true') {
          await press(count()!);
          await el.updateComplete;
          await focusSettlesOn(el, count, `"${count()!.getAttribute('aria-label')}"`);
        }
      }
      expect(textOf($(el, '[part="status"]'))).not.to.equal('');
    });

    it('"Start again": focus stays on "Start again"', async () => {
      const el = await pack();
      await expect(el).to.be.accessible();
      await press($(el, '[part="count-button"]')!);
      await press($(el, '[part="start-again-button"]')!);
      await el.updateComplete;
      await focusSettlesOn(el, () => $(el, '[part="start-again-button"]'), '"Start again"');
    });
  });
});
