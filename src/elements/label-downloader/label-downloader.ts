import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { bookShipments, createShipment } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { BookedShipment, BookingShipment, ShipmentCreated } from '../../api/index.js';
import { EMPTY, formatDate, formatMoney, formatNumber, formatWeight } from '../../shared/format.js';
import { OpsElement } from '../../shared/ops-element.js';
import { carrierLabel, chosenOptionLines, readableCode, serviceLabel } from '../../shared/quote-view.js';
import { baseStyles } from '../../shared/styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { renderErrorBanner } from '../../shared/templates.js';
import type { RateSelectedDetail, RateSelectedEvent } from '../rate-picker/rate-picker.events.js';
import { LabelPurchasedEvent, RatesRequestedEvent } from './label-downloader.events.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import { labelDownloaderStyles } from './label-downloader.styles.js';
import { decodeBase64, fileNamePart, printPdf, saveFile } from '../../shared/label-files.js';
import { shipmentInputFrom } from './shipment-input.js';

type LabelFormat = 'PDF' | 'ZPL';

/** A label that was bought, with its documents (Base64). */
interface PurchasedLabel {
  key: string;
  remoteShipmentId: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  service: string | null;
  charge: { value: number | null; unit: string | null };
  format: LabelFormat;
  label: string | null;
  invoice: string | null;
}

interface FailedShipment {
  key: string;
  what: string;
  errors: string[];
  quoteExpired: boolean;
}

/** What the last purchase attempt came to. */
interface Outcome {
  purchased: PurchasedLabel[];
  failed: FailedShipment[];
  error?: OpsError;
}

/** Errors after which the service may have bought the label although no answer said so. */
const AMBIGUOUS_CODES: ReadonlySet<string> = new Set([
  'server',
  'network',
  'timeout',
  'invalid_response',
  'unknown',
]);

/** Identifies one shipment to buy: a label per rates request, whichever of its quotes is chosen. */
function shipmentKey(selection: RateSelectedDetail): string {
  return selection.remoteShipmentId ?? selection.requestToken ?? selection.quote.rateId ?? '';
}

function normaliseFormat(value: string | null | undefined): LabelFormat {
  return value?.trim().toUpperCase() === 'ZPL' ? 'ZPL' : 'PDF';
}

