/** The label downloader's stateless templates: what will be bought, and a bought label. */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { EMPTY, formatDate, formatMoney } from '../../shared/format.js';
import { formatWeight } from '../../shared/format-measures.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, chosenOptionLines, readableCode, serviceLabel } from '../../shared/quote-view.js';
import type { OrderCheck } from '../../shipping/order-reread.js';
import type { RateSelection } from '../../shipping/selection.js';
import { labelDownloaderMessages } from './label-downloader.messages.js';
import type { UnclearShipment } from './purchase.js';
import type { BoughtLabel } from '../../shipping/label-facts.js';

/** What the buttons of a bought label do. */
export interface LabelActions {
  download: (label: BoughtLabel) => void;
  print: (label: BoughtLabel) => void;
  invoice: (label: BoughtLabel) => void;
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

/** A bought label: tracking number, carrier, service, charge, and its files. */
export function renderPurchasedLabel(
  label: BoughtLabel,
  locale: ResolvedLocale,
  on: LabelActions,
  again = false,
): TemplateResult {
  const text = labelDownloaderMessages(locale);
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
        label.label && label.format === 'PDF'
          ? html`<button
              type="button"
              class="button secondary"
              part="print-button"
              @click=${() => on.print(label)}
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
    </div>
    ${label.format === 'ZPL' ? html`<p class="muted hint">${text.zplHint}</p>` : nothing}
    ${label.invoice ? html`<p class="muted hint">${text.invoiceHint}</p>` : nothing}
  </div>`;
}

/**
 * A shipment whose label may have been bought: locked, with what the order now shows, and a new
 * booking only after the user confirms that they have checked.
 */
export function renderUnclear(
  shipment: UnclearShipment,
  check: OrderCheck,
  locale: ResolvedLocale,
  on: { recheck: () => void; buyAgain: () => void },
): TemplateResult {
  const text = labelDownloaderMessages(locale);
  // The error's first sentence says what happened; its advice to try again does not apply here.
  const cause = shipment.code ? commonMessages(locale).errorTitle(shipment.code).split('. ')[0] : '';
  return html`<div class="notice warning unclear" part="unclear" role="alert" tabindex="-1">
    <p><strong>${text.mayHaveBought(shipment.what)}</strong></p>
    ${cause ? html`<p>${cause.endsWith('.') ? cause : `${cause}.`}</p>` : nothing}
    ${
      check === 'reading'
        ? html`<p role="status">${text.readingOrder}</p>`
        : check === 'shipped'
          ? html`<p>${text.orderShowsLabel}</p>`
          : html`<p>
                ${check === 'clear' ? text.orderShowsNoLabel : check === 'unread' ? text.orderNotRead : text.checkAccount}
              </p>
              <div class="actions">
                ${
                  check === 'unread'
                    ? html`<button type="button" class="button secondary" @click=${on.recheck}>
                        ${text.readOrderAgain}
                      </button>`
                    : nothing
                }
                <button type="button" class="button secondary" part="buy-again-button" @click=${on.buyAgain}>
                  ${text.buyAgainAnyway}
                </button>
              </div>`
    }
  </div>`;
}
