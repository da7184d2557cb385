/**
 * Reading an error answer: its words, out of any shape the API uses, after the credentials that
 * were sent are blotted out of it. The transport loads this module with `import()` on the first
 * answer that is not a 2xx (`onDemand('error-read', …)`), so a page that meets no error never
 * fetches it. It imports types only: a value import would move what it shares with the transport
 * out of the element's first file in an app's bundle.
 */
import type { ErrorDetails } from './error-body.js';

/** A JSON object (not an array, not null); `isRecord` of error-body.ts, which this may not import. */
function isObject(value: unknown): value is Record<string, unknown> {
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
  if (!isObject(entry)) return;
  const message =
    nonEmptyString(entry['detail']) ?? nonEmptyString(entry['title']) ?? nonEmptyString(entry['message']);
  if (!message) return;
  details.messages.push(message);
  const source = entry['source'];
  const pointer = isObject(source) ? nonEmptyString(source['pointer']) : undefined;
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
  if (!isObject(body)) return details;

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
  } else if (isObject(errors)) {
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

const REDACTED = '[redacted]';
/** Shorter values would blot out ordinary words; real keys and tokens are long. */
const MIN_SECRET_LENGTH = 6;
const BEARER = /\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi;

/**
 * `text` with each of `secrets` (an API key, a token) and any `Bearer …` credential blotted out:
 * for error bodies that echo what was sent ("Invalid API key …"), in the client and the proxy.
 * A secret is found as it is and JSON-escaped (`\u0053…`, any of its characters), since a JSON
 * body may spell it either way.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let safe = text;
  const escaped = safe.includes('\\');
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    if (safe.includes(secret)) safe = safe.split(secret).join(REDACTED);
    if (escaped) safe = safe.replace(escapedPattern(secret), REDACTED);
  }
  return safe.replace(BEARER, `Bearer ${REDACTED}`);
}

/** Matches `secret` with any of its characters written as a JSON escape (`\u0041`, `\/`). */
function escapedPattern(secret: string): RegExp {
  let source = '';
  // UTF-16 units, as JSON escapes them (a character beyond U+FFFF is two escapes).
  for (const char of secret.split('')) {
    const code = char.charCodeAt(0);
    const hex = code
      .toString(16)
      .padStart(4, '0')
      .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
    const alternatives = [char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), `\\\\u${hex}`];
    if (char === '/') alternatives.push('\\\\/');
    source += `(?:${alternatives.join('|')})`;
  }
  return new RegExp(source, 'g');
}

/**
 * The words of an error answer of the client's own request: `bodyText` with the values of the
 * credential headers sent (API key, bearer token, app token) blotted out, then read. An error body
 * that echoes the credential ("Invalid API key …") must not carry it on.
 */
export function readErrorAnswer(bodyText: string, contentType: string | null, sent: Headers): ErrorDetails {
  const secrets: string[] = [];
  for (const [name, value] of sent) {
    if (name === 'x-api-key' || name === 'authentication') secrets.push(value);
    if (name === 'authorization') secrets.push(value.replace(/^Bearer\s+/i, ''));
  }
  return readErrorText(redactSecrets(bodyText, secrets), contentType);
}
