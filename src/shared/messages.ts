/**
 * Text shared by every element: loading and error states, error explanations per code. Each
 * element keeps its own strings beside it in `<tag>.messages.ts`, built the same way. Only English
 * lives here; other languages are translation packs (src/locales/) registered on demand.
 */
import { GENERIC_MESSAGES } from '../api/error-body.js';
import type { ClientErrorCode } from '../api/error-body.js';
import type { OpsErrorCode } from '../api/errors.js';
import { humanizeCode } from './format.js';
import { defineMessages } from './locale.js';

/** The order statuses the live service reports; others are shown in words. */
const statusesEn: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  awaiting_stock: 'Awaiting stock',
  awaiting_fulfillment: 'Ready to ship',
  shipped: 'Shipped',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const en = {
  loading: 'Loading…',
  saving: 'Saving…',
  retry: 'Retry',
  cancel: 'Cancel',
  // The client's own wording: one English explanation per code, not two to keep in step. Codes
  // only sign-in raises are explained by the error's own message (see renderErrorBanner).
  errorTitle: (code: OpsErrorCode): string =>
    Object.hasOwn(GENERIC_MESSAGES, code) ? GENERIC_MESSAGES[code as ClientErrorCode] : '',
  status: (code: string) =>
    (Object.hasOwn(statusesEn, code) ? statusesEn[code] : undefined) ?? humanizeCode(code),
  // What the API proxy's session does not let the signed-in user do, for an operation without
  // words of its own in the `roles` namespace (src/shared/roles.messages.ts).
  roleForbids: (_operation: string): string => 'Your role does not allow this.',
};

/** English text shared by every element; a translation gives these keys with the same parameters. */
export type CommonMessages = typeof en;

declare module './locale.js' {
  interface Translation {
    common: CommonMessages;
  }
}

export const commonMessages = defineMessages('common', en);
