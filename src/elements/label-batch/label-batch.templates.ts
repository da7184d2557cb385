/**
 * The parts of label-batch that need no state: the progress line, the controls, a quote as a row's
 * select names it, what became of a row's label, totals per currency, the actions, and the orders
 * left out with their reasons. What only a press brings about (a label bought, labels bought
 * earlier) is drawn by the actions that press loads (batch-actions.ts).
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Quote, ShippingConfig } from '../../api/index.js';
import { EMPTY, formatDate, formatList, formatMoney, formatNumber, listParts } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { CARRIER_PREFIX, rankedFor, totalsByCurrency } from './batch-model.js';
import type { BatchEntry, BookingState, ChooseBy } from './batch-model.js';
import type { BatchActions } from './batch-actions.js';
import type { LabelFormat } from './batch-booking.js';
import { labelBatchMessages } from './label-batch.messages.js';

export interface Progress {
  done: number;
  total: number;
}

/** A phase under way and how its progress reads ("Getting rates 12 of 40"). */
export type ProgressPhase = [Progress | undefined, (done: string, total: string) => string];

/** Asks for new rates for one order ("Refresh rates for …"), or acts on one order's row. */
export type OnRefresh = (orderId: number) => void;

/**
 * The progress of the phases under way. The live region is always there, so screen readers hear
 * each change of its text.
 */
export function renderProgress(phases: readonly ProgressPhase[], locale: ResolvedLocale): TemplateResult {
  const count = (value: number) => formatNumber(value, locale);
  return html`<div class="progress" role="status" part="progress">
    ${phases.flatMap(([progress, label]) =>
      progress
        ? [
            html`<p class="loading">
              <span class="spinner" aria-hidden="true"></span>
              <span>${label(count(progress.done), count(progress.total))}</span>
            </p>`,
          ]
        : [],
    )}
  </div>`;
}

