import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { isOpsError } from '../../api/errors.js';
import type { OpsError } from '../../api/errors.js';
import type { ShippingConfig } from '../../api/index.js';
import { onDemand } from '../../api/load-on-demand.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { formatNumber } from '../../shared/format.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { OpsElement } from '../../shared/ops-element.js';
import { SessionController } from '../../shared/session.js';
import { buyRefusal } from '../../shipping/spend-limits.js';
import { baseStyles } from '../../shared/styles.js';
import { tableStyles } from '../../shared/table.styles.js';
import { normaliseFormat } from '../../shipping/label-facts.js';
import { listCarrierAccounts } from '../../shipping/carrier-accounts.js';
import { LabelStorageController } from '../../shipping/label-storage-controller.js';
import type { LabelToKeep } from '../../shipping/label-storage-controller.js';
import { UnsettledBookings } from '../../shipping/unsettled-bookings-controller.js';
import { QuoteClock } from '../../shipping/quote-clock.js';
import type { BatchFiles } from './batch-files-controller.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import { loadBatch } from './batch-loader.js';
import { orderIdsConverter, uniqueIds } from '../../shared/order-ids.js';
import { BookingLedger, MAX_BATCH_ORDERS, keptEntries } from './label-batch.model.js';
import type { BatchEntry, ChooseBy } from './label-batch.model.js';
import type { BatchPurchase, PurchaseOutcome } from './batch-purchase.js';
import { ordersToBuy } from './batch-rates.model.js';
import type { Choosing } from './batch-rates.model.js';
import { renderRates } from './batch-rates.templates.js';
import { RatesRefresh } from './batch-refresh-controller.js';
import { LabelsPurchasedEvent } from './label-batch.events.js';
import type { LabelsPurchasedDetail } from './label-batch.events.js';
import { labelBatchMessages } from './label-batch.messages.js';
import { labelBatchStyles } from './label-batch.styles.js';
import { inRow, renderLeftOut, renderProgress } from './label-batch.templates.js';
import type { Progress } from './label-batch.templates.js';

/**
 * The purchase and the orders read again after it (batch-purchase.ts), fetched on the first "Buy
 * labels" or when a booking of this browser is found unsettled for an order of the batch; rejects
 * with a `load_failed` `OpsError` when it could not be, and fetches it again on the next call.
 */
const loadPurchase = onDemand('batch-purchase', () => import('./batch-purchase.js'));
/** The label files (batch-files-controller.ts), fetched with the purchase or for labels kept earlier. */
const loadFiles = onDemand('batch-files', () => import('./batch-files-controller.js'));

