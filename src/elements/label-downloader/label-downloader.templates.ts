/**
 * The label downloader's stateless templates: what will be bought, what the purchase came to, a
 * bought label, and a shipment whose label may have been bought.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { EMPTY, formatDate, formatDateTime, formatMoney, formatNumber } from '../../shared/format.js';
import { formatWeight } from '../../shared/format-measures.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, chosenOptionLines, readableCode, serviceLabel } from '../../shared/quote-view.js';
import { keepWhole, renderErrorBanner } from '../../shared/templates.js';
import type { OrderCheck } from '../../shipping/order-reread.js';
import type { RateSelection } from '../../shipping/selection.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import type { Outcome, UnclearShipment } from './purchase.model.js';
import type { BoughtLabel, LabelFormat } from '../../shipping/label-facts.js';

/** What the buttons of a bought label do. */
export interface LabelActions {
  download: (label: BoughtLabel) => void;
  /** "Print label", with the label's order. */
  print: (label: BoughtLabel, orderId: number | null) => void;
  /** Whether "Print label" is offered for the label (a ZPL label only to the server's printer). */
  printable: (label: BoughtLabel) => boolean;
  /** Why the session does not let the user print to the server's printer (`print-refusal`), if it does not. */
  printRefusal: () => string | undefined;
  invoice: (label: BoughtLabel) => void;
  /** "Download packing slip" and "Print packing slip" of the label's order. */
  downloadSlip: (orderId: number) => void;
  printSlip: (orderId: number) => void;
}

/** What one shipment will be: carrier and service (or the service code), destination, parcel, options, price. */
export function renderSelectionFacts(
  selection: RateSelection,
  serviceCode: string | undefined,
  locale: ResolvedLocale,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  const quote = selection.quote;
  const to = selection.request.to_address;
  const parcel = selection.request.parcels[0];
  const options = chosenOptionLines(quote, selection.options, locale);
  const byServiceCode = Boolean(serviceCode);
  const codeMatches = byServiceCode && quote.serviceId === serviceCode;
  return html`
    ${
      byServiceCode
        ? html`<div>
            <dt>${text.serviceCode}</dt>
            <dd>${serviceCode}</dd>
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
                ${quote.deliveryEstimate ? text.deliveryBy(formatDate(quote.deliveryEstimate, locale)) : text.noEstimate}
              </dd>
            </div>`
    }
    <div>
      <dt>${text.shipTo}</dt>
      <dd>${[to.name || to.company, to.town, to.country_code].filter(Boolean).join(', ') || EMPTY}</dd>
    </div>
    <div>
      <dt>${text.parcel}</dt>
      <dd>${parcel ? formatWeight(parcel.weight, parcel.weight_unit, locale) : EMPTY}</dd>
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
            : html`<strong class="price">${formatMoney(quote.totalCharge, quote.currency, locale)}</strong>`
        }
      </dd>
    </div>
  `;
}

/** "You are buying": each shipment's facts, and their total when there are several in one currency. */
export function renderSummary(
  selections: readonly RateSelection[],
  serviceCode: string | undefined,
  locale: ResolvedLocale,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  const several = selections.length > 1;
  const currencies = new Set(selections.map((selection) => selection.quote.currency));
  const total = selections.reduce((sum, selection) => sum + (selection.quote.totalCharge ?? Number.NaN), 0);
  return html`<div class="summary" part="summary" id="purchase-summary">
    <h3>${text.youAreBuying}</h3>
    ${selections.map(
      (selection, index) =>
        html`<dl class="facts">
          ${several ? html`<div class="span"><dt>${text.shipment(formatNumber(index + 1, locale))}</dt></div>` : nothing}
          ${renderSelectionFacts(selection, serviceCode, locale)}
        </dl>`,
    )}
    ${
      several && currencies.size === 1 && Number.isFinite(total)
        ? html`<p class="total">
            <span>${text.total}</span>
            <strong>${formatMoney(total, [...currencies][0], locale)}</strong>
          </p>`
        : nothing
    }
  </div>`;
}

