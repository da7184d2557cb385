import type { html, nothing, TemplateResult } from 'lit';
import type { Quote, RatesResult, ServiceOption, UnavailableQuote } from '../../api/index.js';
import type {
  EMPTY,
  formatDate,
  formatDuration,
  formatMoney,
  formatNumber,
  humanizeCode,
} from '../../shared/format.js';
import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { carrierLabel, readableCode, serviceLabel } from '../../shared/quote-view.js';
import type { renderBadge } from '../../shared/templates.js';
import { rankQuotes } from '../../shipping/quote-ranking.js';
import type { RankedQuote, SortKey } from '../../shipping/quote-ranking.js';
import type { RateSelection } from '../../shipping/selection.js';
import type { RatePickerMessages, ratePickerMessages } from './rate-picker.messages.js';
import { adoptResultsStyles, en, ratesAnnouncement, requoted, selectionOf } from './rate-results.model.js';
import type { ChoiceState, RateResultsMessages, RateResultsWords } from './rate-results.model.js';
import { defaultOptionValues, optionError } from './service-options.js';
import type { OptionValues } from './service-options.js';

/*
 * The rate picker's answer, once it has one: the "Sort by" toolbar with the countdown, the quotes
 * as radio rows, the notices (parcel changed since quoting, no quotes, expired with "Refresh
 * rates"), the unavailable carriers and the chosen quote's service options, with what the picker
 * makes of a choice. Loaded with `import()` with the first rates (rates-controller.ts), so a page
 * that never asks for rates never downloads it. Besides types it imports only its model, the
 * service options' checks and the quote ranking, which the picker does not; what it runs with that
 * the picker also uses (lit's `html`, the formats, the shared templates) comes from the picker in
 * a `RateResultsKit`, so no bundler moves code the picker uses out of its file. eslint holds it to that.
 */

/** What the quotes' view runs with, handed over by the picker. */
export interface RateResultsKit {
  html: typeof html;
  nothing: typeof nothing;
  renderBadge: typeof renderBadge;
  EMPTY: typeof EMPTY;
  formatDate: typeof formatDate;
  formatDuration: typeof formatDuration;
  formatMoney: typeof formatMoney;
  formatNumber: typeof formatNumber;
  humanizeCode: typeof humanizeCode;
  carrierLabel: typeof carrierLabel;
  serviceLabel: typeof serviceLabel;
  readableCode: typeof readableCode;
  defineMessages: typeof defineMessages;
  /** The picker's own text ("Shipping rates", the expiry notice). */
  messages: typeof ratePickerMessages;
}

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

/** What the picker holds of a choice, in its locale. */
export type PickerChoice = Omit<ChoiceState, 'words'> & { locale: ResolvedLocale };

/** The quotes' view and what the picker makes of a choice, with the kit they run with. */
export class RateResults {
  readonly #kit: RateResultsKit;
  readonly #text: (locale: ResolvedLocale) => RateResultsMessages;

  constructor(kit: RateResultsKit) {
    this.#kit = kit;
    // Keys of the `rate-picker` namespace: only this text's, merged with a pack as the picker's are.
    this.#text = kit.defineMessages('rate-picker', en as RatePickerMessages);
  }

  /** Adds the quotes' styles to the picker's shadow root (once). */
  adopt(root: Node): void {
    adoptResultsStyles(root);
  }

  /** The text and number formats of `locale`. */
  words(locale: ResolvedLocale): RateResultsWords {
    const kit = this.#kit;
    return {
      text: this.#text(locale),
      number: (value) => kit.formatNumber(value, locale),
      duration: (milliseconds) =>
        Number.isFinite(milliseconds) ? kit.formatDuration(milliseconds, locale) : kit.EMPTY,
    };
  }

  /** The chosen quote with what booking it needs, or undefined while none is chosen. */
  selection(state: PickerChoice): RateSelection | undefined {
    return selectionOf({ ...state, words: this.words(state.locale) });
  }

  /** The choice once fresh quotes arrive (`requoted` of rate-results.model.ts). */
  requoted = requoted;

  /** Each option's default, for a quote just chosen. */
  defaults = defaultOptionValues;

  /** What the live region says as quotes arrive. */
  announce(result: RatesResult, locale: ResolvedLocale): string {
    return ratesAnnouncement(result, this.words(locale));
  }

