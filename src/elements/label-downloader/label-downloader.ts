import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { OpsError } from '../../api/errors.js';
import type { Order } from '../../api/index.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { OpsElement } from '../../shared/ops-element.js';
import { baseStyles } from '../../shared/styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { onDemand } from '../../api/load-on-demand.js';
import { renderRefusal, sessionChanged, SessionController } from '../../shared/session.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { buyRefusal } from '../../shipping/spend-limits.js';
import type { Spending } from '../../shipping/spend-limits.js';
import { labelFacts, normaliseFormat } from '../../shipping/label-facts.js';
import type { LabelFormat } from '../../shipping/label-facts.js';
import { LabelStorageController, boughtFromStore } from '../../shipping/label-storage-controller.js';
import { UnsettledBookings } from '../../shipping/unsettled-bookings-controller.js';
import type { Unsettled } from '../../shipping/unsettled-bookings-controller.js';
import type { Hold, LabelToBuy } from '../../shipping/one-label.js';
import type { OrderCheck } from '../../shipping/order-reread.js';
import { QuoteClock } from '../../shipping/quote-clock.js';
import { shipmentKey } from '../../shipping/selection.js';
import type { RateSelection } from '../../shipping/selection.js';
import { LabelPurchasedEvent, RatesRequestedEvent } from './label-downloader.events.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import { labelDownloaderStyles } from './label-downloader.styles.js';
import {
  renderFormatSelect,
  renderNewRatesButton,
  renderOutcome,
  renderPurchasedLabel,
  renderSummary,
  renderUnclear,
} from './label-downloader.templates.js';
import type { OutcomeActions, UnclearActions } from './label-downloader.templates.js';
import { FollowedPicker } from './followed-picker-controller.js';
import { LabelFiles } from './label-files-controller.js';
import { outcomeOf } from './purchase.model.js';
import type { Outcome, UnclearShipment } from './purchase.model.js';

/** A chosen rate as the check before booking sees it. */
type Chosen = LabelToBuy & { selection: RateSelection };

/** What buying came to: the booking's outcome, and the labels the check before it held back. */
interface Purchase {
  outcome: Outcome;
  held: Array<{ label: Chosen; hold: Hold }>;
  /** What of which orders was booked (`targetKey`): no longer an unsettled booking of this browser. */
  booked: string[];
}

/** What of an order a label ships, as the intents name it: `<order id> <allocation id or *>`. */
function targetKey(orderId: number | string | null, allocationId: string | null | undefined): string {
  return `${orderId ?? ''} ${allocationId == null || allocationId === '' ? '*' : allocationId}`;
}

/** Buying (the booking endpoints and the reading of their answers), loaded on the first "Buy label". */
const loadBooking = onDemand('booking', () => import('../../shipping/booking.js'));
/** Reading the orders again, loaded once a purchase has been answered. */
const loadRereads = onDemand('order-reread', () => import('../../shipping/order-reread.js'));
/** The check right before booking (one label per order), loaded with the booking. */
const loadOneLabel = onDemand('one-label', () => import('../../shipping/one-label.js'));

/** After a purchase, what it came to; after a choice, what to do with it. */
const ANSWER_FOCUS =
  '.outcome .notice.success, [part="unclear"], .outcome [part="retry-button"], .outcome [part="new-rates-button"]';
const BUY_FOCUS = '[part="buy-button"]:not(:disabled), [part="new-rates-button"]';