/** "Get new rates", for a quote that expired or a shipment that was refused. */
export function renderNewRatesButton(locale: ResolvedLocale, onClick: () => void): TemplateResult {
  return html`<button type="button" class="button" part="new-rates-button" @click=${onClick}>
    ${labelDownloaderMessages(locale).getNewRates}
  </button>`;
}

/** What the buttons of what a purchase came to do. */
export interface OutcomeActions extends LabelActions {
  /** "Retry" after a request refused as a whole (nothing was bought). */
  retry: () => void;
  /** "Get new rates". */
  newRates: () => void;
}

/**
 * What the last purchase came to: the labels bought, the shipments refused (with "Get new
 * rates"), or the error of a request that failed as a whole (with "Retry").
 */
export function renderOutcome(
  outcome: Outcome | undefined,
  locale: ResolvedLocale,
  on: OutcomeActions,
): TemplateResult | typeof nothing {
  if (!outcome) return nothing;
  const text = labelDownloaderMessages(locale);
  const error = outcome.error;
  // A refused shipment (expired quote, already booked, …) can only be bought from new rates.
  const needsNewRates =
    (outcome.failed.length > 0 && !error) ||
    error?.code === 'quote_expired' ||
    outcome.failed.some((f) => f.quoteExpired);
  return html`<div class="outcome">
    ${
      outcome.purchased.length
        ? html`<p class="notice success" role="status" tabindex="-1">
              ${text.bought(outcome.purchased.length)}
            </p>
            ${outcome.purchased.map((label) => renderPurchasedLabel(label, locale, on, false, label.orderId))}`
        : nothing
    }
    ${
      error
        ? nothing
        : outcome.failed.map(
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
          )
    }
    ${
      error && outcome.unclear.length === 0
        ? renderErrorBanner({
            error,
            locale,
            context: text.notBought,
            // Nothing was bought, so the same request may go again (not an expired quote's).
            onRetry: error.code === 'quote_expired' ? undefined : on.retry,
          })
        : nothing
    }
    ${needsNewRates ? html`<div class="actions">${renderNewRatesButton(locale, on.newRates)}</div>` : nothing}
  </div>`;
}

