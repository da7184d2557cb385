/**
 * What the node tests of the sandbox share: a request to it through its fetch handler, with the
 * sandbox's API key and JSON in and JSON:API accepted, as the client sends one; and a dotted path
 * read out of a parsed body.
 */
import type { Sandbox } from '../../../src/sandbox/index.js';

export const JSON_API = 'application/vnd.api+json';

export interface SandboxAnswer<T> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** `method path` with `body` as JSON; `headers` add to or replace the usual ones. */
export async function call<T = unknown>(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<SandboxAnswer<T>> {
  const response = await sandbox.fetch(
    new Request(`http://sandbox.test${path}`, {
      method,
      headers: {
        'x-api-key': 'sandbox-api-key',
        'content-type': 'application/json',
        accept: JSON_API,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: (text ? JSON.parse(text) : null) as T,
  };
}

/** Reads a dotted path (`data.0.attributes.remote_sku`, `allocations.0.warehouse.id`) out of a parsed body. */
export function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
