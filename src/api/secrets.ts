/**
 * Fields of the API's answers that hold a secret: a user's API key and reset codes (users
 * embedded in allocations and orders), a store's marketplace credentials, OAuth tokens. Neither
 * the browser client nor the server proxy passes them on, at any depth of a JSON body. The
 * answer's other fields are left as they are.
 */
export const SECRET_FIELDS: readonly string[] = Object.freeze([
  'api_key',
  'password_reset_token',
  'activation_code',
  'marketplace_auth_token',
  'token',
  'connector_store_key',
  'access_token',
  'refresh_token',
  'client_secret',
]);

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_FIELDS);

/**
 * Removes every secret field (`SECRET_FIELDS`) from a parsed JSON value, at any depth, in place,
 * and returns the value. `keepTopLevel` names fields kept on the outermost object only (the
 * OAuth token answer, whose `access_token` is the point of the call). Walks iteratively, so a
 * deeply nested body cannot exhaust the stack.
 */
export function stripSecrets<T>(value: T, keepTopLevel: readonly string[] = []): T {
  const stack: unknown[] = [value];
  let top = true;
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) {
      top = false;
      continue;
    }
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (SECRET_SET.has(key) && !(top && keepTopLevel.includes(key))) {
          Reflect.deleteProperty(record, key);
          continue;
        }
        const child = record[key];
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
    top = false;
  }
  return value;
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
