/**
 * What label-batch hands its actions (batch-actions.ts), and how it loads them: on the first press
 * of "Buy labels", "Refresh rates for …", or a button that makes the label files, or when labels
 * bought earlier are offered again. Everything in the kit is in the element's file anyway, so only
 * the actions' own code (and the booking's, which they bring) waits.
 */
import { html, nothing } from 'lit';
import { getRates } from '../../api/endpoints/shipping.js';
import { GENERIC_MESSAGES } from '../../api/error-body.js';
import { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import { defineMessages } from '../../shared/locale.js';
import { sessionChanged } from '../../shared/session.js';
import { BOOKING_KIT } from '../../shipping/booking-kit.js';
import { formatNumber } from '../../shared/format.js';
import { labelFacts } from '../../shipping/label-facts.js';
import { boughtFromStore } from '../../shipping/label-keeper-controller.js';
import { readOrdersAgain } from '../../shipping/order-reread.js';
import { withRequestCurrency } from '../../shipping/rate-request.js';
import type { BatchActionsKit } from './batch-actions.js';
import { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import { refreshedEntry, showsLabelFor } from './batch-model.js';
import { en } from './label-batch.messages.js';

export const BATCH_KIT: BatchActionsKit = {
  html,
  nothing,
  formatNumber,
  bookingKit: BOOKING_KIT,
  labelFacts,
  boughtFromStore,
  getRates,
  withRequestCurrency,
  readOrdersAgain,
  showsLabelFor,
  refreshedEntry,
  sessionChanged,
  hasFocus,
  restoreFocus,
  inRow,
  // pdf-lib, fetched when the labels are first made into one file.
  loadMerge: onDemand('merge-labels', () => import('./merge-labels.js')),
  defineMessages,
  en,
};

const load = onDemand('batch-actions', () => import('./batch-actions.js'));

/**
 * The actions' module, fetched on the first press (and again after a failed load, which rejects
 * with a `network` `OpsError`: nothing was sent, so pressing again is safe).
 */
export function loadActions(): ReturnType<typeof load> {
  return load().catch((cause: unknown) => {
    throw new OpsError('network', GENERIC_MESSAGES.network, { cause });
  });
}
