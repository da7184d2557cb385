/**
 * The rate picker's answer, once it has one: the "Sort by" toolbar with the countdown, the quotes
 * as radio rows, the notices (parcel changed since quoting, no quotes, expired with "Refresh
 * rates"), the unavailable carriers and the chosen quote's service options. Stateless: the element
 * hands over what it holds and the callbacks.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { RatesResult } from '../../api/index.js';
import { formatDuration } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { rankQuotes } from '../../shipping/quote-ranking.js';
import type { SortKey } from '../../shipping/quote-ranking.js';
import { ratePickerMessages } from './rate-picker.messages.js';
import { renderQuoteRow, renderUnavailable } from './rate-picker.templates.js';

export interface RateResultsView {
  rates: RatesResult;
  /** The quotes have expired: they are shown disabled, with "Refresh rates". */
  expired: boolean;
  /** The parcel fields no longer match the parcel the quotes are for. */
  parcelChanged: boolean;
  sortBy: SortKey;
  /** Until the quotes expire (`Infinity` when they do not say). */
  msLeft: number;
  /** The currency the quotes were asked in. */
  currency: string | undefined;
  selectedRateId: string | undefined;
  /** The chosen quote's service options, drawn by the element. */
  options: TemplateResult | typeof nothing;
  locale: ResolvedLocale;
  onSort: (event: Event) => void;
  onChoose: (rateId: string) => void;
  onRefresh: () => void;
}

export function renderRateResults(view: RateResultsView): TemplateResult {
  const text = ratePickerMessages(view.locale);
  const { rates, expired } = view;
  return html`<div class="results">
    ${view.parcelChanged && !expired ? html`<p class="notice warning">${text.parcelChanged}</p>` : nothing}
    ${
      rates.quotes.length === 0
        ? html`<p class="notice warning no-quotes" tabindex="-1">${text.noQuotes}</p>`
        : renderQuotes(view)
    }
    ${
      expired
        ? html`<div class="notice warning expired">
            <span>${text.expired}</span>
            <button type="button" class="button" part="refresh-button" @click=${view.onRefresh}>
              ${text.refreshRates}
            </button>
          </div>`
        : nothing
    }
    ${renderUnavailable(rates.unavailableQuotes, view.locale)} ${expired ? nothing : view.options}
  </div>`;
}

function renderQuotes(view: RateResultsView): TemplateResult {
  const text = ratePickerMessages(view.locale);
  const { expired, msLeft } = view;
  return html`<div class="toolbar">
      <div class="field sort">
        <label for="sort-by">${text.sortBy}</label>
        <select id="sort-by" part="sort-select" @change=${view.onSort}>
          <option value="price" ?selected=${view.sortBy === 'price'}>${text.sortPrice}</option>
          <option value="delivery" ?selected=${view.sortBy === 'delivery'}>${text.sortDelivery}</option>
        </select>
      </div>
      ${
        !expired && Number.isFinite(msLeft)
          ? html`<p class="countdown" part="countdown">
              ${text.expiresIn(formatDuration(msLeft, view.locale))}
            </p>`
          : nothing
      }
    </div>
    <fieldset class="rates" part="rates" ?disabled=${expired}>
      <legend>${text.heading}</legend>
      ${rankQuotes(view.rates.quotes, view.sortBy).map((entry) => {
        const rateId = entry.quote.rateId ?? '';
        return renderQuoteRow(entry, {
          checked: rateId === view.selectedRateId,
          expired,
          currency: view.currency,
          locale: view.locale,
          onChoose: view.onChoose,
        });
      })}
    </fieldset>`;
}