  render(view: RateResultsView): TemplateResult {
    const { html, nothing } = this.#kit;
    const text = this.#text(view.locale);
    const { rates, expired } = view;
    return html`<div class="results">
      ${view.parcelChanged && !expired ? html`<p class="notice warning">${text.parcelChanged}</p>` : nothing}
      ${
        rates.quotes.length === 0
          ? html`<p class="notice warning no-quotes" tabindex="-1">${text.noQuotes}</p>`
          : this.#renderQuotes(view)
      }
      ${
        expired
          ? html`<div class="notice warning expired">
              <span>${this.#kit.messages(view.locale).expired}</span>
              <button type="button" class="button" part="refresh-button" @click=${view.onRefresh}>
                ${text.refreshRates}
              </button>
            </div>`
          : nothing
      }
      ${this.#renderUnavailable(rates.unavailableQuotes, view.locale)}
      ${expired ? nothing : this.#renderOptions(view)}
    </div>`;
  }

  #renderQuotes(view: RateResultsView): TemplateResult {
    const { html, nothing } = this.#kit;
    const text = this.#text(view.locale);
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
                ${text.expiresIn(this.#kit.formatDuration(msLeft, view.locale))}
              </p>`
            : nothing
        }
      </div>
      <fieldset class="rates" part="rates" ?disabled=${expired}>
        <legend>${this.#kit.messages(view.locale).heading}</legend>
        ${rankQuotes(view.rates.quotes, view.sortBy, view.dueDate).map((entry) =>
          this.#renderQuoteRow(entry, view),
        )}
      </fieldset>`;
  }

  /** One quote in the radio group, with its marks. */
  #renderQuoteRow({ quote, cheapest, fastest, promise }: RankedQuote, view: RateResultsView): TemplateResult {
    const { html, nothing, renderBadge } = this.#kit;
    const { expired, locale } = view;
    const text = this.#text(locale);
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
          <strong>${this.#kit.carrierLabel(quote)}</strong>
          <span>${this.#kit.serviceLabel(quote)}</span>
        </span>
        <span class="rate-meta muted">
          ${
            quote.deliveryEstimate
              ? text.deliveryBy(this.#kit.formatDate(quote.deliveryEstimate, locale))
              : text.noEstimate
          }${
            quote.protections.length
              ? html`<br />${text.includes(quote.protections.map(this.#kit.humanizeCode).join(', '))}`
              : nothing
          }
        </span>
      </span>
      <span class="rate-side">
        <span class="price"
          >${this.#kit.formatMoney(quote.totalCharge, quote.currency ?? view.currency, locale)}</span
        >
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
  #renderUnavailable(
    unavailable: readonly UnavailableQuote[],
    locale: ResolvedLocale,
  ): TemplateResult | typeof nothing {
    const { html, nothing, renderBadge, EMPTY } = this.#kit;
    const text = this.#text(locale);
    if (unavailable.length === 0) return nothing;
    return html`<details class="unavailable" part="unavailable">
      <summary>${text.unavailableHeading(this.#kit.formatNumber(unavailable.length, locale))}</summary>
      <ul>
        ${unavailable.map(
          (quote) =>
            html`<li>
              <strong>
                ${
                  [quote.carrier, quote.name]
                    .filter((part): part is string => Boolean(part))
                    .map(this.#kit.readableCode)
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
  #renderOptions(view: RateResultsView): TemplateResult | typeof nothing {
    const { html, nothing } = this.#kit;
    const quote = view.rates.quotes.find((candidate) => candidate.rateId === view.selectedRateId);
    if (view.selectedRateId === undefined || !quote || quote.serviceOptions.length === 0) return nothing;
    const words = this.words(view.locale);
    return html`<fieldset class="options" part="options">
      <legend>${words.text.optionsFor(this.#kit.serviceLabel(quote))}</legend>
      <div class="option-fields">
        ${quote.serviceOptions.map((option, index) =>
          this.#renderOption(
            option,
            `option-${index}`,
            view.optionValues[option.key] ?? '',
            quote,
            view,
            words,
          ),
        )}
      </div>
    </fieldset>`;
  }

  /** One service option of the chosen quote, as a select, number or text field. */
  #renderOption(
    option: ServiceOption,
    id: string,
    value: string,
    quote: Quote,
    view: RateResultsView,
    words: RateResultsWords,
  ): TemplateResult {
    const { html, nothing, EMPTY } = this.#kit;
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
                        this.#kit.formatMoney(choice.price, choice.currency ?? quote.currency, locale),
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
}
