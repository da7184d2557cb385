/**
 * rate-picker's answer, once it has one: the "Sort by" toolbar with the countdown, the quotes as
 * radio rows, the notices (parcel changed since quoting, no quotes, expired with "Refresh rates"),
 * the unavailable carriers and the chosen quote's service options, with their styles
 * (rate-results.styles.ts). The picker loads this module and what it makes of quotes
 * (rate-results.model.ts) with `import()` beside its first rates request (rates-controller.ts): a
 * page where nobody asks for rates never downloads them.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Quote, RatesResult, ServiceOption, UnavailableQuote } from '../../api/index.js';
import {
  EMPTY,
  formatDate,
  formatDuration,
  formatMoney,
  formatNumber,
  humanizeCode,
} from '../../shared/format.js';
import { addStylesOnce } from '../../shared/add-styles.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { carrierLabel, readableCode, serviceLabel } from '../../shared/quote-view.js';
import { renderBadge } from '../../shared/templates.js';
import { rankQuotes } from '../../shipping/quote-ranking.js';
import type { RankedQuote, SortKey } from '../../shipping/quote-ranking.js';
import { ratePickerResultsMessages } from './rate-results.messages.js';
import { rateResultsStyles } from './rate-results.styles.js';
import { resultsWords } from './rate-results.model.js';
import type { RateResultsWords } from './rate-results.model.js';
import { optionError } from './service-options.model.js';
import type { OptionValues } from './service-options.model.js';

export interface RateResultsView {
  rates: RatesResult;
  /** The quotes have expired: they are shown disabled, with "Refresh rates". */
  expired: boolean;
  /** The parcel fields no longer match the parcel the quotes are for. */
  parcelChanged: boolean;
  sortBy: SortKey;
  /** The order's due date: each quote says whether it keeps it, and "On time first" sorts by it. */
  dueDate: string | null | undefined;
  /** Until the quotes expire (`Infinity` when they do not say). */
  msLeft: number;
  /** The currency the quotes were asked in. */
  currency: string | undefined;
  selectedRateId: string | undefined;
  /** The chosen quote's service option values, as typed or chosen. */
  optionValues: OptionValues;
  locale: ResolvedLocale;
  onSort: (event: Event) => void;
  onChoose: (rateId: string) => void;
  onRefresh: () => void;
  onOption: (key: string, value: string) => void;
}

/** Adds the quotes' styles to the picker's shadow root, after its own, once. */
export function addResultsStyles(root: Node): void {
  addStylesOnce(root, rateResultsStyles);
}

