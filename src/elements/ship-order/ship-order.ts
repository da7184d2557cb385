import { ContextProvider } from '@lit/context';
import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { getDefaultClient } from '../../api/default-client.js';
import type { Order } from '../../api/index.js';
import { clientContext } from '../../shared/client-context.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { InnerElementView } from '../../shared/inner-element-view-controller.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { OpsElement } from '../../shared/ops-element.js';
import { OrderController } from '../../shared/order-controller.js';
import { baseStyles } from '../../shared/styles.js';
import { tabStorage } from '../../shared/tab-storage.js';
import type { LabelFacts } from '../../shipping/label-facts.js';
import { LabelStorageController } from '../../shipping/label-storage-controller.js';
import { orderChecks } from '../../shipping/order-checks.js';
import type { OrderCheck } from '../../shipping/order-checks.js';
import {
  parcelOf,
  rememberPacked,
  stepOf,
  trackingNumbers,
  unshippedAllocations,
  wasPacked,
} from './ship-flow.model.js';
import type { ShipStep } from './ship-flow.model.js';
import { OrderShippedEvent } from './ship-order.events.js';
import { shipOrderMessages } from './ship-order.messages.js';
import { shipOrderStyles } from './ship-order.styles.js';
import { renderSplitNote } from './ship-order.templates.js';
import { CheckFixes } from './check-fixes-controller.js';
import { InnerEventRelay } from './inner-event-relay-controller.js';

const PICKER_ID = 'ship-order-rates';

