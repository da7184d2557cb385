/**
 * The parts of label-batch outside the table of rates, which need no state: the progress line, a
 * row's "Refresh rates for …", and the orders left out with their reasons. What rates
 * bring (the controls, the table, totals per currency, "Buy labels") is drawn by
 * batch-rates.templates.ts, what a purchase brings about by batch-purchase.ts, and the label files
 * by batch-files-controller.ts.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { UnavailableQuote } from '../../api/index.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { carrierLabel } from '../../shared/quote-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import type { BatchEntry } from './label-batch.model.js';
import { labelBatchMessages } from './label-batch.messages.js';

export interface Progress {
  done: number;
  total: number;
}

/** A phase under way and how its progress reads ("Getting rates 12 of 40"). */
export type ProgressPhase = [Progress | undefined, (done: string, total: string) => string];

/** Selectors of one order's parts in the table (its row carries `data-order`), for focus after an action. */
export const inRow = {
  outcome: (orderId: number) => `tr[data-order="${orderId}"] td.outcome`,
  rateSelect: (orderId: number) => `tr[data-order="${orderId}"] [part="rate-select"]`,
  refreshButton: (orderId: number) => `[part="refresh-button"][data-order="${orderId}"]`,
};

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

/** An order no carrier can take: each carrier with its reasons. */
function renderUnavailable(unavailable: readonly UnavailableQuote[], locale: ResolvedLocale): TemplateResult {
  const text = labelBatchMessages(locale);
  return html`<span>${text.allUnavailable}</span>
    <ul class="reasons">
      ${unavailable.map(
        (quote) =>
          html`<li>
            ${text.unavailable(
              carrierLabel({ carrierName: quote.name, carrierId: quote.carrier }),
              quote.reasons.join(' ') || EMPTY,
            )}
          </li>`,
      )}
    </ul>`;
}

/** Why one order is left out. */
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
      return renderUnavailable(problem.unavailable, locale);
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
