/**
 * The words rate-picker's quotes speak in a locale (its text, in English while no pack is
 * registered, and numbers and times left as the locale writes them), for the unit tests of its model.
 */
import { resultsWords } from '../../src/elements/rate-picker/rate-results.model.js';
import type { RateResultsWords } from '../../src/elements/rate-picker/rate-results.model.js';
import type { ResolvedLocale } from '../../src/shared/locale.js';

export function englishWords(locale: ResolvedLocale): RateResultsWords {
  return resultsWords(locale);
}