/** A bought label: tracking number, carrier, service, charge, its files, and its order's packing slip. */
export function renderPurchasedLabel(
  label: BoughtLabel,
  locale: ResolvedLocale,
  on: LabelActions,
  again = false,
  orderId: number | null = null,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  const refused = on.printRefusal();
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
        <dd>${formatMoney(label.charges.value, label.charges.unit, locale)}</dd>
      </div>
    </dl>
    <div class="actions">
      ${
        label.label
          ? html`<button
              type="button"
              class="button"
              part="download-button"
              @click=${() => on.download(label)}
            >
              ${again ? text.downloadAgain : text.downloadLabel}
            </button>`
          : nothing
      }
      ${
        on.printable(label)
          ? html`<button
              type="button"
              class="button secondary"
              part="print-button"
              ?disabled=${refused !== undefined}
              aria-describedby=${refused ? 'print-refusal' : nothing}
              @click=${() => on.print(label, orderId)}
            >
              ${again ? text.printAgain : text.printLabel}
            </button>`
          : nothing
      }
      ${
        label.invoice
          ? html`<button
              type="button"
              class="button secondary"
              part="invoice-button"
              @click=${() => on.invoice(label)}
            >
              ${text.downloadInvoice}
            </button>`
          : nothing
      }
      ${
        orderId === null
          ? nothing
          : html`<button
                type="button"
                class="button secondary"
                part="slip-download-button"
                @click=${() => on.downloadSlip(orderId)}
              >
                ${text.downloadSlip}
              </button>
              <button
                type="button"
                class="button secondary"
                part="slip-print-button"
                ?disabled=${refused !== undefined}
                aria-describedby=${refused ? 'print-refusal' : nothing}
                @click=${() => on.printSlip(orderId)}
              >
                ${text.printSlip}
              </button>`
      }
    </div>
    ${label.format === 'ZPL' && !on.printable(label) ? html`<p class="muted hint">${text.zplHint}</p>` : nothing}
    ${label.invoice ? html`<p class="muted hint">${text.invoiceHint}</p>` : nothing}
  </div>`;
}

/** What the buttons of a shipment whose label may have been bought do. */
export interface UnclearActions {
  /** "Read the order again", after a check that could not be made. */
  recheck: (shipment: UnclearShipment) => void;
  /** "Buy a new label anyway", the second confirmation. */
  buyAgain: (shipment: UnclearShipment) => void;
}

/**
 * A shipment whose label may have been bought: locked, with what the order now shows, and a new
 * booking only after the user confirms that they have checked.
 */
export function renderUnclear(
  shipment: UnclearShipment,
  check: OrderCheck,
  locale: ResolvedLocale,
  on: UnclearActions,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  const number = shipment.orderNumber ?? text.thisOrder;
  const shown = shipment.shown;
  const at = (time: string | number | null | undefined) =>
    time == null ? null : formatDateTime(time, locale);
  // The error's first sentence says what happened; its advice to try again does not apply here.
  const cause = shipment.code ? commonMessages(locale).errorTitle(shipment.code).split('. ')[0] : '';
  const headline =
    shipment.cause === 'answer'
      ? text.mayHaveBought(shipment.what)
      : check === 'shipped'
        ? shipment.cause === 'elsewhere'
          ? text.boughtElsewhere(number, at(shown?.at), shown?.trackingNumber ?? null)
          : text.boughtMomentsAgo(number, at(shown?.at), shown?.trackingNumber ?? null)
        : shipment.cause === 'elsewhere'
          ? text.bookedElsewhere(number)
          : check === 'reading'
            ? text.pendingChecking(number)
            : text.pendingUnclear(number, at(shipment.since));
  const detail =
    check === 'reading'
      ? shipment.cause === 'pending'
        ? nothing
        : html`<p role="status">${text.readingOrder}</p>`
      : check === 'shipped'
        ? html`<p>${shipment.cause === 'answer' ? text.orderShowsLabel : text.secondLabelHint}</p>`
        : html`<p>
            ${check === 'clear' ? text.orderShowsNoLabel : check === 'unread' ? text.orderNotRead : text.checkAccount}
          </p>`;
  // Once the order shows the label this element's own answer left unclear, there is nothing to buy.
  const offersSecond = check !== 'reading' && !(check === 'shipped' && shipment.cause === 'answer');
  return html`<div
    class="notice warning unclear"
    part="unclear"
    role="alert"
    tabindex="-1"
    data-key=${shipment.key}
  >
    <p><strong>${shipment.cause === 'answer' ? headline : keepWhole(headline, number)}</strong></p>
    ${cause ? html`<p>${cause.endsWith('.') ? cause : `${cause}.`}</p>` : nothing}
    ${
      shipment.messages?.length && check !== 'shipped' ? html`<p>${shipment.messages.join(' ')}</p>` : nothing
    }
    ${detail}
    ${
      offersSecond
        ? html`<div class="actions">
            ${
              check === 'unread'
                ? html`<button type="button" class="button secondary" @click=${() => on.recheck(shipment)}>
                    ${text.readOrderAgain}
                  </button>`
                : nothing
            }
            <button
              type="button"
              class="button secondary"
              part="buy-again-button"
              @click=${() => on.buyAgain(shipment)}
            >
              ${text.buyAgainAnyway}
            </button>
          </div>`
        : nothing
    }
  </div>`;
}

/** The "Label format" select; the chosen format's full text is its title, for a box that cuts it. */
export function renderFormatSelect(
  format: LabelFormat,
  disabled: boolean,
  locale: ResolvedLocale,
  onChange: (format: string) => void,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  return html`<div class="field format">
    <label for="label-format">${text.labelFormat}</label>
    <select
      id="label-format"
      part="format-select"
      title=${format === 'ZPL' ? text.labelFormatZpl : text.labelFormatPdf}
      ?disabled=${disabled}
      @change=${(event: Event) => onChange((event.target as HTMLSelectElement).value)}
    >
      <option value="PDF" ?selected=${format === 'PDF'}>${text.labelFormatPdf}</option>
      <option value="ZPL" ?selected=${format === 'ZPL'}>${text.labelFormatZpl}</option>
    </select>
  </div>`;
}
