/**
 * What label-batch shows once some row has rates: the "Choose by" and "Label format" selects, the
 * table of orders with the rate each gets and what became of its label, the totals per currency,
 * and "Buy labels" with the summary of a purchase. What only a purchase brings about (a label
 * bought, an answer that did not say whether it was) is drawn by the purchase (batch-purchase.ts),
 * and the label files' buttons by the files (batch-files-controller.ts), once they are here.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Quote } from '../../api/index.js';
import { EMPTY, formatDate, formatList, formatMoney, formatNumber, listParts } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';
import type { BatchFiles } from './batch-files-controller.js';
import type { BatchPurchase } from './batch-purchase.js';
import type { BookingItem, LabelFormat } from './batch-booking.js';
import type { BatchEntry, BookingState } from './label-batch.model.js';
import {
  CARRIER_PREFIX,
  carriersQuoting,
  rankedFor,
  rowState,
  totalsByCurrency,
} from './batch-rates.model.js';
import type { BatchRowState, Choosing } from './batch-rates.model.js';
import { labelBatchMessages } from './label-batch.messages.js';
import { renderRefreshButton } from './label-batch.templates.js';
import type { OnRefresh } from './label-batch.templates.js';

type Amount = { value: number | null; currency: string | null };

/** What the element shows once some row has rates, and what it does on each control. */
export interface RatesView {
  /** The rows of the table: orders with rates or a label. */
  rows: readonly BatchEntry[];
  /** Every order of the batch, for the summary of what was bought. */
  entries: readonly BatchEntry[];
  choosing: Choosing;
  /** What "Buy labels" would book now (`ordersToBuy`). */
  toBuy: readonly BookingItem[];
  /** Why the session does not let the user buy them, if it does not. */
  refused: string | undefined;
  format: LabelFormat;
  /** Labels are being bought. */
  buying: boolean;
  /** Rates are still arriving. */
  loading: boolean;
  locale: ResolvedLocale;
  /**
   * The purchase, once loaded: it draws what only it brings about (a label bought, an answer that
   * did not say whether it was).
   */
  purchase: BatchPurchase | undefined;
  /** The label files, once loaded: "Download labels" and "Print labels". */
  files: BatchFiles | undefined;
  onChooseBy: (value: string) => void;
  onFormat: (value: string) => void;
  onPick: (orderId: number, rateId: string) => void;
  onRefresh: OnRefresh;
  onBuy: () => void;
}

type OutcomeView = RatesView & { entry: BatchEntry; state: BookingState; expired: boolean };

/** The controls, the table and "Buy labels". */
export function renderRates(view: RatesView): TemplateResult {
  return html`${renderControls(view)}${renderTable(view)}${renderPurchase(view)}`;
}

/** A quote as a row's select lists it: carrier and service, price, delivery. */
function quoteChoice(quote: Quote, locale: ResolvedLocale): string {
  const text = labelBatchMessages(locale);
  const carrier = carrierLabel(quote);
  const service = serviceLabel(quote);
  // Services are often named with their carrier already ("Parcelway Standard").
  const name = service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
  return text.quoteChoice(
    name,
    formatMoney(quote.totalCharge, quote.currency, locale),
    quote.deliveryEstimate ? text.deliveryBy(formatDate(quote.deliveryEstimate, locale)) : text.noEstimate,
  );
}

/**
 * The delivery of the rate a row has chosen, shown under its select, which cuts it off where the
 * row is narrow. The date never breaks inside.
 */
function chosenDelivery(quote: Quote, locale: ResolvedLocale): string {
  const text = labelBatchMessages(locale);
  return quote.deliveryEstimate
    ? text.chosenDeliveryBy(formatDate(quote.deliveryEstimate, locale).replace(/\s/g, '\u00a0'))
    : text.chosenNoEstimate;
}

/** Amounts added up per currency, each as money. */
function moneyTotals(amounts: readonly Amount[], locale: ResolvedLocale): string[] {
  const totals = totalsByCurrency(amounts);
  if (totals.size === 0) return [formatMoney(0, amounts[0]?.currency, locale)];
  return [...totals].map(([currency, value]) => formatMoney(value, currency || null, locale));
}

