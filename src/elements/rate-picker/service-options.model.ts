/**
 * The rate picker's service options of a chosen quote: their defaults, the values kept when the
 * same service is quoted again, their checks and what goes into a booking. Pure functions, so the
 * element stays about UI.
 */
import type { Quote, ServiceOption } from '../../api/index.js';
import type { RatePickerResultsMessages } from './rate-results.messages.js';

/** Option values by option key, as typed or chosen. */
export type OptionValues = Readonly<Record<string, string>>;

/** What the options' checks say things with: the quotes' text, and numbers in the locale's way. */
export interface OptionWords {
  text: Pick<RatePickerResultsMessages, 'between' | 'atLeast' | 'atMost' | 'notANumber'>;
  number: (value: number) => string;
}

/** Each option's default, or empty when a select's default is not one of its values. */
export function defaultOptionValues(quote: Quote): Record<string, string> {
  const values: Record<string, string> = {};
  for (const option of quote.serviceOptions) {
    const fallback = option.default ?? '';
    values[option.key] =
      option.type === 'select' && !option.values.some((choice) => choice.value === fallback) ? '' : fallback;
  }
  return values;
}

/** Option values carried over to the same service in fresh quotes, where they still apply. */
export function keptOptionValues(quote: Quote, previous: OptionValues): Record<string, string> {
  const values = defaultOptionValues(quote);
  for (const option of quote.serviceOptions) {
    const kept = previous[option.key];
    if (kept === undefined) continue;
    if (option.type !== 'select' || kept === '' || option.values.some((choice) => choice.value === kept)) {
      values[option.key] = kept;
    }
  }
  return values;
}

/** Why a number option's value cannot be booked; undefined when it can, or is empty. */
export function optionError(option: ServiceOption, raw: string, words: OptionWords): string | undefined {
  if (option.type !== 'number' || raw.trim() === '') return undefined;
  const { text, number } = words;
  const value = Number(raw);
  const min = option.min;
  const max = option.max;
  const outOfRange =
    !Number.isFinite(value) || (min !== undefined && value < min) || (max !== undefined && value > max);
  if (!outOfRange) return undefined;
  if (!Number.isFinite(value)) return text.notANumber;
  if (min !== undefined && max !== undefined) return text.between(number(min), number(max));
  return min !== undefined ? text.atLeast(number(min)) : text.atMost(number(max ?? 0));
}

/** The values to book with: filled-in, valid ones only, numbers as numbers. */
export function chosenOptions(
  quote: Quote,
  values: OptionValues,
  words: OptionWords,
): { options: Record<string, string | number>; valid: boolean } {
  const options: Record<string, string | number> = {};
  let valid = true;
  for (const option of quote.serviceOptions) {
    const raw = (values[option.key] ?? '').trim();
    if (raw === '') continue;
    if (optionError(option, raw, words)) {
      valid = false;
      continue;
    }
    options[option.key] = option.type === 'number' ? Number(raw) : raw;
  }
  return { options, valid };
}
