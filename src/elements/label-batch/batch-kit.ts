/**
 * What label-batch hands its rates' view (batch-rates.ts) and its actions (batch-actions.ts), and
 * how it loads them: the view with the first rates request; the actions on the first press of "Buy
 * labels", "Refresh rates for …", or a button that makes the label files, or when labels bought
 * earlier are offered again. Everything in the kits is in the element's file anyway, so only the
 * view's and the actions' own code (and the booking's, which the actions bring) waits.
 */
import { html, nothing } from 'lit';
import { getRates } from '../../api/endpoints/shipping.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { defineMessages } from '../../shared/locale.js';
import { sessionChanged } from '../../shared/session.js';
import { EMPTY, formatDate, formatList, formatMoney, formatNumber, listParts } from '../../shared/format.js';
import { commonMessages } from '../../shared/messages.js';
import { carrierLabel, serviceLabel } from '../../shared/quote-view.js';
import { labelFacts } from '../../shipping/label-facts.js';
import { boughtFromStore } from '../../shipping/label-keeper-controller.js';
import { readOrdersAgain } from '../../shipping/order-reread.js';
import { QuoteClock } from '../../shipping/quote-clock.js';
import { withRequestCurrency } from '../../shipping/rate-request.js';
import type { BatchActionsKit } from './batch-actions.js';
import { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import { showsLabelFor } from './batch-model.js';
import type { BatchRates, BatchRatesKit } from './batch-rates.js';
import { en } from './label-batch.messages.js';
import { renderRefreshButton } from './label-batch.templates.js';

export const BATCH_KIT: BatchActionsKit = {
  html,
  nothing,
  formatNumber,
  labelFacts,
  boughtFromStore,
  getRates,
  withRequestCurrency,
  readOrdersAgain,
  showsLabelFor,
  sessionChanged,
  hasFocus,
  restoreFocus,
  inRow,
  // pdf-lib, fetched when the labels are first made into one file.
  loadMerge: onDemand('merge-labels', () => import('./merge-labels.js')),
  defineMessages,
  en,
};

/**
 * `load`, rejecting with a `network` `OpsError` when the module could not be fetched (it is fetched
 * again on the next call): nothing was sent, so trying again is safe.
 */
function asNetworkFailure<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((cause: unknown) => {
      throw loadFailure(cause);
    });
}

/** The actions' module, fetched on the first press. */
export const loadActions = asNetworkFailure(onDemand('batch-actions', () => import('./batch-actions.js')));

const RATES_KIT: BatchRatesKit = {
  html,
  nothing,
  EMPTY,
  formatNumber,
  formatMoney,
  formatDate,
  formatList,
  listParts,
  carrierLabel,
  serviceLabel,
  commonMessages,
  defineMessages,
  renderRefreshButton,
  QuoteClock,
};

const loadRatesModule = asNetworkFailure(onDemand('batch-rates', () => import('./batch-rates.js')));

/** The rates' view, once loaded: one for every batch on the page. */
let rates: BatchRates | undefined;

/**
 * The rates' view, fetched with the first rates request; a failed load fails the request as the
 * network would, and the row offers "Refresh rates for …", which fetches it again.
 */
export async function loadRates(): Promise<BatchRates> {
  const { BatchRates } = await loadRatesModule();
  return (rates ??= new BatchRates(RATES_KIT));
}