/** The "Choose by" and "Label format" selects. */
function renderControls(view: RatesView): TemplateResult {
  const text = labelBatchMessages(view.locale);
  const { chooseBy, configs } = view.choosing;
  const carriers = carriersQuoting(
    configs,
    view.rows.flatMap((entry) => entry.rates?.quotes ?? []),
  );
  return html`<div class="controls" part="controls">
    <div class="field">
      <label for="choose-by">${text.chooseBy}</label>
      <select
        id="choose-by"
        part="choose-by-select"
        @change=${(event: Event) => view.onChooseBy((event.target as HTMLSelectElement).value)}
      >
        <option value="cheapest" ?selected=${chooseBy === 'cheapest'}>${text.cheapest}</option>
        <option value="fastest" ?selected=${chooseBy === 'fastest'}>${text.fastest}</option>
        ${carriers.map((config) => {
          const value = `${CARRIER_PREFIX}${config.id}`;
          return html`<option value=${value} ?selected=${chooseBy === value}>
            ${text.preferCarrier(config.name ?? config.id)}
          </option>`;
        })}
      </select>
    </div>
    <div class="field">
      <label for="label-format">${text.labelFormat}</label>
      <select
        id="label-format"
        part="format-select"
        title=${view.format === 'ZPL' ? text.labelFormatZpl : text.labelFormatPdf}
        ?disabled=${view.buying}
        @change=${(event: Event) => view.onFormat((event.target as HTMLSelectElement).value)}
      >
        <option value="PDF" ?selected=${view.format === 'PDF'}>${text.labelFormatPdf}</option>
        <option value="ZPL" ?selected=${view.format === 'ZPL'}>${text.labelFormatZpl}</option>
      </select>
    </div>
  </div>`;
}

/**
 * "Buy labels (n, total …)", "Download labels", "Print labels", and what was bought so far. What
 * was bought is said in a live region that is there, empty, before the first purchase, so it is
 * heard (nothing may come between its tags: empty, it takes no room).
 */
function renderPurchase(view: RatesView): TemplateResult {
  const { entries, locale, purchase, files } = view;
  const toBuy = view.toBuy.map(({ quote }) => quote);
  const text = labelBatchMessages(locale);
  const count = (value: number) => formatNumber(value, locale);
  const bought = entries.filter((entry) => entry.label);
  const withFiles = bought.filter((entry) => entry.label?.label);
  // Not counted: an order whose label may have been bought (its row says so).
  const failed = entries.filter((entry) => entry.failure && !entry.failure.mayHaveBought && !entry.label);
  const total = formatList(
    moneyTotals(
      toBuy.map((quote) => ({ value: quote.totalCharge, currency: quote.currency })),
      locale,
    ),
    locale,
  );
  return html`${view.refused ? html`<p class="notice warning" id="buy-refusal" part="refusal">${view.refused}</p>` : nothing}
    <div class="actions">
      <button
        type="button"
        class="button"
        part="buy-button"
        ?disabled=${toBuy.length === 0 || view.refused !== undefined}
        aria-describedby=${view.refused ? 'buy-refusal' : nothing}
        @click=${view.onBuy}
      >
        ${toBuy.length > 0 ? text.buyLabels(count(toBuy.length), total) : text.nothingToBuy}
      </button>
      ${withFiles.length > 0 ? files?.renderFileButtons(withFiles, locale) : nothing}
    </div>
    <div class="purchase-status" role="status">
      ${
        bought.length > 0 || failed.length > 0
          ? html`<p class="summary" tabindex="-1">
              ${bought.length > 0 ? purchase?.renderBoughtCount(bought.length, locale) : nothing}
              ${failed.length > 0 ? html`<span class="not-bought">${text.failedCount(failed.length, count(failed.length))}</span>` : nothing}
            </p>`
          : nothing
      }
    </div>
    ${withFiles.some((entry) => entry.label?.format === 'ZPL') ? files?.renderZplHint(locale) : nothing}`;
}

/**
 * The orders with their chosen rates, what each came to, and the total per currency: of the rates
 * chosen until a label is bought, then of the labels bought only (an order whose purchase failed
 * cost nothing).
 */