/** Only option keys the quote offers, and select values from its list, go into a booking. */
function bookingOptions(selection: RateSelectedDetail): Record<string, string | number> {
  const options: Record<string, string | number> = {};
  for (const option of selection.quote.serviceOptions) {
    const value = selection.options[option.key];
    if (value === undefined || value === '') continue;
    if (option.type === 'select' && !option.values.some((choice) => choice.value === value)) continue;
    if (option.type === 'number') {
      const amount = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(amount)) options[option.key] = amount;
      continue;
    }
    options[option.key] = value;
  }
  return options;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * Buys the label for a chosen shipping quote, exactly once however often "Buy label" is pressed,
 * then offers the label (PDF or ZPL) for download and printing, and the customs invoice of an
 * international shipment. Follows a `rate-picker` named by `for`, or takes `.selection`.
 *
 * @summary Buys, downloads and prints the shipping label for a chosen rate.
 *
 * @fires label-purchased - A label was bought. `detail`: `{ trackingNumber, format, charges: { value,
 *   unit }, carrier, service, remoteShipmentId }`. Once per label.
 * @fires rates-requested - "Get new rates" was pressed (the quote expired or was refused). `detail`: `{ selection }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart summary - What will be bought: carrier, service, price.
 * @csspart format-select - The "Label format" select.
 * @csspart buy-button - The "Buy label" button.
 * @csspart result - A bought label with its tracking number and charge.
 * @csspart download-button - The "Download label" button.
 * @csspart print-button - The "Print label" button.
 * @csspart invoice-button - The "Download customs invoice" button.
 * @csspart failure - A shipment that was not bought, with the reasons.
 * @csspart new-rates-button - The "Get new rates" button.
 * @csspart loading - The progress indicator while buying.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
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
    selection: { attribute: false },
    for: { type: String, reflect: true },
    labelFormat: { type: String, attribute: 'label-format', reflect: true },
    serviceCode: { type: String, attribute: 'service-code', reflect: true },
    booking: { state: true },
    outcome: { state: true },
    fileProblem: { state: true },
    now: { state: true },
  };

  /** The chosen rate (a `rate-selected` detail), or several to buy in one booking. */
  declare selection: RateSelectedDetail | RateSelectedDetail[] | undefined;
  /** Id of a `rate-picker` in the same document or shadow root whose choice to follow. */
  declare for: string | undefined;
  /** `PDF` (default) or `ZPL`. */
  declare labelFormat: string;
  /** Buy through `POST /shipments` with this service code instead of booking the quote. */
  declare serviceCode: string | undefined;

  declare protected booking: boolean;
  declare protected outcome: Outcome | undefined;
  declare protected fileProblem: string;
  declare protected now: number;

  /** Set before the first await of a purchase, so a second click in the same tick is refused. */
  #purchaseInFlight = false;
  /**
   * Shipments the API has answered for through this element, bought or refused: a rates
   * request's parcel is booked once, and a refused one needs new rates, not the same request again.
   */
  readonly #answered = new Set<string>();
  #root: Document | ShadowRoot | undefined;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.labelFormat = 'PDF';
    this.booking = false;
    this.fileProblem = '';
    this.now = Date.now();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.getRootNode();
    if (root instanceof Document || root instanceof ShadowRoot) {
      this.#root = root;
      root.addEventListener('rate-selected', this.#onRateSelected);
      root.addEventListener('rate-cleared', this.#onRateCleared);
    }
    this.#adoptPickerSelection();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#root?.removeEventListener('rate-selected', this.#onRateSelected);
    this.#root?.removeEventListener('rate-cleared', this.#onRateCleared);
    this.#root = undefined;
    if (this.#expiryTimer !== undefined) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = undefined;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    if (changed.has('for')) this.#adoptPickerSelection();
    if (changed.has('selection')) this.#selectionChanged();
  }

  /** The followed rate picker, when `for` names one in this element's root. */
  #picker(): HTMLElement | null {
    if (!this.for) return null;
    const root = this.#root ?? this.getRootNode();
    return root instanceof Document || root instanceof ShadowRoot ? root.getElementById(this.for) : null;
  }

  /** Takes over what the followed picker has chosen already (it may have chosen before we connected). */
  #adoptPickerSelection(): void {
    if (this.selection) return;
    const chosen = (this.#picker() as { selection?: RateSelectedDetail } | null)?.selection;
    if (chosen) this.selection = chosen;
  }

  #fromFollowedPicker(event: Event): boolean {
    const target = event.target;
    return Boolean(this.for) && target instanceof Element && target.id === this.for;
  }

  #onRateSelected = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.selection = (event as RateSelectedEvent).detail;
  };

  #onRateCleared = (event: Event): void => {
    if (this.#fromFollowedPicker(event)) this.selection = undefined;
  };

  #selections(): RateSelectedDetail[] {
    const selection = this.selection;
    if (!selection) return [];
    return Array.isArray(selection) ? selection : [selection];
  }

  /**
   * A new choice starts afresh, unless it is for a shipment booked already. When the choice is
   * only withdrawn, a bought label stays on offer for download.
   */
  #selectionChanged(): void {
    this.now = Date.now();
    this.fileProblem = '';
    const selections = this.#selections();
    const answered = selections.every((entry) => this.#answered.has(shipmentKey(entry)));
    if (!this.booking && !answered) this.outcome = undefined;
    this.#scheduleExpiry();
  }

  #expiresAt(): number {
    const times = this.#selections()
      .map((selection) => (selection.expiresAt ? Date.parse(selection.expiresAt) : Number.NaN))
      .filter(Number.isFinite);
    return times.length ? Math.min(...times) : Number.POSITIVE_INFINITY;
  }

  #isExpired(): boolean {
    return this.#expiresAt() <= this.now;
  }

  /** Re-renders when the quote expires, so it cannot be bought after that. */
  #scheduleExpiry(): void {
    if (this.#expiryTimer !== undefined) clearTimeout(this.#expiryTimer);
    this.#expiryTimer = undefined;
    const left = this.#expiresAt() - Date.now();
    if (!Number.isFinite(left) || left <= 0 || !this.isConnected) return;
    // setTimeout takes at most a 32-bit delay; quotes live minutes, not weeks.
    this.#expiryTimer = setTimeout(
      () => {
        this.#expiryTimer = undefined;
        this.now = Date.now();
      },
      Math.min(left + 50, 2 ** 31 - 1),
    );
  }

  #format(): LabelFormat {
    return this.serviceCode ? 'PDF' : normaliseFormat(this.labelFormat);
  }

  // Buying

  async #buy(): Promise<void> {
    if (this.#purchaseInFlight) return;
    const selections = this.#selections().filter((selection) => !this.#answered.has(shipmentKey(selection)));
    if (selections.length === 0 || this.#expiresAt() <= Date.now()) return;
    if (selections.some((entry) => entry.optionsValid === false)) return;
    this.#purchaseInFlight = true;
    this.booking = true;
    this.outcome = undefined;
    this.fileProblem = '';
    try {
      // No abort signal: once sent, a purchase must be seen through to its answer, even if the
      // element leaves the page, or a bought label could go unreported.
      this.outcome = this.serviceCode
        ? await this.#createShipment(selections[0] as RateSelectedDetail, this.serviceCode)
        : await this.#bookQuotes(selections);
    } catch (error) {
      this.outcome = { purchased: [], failed: [], error: this.reportError(error) };
    } finally {
      this.#purchaseInFlight = false;
      this.booking = false;
    }
    for (const failure of this.outcome?.failed ?? []) this.#answered.add(failure.key);
    for (const label of this.outcome?.purchased ?? []) {
      this.#answered.add(label.key);
      this.dispatchEvent(
        new LabelPurchasedEvent({
          trackingNumber: label.trackingNumber,
          format: label.format,
          charges: label.charge,
          carrier: label.carrier,
          service: label.service,
          remoteShipmentId: label.remoteShipmentId,
        }),
      );
    }
  }

  async #bookQuotes(selections: RateSelectedDetail[]): Promise<Outcome> {
    const labelFormat = this.#format();
    const shipments = selections.map((selection): BookingShipment => {
      const shipment: BookingShipment = {
        ...bookingOptions(selection),
        rate_id: selection.quote.rateId ?? '',
        label_format: labelFormat,
      };
      if (selection.remoteShipmentId) shipment.remote_shipment_id = selection.remoteShipmentId;
      return shipment;
    });
    const result = await bookShipments(this.api, {
      labelFormat,
      requestToken: selections.find((selection) => selection.requestToken)?.requestToken ?? null,
      shipments,
    });
    const outcome: Outcome = { purchased: [], failed: [] };
    for (const selection of selections) {
      const id = selection.remoteShipmentId ?? '';
      const booked: BookedShipment | undefined = result.successful[id];
      const failure = result.failed[id];
      if (booked) {
        outcome.purchased.push({
          key: shipmentKey(selection),
          remoteShipmentId: selection.remoteShipmentId,
          trackingNumber: text(booked.tracking_number),
          carrier: text(booked.service_carrier) ?? text(booked.carrier_id) ?? selection.quote.carrierName,
          service: text(booked.service_name) ?? selection.quote.serviceName,
          charge: {
            value: booked.total_charge?.value ?? selection.quote.totalCharge,
            unit: booked.total_charge?.unit ?? selection.quote.currency,
          },
          format: normaliseFormat(booked.label_format ?? labelFormat),
          label: text(booked.label_content),
          // The sandbox (and some accounts) send the customs invoice with the booked shipment.
          invoice: text((booked as Record<string, unknown>)['commercial_invoice_content']),
        });
      } else {
        outcome.failed.push({
          key: shipmentKey(selection),
          what: `${carrierLabel(selection.quote)} ${serviceLabel(selection.quote)}`,
          errors: failure?.errors ?? [],
          quoteExpired: failure?.quoteExpired ?? false,
        });
      }
    }
    return outcome;
  }

  async #createShipment(selection: RateSelectedDetail, serviceCode: string): Promise<Outcome> {
    const created: ShipmentCreated = await createShipment(
      this.api,
      shipmentInputFrom(selection.request, serviceCode),
    );
    const quote = selection.quote.serviceId === serviceCode ? selection.quote : undefined;
    return {
      purchased: [
        {
          key: shipmentKey(selection),
          remoteShipmentId: selection.remoteShipmentId,
          trackingNumber: created.tracking_number,
          carrier: quote ? quote.carrierName : null,
          service: quote?.serviceName ?? serviceCode,
          charge: { value: null, unit: null },
          format: 'PDF',
          label: created.label,
          invoice: created.commercial_invoice_label,
        },
      ],
      failed: [],
    };
  }

  #renderNewRatesButton(): TemplateResult {
    return html`<button
      type="button"
      class="button"
      part="new-rates-button"
      @click=${() => this.#requestNewRates()}
    >
      ${labelDownloaderMessages(this.locale).getNewRates}
    </button>`;
  }

  #requestNewRates(): void {
    const selection = this.#selections()[0];
    if (!selection) return;
    this.dispatchEvent(new RatesRequestedEvent({ selection }));
    const picker = this.#picker() as { refreshRates?: () => Promise<void> } | null;
    if (typeof picker?.refreshRates === 'function') void picker.refreshRates();
  }

  // Files

  #download(label: PurchasedLabel): void {
    const bytes = decodeBase64(label.label);
    if (!bytes) {
      this.fileProblem = labelDownloaderMessages(this.locale).fileUnreadable;
      return;
    }
    this.fileProblem = '';
    const name = fileNamePart(label.trackingNumber ?? label.remoteShipmentId ?? 'shipment');
    saveFile(
      this.renderRoot,
      bytes,
      `label-${name}.${label.format === 'ZPL' ? 'zpl' : 'pdf'}`,
      label.format === 'ZPL' ? 'text/plain' : 'application/pdf',
    );
  }

  #print(label: PurchasedLabel): void {
    const bytes = decodeBase64(label.label);
    if (!bytes) {
      this.fileProblem = labelDownloaderMessages(this.locale).fileUnreadable;
      return;
    }
    this.fileProblem = '';
    printPdf(this.renderRoot, bytes, labelDownloaderMessages(this.locale).printFrameTitle);
  }

  #downloadInvoice(label: PurchasedLabel): void {
    const bytes = decodeBase64(label.invoice);
    if (!bytes) {
      this.fileProblem = labelDownloaderMessages(this.locale).fileUnreadable;
      return;
    }
    this.fileProblem = '';
    const name = fileNamePart(label.trackingNumber ?? label.remoteShipmentId ?? 'shipment');
    saveFile(this.renderRoot, bytes, `customs-invoice-${name}.pdf`, 'application/pdf');
  }

  // Rendering

  protected override render(): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const selections = this.#selections();
    const toBuy = selections.filter((selection) => !this.#answered.has(shipmentKey(selection)));
    return html`<section class="card" part="card" aria-labelledby="label-heading">
      <h2 id="label-heading">${text.heading}</h2>
      ${
        selections.length === 0
          ? html`<p class="muted">${text.noSelection}</p>`
          : toBuy.length === 0
            ? this.outcome
              ? nothing
              : html`<p class="notice">${text.alreadyBought}</p>`
            : this.#renderPurchase(toBuy)
      }
      ${this.#renderOutcome()}
      ${this.fileProblem ? html`<p class="field-error" role="alert">${this.fileProblem}</p>` : nothing}
    </section>`;
  }

  #renderPurchase(selections: RateSelectedDetail[]): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const expired = this.#isExpired();
    const optionsInvalid = selections.some((selection) => selection.optionsValid === false);
    const canBuy = !expired && !optionsInvalid;
    // After a booking that failed on expiry, the outcome already offers new rates.
    const saysExpired =
      this.outcome?.error?.code === 'quote_expired' ||
      this.outcome?.failed.some((failure) => failure.quoteExpired);
    return html`<div class="purchase">
      ${this.#renderSummary(selections)}
      ${
        expired && !this.booking && !saysExpired
          ? html`<div class="notice warning expired">
              <span>${text.quoteExpired}</span>
              ${this.#renderNewRatesButton()}
            </div>`
          : nothing
      }
      ${optionsInvalid ? html`<p class="notice warning">${text.fixOptions}</p>` : nothing}
      <form class="buy-form" novalidate @submit=${this.#onSubmit}>
        ${
          this.serviceCode
            ? html`<p class="muted">${text.pdfOnly}</p>`
            : html`<div class="field format">
                <label for="label-format">${text.labelFormat}</label>
                <select
                  id="label-format"
                  part="format-select"
                  ?disabled=${this.booking}
                  @change=${(event: Event) => (this.labelFormat = (event.target as HTMLSelectElement).value)}
                >
                  <option value="PDF" ?selected=${this.#format() === 'PDF'}>${text.labelFormatPdf}</option>
                  <option value="ZPL" ?selected=${this.#format() === 'ZPL'}>${text.labelFormatZpl}</option>
                </select>
              </div>`
        }
        <div class="actions">
          <button
            type="submit"
            class="button"
            part="buy-button"
            ?disabled=${this.booking || !canBuy}
            aria-describedby="purchase-summary"
          >
            ${text.buyLabel}
          </button>
          ${
            this.booking
              ? html`<span class="loading" role="status" part="loading">
                  <span class="spinner" aria-hidden="true"></span><span>${text.buying}</span>
                </span>`
              : nothing
          }
        </div>
      </form>
    </div>`;
  }

  #renderSummary(selections: RateSelectedDetail[]): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const several = selections.length > 1;
    const currencies = new Set(selections.map((selection) => selection.quote.currency));
    const total = selections.reduce((sum, selection) => sum + (selection.quote.totalCharge ?? Number.NaN), 0);
    return html`<div class="summary" part="summary" id="purchase-summary">
      <h3>${text.youAreBuying}</h3>
      ${selections.map(
        (selection, index) =>
          html`<dl class="facts">
            ${several ? html`<div class="span"><dt>${text.shipment(formatNumber(index + 1, this.locale))}</dt></div>` : nothing}
            ${this.#renderSelectionFacts(selection)}
          </dl>`,
      )}
      ${
        several && currencies.size === 1 && Number.isFinite(total)
          ? html`<p class="total">
              <span>${text.total}</span>
              <strong>${formatMoney(total, [...currencies][0], this.locale)}</strong>
            </p>`
          : nothing
      }
    </div>`;
  }

  #renderSelectionFacts(selection: RateSelectedDetail): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    const quote = selection.quote;
    const to = selection.request.to_address;
    const parcel = selection.request.parcels[0];
    const options = chosenOptionLines(quote, selection.options, this.locale);
    const byServiceCode = Boolean(this.serviceCode);
    const codeMatches = byServiceCode && quote.serviceId === this.serviceCode;
    return html`
      ${
        byServiceCode
          ? html`<div>
              <dt>${text.serviceCode}</dt>
              <dd>${this.serviceCode}</dd>
            </div>`
          : html`<div>
                <dt>${text.carrier}</dt>
                <dd>${carrierLabel(quote)}</dd>
              </div>
              <div>
                <dt>${text.service}</dt>
                <dd>${serviceLabel(quote)}</dd>
              </div>
              <div>
                <dt>${text.delivery}</dt>
                <dd>
                  ${quote.deliveryEstimate ? text.deliveryBy(formatDate(quote.deliveryEstimate, this.locale)) : text.noEstimate}
                </dd>
              </div>`
      }
      <div>
        <dt>${text.shipTo}</dt>
        <dd>${[to.name || to.company, to.town, to.country_code].filter(Boolean).join(', ') || EMPTY}</dd>
      </div>
      <div>
        <dt>${text.parcel}</dt>
        <dd>${parcel ? formatWeight(parcel.weight, parcel.weight_unit, this.locale) : EMPTY}</dd>
      </div>
      ${
        !byServiceCode && options.length
          ? html`<div class="span">
              <dt>${text.options}</dt>
              <dd>
                ${options.map((line) => html`${line}<br />`)}<span class="muted">${text.optionsMayAdd}</span>
              </dd>
            </div>`
          : nothing
      }
      <div class="price-row span">
        <dt>${text.price}</dt>
        <dd>
          ${
            byServiceCode && !codeMatches
              ? html`<span class="muted">${text.priceAfterPurchase}</span>`
              : html`<strong class="price"
                  >${formatMoney(quote.totalCharge, quote.currency, this.locale)}</strong
                >`
          }
        </dd>
      </div>
    `;
  }

  #renderOutcome(): TemplateResult | typeof nothing {
    const outcome = this.outcome;
    if (!outcome) return nothing;
    const text = labelDownloaderMessages(this.locale);
    const error = outcome.error;
    // A refused shipment (expired quote, already booked, …) can only be bought from new rates.
    const needsNewRates = outcome.failed.length > 0 || error?.code === 'quote_expired';
    return html`<div class="outcome">
      ${
        outcome.purchased.length
          ? html`<p class="notice success" role="status">${text.bought(outcome.purchased.length)}</p>
              ${outcome.purchased.map((label) => this.#renderPurchased(label))}`
          : nothing
      }
      ${outcome.failed.map(
        (failure) =>
          html`<div class="failure" part="failure" role="alert">
            <strong>${text.shipmentNotBought(failure.what)}</strong>
            ${failure.quoteExpired ? html`<span>${text.quoteExpired}</span>` : nothing}
            ${
              failure.errors.length
                ? html`<ul>
                    ${failure.errors.map((message) => html`<li>${message}</li>`)}
                  </ul>`
                : nothing
            }
          </div>`,
      )}
      ${
        error
          ? html`${renderErrorBanner({
              error,
              locale: this.locale,
              context: text.notBought,
              onRetry: error.code === 'quote_expired' ? undefined : () => void this.#buy(),
            })}
            ${AMBIGUOUS_CODES.has(error.code) ? html`<p class="notice warning">${text.mayHaveBought}</p>` : nothing}`
          : nothing
      }
      ${needsNewRates ? html`<div class="actions">${this.#renderNewRatesButton()}</div>` : nothing}
    </div>`;
  }

  #renderPurchased(label: PurchasedLabel): TemplateResult {
    const text = labelDownloaderMessages(this.locale);
    return html`<div class="result" part="result">
      <dl class="facts">
        <div class="span">
          <dt>${text.trackingNumber}</dt>
          <dd class="tracking">${label.trackingNumber ?? text.untracked}</dd>
        </div>
        <div>
          <dt>${text.carrier}</dt>
          <dd>${label.carrier ? readableCode(label.carrier) : EMPTY}</dd>
        </div>
        <div>
          <dt>${text.service}</dt>
          <dd>${label.service ?? EMPTY}</dd>
        </div>
        <div>
          <dt>${text.charged}</dt>
          <dd>${formatMoney(label.charge.value, label.charge.unit, this.locale)}</dd>
        </div>
      </dl>
      <div class="actions">
        ${
          label.label
            ? html`<button
                type="button"
                class="button"
                part="download-button"
                @click=${() => this.#download(label)}
              >
                ${text.downloadLabel}
              </button>`
            : nothing
        }
        ${
          label.label && label.format === 'PDF'
            ? html`<button
                type="button"
                class="button secondary"
                part="print-button"
                @click=${() => this.#print(label)}
              >
                ${text.printLabel}
              </button>`
            : nothing
        }
        ${
          label.invoice
            ? html`<button
                type="button"
                class="button secondary"
                part="invoice-button"
                @click=${() => this.#downloadInvoice(label)}
              >
                ${text.downloadInvoice}
              </button>`
            : nothing
        }
      </div>
      ${label.format === 'ZPL' ? html`<p class="muted hint">${text.zplHint}</p>` : nothing}
      ${label.invoice ? html`<p class="muted hint">${text.invoiceHint}</p>` : nothing}
    </div>`;
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    void this.#buy();
  }
}
