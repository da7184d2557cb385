import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { isOpsError } from '../../api/errors.js';
import type { OpsError } from '../../api/errors.js';
import type { ShippingConfig } from '../../api/index.js';
import { onDemand } from '../../api/load-on-demand.js';
import { formatNumber } from '../../shared/format.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { OpsElement } from '../../shared/ops-element.js';
import { SessionController } from '../../shared/session.js';
import { buyRefusal } from '../../shipping/spend-limits.js';
import { baseStyles } from '../../shared/styles.js';
import { tableStyles } from '../../shared/table.styles.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { normaliseFormat } from '../../shipping/label-facts.js';
import { listCarrierAccounts } from '../../shipping/carrier-accounts.js';
import { LabelKeeper } from '../../shipping/label-keeper-controller.js';
import { UnsettledBookings } from '../../shipping/unsettled-bookings-controller.js';
import { QuoteClock } from '../../shipping/quote-clock.js';
import type { BatchActions, FileOutcome } from './batch-actions.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import { loadBatch } from './batch-loader.js';
import { BookingLedger, MAX_BATCH_ORDERS, keptEntries, parseOrderIds, uniqueIds } from './batch-model.js';
import type { BatchEntry, ChooseBy } from './batch-model.js';
import { ordersToBuy } from './batch-rates.model.js';
import type { Choosing } from './batch-rates.model.js';
import { renderRates } from './batch-rates.templates.js';
import { LabelsPurchasedEvent } from './label-batch.events.js';
import type { LabelsPurchasedDetail } from './label-batch.events.js';
import { labelBatchMessages } from './label-batch.messages.js';
import { labelBatchStyles } from './label-batch.styles.js';
import { renderLeftOut, renderProgress } from './label-batch.templates.js';
import type { Progress } from './label-batch.templates.js';

/**
 * The purchase, the orders read again after it, "Refresh rates for …" and the label files
 * (batch-actions.ts), fetched on the first press that needs them; rejects with a `load_failed`
 * `OpsError` when they could not be, and fetches them again on the next call.
 */
const loadActions = onDemand('batch-actions', () => import('./batch-actions.js'));

/** Code that makes the label files could not be loaded: the error, and the press to try again. */
interface FileFailure {
  error: OpsError;
  retry: () => void;
}

