/**
 * Text shared by every element: loading and error states, error explanations per code. Each
 * element keeps its own strings beside it in `<tag>.messages.ts`, built the same way. Only English
 * lives here; other languages are translation packs (src/locales/) registered on demand.
 */
import type { OpsErrorCode } from '../api/errors.js';
import { humanizeCode } from './format.js';
import { defineMessages } from './locale.js';

const errorTitlesEn: Record<OpsErrorCode, string> = {
  network: 'The service could not be reached. Check the connection and try again.',
  timeout: 'The service took too long to answer. Try again.',
  aborted: 'The request was cancelled.',
  unauthorized:
    'The API key or sign-in was refused. The key may have been regenerated, or the account may need payment.',
  forbidden: 'This account is not allowed to do that.',
  not_found: 'Not found. It may have been deleted.',
  validation: 'The service did not accept the request.',
  rate_limited: 'Too many requests right now. Wait a moment and try again.',
  server: 'The service had a problem. Try again in a moment.',
  invalid_response: 'The service sent an answer that could not be read.',
  quote_expired: 'The quote has expired. Get new rates.',
  booking_failed: 'The label could not be bought.',
  conflict: 'Someone changed this at the same time. Reload and try again.',
  popup_blocked: 'The sign-in window was blocked by the browser.',
  popup_closed: 'The sign-in window was closed before signing in finished.',
  state_mismatch: 'The sign-in answer did not match this page and was ignored.',
  unknown: 'Something went wrong.',
};

/** Order and shipment states the service is known to report; others are shown in words. */
const statusesEn: Record<string, string> = {
  awaiting_allocation: 'Awaiting allocation',
  awaiting_stock: 'Awaiting stock',
  awaiting_payment: 'Awaiting payment',
  partially_allocated: 'Partly allocated',
  allocated: 'Allocated',
  ready_to_ship: 'Ready to ship',
  awaiting_dispatch: 'Awaiting dispatch',
  dispatched: 'Dispatched',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  on_hold: 'On hold',
};

const en = {
  loading: 'Loading…',
  saving: 'Saving…',
  retry: 'Retry',
  cancel: 'Cancel',
  errorTitle: (code: OpsErrorCode) => errorTitlesEn[code],
  status: (code: string) =>
    (Object.hasOwn(statusesEn, code) ? statusesEn[code] : undefined) ?? humanizeCode(code),
};

/** English text shared by every element; a translation gives these keys with the same parameters. */
export type CommonMessages = typeof en;

export const commonMessages = defineMessages('common', en);