/**
 * Buys the label for a chosen shipping quote, exactly once however often "Buy label" is pressed,
 * then offers the label (PDF or ZPL) for download and printing, and the customs invoice of an
 * international shipment. Follows a `rate-picker` named by `for`, or takes `.selection`.
 *
 * A booking answer that does not say the label was bought or refused (a 5xx, a timeout, the
 * shipment missing from the answer) locks the shipment: the order is read again, and a new label
 * is bought only after "Buy a new label anyway". After a purchase the order is read again once, so
 * every element showing it shows it shipped. Each bought label is kept in this browser for 14 days
 * (label storage; `label-storage="none"` turns it off) and offered again after a reload.
 *
 * @summary Buys, downloads and prints the shipping label for a chosen rate.
 *
 * @fires label-purchased - A label was bought. `detail`: `{ trackingNumber, format, charges: { value,
 *   unit }, carrier, service, remoteShipmentId }`. Once per label.
 * @fires label-printed - A label went to the server's printer (`printer`). `detail`: `{ orderId, printerId,
 *   jobId, state }`, `state` `sent`, `printed` or `failed`.
 * @fires rates-requested - "Get new rates" was pressed (the quote expired or was refused). `detail`: `{ selection }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart summary - What will be bought: carrier, service, price.
 * @csspart format-select - The "Label format" select.
 * @csspart buy-button - The "Buy label" button.
 * @csspart refusal - Why "Buy label" (or, with a `printer`, the Print buttons) is disabled, when the API
 *   proxy's session does not let the user buy (or print).
 * @csspart result - A bought label with its tracking number and charge.
 * @csspart download-button - The "Download label" button.
 * @csspart print-button - The "Print label" button.
 * @csspart invoice-button - The "Download customs invoice" button.
 * @csspart failure - A shipment that was not bought, with the reasons.
 * @csspart new-rates-button - The "Get new rates" button.
 * @csspart unclear - A shipment whose label may have been bought (the booking answer did not say): what
 *   the order shows now, and "Buy a new label anyway".
 * @csspart buy-again-button - The "Buy a new label anyway" button, the second confirmation.
 * @csspart stored - Labels bought earlier for the order, kept in this browser, with "Download again".
 * @csspart loading - The progress indicator while buying.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 * @csspart file-notice - What became of a print the browser could not make (the label was saved instead).
 * @csspart slip-download-button - "Download packing slip" of a bought label's order (`packing-slip-<order number>.pdf`).
 * @csspart slip-print-button - "Print packing slip" of a bought label's order.
 * @csspart slip-status - "Making the packing slip…" while it is made.
 * @csspart print-status - "Label: Sent to <printer name>" (or "Packing slip: …") after a print to the server's printer.
 * @csspart print-failure - Why a print to the server's printer failed, with "Print again" (`print-again-button`)
 *   and, for a PDF, "Print in the browser" (`print-in-browser-button`).
 * @csspart print-again-button - "Print again" after the server's printer failed.
 * @csspart print-in-browser-button - "Print in the browser" after the server's printer failed.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-success - The "Label bought" confirmation.
 * @cssprop --ops-color-danger - Failures.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class LabelDownloader extends OpsElement {
  static override styles = [baseStyles, noticeStyles, labelDownloaderStyles];

  static override properties = {
    ...OpsElement.properties,
    // Its own accessor: a choice arriving after "Get new rates" moves focus as it is set.
    selection: { attribute: false, noAccessor: true },
    for: { type: String, reflect: true },
    labelFormat: { type: String, attribute: 'label-format', reflect: true },
    serviceCode: { type: String, attribute: 'service-code', reflect: true },
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    labelStorage: { type: String, attribute: 'label-storage', reflect: true },
    slipPrices: { type: Boolean, attribute: 'slip-prices', reflect: true },
    slipSize: { type: String, attribute: 'slip-size', reflect: true },
    printer: { type: String, reflect: true },
    autoPrint: { type: String, attribute: 'auto-print', reflect: true },
    outcome: { state: true },
    unclear: { state: true },
  };

  #selection: RateSelection | RateSelection[] | undefined;

  /** The chosen rate (a `rate-selected` detail), or several to buy in one booking. */
  get selection(): RateSelection | RateSelection[] | undefined {
    return this.#selection;
  }

  set selection(value: RateSelection | RateSelection[] | undefined) {
    const old = this.#selection;
    this.#selection = value;
    this.requestUpdate('selection', old);
    // "Get new rates" was pressed here: unless focus has moved elsewhere while the new rates came,
    // the new choice's "Buy label" takes it once rendered.
    if (this.#focusOnNewChoice && value) {
      this.#focusOnNewChoice = false;
      this.#buyTakesFocus();
    }
  }
  /** Id of a `rate-picker` in the same document or shadow root whose choice to follow. */
  declare for: string | undefined;
  /** The packing slip ("Download packing slip", "Print packing slip") shows prices. */
  declare slipPrices: boolean;
  /** The packing slip's paper: `a4`, `letter` or `4x6`; by default Letter where the locale's region is US or CA, else A4. */
  declare slipSize: string | undefined;
  /**
   * The id of a printer of the host's server (`createPrintHandler`, or the API proxy's `printers`):
   * "Print label" and "Print packing slip" send the file there instead of the browser's print
   * dialog, and a ZPL label can be printed too.
   */
  declare printer: string | undefined;
  /**
   * With a `printer`, prints each label as soon as it is bought; `auto-print="label slip"` prints
   * its packing slip after it.
   */
  declare autoPrint: string | null | undefined;
  /** `PDF` (default) or `ZPL`. */
  declare labelFormat: string;
  /** Buy through `POST /shipments` with this service code instead of booking the quote. */
  declare serviceCode: string | undefined;
  /**
   * The order whose labels bought earlier (kept in this browser) are offered again; without it, the
   * chosen rate's order or the followed picker's.
   */
  declare orderId: number | undefined;
  /** `none` keeps no copy of bought labels in this browser (see label storage). */
  declare labelStorage: string | undefined;

  declare protected outcome: Outcome | undefined;
  /** Shipments whose label may have been bought, by key, with what reading the order again showed. */
  declare protected unclear: ReadonlyMap<string, UnclearShipment & { check: OrderCheck }>;

  /** What the API proxy's session lets the user buy (nothing to read when the client talks to the API). */
  #session = new SessionController(this);

  /**
   * Buys the label. The task's signal is not passed on: once sent, a purchase must be seen
   * through to its answer, even if the element leaves the page, or a bought label could go
   * unreported.
   */
  #purchase = this.requestTask({
    autoRun: false,
    task: async ([selections, format, serviceCode, second]: readonly [
      RateSelection[],
      LabelFormat,
      string | undefined,
      boolean,
    ]): Promise<Purchase> => {
      const report = (error: unknown) => this.reportError(error);
      const [{ bookLabels, buyByServiceCode }, oneLabel] = await Promise.all([loadBooking(), loadOneLabel()]);
      const chosen: Chosen[] = selections.map((selection) => ({
        selection,
        orderId: selection.orderId,
        allocationId: selection.allocationId ?? null,
        orderNumber: selection.request.customer_reference ?? null,
        rateId: selection.quote.rateId,
      }));
      // Right before booking: the intents written down, the orders read again.
      const checked = await oneLabel.checkBeforeBuying(this.api, chosen, {
        second,
        read: oneLabel.readEach(this.api),
        report,
      });
      const none: Outcome = { purchased: [], failed: [], unclear: [] };
      if (checked.error) return { outcome: { ...none, error: checked.error }, held: [], booked: [] };
      if (checked.book.length === 0) return { outcome: none, held: checked.held, booked: [] };
      const toBook = checked.book.map((label) => label.selection);
      const secondLabel = second
        ? (checked.book.find((label) => label.orderNumber)?.orderNumber ?? null)
        : null;
      const booking = serviceCode
        ? await buyByServiceCode(this.api, toBook[0] as RateSelection, serviceCode, report, secondLabel)
        : await bookLabels(
            this.api,
            toBook,
            format,
            report,
            toBook.find((entry) => entry.requestToken)?.requestToken ?? null,
            secondLabel,
          );
      await oneLabel.settleAfterBooking(
        this.api,
        checked.book.map((label, index) => ({ label, reading: booking.readings[index] })),
      );
      return {
        outcome: outcomeOf(toBook, booking),
        held: checked.held,
        booked: checked.book.map((label) => targetKey(label.orderId, label.allocationId)),
      };
    },
    onComplete: (purchase) => this.#purchased(purchase),
    // Only the booking's code failing to load (nothing was sent): "Retry" loads it again.
    onError: (error) => {
      this.outcome = { purchased: [], failed: [], unclear: [], error: error as OpsError };
      this.#answerTakesFocus();
    },
  });

  /** Follows the chosen quotes' expiry, handed over in each `willUpdate`. */
  #clock = new QuoteClock(this);

  /** Keeps each bought label in the browser and offers again those already bought for the order. */
  #keeper = new LabelStorageController(this);

  /** Bookings of this browser left unsettled for the element's orders (a reload mid-booking, another tab). */
  #unsettledBookings = new UnsettledBookings(this);

  /** The rate picker named by `for`, whose choice this element takes. */
  #followed = new FollowedPicker(this);

  /** Saving and printing a bought label's files. */
  #files = new LabelFiles(this);

  /**
   * The orders whose kept labels are offered and whose unsettled bookings are looked for: the
   * element's, the followed picker's, and those of the chosen rates.
   * @internal
   */
  get labelOrderIds(): ReadonlyArray<number | null | undefined> {
    return [
      this.orderId,
      this.#followed.picker?.orderId,
      ...this.#selections().map((selection) => selection.orderId),
    ];
  }
  /**
   * Shipments the API has answered for through this element, bought or refused: a rates
   * request's parcel is booked once, and a refused one needs new rates, not the same request again.
   */
  readonly #answered = new Set<string>();
  /**
   * What of which order the user has confirmed a second label for (`targetKey`): its next booking
   * goes with the second confirmation.
   */
  readonly #second = new Set<string>();
  /** Focus was with the element as "Buy label" was pressed: what the purchase came to takes it. */
  #buyHadFocus = false;
  /** "Get new rates" was pressed here: once the new choice arrives, its "Buy label" takes focus. */
  #focusOnNewChoice = false;

  constructor() {
    super();
    this.labelFormat = 'PDF';
    this.slipPrices = false;
    this.unclear = new Map();
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    // Another picker followed: what it has chosen already is the choice, unless there is one.
    if (changed.has('for')) this.selection ??= this.#followed.chosen;
    if (changed.has('selection')) {
      this.#focusOnNewChoice = false;
      this.#selectionChanged();
    }
    this.#clock.watch(this.#selections().map((selection) => selection.expiresAt));
  }

  /** "Label bought.", the label that may have been bought, or the refusal, once the purchase is answered. */
  #answerTakesFocus(): void {
    void focusAfter(this, ANSWER_FOCUS, { had: this.#buyHadFocus });
  }

  /** "Buy label", or "Get new rates" when the quote has expired meanwhile. */
  #buyTakesFocus(): void {
    void focusAfter(this, BUY_FOCUS, { within: this.#focusWithin });
    this.#focusWithin = undefined;
  }

  /** The composite that asked for "Buy label" to take focus (`focusBuy`), while it has not. */
  #focusWithin: Element | undefined;

  /**
   * "Buy label" takes focus, now or as the chosen rate arrives, while focus is with `within` (the
   * composite this element is part of): ship-order once its rule chose a rate, so one Enter buys.
   * @internal
   */
  focusBuy(within: Element = this): void {
    this.#focusWithin = within;
    if (this.#selections().length > 0) this.#buyTakesFocus();
    else this.#focusOnNewChoice = true;
  }

  #selections(): RateSelection[] {
    const selection = this.selection;
    if (!selection) return [];
    return Array.isArray(selection) ? selection : [selection];
  }

  /**
   * Whether the shipment may be booked now: not answered for, not locked as maybe bought, and not
   * held by a booking of this browser found unsettled for what it ships.
   */
  #open(selection: RateSelection): boolean {
    const key = shipmentKey(selection);
    return !this.#answered.has(key) && !this.unclear.has(key) && !this.#heldByUnsettled(selection);
  }

  /** A booking of this browser left unsettled for the same order ships something of this one. */
  #heldByUnsettled(selection: RateSelection): boolean {
    if (selection.orderId === null) return false;
    const target = targetKey(selection.orderId, selection.allocationId);
    if (this.#second.has(target)) return false;
    return this.#unsettled().some(
      ({ intent }) =>
        intent.orderId === String(selection.orderId) &&
        (intent.target === '*' ||
          target.endsWith(' *') ||
          target === targetKey(intent.orderId, intent.target)),
    );
  }

  /** Unsettled bookings of this browser for the element's orders that it has not shown otherwise. */
  #unsettled(): readonly Unsettled[] {
    return this.#unsettledBookings.found;
  }

  /**
   * A new choice starts afresh, unless it is for a shipment booked already. When the choice is
   * only withdrawn, a bought label stays on offer for download.
   */
  #selectionChanged(): void {
    const selections = this.#selections();
    if (!this.#booking() && selections.some((selection) => this.#open(selection))) this.outcome = undefined;
  }

  #booking(): boolean {
    return this.#purchase.status === TaskStatus.PENDING;
  }

  #format(): LabelFormat {
    return this.serviceCode ? 'PDF' : normaliseFormat(this.labelFormat);
  }

  // Buying

  #buy = (): void => {
    // Task sets its status synchronously, so a second click in the same tick is refused here.
    if (this.#booking()) return;
    const selections = this.#selections().filter((selection) => this.#open(selection));
    if (selections.length === 0 || this.#clock.expired) return;
    if (selections.some((entry) => entry.optionsValid === false)) return;
    if (this.#refusal(selections)) return;
    this.outcome = undefined;
    this.#files.clear();
    // The form under focus goes away while buying; the answer takes focus (when focus was here).
    this.#buyHadFocus = focusIsWith(this);
    const targets = selections.map((selection) => targetKey(selection.orderId, selection.allocationId));
    const second = targets.some((target) => this.#second.has(target));
    for (const target of targets) this.#second.delete(target);
    void this.#purchase.run([selections, this.#format(), this.serviceCode, second]);
  };

  /** Why the session does not let the user buy `selections`, if it does not. */
  #refusal(selections: readonly RateSelection[]): string | undefined {
    const spending: Spending = {
      labels: selections.length,
      charges: selections.map(({ quote }) => ({ value: quote.totalCharge, currency: quote.currency })),
    };
    return buyRefusal(this.#session.session, this.locale, spending);
  }

  #purchased({ outcome, held, booked }: Purchase): void {
    this.outcome = outcome;
    this.#answerTakesFocus();
    for (const { intent } of this.#unsettled()) {
      if (booked.includes(targetKey(intent.orderId, intent.target)))
        this.#unsettledBookings.forget(intent.orderId, intent.target);
    }
    // What was spent today changed: every element on this client reads the session again.
    if (outcome.purchased.length > 0 || outcome.unclear.length > 0) sessionChanged(this.api);
    // A shipment the API refused by name needs new rates; a request refused as a whole can be sent again.
    if (!outcome.error) for (const failure of outcome.failed) this.#answered.add(failure.key);
    for (const label of outcome.purchased) {
      this.#answered.add(label.key);
      this.dispatchEvent(new LabelPurchasedEvent(labelFacts(label)));
      if (label.orderId !== null) void this.#keeper.keep({ ...label, orderId: label.orderId });
    }
    const numbers = new Map(
      this.#selections().map((selection) => [shipmentKey(selection), selection.request.customer_reference]),
    );
    void this.#files.autoPrint(
      outcome.purchased.map((label) => ({
        label,
        orderId: label.orderId,
        orderNumber: numbers.get(label.key),
      })),
    );
    const unclear = new Map(this.unclear);
    for (const shipment of outcome.unclear) {
      unclear.set(shipment.key, { ...shipment, check: shipment.orderId === null ? 'unknown' : 'reading' });
    }
    // Held back before booking: the order was read just now, so what it shows is known.
    for (const { label, hold } of held)
      unclear.set(shipmentKey(label.selection), this.#heldShipment(label, hold));
    this.unclear = unclear;
    void this.#readOrders([
      ...outcome.purchased.map((label) => label.orderId),
      ...outcome.unclear.map((shipment) => shipment.orderId),
    ]);
  }

  /** A label the check before booking held back, as the element shows it. */
  #heldShipment(label: Chosen, hold: Hold): UnclearShipment & { check: OrderCheck } {
    const shipment: UnclearShipment = {
      key: shipmentKey(label.selection),
      what: label.orderNumber ?? '',
      orderId: label.orderId,
      allocationId: label.allocationId ?? null,
      orderNumber: hold.orderNumber,
      cause: hold.reason === 'bought' ? 'elsewhere' : 'pending',
    };
    if (hold.reason === 'bought') return { ...shipment, shown: hold.label, check: 'shipped' };
    return { ...shipment, since: hold.since, check: 'clear' };
  }

  /**
   * Reads the orders concerned again, once each, so every element showing them learns they
   * shipped; a shipment whose label may have been bought learns what its order now shows.
   */
  async #readOrders(orderIds: ReadonlyArray<number | null>): Promise<void> {
    const report = (error: unknown) => this.reportError(error);
    let orders: Map<number, Order> = new Map();
    let showsShipped = (_order: Order, _allocationId: string | null) => false;
    let shownFor: (order: Order, target: string) => UnclearShipment['shown'] = () => null;
    try {
      const [rereads, oneLabel] = await Promise.all([loadRereads(), loadOneLabel()]);
      orders = await rereads.readOrdersAgain(this.api, orderIds, report);
      showsShipped = rereads.showsShipped;
      shownFor = oneLabel.labelShownFor;
    } catch (error) {
      report(error);
    }
    const unclear = new Map(this.unclear);
    for (const [key, shipment] of unclear) {
      if (shipment.check !== 'reading' || shipment.orderId === null) continue;
      const order = orders.get(shipment.orderId);
      const shipped = order && showsShipped(order, shipment.allocationId);
      const shown = order && shipped ? shownFor(order, shipment.allocationId ?? '*') : null;
      unclear.set(key, { ...shipment, shown, check: !order ? 'unread' : shipped ? 'shipped' : 'clear' });
    }
    this.unclear = unclear;
  }

  /** What the notice of a shipment whose label may have been bought does. */
  readonly #unclearActions: UnclearActions = {
    /** "Read the order again" for a shipment whose check could not be made. */
    recheck: ({ key }) => {
      const shipment = this.unclear.get(key);
      if (!shipment || shipment.orderId === null) return;
      this.unclear = new Map(this.unclear).set(key, { ...shipment, check: 'reading' });
      // The button goes while the order is read: its notice takes focus.
      void focusAfter(this, `[part="unclear"][data-key="${CSS.escape(key)}"]`);
      void this.#readOrders([shipment.orderId]);
    },
    /** The second confirmation: the user has checked, and may buy a label for the shipment again. */
    buyAgain: ({ key }) => {
      const shipment = this.unclear.get(key);
      const unclear = new Map(this.unclear);
      unclear.delete(key);
      this.unclear = unclear;
      if (shipment) this.#second.add(targetKey(shipment.orderId, shipment.allocationId));
      this.outcome = undefined;
      this.#buyTakesFocus();
    },
  };

  /** The same notice for a booking of this browser found unsettled (after a reload, say). */
  readonly #unsettledActions: UnclearActions = {
    recheck: ({ orderId }) => this.#unsettledBookings.recheck(String(orderId)),
    /** The second confirmation for such a booking. */
    buyAgain: ({ orderId, allocationId }) => {
      const target = allocationId ?? '*';
      this.#unsettledBookings.forget(String(orderId), target);
      this.#second.add(targetKey(orderId, target));
      this.outcome = undefined;
      this.#buyTakesFocus();
    },
  };

  #requestNewRates = (): void => {
    const selection = this.#selections()[0];
    if (!selection) return;
    this.#focusOnNewChoice = focusIsWith(this);
    this.dispatchEvent(new RatesRequestedEvent({ selection }));
    const picker = this.#followed.picker;
    if (typeof picker?.refreshRates === 'function') void picker.refreshRates();
  };

  /** What the buttons of what a purchase came to do. */
  readonly #outcomeActions: OutcomeActions = {
    download: this.#files.download,
    print: this.#files.print,
    printable: this.#files.printable,
    printRefusal: this.#files.printRefusal,
    invoice: this.#files.invoice,
    downloadSlip: this.#files.downloadSlip,
    printSlip: this.#files.printSlip,
    retry: this.#buy,
    newRates: this.#requestNewRates,
  };

  // Rendering

  protected override render(): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const selections = this.#selections();
    const toBuy = selections.filter((selection) => this.#open(selection));
    const locked = selections.some(
      (selection) => this.unclear.has(shipmentKey(selection)) || this.#heldByUnsettled(selection),
    );
    return html`<section class="card" part="card" aria-labelledby="label-heading">
      <h2 id="label-heading">${text.heading}</h2>
      ${
        selections.length === 0
          ? this.#keeper.stored.length
            ? nothing
            : html`<p class="muted">${text.noSelection}</p>`
          : toBuy.length === 0
            ? this.outcome || locked
              ? nothing
              : html`<p class="notice">${text.alreadyBought}</p>`
            : this.#renderPurchase(toBuy)
      }
      ${renderOutcome(this.outcome, this.locale, this.#outcomeActions)}
      ${[...this.unclear.values()].map((shipment) =>
        renderUnclear(shipment, shipment.check, this.locale, this.#unclearActions),
      )}
      ${this.#renderUnsettled()} ${this.#renderStored()}
      ${this.#keeper.failed ? html`<p class="notice warning" role="status">${text.notKept}</p>` : nothing}
      ${this.#files.problem ? html`<p class="field-error" role="alert">${this.#files.problem}</p>` : nothing}
      <p class="notice" role="status" part="file-notice" ?hidden=${!this.#files.notice}>
        ${this.#files.notice}
      </p>
      ${this.#files.renderPrints()}
      <p class="notice" role="status" part="slip-status" ?hidden=${!this.#files.makingSlip}>
        ${this.#files.makingSlip ? text.makingSlip : nothing}
      </p>
      ${
        this.#files.slipFailure
          ? renderErrorBanner({
              error: this.#files.slipFailure,
              locale: this.locale,
              context: text.slipNotMade,
              onRetry: this.#files.retrySlip,
            })
          : nothing
      }
    </section>`;
  }

  /** Bookings of this browser found unsettled for the element's orders (after a reload, say). */
  #renderUnsettled(): TemplateResult[] {
    const shown = new Set(
      [...this.unclear.values()].map((entry) => targetKey(entry.orderId, entry.allocationId)),
    );
    return this.#unsettled()
      .filter(({ intent }) => !shown.has(targetKey(intent.orderId, intent.target)))
      .map((entry) => {
        const { intent } = entry;
        const shipment: UnclearShipment = {
          key: `intent ${targetKey(intent.orderId, intent.target)}`,
          what: intent.orderNumber ?? '',
          orderId: Number(intent.orderId),
          allocationId: intent.target === '*' ? null : intent.target,
          orderNumber: intent.orderNumber,
          cause: 'pending',
          shown: entry.label,
          since: intent.at,
        };
        return renderUnclear(shipment, entry.check, this.locale, this.#unsettledActions);
      });
  }

  /** Labels bought earlier for the order (kept in this browser), other than those just bought here. */
  #renderStored(): TemplateResult | typeof nothing {
    const shown = new Set(this.outcome?.purchased.map((label) => label.trackingNumber ?? label.label));
    const earlier = this.#keeper.stored
      .map((stored) => ({ label: boughtFromStore(stored), orderId: Number(stored.orderId) }))
      .filter(({ label }) => !shown.has(label.trackingNumber ?? label.label));
    if (earlier.length === 0) return nothing;
    const text = labelDownloaderMessages(this.locale);
    return html`<section class="stored" part="stored" aria-labelledby="stored-heading">
      <h3 id="stored-heading">${text.storedHeading}</h3>
      ${earlier.map(({ label, orderId }) =>
        renderPurchasedLabel(
          label,
          this.locale,
          this.#files,
          true,
          Number.isFinite(orderId) ? orderId : null,
        ),
      )}
    </section>`;
  }

  #renderPurchase(selections: RateSelection[]): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const expired = this.#clock.expired;
    const optionsInvalid = selections.some((selection) => selection.optionsValid === false);
    const refused = this.#refusal(selections);
    const canBuy = !expired && !optionsInvalid && !refused;
    // After a booking that failed on expiry, the outcome already offers new rates.
    const saysExpired =
      this.outcome?.error?.code === 'quote_expired' ||
      this.outcome?.failed.some((failure) => failure.quoteExpired);
    return html`<div class="purchase">
      ${renderSummary(selections, this.serviceCode, this.locale)}
      ${
        expired && !this.#booking() && !saysExpired
          ? html`<div class="notice warning expired">
              <span>${text.quoteExpired}</span>
              ${renderNewRatesButton(this.locale, this.#requestNewRates)}
            </div>`
          : nothing
      }
      ${optionsInvalid ? html`<p class="notice warning">${text.fixOptions}</p>` : nothing}
      ${renderRefusal(refused, 'buy-refusal')}
      <form class="buy-form" novalidate @submit=${this.#onSubmit}>
        ${
          this.serviceCode
            ? html`<p class="muted">${text.pdfOnly}</p>`
            : renderFormatSelect(this.#format(), this.#booking(), this.locale, (format) => {
                this.labelFormat = format;
              })
        }
        <div class="actions">
          <button
            type="submit"
            class="button"
            part="buy-button"
            ?disabled=${this.#booking() || !canBuy}
            aria-describedby=${refused ? 'purchase-summary buy-refusal' : 'purchase-summary'}
          >
            ${text.buyLabel}
          </button>
          ${
            this.#booking()
              ? html`<span class="loading" role="status" part="loading">
                  <span class="spinner" aria-hidden="true"></span><span>${text.buying}</span>
                </span>`
              : nothing
          }
        </div>
      </form>
    </div>`;
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#buy();
  }
}
