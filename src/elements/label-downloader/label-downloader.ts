import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { OpsError } from '../../api/errors.js';
import { formatMoney, formatNumber } from '../../shared/format.js';
import { decodeBase64, fileNamePart, printPdf, saveFile } from '../../shared/label-files.js';
import { OpsElement } from '../../shared/ops-element.js';
import { baseStyles } from '../../shared/styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { renderErrorBanner } from '../../shared/templates.js';
import type { RateSelectedDetail, RateSelectedEvent } from '../rate-picker/rate-picker.events.js';
import { LabelPurchasedEvent, RatesRequestedEvent } from './label-downloader.events.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import { labelDownloaderStyles } from './label-downloader.styles.js';
import { renderPurchasedLabel, renderSelectionFacts } from './label-downloader.templates.js';
import type { LabelActions } from './label-downloader.templates.js';
import { AMBIGUOUS_CODES, normaliseFormat } from '../../shared/booked-label.js';
import type { LabelFormat } from '../../shared/booked-label.js';
import { bookQuotes, createLabel, shipmentKey } from './purchase.js';
import type { Outcome, PurchasedLabel } from './purchase.js';

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

  declare protected outcome: Outcome | undefined;
  declare protected fileProblem: string;
  declare protected now: number;

  /**
   * Buys the label. The task's signal is not passed on: once sent, a purchase must be seen
   * through to its answer, even if the element leaves the page, or a bought label could go
   * unreported.
   */
  #purchase = this.requestTask({
    autoRun: false,
    task: ([selections, format, serviceCode]: readonly [
      RateSelectedDetail[],
      LabelFormat,
      string | undefined,
    ]) =>
      serviceCode
        ? createLabel(this.api, selections[0] as RateSelectedDetail, serviceCode)
        : bookQuotes(this.api, selections, format),
    onComplete: (outcome) => this.#purchased(outcome),
    onError: (error) => (this.outcome = { purchased: [], failed: [], error: error as OpsError }),
  });

  #labelActions: LabelActions = {
    download: (label) => this.#download(label),
    print: (label) => this.#print(label),
    invoice: (label) => this.#downloadInvoice(label),
  };
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
    if (!this.#booking() && !answered) this.outcome = undefined;
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

  #booking(): boolean {
    return this.#purchase.status === TaskStatus.PENDING;
  }

  #format(): LabelFormat {
    return this.serviceCode ? 'PDF' : normaliseFormat(this.labelFormat);
  }

  // Buying

  #buy(): void {
    // Task sets its status synchronously, so a second click in the same tick is refused here.
    if (this.#purchase.status === TaskStatus.PENDING) return;
    const selections = this.#selections().filter((selection) => !this.#answered.has(shipmentKey(selection)));
    if (selections.length === 0 || this.#expiresAt() <= Date.now()) return;
    if (selections.some((entry) => entry.optionsValid === false)) return;
    this.outcome = undefined;
    this.fileProblem = '';
    void this.#purchase.run([selections, this.#format(), this.serviceCode]);
  }

  #purchased(outcome: Outcome): void {
    this.outcome = outcome;
    for (const failure of outcome.failed) this.#answered.add(failure.key);
    for (const label of outcome.purchased) {
      this.#answered.add(label.key);
      this.dispatchEvent(
        new LabelPurchasedEvent({
          trackingNumber: label.trackingNumber,
          format: label.format,
          charges: label.charges,
          carrier: label.carrier,
          service: label.service,
          remoteShipmentId: label.remoteShipmentId,
        }),
      );
    }
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
        expired && !this.#booking() && !saysExpired
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
                  ?disabled=${this.#booking()}
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
            ?disabled=${this.#booking() || !canBuy}
            aria-describedby="purchase-summary"
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
            ${renderSelectionFacts(selection, this.serviceCode, this.locale)}
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
              ${outcome.purchased.map((label) => renderPurchasedLabel(label, this.locale, this.#labelActions))}`
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
              onRetry: error.code === 'quote_expired' ? undefined : () => this.#buy(),
            })}
            ${AMBIGUOUS_CODES.has(error.code) ? html`<p class="notice warning">${text.mayHaveBought}</p>` : nothing}`
          : nothing
      }
      ${needsNewRates ? html`<div class="actions">${this.#renderNewRatesButton()}</div>` : nothing}
    </div>`;
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#buy();
  }
}
