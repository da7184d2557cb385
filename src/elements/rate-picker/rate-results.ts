/**
 * rate-picker's view of quotes: their templates (rate-results.templates.ts), styles
 * (rate-results.styles.ts) and what the picker makes of an answer (rate-results.model.ts), with
 * the service options' defaults. The picker loads it with `import()` beside its first rates request
 * (rates-controller.ts): a page where nobody asks for rates never downloads it.
 */
import { addStylesOnce } from '../../shared/add-styles.js';
import { rateResultsStyles } from './rate-results.styles.js';

export { renderResults } from './rate-results.templates.js';
export { ratesAnnouncement, requoted, resultsWords, selectionOf } from './rate-results.model.js';
export { defaultOptionValues } from './service-options.js';

/** Adds the quotes' styles to the picker's shadow root, after its own, once. */
export function addResultsStyles(root: Node): void {
  addStylesOnce(root, rateResultsStyles);
}