/** A quote as a row's select lists it: carrier and service, price, delivery. */
export function quoteChoice(quote: Quote, locale: ResolvedLocale): string {
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

export function renderRefreshButton(
  entry: BatchEntry,
  locale: ResolvedLocale,
  onRefresh: OnRefresh,
): TemplateResult {
  return html`<button
    type="button"
    class="button secondary small"
    part="refresh-button"
    data-order=${entry.orderId}
    ?disabled=${Boolean(entry.refreshing)}
    @click=${() => onRefresh(entry.orderId)}
  >
    ${labelBatchMessages(locale).refreshRatesFor(entry.number)}
  </button>`;
}

export interface OutcomeView {
  entry: BatchEntry;
  state: BookingState;
  /** Its quote expired before it was bought. */
  expired: boolean;
  locale: ResolvedLocale;
  onRefresh: OnRefresh;
  /**
   * The actions, once a press has loaded them: they draw what only they bring about (a label
   * bought, an answer that did not say whether it was).
   */
  actions: BatchActions | undefined;
}

/** What became of a row's label: bought (tracking number), being bought, refused, or not yet. */
export function renderOutcome(view: OutcomeView): TemplateResult | typeof nothing {
  const { entry, state, expired, locale, onRefresh, actions } = view;
  const text = labelBatchMessages(locale);
  if (entry.label) return actions?.renderBought(entry.label, locale) ?? nothing;
  if (state === 'booking') return html`<span class="muted">${text.inProgress}</span>`;
  if (entry.refreshing) return html`<span class="muted">${text.refreshing}</span>`;
  const failure = entry.failure;
  if (failure) {
    const explanation = failure.code ? commonMessages(locale).errorTitle(failure.code) : '';
    // A label that may have been bought is not called "Not bought".
    return html`<div class="failure" part="failure">
      <strong>${failure.mayHaveBought ? actions?.text(locale).mayHaveBought : text.notBought}</strong>
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
          ? (actions?.renderUnclear(entry, locale) ?? nothing)
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

function renderProblem(entry: BatchEntry, locale: ResolvedLocale, onRefresh: OnRefresh): TemplateResult {
  const text = labelBatchMessages(locale);
  const problem = entry.problem;
  if (!problem) return html``;
  switch (problem.reason) {
    case 'notLoaded':
    case 'ratesFailed':
      return html`${renderErrorBanner({ error: problem.error, locale, context: text[problem.reason] })}
      ${problem.reason === 'ratesFailed' && entry.request ? renderRefreshButton(entry, locale, onRefresh) : nothing}`;
    case 'allUnavailable':
      return html`<span>${text.allUnavailable}</span>
        <ul class="reasons">
          ${problem.unavailable.map(
            (quote) =>
              html`<li>
                ${text.unavailable(
                  carrierLabel({ carrierName: quote.name, carrierId: quote.carrier }),
                  quote.reasons.join(' ') || EMPTY,
                )}
              </li>`,
          )}
        </ul>`;
    default:
      return html`<span>${text[problem.reason]}</span>`;
  }
}

/** The orders that cannot ship, each with the reason. */
export function renderLeftOut(
  entries: readonly BatchEntry[],
  locale: ResolvedLocale,
  onRefresh: OnRefresh,
): TemplateResult {
  const text = labelBatchMessages(locale);
  return html`<section class="left-out" part="unshippable" aria-labelledby="left-out-heading">
    <h3 id="left-out-heading">
      ${text.unshippableHeading(entries.length, formatNumber(entries.length, locale))}
    </h3>
    <ul>
      ${entries.map(
        (entry) =>
          html`<li>
            <strong>${entry.number}</strong>
            ${renderProblem(entry, locale, onRefresh)}
          </li>`,
      )}
    </ul>
  </section>`;
}

export type Amount = { value: number | null; currency: string | null };

/** Amounts added up per currency, each as money. */
export function moneyTotals(amounts: readonly Amount[], locale: ResolvedLocale): string[] {
  const totals = totalsByCurrency(amounts);
  if (totals.size === 0) return [formatMoney(0, amounts[0]?.currency, locale)];
  return [...totals].map(([currency, value]) => formatMoney(value, currency || null, locale));
}

/** The totals per currency as a list in words, each amount kept on one line: "£12.40 and $30.00". */
export function renderTotals(amounts: readonly Amount[], locale: ResolvedLocale): TemplateResult {
  return html`${listParts(moneyTotals(amounts, locale), locale).map((part) =>
    part.type === 'element' ? html`<span class="amount">${part.value}</span>` : part.value,
  )}`;
}

export interface ControlsView {
  chooseBy: ChooseBy;
  /** Carrier accounts that quoted some order of the batch. */
  carriers: readonly ShippingConfig[];
  format: LabelFormat;
  buying: boolean;
  locale: ResolvedLocale;
  onChooseBy: (value: string) => void;
  onFormat: (value: string) => void;
}

/** The "Choose by" and "Label format" selects. */
export function renderControls(view: ControlsView): TemplateResult {
  const text = labelBatchMessages(view.locale);
  return html`<div class="controls" part="controls">
    <div class="field">
      <label for="choose-by">${text.chooseBy}</label>
      <select
        id="choose-by"
        part="choose-by-select"
        @change=${(event: Event) => view.onChooseBy((event.target as HTMLSelectElement).value)}
      >
        <option value="cheapest" ?selected=${view.chooseBy === 'cheapest'}>${text.cheapest}</option>
        <option value="fastest" ?selected=${view.chooseBy === 'fastest'}>${text.fastest}</option>
        ${view.carriers.map((config) => {
          const value = `${CARRIER_PREFIX}${config.id}`;
          return html`<option value=${value} ?selected=${view.chooseBy === value}>
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

export interface ActionsView {
  /** The quotes "Buy labels" would book now. */
  toBuy: readonly Quote[];
  entries: readonly BatchEntry[];
  locale: ResolvedLocale;
  /** Why the session does not let the user buy them, if it does not. */
  refused?: string | undefined;
  onBuy: () => void;
  onDownload: () => void;
  onPrint: () => void;
  /** The actions, once a press has loaded them: they draw what only a purchase brings. */
  actions: BatchActions | undefined;
}

/**
 * "Buy labels (n, total …)", "Download labels", "Print labels", and what was bought so far. What
 * was bought is said in a live region that is there, empty, before the first purchase, so it is
 * heard (nothing may come between its tags: empty, it takes no room).
 */
export function renderActions(view: ActionsView): TemplateResult {
  const { toBuy, entries, locale, actions } = view;
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
      ${
        withFiles.length > 0
          ? actions?.renderFileButtons(withFiles, locale, { download: view.onDownload, print: view.onPrint })
          : nothing
      }
    </div>
    <div class="purchase-status" role="status">
      ${
        bought.length > 0 || failed.length > 0
          ? html`<p class="summary" tabindex="-1">
              ${bought.length > 0 ? actions?.renderBoughtCount(bought.length, locale) : nothing}
              ${failed.length > 0 ? html`<span class="not-bought">${text.failedCount(failed.length, count(failed.length))}</span>` : nothing}
            </p>`
          : nothing
      }
    </div>
    ${withFiles.some((entry) => entry.label?.format === 'ZPL') ? actions?.renderZplHint(locale) : nothing}`;
}

/** What the table needs to know of each row, beyond the entry itself. */
export interface BatchRowState {
  state: BookingState;
  /** Booked, being booked, or maybe bought: its rate can no longer change. */
  locked: boolean;
  expired: boolean;
  quote: Quote | undefined;
}

export interface BatchTableView {
  locale: ResolvedLocale;
  /** Rates are still arriving. */
  loading: boolean;
  chooseBy: ChooseBy;
  row: (entry: BatchEntry) => BatchRowState;
  onPick: (orderId: number, rateId: string) => void;
  onRefresh: OnRefresh;
  actions: BatchActions | undefined;
}

/** The orders with their chosen rates, what each came to, and the total per currency. */
export function renderBatchTable(rows: readonly BatchEntry[], view: BatchTableView): TemplateResult {
  const text = labelBatchMessages(view.locale);
  const states = rows.map((entry) => view.row(entry));
  const amounts = rows.flatMap((entry, index) => {
    if (entry.label) return [{ value: entry.label.charges.value, currency: entry.label.charges.unit }];
    const quote = states[index]?.quote;
    return quote ? [{ value: quote.totalCharge, currency: quote.currency }] : [];
  });
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
        ${rows.map((entry, index) => renderBatchRow(entry, states[index] as BatchRowState, view))}
      </tbody>
      <tfoot>
        <tr part="total">
          <th scope="row" colspan="3">${text.total}</th>
          <td class="num">${renderTotals(amounts, view.locale)}</td>
          <td></td>
        </tr>
      </tfoot>
    </table>
  </div>`;
}

function renderBatchRow(
  entry: BatchEntry,
  { state, locked, expired, quote }: BatchRowState,
  view: BatchTableView,
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
        ${rankedFor(entry.rates?.quotes ?? [], view.chooseBy).map(
          (option) =>
            html`<option value=${option.rateId ?? ''} ?selected=${option.rateId === quote?.rateId}>
              ${quoteChoice(option, view.locale)}
            </option>`,
        )}
      </select>
    </td>
    <td class="num">${price}</td>
    <td class="outcome" tabindex="-1">${renderOutcome({ ...view, entry, state, expired })}</td>
  </tr>`;
}