function renderTable(view: RatesView): TemplateResult {
  const { rows } = view;
  const text = labelBatchMessages(view.locale);
  const states = rows.map((entry) => rowState(entry, view.choosing));
  const anyBought = rows.some((entry) => entry.label);
  const amounts = rows.flatMap((entry, index) => {
    if (entry.label) return [{ value: entry.label.charges.value, currency: entry.label.charges.unit }];
    const quote = states[index]?.quote;
    return quote && !anyBought ? [{ value: quote.totalCharge, currency: quote.currency }] : [];
  });
  // The totals per currency as a list in words, "£12.40 and $30.00": each amount whole, and where
  // the column is narrow, one line per currency, each word of the list with the amount before it.
  const totals = listParts(moneyTotals(amounts, view.locale), view.locale).map((part) =>
    part.type === 'element'
      ? html`<span class="amount">${part.value}</span>`
      : part.value.replace(/^\s+/, '\u00a0'),
  );
  // Focusable, so the keyboard can scroll a table wider than the element.
  return html`<div
    class="table-scroll"
    role="region"
    aria-labelledby="batch-caption"
    aria-busy=${view.loading ? 'true' : 'false'}
    tabindex="0"
  >
    <table part="table">
      <caption id="batch-caption">
        ${text.tableCaption}
      </caption>
      <thead>
        <tr>
          <th scope="col">${text.order}</th>
          <th scope="col">${text.shipTo}</th>
          <th scope="col">${text.rate}</th>
          <th scope="col" class="num">${text.price}</th>
          <th scope="col">${text.outcome}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map((entry, index) => renderRow(entry, states[index] as BatchRowState, view))}
      </tbody>
      <tfoot>
        <tr part="total">
          <th scope="row" colspan="3">${anyBought ? text.totalBought : text.total}</th>
          <td class="num">${totals}</td>
          <td></td>
        </tr>
      </tfoot>
    </table>
  </div>`;
}

function renderRow(
  entry: BatchEntry,
  { state, locked, expired, quote }: BatchRowState,
  view: RatesView,
): TemplateResult {
  const text = labelBatchMessages(view.locale);
  const to = entry.request?.to_address;
  const place = [to?.name || to?.company, to?.town, to?.country_code].filter(Boolean).join(', ');
  const price = entry.label
    ? formatMoney(entry.label.charges.value, entry.label.charges.unit, view.locale)
    : formatMoney(quote?.totalCharge, quote?.currency, view.locale);
  return html`<tr part="row" class=${state} data-order=${entry.orderId}>
    <th scope="row">${entry.number}</th>
    <td>${place || EMPTY}</td>
    <td>
      <select
        class="rate"
        part="rate-select"
        aria-label=${text.rateFor(entry.number)}
        title=${quote ? quoteChoice(quote, view.locale) : nothing}
        ?disabled=${locked || expired || Boolean(entry.refreshing)}
        @change=${(event: Event) => view.onPick(entry.orderId, (event.target as HTMLSelectElement).value)}
      >
        ${rankedFor(entry.rates?.quotes ?? [], view.choosing.chooseBy).map(
          (option) =>
            html`<option value=${option.rateId ?? ''} ?selected=${option.rateId === quote?.rateId}>
              ${quoteChoice(option, view.locale)}
            </option>`,
        )}
      </select>
      ${quote ? html`<span class="delivery muted">${chosenDelivery(quote, view.locale)}</span>` : nothing}
    </td>
    <td class="num">${price}</td>
    <td class="outcome" tabindex="-1">${renderOutcome({ ...view, entry, state, expired })}</td>
  </tr>`;
}

/** What became of a row's label: bought (tracking number), being bought, refused, or not yet. */
function renderOutcome(view: OutcomeView): TemplateResult | typeof nothing {
  const { entry, state, expired, locale, onRefresh, purchase } = view;
  const text = labelBatchMessages(locale);
  if (entry.label) return purchase?.renderBought(entry.label, locale) ?? nothing;
  if (state === 'booking') return html`<span class="muted">${text.inProgress}</span>`;
  if (entry.refreshing) return html`<span class="muted">${text.refreshing}</span>`;
  const failure = entry.failure;
  if (failure) {
    const explanation = failure.code ? commonMessages(locale).errorTitle(failure.code) : '';
    // A label that may have been bought is not called "Not bought".
    return html`<div class="failure" part="failure">
      <strong
        >${
          entry.held && purchase
            ? purchase.renderHeld(entry, locale)
            : failure.mayHaveBought
              ? text.mayHaveBought
              : text.notBought
        }</strong
      >
      ${failure.quoteExpired ? html`<span>${text.quoteExpired}</span>` : nothing}
      ${explanation ? html`<span>${explanation}</span>` : nothing}
      ${
        failure.errors.length
          ? html`<ul>
              ${failure.errors.map((message) => html`<li>${message}</li>`)}
            </ul>`
          : nothing
      }
      ${
        failure.mayHaveBought
          ? (purchase?.renderUnclear(entry, locale) ?? nothing)
          : html`<span class="muted">${text.chooseAgain}</span>
              ${renderRefreshButton(entry, locale, onRefresh)}`
      }
    </div>`;
  }
  if (expired) {
    return html`<div class="expired">
      <span>${text.quoteExpired}</span>
      ${renderRefreshButton(entry, locale, onRefresh)}
    </div>`;
  }
  return html`<span class="muted">${text.ready}</span>`;
}
