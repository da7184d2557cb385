/**
 * What the form properties share: a client on a scripted `fetch` that answers by route and keeps
 * every body the element asked it to send, elements mounted and removed once per run, and the
 * wait for a form's outcome (a request sent or a validation message shown).
 */
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import { waitFor } from '../helpers/elements.js';

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Route = (method: string, path: string, body: unknown) => Response | undefined;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/json; charset=utf-8' },
  });
}

/** A client whose requests are answered by `route` and recorded in `sent`. */
export function scriptedClient(route: Route): { client: OpsClient; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.test',
    credentials: { apiKey: 'key-123' },
    rateLimit: false,
    retry: { retries: 0 },
    fetch: (input, init = {}) => {
      const url = new URL(String(input));
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const method = init.method ?? 'GET';
      if (method !== 'GET') sent.push({ method, path: url.pathname, body });
      const answer = route(method, url.pathname, body);
      return Promise.resolve(answer ?? json({ status: '404', error: 'Not Found' }, 404));
    },
  });
  return { client, sent };
}

/** Reads a seeded record straight from a sandbox tenant, as the API sends it. */
export async function seeded(baseUrl: string, apiKey: string, path: string): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { 'x-api-key': apiKey, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** Mounts `el` for one run of a property; `unmount()` takes it off the page again. */
export function mount<T extends HTMLElement>(el: T): { el: T; unmount: () => void } {
  const host = document.createElement('div');
  host.append(el);
  document.body.append(host);
  return { el, unmount: () => host.remove() };
}

/** Validation messages the element shows now. */
export function validationMessages(root: ShadowRoot): string[] {
  return [...root.querySelectorAll('.field-error')]
    .map((node) => (node.textContent ?? '').trim())
    .filter(Boolean);
}

/** Waits until the element either asked for a request or shows a validation message. */
export async function outcome(root: ShadowRoot, sent: SentRequest[]): Promise<'sent' | 'refused'> {
  await waitFor(
    () => sent.length > 0 || validationMessages(root).length > 0,
    'the form neither sent nor refused',
    { interval: 2 },
  );
  return sent.length > 0 ? 'sent' : 'refused';
}
