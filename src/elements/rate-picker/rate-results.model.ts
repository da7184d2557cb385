/**
 * What the rate picker makes of an answer once it has one: the words its quotes are shown in, the
 * chosen quote as a selection, the choice as a quote is picked and as it is kept across fresh
 * quotes, and what the live region says when quotes arrive. Loaded with the quotes' templates.
 */
import type { Quote, RatesRequest, RatesResult } from '../../api/index.js';
import { EMPTY, formatDuration, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { chooseRuleOf, quoteByRule, sameServiceIn, timeOf } from '../../shipping/quote-ranking.js';
import type { RateSelection } from '../../shipping/selection.js';
import { ratePickerResultsMessages } from './rate-results.messages.js';
import type { RatePickerResultsMessages } from './rate-results.messages.js';
import { chosenOptions, defaultOptionValues, keptOptionValues } from './service-options.model.js';
import type { OptionValues, OptionWords } from './service-options.model.js';

/** What the quotes say things with: their text, and numbers and times left in the locale's way. */
export interface RateResultsWords extends OptionWords {
  text: RatePickerResultsMessages;
  /** A time left in words; the sign for no value when it is not a finite number. */
  duration: (milliseconds: number) => string;
}

/** The words of `locale`. */
export function resultsWords(locale: ResolvedLocale): RateResultsWords {
  return {
    text: ratePickerResultsMessages(locale),
    number: (value) => formatNumber(value, locale),
    duration: (milliseconds) =>
      Number.isFinite(milliseconds) ? formatDuration(milliseconds, locale) : EMPTY,
  };
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
 * The choice as the seller picks the quote of `rateId` among `quotes`: that quote, with its service
 * options at their defaults; undefined when it is not among them.
 */
export function picked(
  quotes: readonly Quote[],
  rateId: string,
): { rateId: string; optionValues: OptionValues } | undefined {
  const quote = quotes.find((candidate) => candidate.rateId === rateId);
  return quote ? { rateId, optionValues: defaultOptionValues(quote) } : undefined;
}

/**
 * The choice the rule `chooseBy` names (`cheapest`, `fastest`, `cheapest-on-time`) makes among fresh
 * quotes, with its service options at their defaults; none without a rule or a quote to choose.
 */
export function chosenBy(
  chooseBy: string | undefined,
  quotes: readonly Quote[],
  dueDate: string | null | undefined,
): { rateId: string; optionValues: OptionValues } | undefined {
  const rule = chooseRuleOf(chooseBy);
  const quote = rule && quoteByRule(quotes, rule, dueDate);
  return quote?.rateId ? picked(quotes, quote.rateId) : undefined;
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
