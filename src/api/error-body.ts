import { OpsError } from './errors.js';
import type { OpsErrorCode } from './errors.js';

/**
 * Turns an HTTP error response into an `OpsError`. The API words its errors in many shapes
 * (see the spec's Errors table and the samples); all of them end up as `messages` plus, for
 * JSON:API validation errors, `fieldErrors` keyed by attribute. Reading those shapes
 * (`error-read.ts`) is loaded on the first error answer; what every element needs to explain an
 * error (the generic messages, what is readable) stays here.
 */

export interface ErrorDetails {
  messages: string[];
  fieldErrors: Record<string, string[]>;
}

/**
 * The codes the client raises for a response, or for its absence. OAuthPopup raises
 * `popup_blocked`, `popup_closed` and `state_mismatch` with its own words (src/auth/oauth-popup.ts),
 * so an element that never signs in does not carry them; nothing in the library raises
 * `booking_failed` (a failed shipment of a booking is a `failed` entry, not an error).
 */
export type ClientErrorCode = Exclude<
  OpsErrorCode,
  'popup_blocked' | 'popup_closed' | 'state_mismatch' | 'booking_failed'
>;

/**
 * What the library says when the API gave no usable words of its own, and the English the
 * elements show to explain each code (src/shared/messages.ts): one wording per code. An error of
 * another code is explained by its own message.
 */
export const GENERIC_MESSAGES: Record<ClientErrorCode, string> = {
  network: 'The service could not be reached. Check the connection and try again.',
  timeout: 'The service took too long to answer.',
  aborted: 'The request was cancelled.',
  unauthorized:
    'The service refused the credentials. The API key may have been regenerated, or the account ' +
    'may be unpaid or lack API access.',
  forbidden: 'This account is not allowed to do that.',
  not_found: 'Not found. It may have been deleted.',
  validation: 'The service did not accept the request.',
  rate_limited: 'Too many requests right now. Wait a moment and try again.',
  server: 'The service had a problem. Try again in a moment.',
  invalid_response: 'The service sent an answer that could not be read.',
  quote_expired: 'The quote has expired. Get new rates.',
  conflict: 'Someone changed this at the same time. Reload and try again.',
  load_failed: 'Part of this page could not be loaded. Check the connection and try again.',
  unknown: 'Something went wrong.',
};

export function codeForStatus(status: number): ClientErrorCode {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'unknown';
}

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Tokens a program prints where words were meant: a number, `Infinity`, `NaN`, `null`, `[object Object]`. */
const NOT_WORDS = /^(?:[-+]?infinity|nan|null|undefined|true|false|\[object \w+\]|[-+\d.,:eE\s]*)$/i;

/**
 * Whether an API message says something a person can read. The live service answers a bad
 * `page_size` with `["Infinity"]`; such a message is kept in `messages` but never shown as the
 * error's text.
 */
export function isReadableMessage(message: string): boolean {
  return /\p{L}/u.test(message) && !NOT_WORDS.test(message.trim());
}

const QUOTE_EXPIRED = /expire/i;

/** Whether an API message says the rate quote has expired (booking responses). */
export function saysQuoteExpired(messages: readonly string[]): boolean {
  return messages.some((message) => QUOTE_EXPIRED.test(message));
}

export interface ErrorContext {
  /** The request booked a label: a 400 that says the quote expired becomes `quote_expired`. */
  booking?: boolean;
}

/**
 * Builds the `OpsError` for a non-2xx response from its status and what its body says
 * (`readErrorText` or `readErrorAnswer` of error-read.ts; nothing when that could not be loaded).
 */
export function errorFromResponse(
  status: number,
  { messages, fieldErrors }: ErrorDetails = { messages: [], fieldErrors: {} },
  context: ErrorContext = {},
): OpsError {
  const readable = messages.filter(isReadableMessage);
  let code = codeForStatus(status);
  if (context.booking && code === 'validation' && saysQuoteExpired(messages)) code = 'quote_expired';

  if (code === 'unauthorized') {
    // The API's own words ("Unauthorized") rarely tell the user what to do; the two causes
    // people actually hit (a regenerated key, an unpaid account) are always spelled out in the
    // message. `messages` keeps the API's words apart, so a UI that explains the code in the
    // reader's language does not show the English explanation a second time.
    const explanation = GENERIC_MESSAGES.unauthorized;
    return new OpsError(code, explanation, { status, messages, fromApi: readable.length > 0 });
  }
  const generic =
    code === 'unknown' ? `${GENERIC_MESSAGES.unknown} (HTTP ${status})` : GENERIC_MESSAGES[code];
  const message = readable[0] ?? generic;
  return new OpsError(code, message, { status, messages, fieldErrors, fromApi: readable.length > 0 });
}
