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