/**
 * Takes one order from as it is to a label in hand, built from the other elements: the order
 * (`order-card`); "Before shipping", what would make a carrier refuse the label (an incomplete
 * delivery address, an item without weight, an international item without customs details, a
 * customer without a phone, items not allocated, each named with why), each with its fix in place,
 * or "Ready to ship"; the allocation (`allocation-form`) while items are unallocated, where an item
 * no warehouse can give gets its stock fixed in place, and, once anything is allocated, "Ship the
 * allocated items" (a shipment of that allocation alone: the rest stays on the order, which is not
 * called shipped until every item has left); the rates, each marked "On time"
 * or "Late" against the order's due date (`rate-picker`), and, once a rate is chosen, "Buy label"
 * (`label-downloader`, whose code loads then);
 * then the done state with the tracking number, "Download label" and "Print label" (after a
 * reload, from the label store through "Download again").
 *
 * The elements it is built from use its client (handed down through `@lit/context`), unless one
 * has a `client` of its own.
 *
 * A fix that saves re-runs the checks from the client's order store, with no new order request,
 * and focus goes to the next check. The checks warn; they do not block the rates. Each step's
 * heading gets focus when the step opens, and the progress is announced. A shipped order opens in
 * the done state.
 *
 * @summary Takes an order from as it is to a label in hand: checks, fixes, allocation, rates, label.
 *
 * @fires order-shipped - The label purchase completed. `detail`: `{ orderId, labels }`, each label's
 *   `{ trackingNumber, format, charges, carrier, service, remoteShipmentId }` (never the file). Once per purchase.
 * @fires note-added - From the embedded `order-card`.
 * @fires product-updated - From a `product-editor` opened by a check's fix.
 * @fires allocation-created - From the embedded `allocation-form`.
 * @fires allocation-deleted - From the embedded `allocation-form`.
 * @fires stock-updated - From the embedded `allocation-form`.
 * @fires rate-selected - From the embedded `rate-picker`.
 * @fires rate-cleared - From the embedded `rate-picker`.
 * @fires label-purchased - From the embedded `label-downloader`.
 * @fires label-printed - From the embedded `label-downloader`, with a `printer`.
 * @fires rates-requested - From the embedded `label-downloader`.
 * @fires request-error - A request failed, here or in an embedded element. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart flow - The whole flow.
 * @csspart order - The embedded order card's section.
 * @csspart checks - The "Before shipping" region.
 * @csspart check - One check of "Before shipping".
 * @csspart fix-button - A check's "Add weight for …", "Add customs details for …" or "Add phone" button.
 * @csspart editor - The product editor opened by a fix, with its "Close" button.
 * @csspart close-button - The "Close" button of an opened fix.
 * @csspart unallocated - The items "Not allocated yet" lists, each with why it is not allocated.
 * @csspart ready - "Ready to ship".
 * @csspart allocation - The allocation step.
 * @csspart ship-allocated-button - "Ship the allocated items", once anything is allocated and not shipped.
 * @csspart split-note - Above the rates of the allocated items: what is still to allocate, with "Allocate the rest first".
 * @csspart allocate-rest-button - "Allocate the rest first".
 * @csspart rates - The rates step.
 * @csspart label - The label: "Buy label", then "Download label" and "Print label".
 * @csspart done - The done state with the tracking numbers.
 * @csspart tracking - The tracking numbers.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-success - "Ready to ship" and the done state.
 * @cssprop --ops-color-warning - The checks.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class ShipOrder extends OpsElement {
  static override styles = [baseStyles, noticeStyles, shipOrderStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    labelFormat: { type: String, attribute: 'label-format', reflect: true },
    labelStorage: { type: String, attribute: 'label-storage', reflect: true },
    slipPrices: { type: Boolean, attribute: 'slip-prices', reflect: true },
    slipSize: { type: String, attribute: 'slip-size', reflect: true },
    verifyItems: { type: Boolean, attribute: 'verify-items', reflect: true },
    printer: { type: String, reflect: true },
    autoPrint: { type: String, attribute: 'auto-print', reflect: true },
    chooseBy: { type: String, attribute: 'choose-by', reflect: true },
    order: { state: true },
    packed: { state: true },
    split: { state: true },
    rateChosen: { state: true },
    bought: { state: true },
    announcement: { state: true },
  };

  /** Id of the order to ship. */
  declare orderId: number | undefined;
  /** `PDF` (default) or `ZPL`. */
  declare labelFormat: string | undefined;
  /** `none` keeps no copy of bought labels in this browser (see the label store). */
  declare labelStorage: string | undefined;
  /** The packing slip offered once the label is bought ("Download packing slip", "Print packing slip") shows prices. */
  declare slipPrices: boolean;
  /** The packing slip's paper: `a4`, `letter` or `4x6`; by default Letter where the locale's region is US or CA, else A4. */
  declare slipSize: string | undefined;
  /**
   * Adds a "Pack" step between allocation and rates: every item is scanned into the parcel
   * (`<pack-check listen="page">`) before rates open.
   */
  declare verifyItems: boolean;
  /**
   * The id of a printer of the host's server: "Print label" and "Print packing slip" send the file
   * there (see `label-downloader`).
   */
  declare printer: string | undefined;
  /** With a `printer`, prints the label as soon as it is bought; `"label slip"` its packing slip too. */
  declare autoPrint: string | null | undefined;
  /**
   * Scan to label: once the rates step opens (after the Pack step with `verify-items`), the rates
   * load by themselves, this rule picks a quote (`cheapest-on-time`, `cheapest`, `fastest`), and
   * focus lands on "Buy label", so one Enter buys the label (and, with `auto-print`, prints it).
   * Nothing is bought without that Enter.
   */
  declare chooseBy: string | undefined;

  declare protected order: Order | undefined;
  /** Labels bought here for the current order. */
  declare protected bought: readonly LabelFacts[];
  declare protected announcement: string;
  /** The parcel (`parcelOf(order).key`) verified last in this tab. */
  declare protected packed: string | undefined;
  /** The order whose allocated items the seller chose to ship before the rest is allocated. */
  declare protected split: number | undefined;
  /**
   * A rate was chosen for the parcel shown: the label panel (`label-downloader`, "Buy label") opens,
   * and its code loads, only then. Until a rate is chosen it would only say to choose one.
   */
  declare protected rateChosen: boolean;

  /** The step shown last for the current order; undefined until its first. */
  #step: ShipStep | undefined;
  /**
   * The parcel (`parcelOf(order).key`) the label panel was last opened for. A new parcel gets a new
   * panel: the label bought for the part shipped before is then offered among the labels already
   * bought, never as the outcome beside the new parcel's rates.
   */
  #labelFor: string | undefined;
  /** Labels of a purchase whose event is still to fire. */
  #pending: LabelFacts[] = [];
  /** The rates step opened with a `choose-by` rule while focus was here: the rule's rate puts it on "Buy label". */
  #buyTakesFocus = false;

  #order = new OrderController(this, {
    onChange: (order) => (this.order = order),
  });

  /**
   * The client the elements it is built from use: its own, else the one handed down to it; none
   * (they take the default client, as it does) when it has neither.
   */
  #handDown = new ContextProvider(this, { context: clientContext });

  /**
   * The elements it is built from, each registered (`loadElement`) the first time it shows: the
   * define module provides them (src/ship-order.ts), or the page defined the tags itself.
   */
  #inner = new InnerElementView(this);

  /** "Before shipping": each check with its fix in place. */
  #fixes = new CheckFixes(this, this.#inner);

  /** Labels bought earlier for the order: the done state offers them again after a reload. */
  #keeper = new LabelStorageController(this);

  /**
   * The order whose kept labels are offered (label storage).
   * @internal
   */
  get labelOrderIds(): ReadonlyArray<number | undefined> {
    return [this.orderId];
  }

  constructor() {
    super();
    this.slipPrices = false;
    // Events of inner elements removed from the flow reach the page from this element.
    new InnerEventRelay(this);
    this.bought = [];
    this.announcement = '';
    this.verifyItems = false;
    this.rateChosen = false;
  }

  /**
   * The order as the client's store holds it now (for "Before shipping").
   * @internal
   */
  get shownOrder(): Order | undefined {
    return this.#current();
  }

  /**
   * Says `text` in the element's status region.
   * @internal
   */
  announce(text: string): void {
    this.announcement = text;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const api = this.api;
    this.#handDown.setValue(this.client ?? (api === getDefaultClient() ? undefined : api));
    this.#order.follow(this.orderId);
    if (changed.has('orderId') && changed.get('orderId') !== undefined) {
      // Another order: nothing of the last one stays.
      this.bought = [];
      this.announcement = '';
      this.#pending = [];
      this.#step = undefined;
      this.split = undefined;
      this.#labelFor = undefined;
      this.rateChosen = false;
      this.#buyTakesFocus = false;
      this.#focusBuyOnRender = false;
    }
    this.#followStep();
    const order = this.#current();
    if (order && this.#step === 'rates') {
      const parcel = parcelOf(order)?.key ?? this.#labelFor;
      // The next parcel's rates: its label waits for a rate of its own.
      if (this.#labelFor !== undefined && parcel !== this.#labelFor) this.rateChosen = false;
      this.#labelFor = parcel;
    }
  }

  /** A step that opens (not the first one shown) takes focus, and the progress is announced. */
  #followStep(): void {
    const order = this.#current();
    if (!order) return;
    const step = this.#stepOf(order, orderChecks(order));
    const before = this.#step;
    this.#step = step;
    if (before === undefined || before === step) return;
    const text = shipOrderMessages(this.locale);
    if (step === 'pack') this.announcement = text.announcePack;
    if (step === 'rates')
      this.announcement =
        before === 'pack'
          ? text.announcePacked
          : this.#isSplit(order)
            ? text.announceSplit
            : text.announceAllocated;
    if (step === 'done') this.announcement = text.announceShipped;
    this.#buyTakesFocus = step === 'rates' && Boolean(this.chooseBy) && focusIsWith(this);
    if (step === 'allocation' && before === 'rates') {
      // A label for the allocated items was bought: focus stays with it (download, print), and the
      // allocation below is there for the rest.
      this.announcement = text.announcePartShipped;
      return;
    }
    // Where the step's work is, unless the user has taken focus elsewhere on the page (the last
    // scan opened the rates: a scan never moves focus, so it goes to them only from here or from
    // nowhere, never from where the packer left it).
    void focusAfter(this, `#${step}-heading`);
  }

  #stepOf(order: Order, checks: readonly OrderCheck[]): ShipStep {
    return stepOf(order, checks, {
      verifyItems: this.verifyItems,
      packed: this.#isPacked(order),
      split: this.split === this.orderId,
    });
  }

  /** Whether the next parcel of `order` was verified in this tab (kept through a reload). */
  #isPacked(order: Order): boolean {
    const parcel = parcelOf(order);
    return parcel !== undefined && (this.packed === parcel.key || wasPacked(tabStorage(), parcel.key));
  }

  /** Whether what ships next is the allocated part of an order with items still to allocate. */
  #isSplit(order: Order): boolean {
    return this.split === this.orderId && orderChecks(order).some((check) => check.kind === 'allocation');
  }

  /** The parcel holds every item: rates open, and a reload of the tab keeps it so. */
  #onPackVerified = (event: CustomEvent<{ orderId: number }>): void => {
    const order = this.#current();
    const parcel = order && parcelOf(order);
    if (event.detail.orderId !== this.orderId || !parcel) return;
    rememberPacked(tabStorage(), parcel.key);
    this.packed = parcel.key;
  };

  /** "Ship the allocated items": rates (or the Pack step) for what is allocated, before the rest. */
  #shipAllocated = (): void => {
    this.split = this.orderId;
  };

  #onRateSelected = (): void => {
    this.rateChosen = true;
    if (this.#buyTakesFocus) {
      this.#buyTakesFocus = false;
      this.#focusBuyOnRender = true;
    }
  };

  /** The rule chose a rate: "Buy label" takes focus as soon as the label panel is rendered. */
  #focusBuyOnRender = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.#focusBuyOnRender) return;
    // label-downloader's `focusBuy`: its "Buy label" takes focus while focus is with this element.
    const panel = this.renderRoot.querySelector<HTMLElement & { focusBuy?: (within: Element) => void }>(
      'label-downloader',
    );
    if (!panel?.focusBuy) return;
    this.#focusBuyOnRender = false;
    panel.focusBuy(this);
  }

  /** "Allocate the rest first": back to the allocation. */
  #allocateRest = (): void => {
    this.split = undefined;
  };

  #current(): Order | undefined {
    if (this.orderId === undefined || Number.isNaN(this.orderId)) return undefined;
    return this.order ?? this.#order.loaded;
  }

  protected override render(): TemplateResult {
    const text = shipOrderMessages(this.locale);
    const orderId = this.orderId;
    if (orderId === undefined || Number.isNaN(orderId)) {
      return html`<div class="card" part="flow"><p class="muted">${text.noOrder}</p></div>`;
    }
    return html`${keyed(orderId, this.#renderFlow(orderId))}`;
  }

  #renderFlow(orderId: number): TemplateResult {
    const text = shipOrderMessages(this.locale);
    const order = this.#current();
    const fresh = order ? orderChecks(order) : [];
    const step = order ? this.#stepOf(order, fresh) : undefined;
    const checks = this.#fixes.shown(fresh);
    // A label bought (or kept from before a reload) stays offered while the rest is allocated.
    const showLabel =
      (step === 'rates' && this.rateChosen) ||
      (step !== 'pack' && (this.bought.length > 0 || this.#keeper.stored.length > 0));
    const parcel = order && step === 'pack' ? parcelOf(order) : undefined;
    const unallocated = checks.find((check) => check.kind === 'allocation')?.items ?? [];
    return html`<div class="flow" part="flow">
      <section part="order" @customer-updated=${this.#fixes.onCustomerUpdated}>
        ${this.#inner.render('order-card', () => html`<order-card order-id=${orderId}></order-card>`)}
      </section>
      ${
        // Once shipped, what would have blocked a label is past: the done state alone says where it stands.
        step === 'done'
          ? nothing
          : html`<div class="card step" part="checks" role="region" aria-labelledby="checks-heading">
              <h2 id="checks-heading" tabindex="-1">${text.checksHeading}</h2>
              ${
                order
                  ? checks.length > 0
                    ? html`<ul class="checks">
                        ${checks.map((check) => this.#fixes.renderCheck(check))}
                      </ul>`
                    : html`<p class="notice success ready" part="ready" tabindex="-1">${text.readyToShip}</p>`
                  : this.#order.renderPlaceholder(this.locale, text.loadingOrder)
              }
            </div>`
      }
      ${
        step === 'allocation'
          ? html`<section class="step" part="allocation" aria-labelledby="allocation-heading">
              <h2 id="allocation-heading" tabindex="-1">${text.allocationHeading}</h2>
              ${this.#inner.render(
                'allocation-form',
                () => html`<allocation-form order-id=${orderId}></allocation-form>`,
              )}
              ${
                order && unshippedAllocations(order).length > 0
                  ? html`<div class="split">
                      <p id="ship-allocated-hint" class="muted">${text.shipAllocatedHint}</p>
                      <button
                        type="button"
                        class="button secondary"
                        part="ship-allocated-button"
                        aria-describedby="ship-allocated-hint"
                        @click=${this.#shipAllocated}
                      >
                        ${text.shipAllocated}
                      </button>
                    </div>`
                  : nothing
              }
            </section>`
          : nothing
      }
      ${
        step === 'pack'
          ? html`<section
              class="step"
              part="pack"
              aria-labelledby="pack-heading"
              @pack-verified=${this.#onPackVerified}
            >
              <h2 id="pack-heading" tabindex="-1">${text.packHeading}</h2>
              ${this.#inner.render(
                'pack-check',
                () =>
                  html`<pack-check
                    .order=${parcel && parcel.order !== order ? parcel.order : undefined}
                    order-id=${orderId}
                    listen="page"
                    ?sound=${false}
                  ></pack-check>`,
              )}
            </section>`
          : nothing
      }
      ${
        step === 'rates'
          ? html`<section
              class="step"
              part="rates"
              aria-labelledby="rates-heading"
              @rate-selected=${this.#onRateSelected}
            >
              <h2 id="rates-heading" tabindex="-1">${text.ratesHeading}</h2>
              ${unallocated.length > 0 ? renderSplitNote(unallocated, this.locale, this.#allocateRest) : nothing}
              ${this.#inner.render(
                'rate-picker',
                () =>
                  html`<rate-picker
                    id=${PICKER_ID}
                    order-id=${orderId}
                    choose-by=${this.chooseBy ?? nothing}
                    ?auto-quote=${Boolean(this.chooseBy)}
                  ></rate-picker>`,
              )}
            </section>`
          : nothing
      }
      ${step === 'done' ? this.#renderDone(order) : nothing}
      ${
        showLabel
          ? html`<div part="label" @label-purchased=${this.#onLabelPurchased}>
              ${keyed(
                this.#labelFor ?? '',
                this.#inner.render(
                  'label-downloader',
                  () =>
                    html`<label-downloader
                      for=${PICKER_ID}
                      order-id=${orderId}
                      label-format=${this.labelFormat ?? 'PDF'}
                      label-storage=${this.labelStorage ?? nothing}
                      ?slip-prices=${this.slipPrices}
                      slip-size=${this.slipSize ?? nothing}
                      printer=${this.printer ?? nothing}
                      auto-print=${this.autoPrint ?? nothing}
                    ></label-downloader>`,
                ),
              )}
            </div>`
          : nothing
      }
      <div class="visually-hidden" role="status">${this.announcement}</div>
    </div>`;
  }

  #renderDone(order: Order | undefined): TemplateResult {
    const text = shipOrderMessages(this.locale);
    const tracking = trackingNumbers(
      order,
      this.bought.map((label) => label.trackingNumber),
    );
    return html`<section class="card step done" part="done" aria-labelledby="done-heading">
      <h2 id="done-heading" tabindex="-1">${text.doneHeading}</h2>
      ${
        tracking.length > 0
          ? html`<dl part="tracking">
              <dt>${text.trackingNumbers}</dt>
              ${tracking.map((number) => html`<dd class="tracking">${number}</dd>`)}
            </dl>`
          : html`<p class="muted">${text.untracked}</p>`
      }
    </section>`;
  }

  /** A label was bought: `order-shipped` once the purchase's labels are all told. */
  #onLabelPurchased = (event: CustomEvent<LabelFacts>): void => {
    const orderId = this.orderId;
    if (orderId === undefined) return;
    this.bought = [...this.bought, event.detail];
    // The allocated items are on their way: what is allocated next waits for its own "Ship".
    this.split = undefined;
    this.#pending.push(event.detail);
    if (this.#pending.length > 1) return;
    queueMicrotask(() => {
      const labels = this.#pending;
      this.#pending = [];
      if (labels.length === 0 || this.orderId !== orderId) return;
      this.dispatchEvent(new OrderShippedEvent({ orderId, labels }));
    });
  };
}
