/**
 * The parts of label-batch that need no state: the progress line, a quote as a row's select names
 * it, what became of a row's label, and the orders left out with their reasons.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Quote } from '../../api/index.js';
import { EMPTY, formatDate, formatMoney, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import type { BatchEntry, BookingState } from './batch-model.js';
import { labelBatchMessages } from './label-batch.messages.js';

export interface Progress {
  done: number;
  total: number;
}

/** A phase under way and how its progress reads ("Getting rates 12 of 40"). */
export type ProgressPhase = [Progress | undefined, (done: string, total: string) => string];

/** Asks for new rates for one order ("Refresh rates for …"). */
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
              <progress max=${progress.total} .value=${progress.done} aria-hidden="true"></progress>
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
}

/** What became of a row's label: bought (tracking number), being bought, refused, or not yet. */
export function renderOutcome({ entry, state, expired, locale, onRefresh }: OutcomeView): TemplateResult {
  const text = labelBatchMessages(locale);
  if (entry.label) {
    return html`<span class="bought" part="tracking">
      ${entry.label.trackingNumber ? text.tracking(entry.label.trackingNumber) : text.untracked}
    </span>`;
  }
  if (state === 'booking') return html`<span class="muted">${text.inProgress}</span>`;
  if (entry.refreshing) return html`<span class="muted">${text.refreshing}</span>`;
  const failure = entry.failure;
  if (failure) {
    const explanation = failure.code ? commonMessages(locale).errorTitle(failure.code) : '';
    return html`<div class="failure" part="failure">
      <strong>${text.notBought}</strong>
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
          ? html`<span>${text.mayHaveBought}</span>`
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
