import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { Order, Quote, RatesRequest, RatesResult } from '../../api/index.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { OpsElement } from '../../shared/ops-element.js';
import { OrderController } from '../../shared/order-controller.js';
import { refusal, renderRefusal, SessionController } from '../../shared/session.js';
import { baseStyles } from '../../shared/styles.js';
import { badgeStyles } from '../../shared/badge.styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { renderErrorBanner, renderLoading } from '../../shared/templates.js';
import { RateClearedEvent, RateSelectedEvent } from './rate-picker.events.js';
import type { RateSelection } from '../../shipping/selection.js';
import { ratePickerMessages } from './rate-picker.messages.js';
import { ratePickerStyles } from './rate-picker.styles.js';
import {
  renderAllocationChoice,
  renderCarriers,
  renderParcelFieldset,
  placeName,
} from './rate-picker.templates.js';
import { QuoteClock } from '../../shipping/quote-clock.js';
import { listCarrierAccounts } from '../../shipping/carrier-accounts.js';
import type { SortKey } from '../../shipping/quote-ranking.js';
import { allocationOf, orderRequests } from './rate-picker.model.js';
import type { OrderRequest } from './rate-picker.model.js';
import { RatesController } from './rates-controller.js';
import type { ResultsView } from './rates-controller.js';
import {
  EMPTY_PARCEL,
  PARCEL_CONTROL_IDS,
  configurationIds,
  parcelDiffersFrom,
  parcelToForm,
  requestFromForm,
  toggleCarrier,
  validateParcelForm,
} from './parcel-form.model.js';
import type { FormProblem, ParcelField, ParcelForm } from './parcel-form.model.js';
import type { OptionValues } from './service-options.model.js';