/**
 * Labels for many orders in one go: gets each order (from the client's order store when it holds
 * it), asks for rates for each with the request a `rate-picker` would send, chooses a quote per
 * order by a rule the seller picks (cheapest, fastest, or a carrier first), and buys the labels
 * in a few bookings. Each order is booked at most once however often "Buy labels" is pressed; a
 * booking that partly succeeds shows per order what was bought and why the rest was not, and a
 * later "Buy labels" books only what is left. The labels download as one file (PDFs merged, ZPL
 * one after another) and print together; with a `printer`, "Print labels" sends them label by label,
 * in the table's order, to that printer of the host's server, and `auto-print` as soon as they are
 * bought.
 *
 * An order the booking answer leaves unclear is locked, read again, and booked anew only after
 * "Buy again for …". Each order bought is read again once. Bought labels are kept in this browser for
 * 14 days (`label-storage="none"` turns it off) and offered again after a reload.
 *
 * Orders that cannot ship (nothing allocated, no address, no rate) are listed with the reason and
 * left out. At most 100 orders are taken (the most the API's own app batches); more are named in a notice
 * and left for another batch.
 *
 * @summary Buys shipping labels for up to 100 orders at once, with one rate chosen per order.
 *
 * @fires labels-purchased - A "Buy labels" has its answers. `detail`: `{ successful, failed }`,
 *   each keyed by order id: `{ trackingNumber, format, charges, carrier, service, remoteShipmentId }`
 *   for a bought label, `{ errors, quoteExpired, mayHaveBought }` for an order that got none.
 * @fires label-printed - A label went to the server's printer (`printer`). `detail`: `{ orderId, printerId,
 *   jobId, state }`, `state` `sent`, `printed` or `failed`. Once per label, in the table's order.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart limit-notice - The notice that more than 100 orders were given.
 * @csspart progress - The progress text while orders load, rates arrive and labels are bought.
 * @csspart controls - The "Choose by" and "Label format" selects.
 * @csspart choose-by-select - The "Choose by" select.
 * @csspart format-select - The "Label format" select.
 * @csspart table - The table of orders and their chosen rates.
 * @csspart row - One order's row in the table.
 * @csspart rate-select - The rate select of one row.
 * @csspart tracking - The tracking number of a bought label.
 * @csspart failure - Why one order's label was not bought.
 * @csspart refresh-button - The "Refresh rates for …" button of one order.
 * @csspart buy-again-button - "Buy again for …": the second confirmation for an order whose label may
 *   have been bought (the booking answer did not say).
 * @csspart recheck-button - "Read … again", when the order could not be read after such an answer.
 * @csspart stored - Labels bought earlier for the batch's orders, kept in this browser.
 * @csspart download-again-button - "Download again" for those labels, as one file.
 * @csspart print-again-button - "Print again" for those labels.
 * @csspart total - The total row of the table.
 * @csspart buy-button - The "Buy labels" button.
 * @csspart refusal - Why "Buy labels" is disabled, when the API proxy's session does not let the user buy.
 * @csspart download-button - The "Download labels" button.
 * @csspart slips-download-button - "Download labels and packing slips": one PDF, each order's label followed by its packing slip.
 * @csspart print-button - The "Print labels" button.
 * @csspart print-status - With a `printer`: "Printing label 2 of 5 on <printer name>…", then "5 labels sent to
 *   <printer name>".
 * @csspart print-failure - Where a print to the server's printer stopped and why, with "Print the rest"
 *   (`print-rest-button`) and, for PDF labels, "Print in the browser" (`print-in-browser-button`).
 * @csspart print-rest-button - "Print the rest": the labels from the one not printed on.
 * @csspart print-in-browser-button - "Print in the browser": the labels not printed, as one PDF.
 * @csspart unshippable - The orders left out, with the reasons.
 * @csspart file-notice - What became of a print the browser could not make (the labels were saved instead).
 * @csspart error - An error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-success - Bought labels.
 * @cssprop --ops-color-danger - Orders whose label was not bought.
 * @cssprop --ops-color-warning - The limit notice and expired quotes.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class LabelBatch extends OpsElement {
  static override styles = [baseStyles, noticeStyles, tableStyles, labelBatchStyles];

  static override properties = {
    ...OpsElement.properties,
    orderIds: { attribute: 'order-ids', converter: orderIdsConverter },
    labelFormat: { type: String, attribute: 'label-format', reflect: true },
    labelStorage: { type: String, attribute: 'label-storage', reflect: true },
    slipPrices: { type: Boolean, attribute: 'slip-prices', reflect: true },
    slipSize: { type: String, attribute: 'slip-size', reflect: true },
    printer: { type: String, reflect: true },
    autoPrint: { type: String, attribute: 'auto-print', reflect: true },
    entries: { state: true },
    chooseBy: { state: true },
    loadProgress: { state: true },
    ratesProgress: { state: true },
    buyProgress: { state: true },
  };

  /** The orders to buy labels for (at most 100 are taken); `order-ids` is the same, comma-separated. */
  declare orderIds: number[];
  /** `PDF` (default) or `ZPL`. */
  declare labelFormat: string;
  /** `none` keeps no copy of bought labels in this browser (see label storage). */
  declare labelStorage: string | undefined;
  /** The packing slips of "Download labels and packing slips" show prices. */
  declare slipPrices: boolean;
  /** The packing slips' paper: `a4`, `letter` or `4x6`; by default Letter where the locale's region is US or CA, else A4. */
  declare slipSize: string | undefined;
  /**
   * The id of a printer of the host's server (`createPrintHandler`, or the API proxy's `printers`):
   * "Print labels" and "Print again" send the labels there one by one, ZPL ones too, instead of
   * the browser's print dialog. Without it, the client's (`configure({ printer })`).
   */
  declare printer: string | undefined;
  /**
   * With a `printer`, prints each label of a "Buy labels" as soon as its answers are in;
   * `auto-print="label slip"` prints each order's packing slip after its label.
   */
  declare autoPrint: string | null | undefined;

  declare protected entries: readonly BatchEntry[];
  declare protected chooseBy: ChooseBy;
  declare protected loadProgress: Progress | undefined;
  declare protected ratesProgress: Progress | undefined;
  declare protected buyProgress: Progress | undefined;

  /**
   * Each order's booking state; it outlives a change of `orderIds`, so no order is booked twice.
   * @internal
   */
  readonly ledger = new BookingLedger();
  /** The element left the page while orders or rates were loading. */
  #loadCutShort = false;
  /**
   * What the label keeper last said of each order it found a booking of this browser unsettled
   * for (after a reload or a crash mid-batch, or another tab's): the row follows each new word.
   */
  readonly #unsettledSaid = new Map<number, string>();

  /** Re-renders as each row's quote expires, so it cannot be bought after that. */
  #clock = new QuoteClock(this);

  /** Keeps each bought label in the browser, and offers again those bought earlier for the batch's orders. */
  #keeper = new LabelStorageController(this);

  /** Bookings of this browser left unsettled for the batch's orders (a page closed mid-batch, another tab). */
  #unsettled = new UnsettledBookings(this);

  #load = this.requestTask({
    args: () => [this.api, this.batchKey] as const,
    task: async ([api, key], signal) => this.#loadBatch(api, key, signal),
  });

  /** "Refresh rates for …". */
  #refresh = new RatesRefresh(this);
  /** The purchase and what follows it, once "Buy labels" (or a booking found unsettled) has loaded it. */
  #purchase: BatchPurchase | undefined;
  /** The label files, once loaded with the purchase or for labels kept earlier. */
  #files: BatchFiles | undefined;

  /** The carrier accounts "Choose by" offers; without them it still chooses by price or speed. */
  #configs = this.requestTask({
    args: () => [this.api, this.entries.some((entry) => entry.rates)] as const,
    task: async ([api, wanted], signal): Promise<ShippingConfig[]> =>
      wanted ? listCarrierAccounts(api, signal) : [],
  });

  /** What the API proxy's session lets the user buy (nothing to read when the client talks to the API). */
  #session = new SessionController(this);

  /**
   * "Buy labels". Pending from `run()` on, so a press while it is under way does nothing; bookings
   * are never aborted (see `bookGroup`), so its signal goes unused.
   */
  #book = this.requestTask({
    autoRun: false,
    task: async ([items, format, hadFocus]: readonly [BookingItem[], LabelFormat, boolean]) =>
      this.#bookAll(items, format, hadFocus),
  });

  constructor() {
    super();
    this.orderIds = [];
    this.labelFormat = 'PDF';
    this.slipPrices = false;
    this.entries = [];
    this.chooseBy = 'cheapest';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.#loadCutShort) return;
    this.#loadCutShort = false;
    // A load cut short when the element left the page goes on where it stopped, once the run the
    // departure aborted has ended.
    this.#load.taskComplete.catch(() => {
      if (this.isConnected) void this.#load.run();
    });
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#holdUnsettled();
    // The quotes of the rows still to be bought.
    this.#clock.watch(
      this.entries
        .filter((entry) => this.ledger.state(entry.orderId) !== 'booked')
        .map((entry) => entry.rates?.expiresAt),
    );
  }

  /**
   * An order of the batch that a booking of this browser may have bought moments ago (a reload or
   * a crash while it was in flight, or another tab's) is held, as an unclear answer is: its row
   * says the order is being checked, then what the order shows, and only "Buy again for …" books it.
   * An order whose label the order shows by now is left out as shipped when the batch loads it.
   */
  #holdUnsettled(): void {
    for (const { intent, check, label } of this.#unsettled.found) {
      const orderId = Number(intent.orderId);
      const entry = this.entry(orderId);
      if (!entry?.rates || entry.problem || entry.label) continue;
      if (intent.target !== '*' && intent.target !== String(entry.allocationId)) continue;
      if (this.ledger.state(orderId) === 'idle') this.ledger.hold(orderId);
      else if (!this.#unsettledSaid.has(orderId)) continue;
      if (this.#unsettledSaid.get(orderId) === check) continue;
      this.#unsettledSaid.set(orderId, check);
      this.patch(orderId, {
        failure: { errors: [], quoteExpired: false, mayHaveBought: true },
        held: { reason: 'pending', shown: label, since: intent.at },
        check,
      });
    }
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    // Labels bought earlier are offered by the label files (not at all if they fail to load), and a
    // held order's "Buy again for …" by the purchase.
    if (this.#keeper.stored.length > 0 && !this.#files) this.#loadFiles().catch(() => undefined);
    if (this.#unsettled.found.length > 0 && !this.#purchase) this.#loadPurchase().catch(() => undefined);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#load.status === TaskStatus.PENDING) this.#loadCutShort = true;
  }

  /** The ids given, each once. */
  #givenIds(): number[] {
    return uniqueIds(Array.isArray(this.orderIds) ? this.orderIds : []);
  }

  /**
   * The ids of this batch: the first 100 given.
   * @internal
   */
  get batchIds(): number[] {
    return this.#givenIds().slice(0, MAX_BATCH_ORDERS);
  }

  /**
   * Which batch this is: its ids, in order, as one string.
   * @internal
   */
  get batchKey(): string {
    return this.batchIds.join(',');
  }

  /**
   * The orders whose kept labels are offered and whose unsettled bookings are looked for.
   * @internal
   */
  get labelOrderIds(): readonly number[] {
    return this.batchIds;
  }

  /**
   * Keeps a label just bought in this browser (label storage).
   * @internal
   */
  keepLabel(label: LabelToKeep): Promise<void> {
    return this.#keeper.keep(label);
  }

  #format(): LabelFormat {
    return normaliseFormat(this.labelFormat);
  }

  /**
   * Every order of the batch, as far as it has got.
   * @internal
   */
  get batchEntries(): readonly BatchEntry[] {
    return this.entries;
  }

  /**
   * Shows how many of the orders being bought have their answer.
   * @internal
   */
  showBuyProgress(progress: Progress): void {
    this.buyProgress = progress;
  }

  /**
   * Changes one order's row.
   * @internal
   */
  patch(orderId: number, change: Partial<BatchEntry>): void {
    this.entries = this.entries.map((entry) => (entry.orderId === orderId ? { ...entry, ...change } : entry));
  }

  /** @internal */
  entry(orderId: number): BatchEntry | undefined {
    return this.entries.find((entry) => entry.orderId === orderId);
  }

  /** The purchase, loaded on the first "Buy labels"; rejects with a `load_failed` `OpsError` when it could not be. */
  async #loadPurchase(): Promise<BatchPurchase> {
    const { BatchPurchase } = await loadPurchase();
    if (!this.#purchase) {
      this.#purchase = new BatchPurchase(this);
      this.requestUpdate();
    }
    return this.#purchase;
  }

  /** The label files; rejects with a `load_failed` `OpsError` when they could not be loaded. */
  async #loadFiles(): Promise<BatchFiles> {
    const { BatchFiles } = await loadFiles();
    if (!this.#files) {
      this.#files = new BatchFiles(this);
      this.requestUpdate();
    }
    return this.#files;
  }

  // Loading: orders, then a rates request for each

  async #loadBatch(api: ClientCore, key: string, signal: AbortSignal): Promise<void> {
    const ids = key ? key.split(',').map(Number) : [];
    this.loadProgress = undefined;
    this.ratesProgress = undefined;
    const kept = keptEntries(this.entries, (orderId) => this.ledger.state(orderId));
    this.entries = ids.map((orderId) => kept.get(orderId) ?? { orderId, number: String(orderId) });
    await loadBatch(
      api,
      ids.filter((orderId) => !kept.has(orderId)),
      signal,
      {
        patch: this.#patchRow,
        progress: this.#loadProgressed,
        report: this.#report,
      },
    );
  }

  readonly #patchRow = (orderId: number, change: Partial<BatchEntry>): void => this.patch(orderId, change);
  readonly #report = (error: unknown): OpsError => this.reportError(error);
  readonly #loadProgressed = (phase: 'orders' | 'rates', progress: Progress | undefined): void => {
    if (phase === 'orders') this.loadProgress = progress;
    else this.ratesProgress = progress;
  };

  // Choosing

  readonly #chooseBy = (value: ChooseBy): void => {
    this.chooseBy = value;
    // The rule now decides every row that is still to be bought.
    this.entries = this.entries.map((entry) =>
      entry.pickedRateId !== undefined && this.ledger.state(entry.orderId) !== 'booked'
        ? { ...entry, pickedRateId: undefined }
        : entry,
    );
  };

  readonly #pick = (orderId: number, rateId: string): void => {
    this.patch(orderId, { pickedRateId: rateId, failure: undefined });
    this.ledger.allowRetry(orderId);
  };

  readonly #setFormat = (value: string): void => {
    this.labelFormat = value;
  };

  /** How each row's quote is chosen, and where each order's label is. */
  #choosing(): Choosing {
    return {
      chooseBy: this.chooseBy,
      configs: this.#configs.value ?? [],
      ledger: this.ledger,
      clock: this.#clock,
    };
  }

  /** The rows "Buy labels" would book now, with their quotes (none before any rates). */
  #toBuy(): BookingItem[] {
    if (this.#book.status === TaskStatus.PENDING) return [];
    return ordersToBuy(this.entries, this.#choosing());
  }

  // Buying

  /** Why the session does not let the user buy `items`, if it does not. */
  #refusal(items: readonly BookingItem[]): string | undefined {
    return buyRefusal(this.#session.session, this.locale, {
      labels: items.length,
      charges: items.map(({ quote }) => ({ value: quote.totalCharge, currency: quote.currency })),
    });
  }

  readonly #buy = (): void => {
    if (this.#book.status === TaskStatus.PENDING) return;
    const ready = this.#toBuy();
    if (this.#refusal(ready)) return;
    // Taken into `booking` now, before any await: a second press finds nothing left to book.
    const taken = new Set(this.ledger.begin(ready.map((item) => item.orderId)));
    if (taken.size === 0) return;
    const items = ready.filter((item) => taken.has(item.orderId));
    this.buyProgress = { done: 0, total: items.length };
    // The button is disabled while buying; focus, when it was here, goes to what was bought.
    void this.#book.run([items, this.#format(), focusIsWith(this)]);
  };

  async #bookAll(items: BookingItem[], format: LabelFormat, hadFocus: boolean): Promise<void> {
    // The label files come with the purchase, so "Download labels" is there to take focus after it.
    const [purchase] = await Promise.all([
      this.#loadPurchase().catch((cause: unknown) => this.reportError(cause)),
      this.#loadFiles().catch(() => undefined),
    ]);
    let outcome: PurchaseOutcome;
    try {
      outcome = isOpsError(purchase) ? this.#notSent(items, purchase) : await purchase.buy(items, format);
    } finally {
      this.buyProgress = undefined;
    }
    this.dispatchEvent(new LabelsPurchasedEvent({ successful: outcome.successful, failed: outcome.failed }));
    // What to do next, "Download labels"; else the summary; when every answer was unclear there is
    // neither, and the rows say what happened. The summary is heard from its live region either way.
    void focusAfter(
      this,
      ['[part="download-button"]', '.summary', ...items.map(({ orderId }) => inRow.outcome(orderId))],
      { had: hadFocus },
    );
    if (!isOpsError(purchase)) purchase.afterPurchase(outcome);
    void this.#files?.autoPrint(this.entries.filter((entry) => entry.orderId in outcome.successful));
  }

  /**
   * The code that books did not load: nothing was sent, each order says why, and "Buy labels" may
   * be pressed again once a rate is chosen again.
   */
  #notSent(items: readonly BookingItem[], error: OpsError): PurchaseOutcome {
    const failed: LabelsPurchasedDetail['failed'] = {};
    for (const { orderId } of items) {
      const failure = { errors: [error.message], quoteExpired: false, mayHaveBought: false };
      failed[orderId] = failure;
      this.ledger.failed(orderId, false);
      this.patch(orderId, { failure: { ...failure, code: error.code }, check: undefined });
    }
    return { successful: {}, failed, done: 0 };
  }

  // Rendering

  protected override render(): TemplateResult {
    const text = labelBatchMessages(this.locale);
    const given = this.#givenIds().length;
    const rows = this.entries.filter((entry) => entry.label || (entry.rates && !entry.problem));
    const leftOut = this.entries.filter((entry) => entry.problem && !entry.label);
    const files = this.#files;
    const notice = files?.notice ?? '';
    return html`<section class="card" part="card" aria-labelledby="batch-heading">
      <h2 id="batch-heading">${text.heading}</h2>
      ${
        given > MAX_BATCH_ORDERS
          ? html`<p class="notice warning" part="limit-notice">
              ${text.tooMany(formatNumber(given, this.locale), formatNumber(MAX_BATCH_ORDERS, this.locale))}
            </p>`
          : nothing
      }
      ${given === 0 ? html`<p class="muted">${text.noOrders}</p>` : nothing}
      ${renderProgress(
        [
          [this.loadProgress, text.loadingOrders],
          [this.ratesProgress, text.gettingRates],
          [this.buyProgress, text.buying],
        ],
        this.locale,
      )}
      ${rows.length > 0 ? this.#renderRates(rows) : nothing}
      ${files?.problem ? html`<p class="field-error" role="alert">${files.problem}</p>` : nothing}
      <p class="notice file-notice" role="status" part="file-notice" ?hidden=${!notice}>${notice}</p>
      ${files?.renderPrints(this.locale)} ${files?.renderFailure(this.locale)}
      ${leftOut.length > 0 ? renderLeftOut(leftOut, this.locale, this.#refresh.run) : nothing}
      ${files?.renderEarlier(this.#keeper.stored, this.locale)}
      ${this.#keeper.failed ? files?.renderNotKept(this.locale) : nothing}
    </section>`;
  }

  /** The controls, the table and "Buy labels", once some row has rates. */
  #renderRates(rows: readonly BatchEntry[]): TemplateResult {
    const toBuy = this.#toBuy();
    return renderRates({
      rows,
      entries: this.entries,
      choosing: this.#choosing(),
      toBuy,
      refused: this.#refusal(toBuy),
      format: this.#format(),
      buying: this.buyProgress !== undefined,
      // Busy while rates are still arriving (not the whole card: its progress line must be heard).
      loading: this.#load.status === TaskStatus.PENDING,
      locale: this.locale,
      purchase: this.#purchase,
      files: this.#files,
      onChooseBy: this.#chooseBy,
      onFormat: this.#setFormat,
      onPick: this.#pick,
      onRefresh: this.#refresh.run,
      onBuy: this.#buy,
    });
  }
}