export function renderResults(view: RateResultsView): TemplateResult {
  const text = ratePickerResultsMessages(view.locale);
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
    ${renderUnavailable(rates.unavailableQuotes, view.locale)} ${expired ? nothing : renderOptions(view)}
  </div>`;
}

function renderQuotes(view: RateResultsView): TemplateResult {
  const text = ratePickerResultsMessages(view.locale);
  const { expired, msLeft } = view;
  return html`<div class="toolbar">
      <div class="field sort">
        <label for="sort-by">${text.sortBy}</label>
        <select id="sort-by" part="sort-select" @change=${view.onSort}>
          <option value="price" ?selected=${view.sortBy === 'price'}>${text.sortPrice}</option>
          <option value="delivery" ?selected=${view.sortBy === 'delivery'}>${text.sortDelivery}</option>
          ${
            view.dueDate
              ? html`<option value="on-time" ?selected=${view.sortBy === 'on-time'}>
                  ${text.sortOnTime}
                </option>`
              : nothing
          }
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
      <legend>${text.legend}</legend>
      ${rankQuotes(view.rates.quotes, view.sortBy, view.dueDate).map((entry) => renderQuoteRow(entry, view))}
    </fieldset>`;
}

/** One quote in the radio group, with its marks. */
function renderQuoteRow(
  { quote, cheapest, fastest, promise }: RankedQuote,
  view: RateResultsView,
): TemplateResult {
  const { expired, locale } = view;
  const text = ratePickerResultsMessages(locale);
  const rateId = quote.rateId ?? '';
  const checked = rateId === view.selectedRateId;
  return html`<label class="rate ${checked ? 'chosen' : ''}" part="rate">
    <input
      type="radio"
      name="rate"
      .value=${rateId}
      .checked=${checked}
      ?disabled=${expired}
      @change=${() => view.onChoose(rateId)}
    />
    <span class="rate-main">
      <span class="service">
        <strong>${carrierLabel(quote)}</strong>
        <span>${serviceLabel(quote)}</span>
      </span>
      <span class="rate-meta muted">
        ${quote.deliveryEstimate ? text.deliveryBy(formatDate(quote.deliveryEstimate, locale)) : text.noEstimate}${
          quote.protections.length
            ? html`<br />${text.includes(quote.protections.map(humanizeCode).join(', '))}`
            : nothing
        }
      </span>
    </span>
    <span class="rate-side">
      <span class="price">${formatMoney(quote.totalCharge, quote.currency ?? view.currency, locale)}</span>
      <span class="badges">
        ${cheapest ? renderBadge(text.cheapest, 'success') : nothing}
        ${fastest ? renderBadge(text.fastest, 'info') : nothing}
        ${promise ? renderBadge(promise === 'late' ? text.late : text.onTime, promise === 'late' ? 'warning' : 'success') : nothing}
        ${quote.ownAccount ? renderBadge(text.ownAccount) : nothing}
      </span>
    </span>
  </label>`;
}

/** Quotes the carriers could not give, with their reasons. */
function renderUnavailable(
  unavailable: readonly UnavailableQuote[],
  locale: ResolvedLocale,
): TemplateResult | typeof nothing {
  const text = ratePickerResultsMessages(locale);
  if (unavailable.length === 0) return nothing;
  return html`<details class="unavailable" part="unavailable">
    <summary>${text.unavailableHeading(formatNumber(unavailable.length, locale))}</summary>
    <ul>
      ${unavailable.map(
        (quote) =>
          html`<li>
            <strong>
              ${
                [quote.carrier, quote.name]
                  .filter((part): part is string => Boolean(part))
                  .map(readableCode)
                  .join(' · ') || EMPTY
              }
            </strong>
            ${renderBadge(text.unavailable, 'warning')}
            <ul class="reasons">
              ${(quote.reasons.length ? quote.reasons : [text.noReason]).map((reason) => html`<li>${reason}</li>`)}
            </ul>
          </li>`,
      )}
    </ul>
  </details>`;
}

/** The chosen quote's service options. */
function renderOptions(view: RateResultsView): TemplateResult | typeof nothing {
  const quote = view.rates.quotes.find((candidate) => candidate.rateId === view.selectedRateId);
  if (view.selectedRateId === undefined || !quote || quote.serviceOptions.length === 0) return nothing;
  const words = resultsWords(view.locale);
  return html`<fieldset class="options" part="options">
    <legend>${words.text.optionsFor(serviceLabel(quote))}</legend>
    <div class="option-fields">
      ${quote.serviceOptions.map((option, index) =>
        renderOption(option, `option-${index}`, view.optionValues[option.key] ?? '', quote, view, words),
      )}
    </div>
  </fieldset>`;
}

/** One service option of the chosen quote, as a select, number or text field. */
function renderOption(
  option: ServiceOption,
  id: string,
  value: string,
  quote: Quote,
  view: RateResultsView,
  words: RateResultsWords,
): TemplateResult {
  const { text } = words;
  const locale = view.locale;
  const onValue = (event: Event) =>
    view.onOption(option.key, (event.target as HTMLInputElement | HTMLSelectElement).value);
  if (option.type === 'select') {
    return html`<div class="field">
      <label for=${id}>${option.label}</label>
      <select id=${id} @change=${onValue}>
        <option value="" ?selected=${value === ''}>${text.noChoice}</option>
        ${option.values.map(
          (choice) =>
            html`<option value=${choice.value} ?selected=${choice.value === value}>
              ${
                choice.price
                  ? text.optionPrice(
                      choice.label,
                      formatMoney(choice.price, choice.currency ?? quote.currency, locale),
                    )
                  : choice.label
              }
            </option>`,
        )}
      </select>
    </div>`;
  }
  if (option.type === 'number') {
    const error = optionError(option, value, words);
    const number = (n: number | undefined) => (n === undefined ? EMPTY : words.number(n));
    const hint =
      option.min !== undefined || option.max !== undefined
        ? text.range(number(option.min), number(option.max))
        : '';
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return html`<div class="field">
      <label for=${id}>${option.unit ? `${option.label} (${option.unit})` : option.label}</label>
      <input
        id=${id}
        type="number"
        inputmode="decimal"
        step="any"
        min=${option.min ?? nothing}
        max=${option.max ?? nothing}
        .value=${value}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${described || nothing}
        @input=${onValue}
      />
      ${hint ? html`<span id=${`${id}-hint`} class="muted hint">${hint}</span>` : nothing}
      ${error ? html`<span id=${`${id}-error`} class="field-error">${error}</span>` : nothing}
    </div>`;
  }
  return html`<div class="field">
    <label for=${id}>${option.label}</label>
    <input id=${id} type="text" .value=${value} @input=${onValue} />
  </div>`;
}