/**
 * Rate shopping for one parcel: builds the rates request from an order and its allocation (or
 * takes one whole), lets the seller correct the parcel, asks the carriers and lists their quotes
 * as a radio group with the cheapest and fastest marked, counts down to the quotes' expiry and
 * shows the chosen quote's service options.
 *
 * @summary Gets shipping quotes for an order's parcel and lets the seller choose one.
 *
 * @fires rate-selected - A quote was chosen, or its options changed. `detail`: `{ quote,
 *   remoteShipmentId, requestToken, options, expiresAt, request, orderId, allocationId, optionsValid }`.
 * @fires rate-cleared - The chosen quote is gone (other order or request, or fresh rates without its
 *   service). `detail`: `{ orderId }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart header - Heading and route.
 * @csspart parcel-form - The form with the parcel and carrier filter.
 * @csspart weight-input - The "Weight" field.
 * @csspart carriers - The "Carriers" filter.
 * @csspart get-rates-button - The "Get rates" button.
 * @csspart sort-select - The "Sort by" select.
 * @csspart countdown - Time left until the quotes expire.
 * @csspart rates - The "Shipping rates" radio group.
 * @csspart rate - One quote in the radio group.
 * @csspart badge - "Cheapest" and "Fastest" badges.
 * @csspart refresh-button - The "Refresh rates" button.
 * @csspart unavailable - Quotes the carriers could not give, with reasons.
 * @csspart options - The chosen quote's service options.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons, the chosen quote and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-surface-alt - Background of the chosen quote.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-danger - Validation messages and errors.
 * @cssprop --ops-color-warning - The expiry notice.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class RatePicker extends OpsElement {
  static override styles = [baseStyles, badgeStyles, noticeStyles, ratePickerStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    request: { attribute: false },
    chooseBy: { type: String, attribute: 'choose-by', reflect: true },
    autoQuote: { type: Boolean, attribute: 'auto-quote', reflect: true },
    order: { state: true },
    allocationId: { state: true },
    parcel: { state: true },
    uncheckedConfigs: { state: true },
    rates: { state: true },
    quotedRequest: { state: true },
    selectedRateId: { state: true },
    optionValues: { state: true },
    sortBy: { state: true },
    announcement: { state: true },
  };

  /** Id of the order to ship; the request is built from it and its allocation. */
  declare orderId: number | undefined;
  /** A whole rates request to quote instead of one built from an order. */
  declare request: RatesRequest | undefined;
  /**
   * Chooses a quote as rates arrive, unless one chosen before is quoted again: `cheapest`,
   * `fastest`, or `cheapest-on-time` (the cheapest that delivers by the order's due date).
   */
  declare chooseBy: string | undefined;
  /** Asks for rates as soon as the parcel is known, without "Get rates" (once per order and parcel). */
  declare autoQuote: boolean;

  declare protected order: Order | undefined;
  declare protected allocationId: string | undefined;
  declare protected parcel: ParcelForm;
  declare protected uncheckedConfigs: ReadonlySet<string>;
  declare protected rates: RatesResult | undefined;
  declare protected quotedRequest: RatesRequest | undefined;
  declare protected selectedRateId: string | undefined;
  declare protected optionValues: OptionValues;
  declare protected sortBy: SortKey;
  /** What the live region says: rates found, one minute left, expired; never every second. */
  declare protected announcement: string;

  /** The request the parcel fields were last filled from, so an unrelated order update keeps edits. */
  #parcelSource = '';
  #orderRequest = orderRequests();
  /** The order and allocation the form is for (`<order id>/<allocation id>`). */
  #shownAllocation: string | undefined;

  /** What the API proxy's session lets the user do: a role without `rates` gets none. */
  #session = new SessionController(this);

  /**
   * What rates are asked for: the request given, or the order and the allocation shown.
   * @internal
   */
  get ratesFor(): RatesRequest | string {
    return this.request ?? `${this.orderId}/${this.allocationId}/${this.#shownAllocation}`;
  }

  #order = new OrderController(this, {
    onChange: (order) => (this.order = order),
  });

  #onOneMinuteLeft = (): void => {
    this.announcement = ratePickerMessages(this.locale).oneMinuteLeft;
  };

  #onExpired = (): void => {
    this.announcement = ratePickerMessages(this.locale).expired;
  };

  /** Counts down to the quotes' expiry, handed over in each `willUpdate`. */
  #expiry = new QuoteClock(this, {
    countdown: true,
    onOneMinuteLeft: this.#onOneMinuteLeft,
    onExpired: this.#onExpired,
  });

  #fields = new FieldErrors<FormProblem>(this, { controlId: (field) => PARCEL_CONTROL_IDS[field] });

  /** Shows the quotes of `request`, keeping the chosen service where it is quoted again. */
  #quoted = (request: RatesRequest, result: RatesResult, view: ResultsView): void => {
    const previous = this.#selectedQuote();
    let choice = view.requoted(previous, result.quotes, this.optionValues);
    if (!choice.rateId)
      choice = view.chosenBy(this.chooseBy, result.quotes, this.#currentOrder()?.due_date) ?? choice;
    this.rates = result;
    this.quotedRequest = request;
    this.selectedRateId = choice.rateId;
    this.optionValues = choice.optionValues;
    if (!choice.rateId && previous) this.#emitCleared();
    this.announcement = view.ratesAnnouncement(result, view.resultsWords(this.locale));
    if (choice.rateId) this.#emitSelection();
  };

  /** Rates: a new request aborts the one in flight, and a superseded answer is dropped. */
  #rates = new RatesController(this, { onQuoted: this.#quoted });

  #configsTask = this.requestTask({
    args: () => [this.api, typeof this.#baseRequest() === 'object'] as const,
    task: async ([api, wanted], signal) => (wanted ? listCarrierAccounts(api, signal) : undefined),
  });

  constructor() {
    super();
    this.parcel = { ...EMPTY_PARCEL };
    this.uncheckedConfigs = new Set();
    this.optionValues = {};
    this.sortBy = 'price';
    this.announcement = '';
    this.autoQuote = false;
  }

  /** The chosen quote with what booking it needs, or undefined while none is chosen. */
  get selection(): RateSelection | undefined {
    // None once the order or the allocation quoted has shipped: its label is bought already.
    if (typeof this.#baseRequest() !== 'object') return undefined;
    // The quotes' view comes with the first rates: without it there is no quote to choose.
    const view = this.#rates.view;
    return view?.selectionOf({
      quote: this.#selectedQuote(),
      rates: this.rates,
      request: this.quotedRequest,
      optionValues: this.optionValues,
      orderId: this.#orderIdForEvents(),
      allocationId: this.#allocationQuoted(),
      words: view.resultsWords(this.locale),
    });
  }

  /**
   * Asks the carriers again for the parcel last quoted (or, before any quote, for the parcel in
   * the form). Used by "Refresh rates" and by a `label-downloader` whose quote expired.
   */
  async refreshRates(): Promise<void> {
    // Nothing once the order or the allocation has shipped.
    if (typeof this.#baseRequest() !== 'object') return;
    if (this.quotedRequest) {
      await this.#fetchRates(this.quotedRequest);
    } else {
      await this.#submit();
    }
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#order.follow(this.request ? undefined : this.orderId);
    // The allocation quoted by default changes when it gets its label: its quotes go with it.
    const order = this.#currentOrder();
    const shown = order && `${order.id}/${allocationOf(order, this.allocationId)?.id}`;
    const moved = this.#shownAllocation !== undefined && shown !== this.#shownAllocation;
    this.#shownAllocation = shown;
    const sourceChanged =
      this.hasUpdated &&
      (moved || changed.has('orderId') || changed.has('request') || changed.has('allocationId'));
    if (sourceChanged) this.#clearRates();
    if (
      changed.has('order') ||
      changed.has('request') ||
      changed.has('allocationId') ||
      changed.has('orderId')
    ) {
      this.#fillParcel();
    }
    this.#expiry.watch(this.rates?.expiresAt);
    this.#quoteByItself();
  }

  /** The parcel (`#parcelSource`) rates were last asked for by `auto-quote`. */
  #autoQuoted: string | undefined;

  /** `auto-quote`: once the order and the carrier accounts are read, the parcel is quoted, once. */
  #quoteByItself(): void {
    if (!this.autoQuote || this.#autoQuoted === this.#parcelSource) return;
    if (typeof this.#baseRequest() !== 'object' || this.#configsTask.status === TaskStatus.PENDING) return;
    if (this.rates || this.#rates.loading) return;
    this.#autoQuoted = this.#parcelSource;
    void this.#submit();
  }

  #currentOrder(): Order | undefined {
    if (this.request) return undefined;
    return this.order ?? this.#order.loaded;
  }

  /** The request before the parcel and carrier filter are applied, or why there is none. */
  #baseRequest(): OrderRequest | undefined {
    if (this.request) return this.request;
    const order = this.#currentOrder();
    return order ? this.#orderRequest(order, this.allocationId) : undefined;
  }

  /** Refills the parcel fields when the facts they come from change (not on every order update). */
  #fillParcel(): void {
    const base = this.#baseRequest();
    const parcels = typeof base === 'object' ? base.parcels : undefined;
    const source = JSON.stringify([
      this.request ? 'request' : this.orderId,
      this.allocationId,
      parcels ?? null,
    ]);
    if (source === this.#parcelSource) return;
    this.#parcelSource = source;
    this.parcel = parcelToForm(parcels?.[0]);
    this.#fields.clear();
  }

  #clearRates(): void {
    const hadChoice = this.selectedRateId !== undefined;
    this.rates = undefined;
    this.quotedRequest = undefined;
    this.selectedRateId = undefined;
    this.optionValues = {};
    this.announcement = '';
    if (hadChoice) this.#emitCleared();
  }

  #emitCleared(): void {
    this.dispatchEvent(new RateClearedEvent({ orderId: this.#orderIdForEvents() }));
  }

  /** The allocation the rates are for, as text; null for an explicit request. */
  #allocationQuoted(): string | null {
    const allocation = this.request || !this.order ? undefined : allocationOf(this.order, this.allocationId);
    return allocation ? String(allocation.id) : null;
  }

  #orderIdForEvents(): number | null {
    return this.request || this.orderId === undefined || Number.isNaN(this.orderId) ? null : this.orderId;
  }

  // The request

  async #submit(): Promise<void> {
    const base = this.#baseRequest();
    if (typeof base !== 'object' || refusal(this.#session.session, 'rates', this.locale)) return;
    const errors = validateParcelForm(
      this.parcel,
      base,
      this.#configsTask.value,
      this.uncheckedConfigs,
      this.locale,
    );
    this.#fields.set(errors);
    if (this.#fields.any) {
      await this.#fields.focusFirst();
      return;
    }
    const ids = configurationIds(this.#configsTask.value, this.uncheckedConfigs);
    await this.#fetchRates(requestFromForm(base, this.parcel, ids));
  }

  async #fetchRates(request: RatesRequest): Promise<void> {
    this.announcement = '';
    await this.#rates.fetch(request);
  }

  // Choosing a quote and its options

  #selectedQuote(): Quote | undefined {
    if (this.selectedRateId === undefined) return undefined;
    return this.rates?.quotes.find((quote) => quote.rateId === this.selectedRateId);
  }

  #emitSelection(): void {
    const selection = this.selection;
    if (selection) this.dispatchEvent(new RateSelectedEvent(selection));
  }

  #choose = (rateId: string): void => {
    if (this.#expiry.expired) return;
    const choice = this.#rates.view?.picked(this.rates?.quotes ?? [], rateId);
    if (!choice) return;
    this.selectedRateId = choice.rateId;
    this.optionValues = choice.optionValues;
    this.#emitSelection();
  };

  #setOption = (key: string, value: string): void => {
    if (this.optionValues[key] === value) return;
    this.optionValues = { ...this.optionValues, [key]: value };
    this.#emitSelection();
  };

  // Rendering

  protected override render(): TemplateResult {
    const text = ratePickerMessages(this.locale);
    const base = this.#baseRequest();
    const order = this.#currentOrder();
    if (!this.request && (this.orderId === undefined || Number.isNaN(this.orderId))) {
      return html`<div class="card" part="card"><p class="muted">${text.nothingToQuote}</p></div>`;
    }
    if (base === undefined) {
      return html`<div class="card" part="card">
        ${this.#order.renderPlaceholder(this.locale, text.loadingOrder)}
      </div>`;
    }
    return html`<section class="card" part="card" aria-labelledby="rate-picker-heading">
      <header class="header" part="header">
        <h2 id="rate-picker-heading">${order?.number ? text.orderHeading(order.number) : text.heading}</h2>
        ${
          typeof base === 'object'
            ? html`<p class="muted route">
                ${text.route(placeName(base.from_address), placeName(base.to_address))}
              </p>`
            : nothing
        }
      </header>
      ${this.#renderAllocationChoice(order)}
      ${
        typeof base === 'object'
          ? html`${this.#renderForm(base)} ${this.#renderRates()}`
          : html`<p class="notice warning">${text[base]}</p>`
      }
      <p class="visually-hidden" role="status">${this.announcement}</p>
    </section>`;
  }

  #renderAllocationChoice(order: Order | undefined): TemplateResult | typeof nothing {
    if (!order || (order.allocations ?? []).length < 2) return nothing;
    return renderAllocationChoice(
      order,
      allocationOf(order, this.allocationId),
      this.locale,
      this.#onShipFrom,
    );
  }

  #onShipFrom = (allocationId: string): void => {
    this.allocationId = allocationId;
  };

  #renderForm(base: RatesRequest): TemplateResult {
    const text = ratePickerMessages(this.locale);
    const refused = refusal(this.#session.session, 'rates', this.locale);
    return html`<form class="parcel-form" part="parcel-form" novalidate @submit=${this.#onSubmit}>
      ${renderParcelFieldset({
        parcel: this.parcel,
        errors: this.#fields,
        locale: this.locale,
        onInput: this.#onParcelInput,
      })}
      ${renderCarriers(this.#configsTask, {
        sent: base.shipping_configuration_ids,
        unchecked: this.uncheckedConfigs,
        error: this.#fields.get('carriers'),
        locale: this.locale,
        onToggle: this.#onCarrierToggle,
      })}
      <div class="form-actions">
        <button
          type="submit"
          class="button"
          part="get-rates-button"
          ?disabled=${this.#rates.loading || refused !== undefined}
          aria-describedby=${refused ? 'rates-refusal' : nothing}
        >
          ${text.getRates}
        </button>
      </div>
      ${renderRefusal(refused, 'rates-refusal')}
    </form>`;
  }

  #renderRates(): TemplateResult | typeof nothing {
    const text = ratePickerMessages(this.locale);
    if (this.#rates.loading) return renderLoading(this.locale, text.gettingRates);
    const failure = this.#rates.failure;
    // An error about a parcel the seller has since corrected says nothing of the parcel as it is.
    if (failure && !parcelDiffersFrom(this.parcel, failure.request.parcels?.[0])) {
      return renderErrorBanner({
        error: failure.error,
        locale: this.locale,
        context: text.ratesFailed,
        onRetry: this.#retryRates,
      });
    }
    const rates = this.rates;
    const view = this.#rates.view;
    if (!rates || !view) return nothing;
    return view.renderResults({
      rates,
      expired: this.#expiry.expired,
      parcelChanged: parcelDiffersFrom(this.parcel, this.quotedRequest?.parcels?.[0]),
      sortBy: this.sortBy,
      dueDate: this.#currentOrder()?.due_date,
      msLeft: this.#expiry.msLeft,
      currency: this.quotedRequest?.currency_code,
      selectedRateId: this.selectedRateId,
      optionValues: this.optionValues,
      locale: this.locale,
      onSort: this.#onSort,
      onChoose: this.#choose,
      onRefresh: this.#refresh,
      onOption: this.#setOption,
    });
  }

  // Event handlers

  /** "Retry" of a request that failed: the same request again. */
  #retryRates = (): void => {
    const failure = this.#rates.failure;
    if (failure) void this.#fetchRates(failure.request);
  };

  /** "Refresh rates" of expired quotes. */
  #refresh = (): void => {
    void this.refreshRates();
  };

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    void this.#submit();
  }

  #onParcelInput = (field: ParcelField, value: string): void => {
    this.parcel = { ...this.parcel, [field]: value };
  };

  #onCarrierToggle = (configId: string, checked: boolean): void => {
    const sent = this.#baseRequest();
    this.uncheckedConfigs = toggleCarrier(
      this.#configsTask.value ?? [],
      this.uncheckedConfigs,
      typeof sent === 'object' ? sent.shipping_configuration_ids : undefined,
      configId,
      checked,
    );
    this.#fields.clear('carriers');
  };

  #onSort = (event: Event): void => {
    const value = (event.target as HTMLSelectElement).value;
    this.sortBy = value === 'delivery' || value === 'on-time' ? value : 'price';
  };
}