/**
 * Labels for many orders in one go: gets each order (from the client's order store when it holds
 * it), asks for rates for each with the request a `rate-picker` would send, chooses a quote per
 * order by a rule the seller picks (cheapest, fastest, or a carrier first), and buys the labels
 * in a few bookings. Each order is booked at most once however often "Buy labels" is pressed; a
 * booking that partly succeeds shows per order what was bought and why the rest was not, and a
 * later "Buy labels" books only what is left. The labels download as one file (PDFs merged, ZPL
 * one after another) and print together.
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
 * @csspart print-button - The "Print labels" button.
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
    orderIds: {
      attribute: 'order-ids',
      converter: {
        fromAttribute: (value: string | null) => parseOrderIds(value),
        toAttribute: (value: number[]) => value.join(','),
      },
    },
    labelFormat: { type: String, attribute: 'label-format', reflect: true },
    labelStorage: { type: String, attribute: 'label-storage', reflect: true },
    entries: { state: true },
    chooseBy: { state: true },
    loadProgress: { state: true },
    ratesProgress: { state: true },
    buyProgress: { state: true },
    fileProblem: { state: true },
    fileNotice: { state: true },
    fileFailure: { state: true },
  };

  /** The orders to buy labels for (at most 100 are taken); `order-ids` is the same, comma-separated. */
  declare orderIds: number[];
  /** `PDF` (default) or `ZPL`. */
  declare labelFormat: string;
  /** `none` keeps no copy of bought labels in this browser (see the label store). */
  declare labelStorage: string | undefined;

  declare protected entries: readonly BatchEntry[];
  declare protected chooseBy: ChooseBy;
  declare protected loadProgress: Progress | undefined;
  declare protected ratesProgress: Progress | undefined;
  declare protected buyProgress: Progress | undefined;
  declare protected fileProblem: string;
  /** What became of a print the browser could not make (the labels were saved instead). */
  declare protected fileNotice: string;
  declare protected fileFailure: FileFailure | undefined;

  /** Each order's booking state; it outlives a change of `orderIds`, so no order is booked twice. */
  readonly #ledger = new BookingLedger();
  /** The element left the page while orders or rates were loading. */
  #loadCutShort = false;
  /**
   * What the label keeper last said of each order it found a booking of this browser unsettled
   * for (after a reload or a crash mid-batch, or another tab's): the row follows each new word.
   */
  readonly #unsettledSaid = new Map<number, string>();

  /** Re-renders as each row's quote expires, so it cannot be bought after that. */
  #clock = new QuoteClock(this, {
    expiresAt: () =>
      this.entries
        .filter((entry) => this.#ledger.state(entry.orderId) !== 'booked')
        .map((entry) => entry.rates?.expiresAt),
  });

  /** Keeps each bought label in the browser, and offers again those bought earlier for the batch's orders. */
  #keeper = new LabelKeeper(this, {
    api: () => this.api,
    setting: () => this.labelStorage,
    orderIds: () => this.#batchIds(),
  });

  /** Bookings of this browser left unsettled for the batch's orders (a page closed mid-batch, another tab). */
  #unsettled = new UnsettledBookings(this, {
    api: () => this.api,
    orderIds: () => this.#batchIds(),
  });

  #load = this.requestTask({
    args: () => [this.api, this.#batchIds().join(',')] as const,
    task: async ([api, key], signal) => this.#loadBatch(api, key, signal),
  });

  /**
   * The purchase, the orders read again after it, "Refresh rates for …" and the label files:
   * loaded on the first press that needs them (batch-actions.ts).
   */
  #actions: BatchActions | undefined;

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
    this.entries = [];
    this.chooseBy = 'cheapest';
    this.fileProblem = '';
    this.fileNotice = '';
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
      const entry = this.#entry(orderId);
      if (!entry?.rates || entry.problem || entry.label) continue;
      if (intent.target !== '*' && intent.target !== String(entry.allocationId)) continue;
      if (this.#ledger.state(orderId) === 'idle') this.#ledger.hold(orderId);
      else if (!this.#unsettledSaid.has(orderId)) continue;
      if (this.#unsettledSaid.get(orderId) === check) continue;
      this.#unsettledSaid.set(orderId, check);
      this.#patch(orderId, {
        failure: { errors: [], quoteExpired: false, mayHaveBought: true },
        held: { reason: 'pending', shown: label, since: intent.at },
        check,
      });
    }
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    // Labels bought earlier are offered by the actions that make their files (not at all if they
    // fail), and a held order's "Buy again for …" by the actions that book.
    if ((this.#keeper.stored.length > 0 || this.#unsettled.found.length > 0) && !this.#actions)
      this.#loadActions()
        .then(() => this.requestUpdate())
        .catch(() => undefined);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#load.status === TaskStatus.PENDING) this.#loadCutShort = true;
  }

  /** The ids given, each once. */
  #givenIds(): number[] {
    return uniqueIds(Array.isArray(this.orderIds) ? this.orderIds : []);
  }

  /** The ids of this batch: the first 100 given. */
  #batchIds(): number[] {
    return this.#givenIds().slice(0, MAX_BATCH_ORDERS);
  }

  #format(): LabelFormat {
    return normaliseFormat(this.labelFormat);
  }

  #patch(orderId: number, change: Partial<BatchEntry>): void {
    this.entries = this.entries.map((entry) => (entry.orderId === orderId ? { ...entry, ...change } : entry));
  }

  #entry(orderId: number): BatchEntry | undefined {
    return this.entries.find((entry) => entry.orderId === orderId);
  }

  /** The actions, loaded on the first press; rejects with a `load_failed` `OpsError` when they could not be. */
  async #loadActions(): Promise<BatchActions> {
    const { BatchActions } = await loadActions();
    return (this.#actions ??= new BatchActions(this, {
      api: () => this.api,
      report: (error) => this.reportError(error),
      requestTask: (config) => this.requestTask(config),
      entry: (orderId) => this.#entry(orderId),
      patch: (orderId, change) => this.#patch(orderId, change),
      ledger: this.#ledger,
      keep: (label) => this.#keeper.keep(label),
      progress: (done, total) => (this.buyProgress = { done, total }),
    }));
  }

  // Loading: orders, then a rates request for each

  async #loadBatch(api: ClientCore, key: string, signal: AbortSignal): Promise<void> {
    const ids = key ? key.split(',').map(Number) : [];
    this.loadProgress = undefined;
    this.ratesProgress = undefined;
    const kept = keptEntries(this.entries, (orderId) => this.#ledger.state(orderId));
    this.entries = ids.map((orderId) => kept.get(orderId) ?? { orderId, number: String(orderId) });
    this.#actions?.refresh.clear();
    await loadBatch(
      api,
      ids.filter((orderId) => !kept.has(orderId)),
      signal,
      {
        patch: (orderId, change) => this.#patch(orderId, change),
        progress: (phase, progress) =>
          phase === 'orders' ? (this.loadProgress = progress) : (this.ratesProgress = progress),
        report: (error) => this.reportError(error),
      },
    );
  }

  /**
   * New rates for one order, when its user asks ("Refresh rates for …"). Should the actions not
   * load, the row says so as it would of a failed rates request.
   */
  #onRefresh = (orderId: number): void => {
    const hadFocus = hasFocus(this);
    this.#loadActions().then(
      (actions) => actions.refresh.run(orderId),
      (cause: unknown) => {
        this.#patch(orderId, { problem: { reason: 'ratesFailed', error: this.reportError(cause) } });
        void restoreFocus(this, hadFocus, [inRow.refreshButton(orderId)]);
      },
    );
  };

  // Choosing

  #chooseBy(value: ChooseBy): void {
    this.chooseBy = value;
    // The rule now decides every row that is still to be bought.
    this.entries = this.entries.map((entry) =>
      entry.pickedRateId !== undefined && this.#ledger.state(entry.orderId) !== 'booked'
        ? { ...entry, pickedRateId: undefined }
        : entry,
    );
  }

  #pick(orderId: number, rateId: string): void {
    this.#patch(orderId, { pickedRateId: rateId, failure: undefined });
    this.#ledger.allowRetry(orderId);
  }

  /** How each row's quote is chosen, and where each order's label is. */
  #choosing(): Choosing {
    return {
      chooseBy: this.chooseBy,
      configs: this.#configs.value ?? [],
      ledger: this.#ledger,
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

  #buy(): void {
    if (this.#book.status === TaskStatus.PENDING) return;
    const ready = this.#toBuy();
    if (this.#refusal(ready)) return;
    // Taken into `booking` now, before any await: a second press finds nothing left to book.
    const taken = new Set(this.#ledger.begin(ready.map((item) => item.orderId)));
    if (taken.size === 0) return;
    const items = ready.filter((item) => taken.has(item.orderId));
    this.buyProgress = { done: 0, total: items.length };
    this.fileProblem = '';
    // The button is disabled while buying; focus, when it was here, goes to what was bought.
    void this.#book.run([items, this.#format(), hasFocus(this)]);
  }

  async #bookAll(items: BookingItem[], format: LabelFormat, hadFocus: boolean): Promise<void> {
    const actions = await this.#loadActions().catch((cause: unknown) => this.reportError(cause));
    let outcome: LabelsPurchasedDetail & { done: number };
    try {
      outcome = isOpsError(actions) ? this.#notSent(items, actions) : await actions.buy(items, format);
    } finally {
      this.buyProgress = undefined;
    }
    this.dispatchEvent(new LabelsPurchasedEvent({ successful: outcome.successful, failed: outcome.failed }));
    // What to do next, "Download labels"; else the summary; when every answer was unclear there is
    // neither, and the rows say what happened. The summary is heard from its live region either way.
    void restoreFocus(this, hadFocus, [
      '[part="download-button"]',
      '.summary',
      ...items.map(({ orderId }) => inRow.outcome(orderId)),
    ]);
    if (!isOpsError(actions)) actions.afterPurchase(outcome);
  }

  /**
   * The code that books did not load: nothing was sent, each order says why, and "Buy labels" may
   * be pressed again once a rate is chosen again.
   */
  #notSent(items: readonly BookingItem[], error: OpsError): LabelsPurchasedDetail & { done: number } {
    const failed: LabelsPurchasedDetail['failed'] = {};
    for (const { orderId } of items) {
      const failure = { errors: [error.message], quoteExpired: false, mayHaveBought: false };
      failed[orderId] = failure;
      this.#ledger.failed(orderId, false);
      this.#patch(orderId, { failure: { ...failure, code: error.code }, check: undefined });
    }
    return { successful: {}, failed, done: 0 };
  }

  // Files

  /**
   * "Download labels" or "Print labels" (or again, for labels bought earlier), and why the labels
   * could not be made into a file when they could not. When the code that makes them (the actions,
   * pdf-lib) could not be loaded, that is said with "Retry", which loads it again and, when focus
   * was on "Retry", takes it back to the button pressed first (`button`, a selector).
   */
  async #files(make: (actions: BatchActions) => Promise<FileOutcome>, button: string): Promise<void> {
    this.fileProblem = '';
    this.fileNotice = '';
    this.fileFailure = undefined;
    try {
      const outcome = await make(await this.#loadActions());
      if (outcome && 'problem' in outcome) this.fileProblem = outcome.problem;
      if (outcome && 'notice' in outcome) this.fileNotice = outcome.notice;
    } catch (cause) {
      this.fileFailure = {
        error: this.reportError(cause),
        retry: () => {
          const hadFocus = hasFocus(this);
          void this.#files(make, button);
          void restoreFocus(this, hadFocus, [button]);
        },
      };
    }
  }

  #download(entries: readonly BatchEntry[] = this.entries, button = '[part="download-button"]'): void {
    void this.#files((actions) => actions.download(entries, this.locale), button);
  }

  #print(entries: readonly BatchEntry[] = this.entries, button = '[part="print-button"]'): void {
    void this.#files((actions) => actions.print(entries, this.locale), button);
  }

  // Rendering

  protected override render(): TemplateResult {
    const text = labelBatchMessages(this.locale);
    const given = this.#givenIds().length;
    const rows = this.entries.filter((entry) => entry.label || (entry.rates && !entry.problem));
    const leftOut = this.entries.filter((entry) => entry.problem && !entry.label);
    const fileFailure = this.fileFailure;
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
      ${this.fileProblem ? html`<p class="field-error" role="alert">${this.fileProblem}</p>` : nothing}
      <p class="notice file-notice" role="status" part="file-notice" ?hidden=${!this.fileNotice}>
        ${this.fileNotice}
      </p>
      ${
        fileFailure
          ? renderErrorBanner({ error: fileFailure.error, locale: this.locale, onRetry: fileFailure.retry })
          : nothing
      }
      ${leftOut.length > 0 ? renderLeftOut(leftOut, this.locale, this.#onRefresh) : nothing}
      ${this.#actions?.renderEarlier(this.#keeper.stored, this.entries, this.locale, {
        download: (entries) => this.#download(entries, '[part="download-again-button"]'),
        print: (entries) => this.#print(entries, '[part="print-again-button"]'),
      })}
      ${this.#keeper.failed ? this.#actions?.renderNotKept(this.locale) : nothing}
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
      actions: this.#actions,
      onChooseBy: (value) => this.#chooseBy(value),
      onFormat: (value) => (this.labelFormat = value),
      onPick: (orderId, rateId) => this.#pick(orderId, rateId),
      onRefresh: this.#onRefresh,
      onBuy: () => this.#buy(),
      onDownload: () => this.#download(),
      onPrint: () => this.#print(),
    });
  }
}
