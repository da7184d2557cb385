import { SECRET_FIELDS, redactSecrets } from '../api/secrets.js';

/**
 * What the proxy does to an answer before the browser sees it: secret fields out of JSON at any
 * depth, credentials out of every text, and nothing but JSON.
 */

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_FIELDS);
/** Blots out the given secrets and any `Bearer …` credential from a text. */
export const redact = redactSecrets;

/**
 * A JSON text with its secret fields removed at any depth and `secrets` redacted from every key
 * and string, serialised again; or null when `text` is not JSON.
 */
export function scrubJsonText(text: string, secrets: readonly string[]): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text, function (this: unknown, key: string, item: unknown) {
      if (SECRET_SET.has(key) && !Array.isArray(this)) return undefined;
      return typeof item === 'string' ? redact(item, secrets) : item;
    });
  } catch {
    return null;
  }
  const needsKeyPass = secrets.some((secret) => text.includes(secret) && redact(secret, [secret]) !== secret);
  return JSON.stringify(needsKeyPass ? redactKeys(value, secrets) : value);
}

/** A copy of `value` with `secrets` redacted from object keys as well (rare; only when a secret shows up in the text). */
function redactKeys(value: unknown, secrets: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => redactKeys(item, secrets));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, redact(key, secrets), {
      value: redactKeys(item, secrets),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Whether a media type is JSON (`application/json`, `application/vnd.api+json`, …). */
export function isJsonMediaType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
