import { OpsError } from './errors.js';
import type { OpsErrorCode } from './errors.js';

/**
 * Turns an HTTP error response into an `OpsError`. The API words its errors in many shapes
 * (see the spec's Errors table and the samples); all of them end up as `messages` plus, for
 * JSON:API validation errors, `fieldErrors` keyed by attribute.
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

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The attribute a JSON:API error pointer names: `/data/attributes/remote_sku` → `remote_sku`;
 * `/data/relationships/channel_product/data/id` → `channel_product` (the relationship, not its
 * `id`); another pointer → its last segment that is not `data`, `attributes` or an index.
 */
function attributeFromPointer(pointer: string): string | undefined {
  const segments = pointer.split('/').filter(Boolean);
  const under = (container: string) => {
    const at = segments.indexOf(container);
    return at !== -1 ? segments[at + 1] : undefined;
  };
  const named = under('attributes') ?? under('relationships');
  if (named) return named;
  return [...segments]
    .reverse()
    .find((part) => part !== 'data' && part !== 'attributes' && !/^\d+$/.test(part));
}

function addFieldError(fieldErrors: Record<string, string[]>, field: string, message: string): void {
  // Own properties only: a field named `constructor` or `__proto__` must not reach Object.prototype.
  const existing = Object.hasOwn(fieldErrors, field) ? fieldErrors[field] : undefined;
  if (existing) existing.push(message);
  else
    Object.defineProperty(fieldErrors, field, {
      value: [message],
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** One entry of an `errors` array: a string, a JSON:API error object, or `{message}`. */
function readErrorEntry(entry: unknown, details: ErrorDetails): void {
  const asText = nonEmptyString(entry);
  if (asText) {
    details.messages.push(asText);
    return;
  }
  if (!isRecord(entry)) return;
  const message =
    nonEmptyString(entry['detail']) ?? nonEmptyString(entry['title']) ?? nonEmptyString(entry['message']);
  if (!message) return;
  details.messages.push(message);
  const source = entry['source'];
  const pointer = isRecord(source) ? nonEmptyString(source['pointer']) : undefined;
  const field = pointer ? attributeFromPointer(pointer) : undefined;
  if (field) addFieldError(details.fieldErrors, field, message);
}

/**
 * Reads the messages out of any error body shape the API uses:
 * `{error_messages: string | string[]}`, `{errors: string[]}`, `{errors: [{status, title, detail}]}`,
 * JSON:API `{errors: [{source: {pointer}, detail}]}`, Rails `{errors: {field: [...]}}`,
 * Rails `{status, error}`, OAuth `{error, error_description}`, `{message}` and `{error, message}`
 * (the code and the words of this package's proxy).
 */
export function readErrorBody(body: unknown): ErrorDetails {
  const details: ErrorDetails = { messages: [], fieldErrors: {} };
  if (Array.isArray(body)) {
    for (const entry of body) readErrorEntry(entry, details);
    return details;
  }
  const single = nonEmptyString(body);
  if (single) return { messages: [single], fieldErrors: {} };
  if (!isRecord(body)) return details;

  const errorMessages = body['error_messages'];
  if (Array.isArray(errorMessages)) {
    for (const entry of errorMessages) readErrorEntry(entry, details);
  } else {
    readErrorEntry(errorMessages, details);
  }

  const errors = body['errors'];
  if (Array.isArray(errors)) {
    for (const entry of errors) readErrorEntry(entry, details);
  } else if (typeof errors === 'string') {
    readErrorEntry(errors, details);
  } else if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      for (const message of Array.isArray(value) ? value : [value]) {
        const words = nonEmptyString(message);
        if (!words) continue;
        details.messages.push(`${field} ${words}`);
        addFieldError(details.fieldErrors, field, words);
      }
    }
  }

  if (details.messages.length === 0) {
    // Words before codes: OAuth's description, else a message (`{error: 'not_found', message}`, as
    // this package's proxy answers), else `error` itself (Rails' `{status, error: 'Not Found'}`).
    const words =
      nonEmptyString(body['error_description']) ??
      nonEmptyString(body['message']) ??
      nonEmptyString(body['error']);
    if (words) details.messages.push(words);
  }
  return details;
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

const HTML_START = /^\s*</;
const MAX_PLAIN_TEXT = 300;

/**
 * Parses an error body that arrived as text. JSON goes through `readErrorBody`; a short plain
 * text line is kept as the message; HTML (a proxy's or a framework's error page), broken JSON
 * and anything long are dropped in favour of the generic message, so markup never reaches the user.
 */
export function readErrorText(bodyText: string, contentType: string | null): ErrorDetails {
  const trimmed = bodyText.trim();
  if (trimmed === '') return { messages: [], fieldErrors: {} };
  try {
    return readErrorBody(JSON.parse(trimmed) as unknown);
  } catch {
    const type = contentType ?? '';
    const looksLikeMarkup = HTML_START.test(trimmed) || type.includes('html') || type.includes('xml');
    const brokenJson = type.includes('json') || /^[[{]/.test(trimmed);
    if (looksLikeMarkup || brokenJson || trimmed.length > MAX_PLAIN_TEXT || trimmed.includes('\n')) {
      return { messages: [], fieldErrors: {} };
    }
    return { messages: [trimmed], fieldErrors: {} };
  }
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

/** Builds the `OpsError` for a non-2xx response from its status and body text. */
export function errorFromResponse(
  status: number,
  bodyText: string,
  contentType: string | null,
  context: ErrorContext = {},
): OpsError {
  const { messages, fieldErrors } = readErrorText(bodyText, contentType);
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
