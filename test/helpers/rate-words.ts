/**
 * The words rate-picker's quotes speak in a locale (its text in English, numbers and times left as
 * the locale writes them), as the quotes' view makes them, for the unit tests of its model.
 */
import { en } from '../../src/elements/rate-picker/rate-results.model.js';
import type { RateResultsWords } from '../../src/elements/rate-picker/rate-results.model.js';
import { EMPTY, formatDuration, formatNumber } from '../../src/shared/format.js';
import type { ResolvedLocale } from '../../src/shared/locale.js';

export function englishWords(locale: ResolvedLocale): RateResultsWords {
  return {
    text: en,
    number: (value) => formatNumber(value, locale),
    duration: (milliseconds) =>
      Number.isFinite(milliseconds) ? formatDuration(milliseconds, locale) : EMPTY,
  };
}
