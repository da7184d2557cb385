/**
 * What the rate picker makes of an answer once it has one: the English text of the quotes' view,
 * its styles, the chosen quote as a selection, the choice kept across fresh quotes, and what the
 * live region says when quotes arrive. Loaded with the first rates (rate-results.ts), never with
 * the picker: besides types it imports only the service options' checks and the quote ranking,
 * which the picker does not, so no bundler moves code the picker uses out of its file.
 */
import type { Quote, RatesRequest, RatesResult } from '../../api/index.js';
import { sameServiceIn, timeOf } from '../../shipping/quote-ranking.js';
import type { RateSelection } from '../../shipping/selection.js';
import { chosenOptions, keptOptionValues } from './service-options.js';
import type { OptionValues } from './service-options.js';

/**
 * English text of the quotes' view, keys of the `rate-picker` namespace like those of
 * rate-picker.messages.ts: a translation pack gives them there, and they are merged the same way.
 */
export const en = {
  sortBy: 'Sort by',
  sortPrice: 'Price',
  sortDelivery: 'Delivery date',
  sortOnTime: 'On time first',
  cheapest: 'Cheapest',
  fastest: 'Fastest',
  onTime: 'On time',
  late: 'Late',
  noEstimate: 'No delivery estimate',
  deliveryBy: (date: string) => `Delivery by ${date}`,
  includes: (protections: string) => `Includes ${protections}`,
  ownAccount: 'Your account',
  noQuotes: 'No carrier can take this parcel. Check the weight and addresses, or tick more carriers.',
  ratesFound: (count: number, validFor: string) =>
    count === 1 ? `1 rate found, valid for ${validFor}.` : `${count} rates found, valid for ${validFor}.`,
  expiresIn: (time: string) => `Rates valid for ${time}`,
  refreshRates: 'Refresh rates',
  parcelChanged:
    'The parcel changed since these rates were quoted. Get rates again to price it as it is now.',
  unavailable: 'Unavailable',
  unavailableHeading: (count: string) => `Not available for this parcel (${count})`,
  noReason: 'No reason given',
  optionsFor: (service: string) => `Options for ${service}`,
  noChoice: 'None',
  optionPrice: (label: string, price: string) => `${label} (+${price})`,
  between: (min: string, max: string) => `Enter a number from ${min} to ${max}, or leave it empty.`,
  atLeast: (min: string) => `Enter a number of at least ${min}, or leave it empty.`,
  atMost: (max: string) => `Enter a number of at most ${max}, or leave it empty.`,
  notANumber: 'Enter a number, or leave it empty.',
  range: (min: string, max: string) => `${min} to ${max}`,
};

/** English text of the quotes' view; a translation gives these keys with the same parameters. */
export type RateResultsMessages = typeof en;

/** What the quotes' view says things with: its text, and numbers and times left in the locale's way. */
export interface RateResultsWords {
  text: RateResultsMessages;
  number: (value: number) => string;
  /** A time left in words; the sign for no value when it is not a finite number. */
  duration: (milliseconds: number) => string;
}

/**
 * The styles of the quotes' view, which the picker does not carry before it has quotes: adopted
 * into its shadow root when they load (a constructed sheet, which a strict Content-Security-Policy
 * allows), after the picker's own.
 */
const RESULTS_CSS = `
.results { display: grid; gap: calc(var(--_space) * 1.5); }
.toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between;
  gap: var(--_space); }
.countdown { margin: 0; color: var(--_muted); font-variant-numeric: tabular-nums; }
.rates { display: grid; gap: var(--_space); }
.rate { display: grid; grid-template-columns: auto 1fr auto; align-items: start;
  gap: calc(var(--_space) * 1.5); padding: calc(var(--_space) * 1.25) calc(var(--_space) * 1.5);
  border: 1px solid var(--_border); border-radius: var(--_radius); font-weight: 400; cursor: pointer; }
.rate:hover { border-color: var(--_primary); }
.rate.chosen { border-color: var(--_primary); box-shadow: inset 0 0 0 1px var(--_primary);
  background: var(--_surface-alt); }
.rates:disabled .rate { cursor: not-allowed; opacity: 0.6; }
.rate input { min-height: 0; width: 1.1em; height: 1.1em; margin: 0.2em 0 0; accent-color: var(--_primary); }
.rate-main, .service { display: grid; gap: calc(var(--_space) / 4); }
.rate-meta { font-size: 0.92em; }
.rate-side { display: grid; justify-items: end; gap: calc(var(--_space) / 2); }
.price { font-size: 1.15em; font-weight: 700; font-variant-numeric: tabular-nums; }
.badges { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: calc(var(--_space) / 2); }
.expired { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: var(--_space); }
.unavailable summary { cursor: pointer; color: var(--_muted); font-weight: 600; }
.unavailable ul { margin: var(--_space) 0 0; padding-left: 1.2em; }
.unavailable > ul > li { margin-bottom: var(--_space); }
.unavailable .reasons { margin-top: calc(var(--_space) / 4); color: var(--_muted); }
.options { padding-top: calc(var(--_space) * 1.5); border-top: 1px solid var(--_border); }
.options legend { float: left; width: 100%; }
.option-fields { clear: left; display: grid; grid-template-columns: repeat(auto-fit, minmax(16em, 1fr));
  gap: var(--_space) calc(var(--_space) * 2); }
`;

let sheet: CSSStyleSheet | undefined;

/** Adds the quotes' styles to `root`, once; a browser without constructed sheets shows them unstyled. */
export function adoptResultsStyles(root: Node): void {
  if (!(root instanceof ShadowRoot) || !('adoptedStyleSheets' in root)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(RESULTS_CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** What the picker holds of a choice. */
export interface ChoiceState {
  quote: Quote | undefined;
  rates: RatesResult | undefined;
  /** The request the rates answer. */
  request: RatesRequest | undefined;
  optionValues: OptionValues;
  orderId: number | null;
  /** The allocation quoted, as text; null when the rates are not for an allocation. */
  allocationId: string | null;
  words: RateResultsWords;
}

/** The chosen quote with what booking it needs, or undefined while none is chosen. */
export function selectionOf(state: ChoiceState): RateSelection | undefined {
  const { quote, rates, request } = state;
  if (!quote || !rates || !request) return undefined;
  const { options, valid } = chosenOptions(quote, state.optionValues, state.words);
  return {
    quote,
    remoteShipmentId: rates.remoteShipmentId,
    requestToken: rates.requestToken,
    options,
    expiresAt: rates.expiresAt,
    request,
    orderId: state.orderId,
    allocationId: state.allocationId,
    optionsValid: valid,
  };
}

/**
 * The choice once fresh quotes arrive: the same service where it is quoted again, with the option
 * values that still apply to it; else none.
 */
export function requoted(
  previous: Quote | undefined,
  quotes: readonly Quote[],
  optionValues: OptionValues,
): { rateId: string | undefined; optionValues: OptionValues } {
  const again = previous ? sameServiceIn(quotes, previous) : undefined;
  return again?.rateId
    ? { rateId: again.rateId, optionValues: keptOptionValues(again, optionValues) }
    : { rateId: undefined, optionValues: {} };
}

/** What the live region says as quotes arrive: how many, and for how long they are valid. */
export function ratesAnnouncement(result: RatesResult, words: RateResultsWords, now = Date.now()): string {
  const { text } = words;
  if (result.quotes.length === 0) return text.noQuotes;
  return text.ratesFound(result.quotes.length, words.duration(timeOf(result.expiresAt) - now));
}
