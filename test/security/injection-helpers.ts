/**
 * Shared pieces of the injection suites: a client whose every answer from a real sandbox tenant
 * is rewritten with hostile strings, the rounds that hand each field every payload, and the
 * assertion that nothing hostile became markup, a URL or running script.
 */
import { aTimeout, expect } from '@open-wc/testing';
import { createClient } from '../../src/api/index.js';
import type { OpsClient } from '../../src/api/index.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { hostileFetch } from './hostile-fetch.js';
import { PAYLOAD_TEXTS, PayloadRotation } from './payloads.js';
import { deepText, injectionProblems, watchForScript } from './xss-check.js';
import { waitFor } from '../helpers/elements.js';

/** Member names of an order (and what hangs off it) that the elements show. */
export const ORDER_FIELDS: ReadonlySet<string> = new Set([
  'number',
  'status',
  'state',
  'first_name',
  'last_name',
  'company',
  'address1',
  'address2',
  'city',
  'zip',
  'phone',
  'email',
  'login',
  'text',
  'title',
  'full_title',
  'product_title',
  'sku_code',
  'main_image_src',
  'src',
  'name',
  'currency_code',
  'created_at',
  'due_date',
]);

/** How many rounds one test runs: the payload count is split into chunks of this size. */
export const ROUNDS_PER_TEST = 10;

/** `[first, last)` offsets of each chunk of rounds, so every field gets every payload across the chunks. */
export function roundChunks(): Array<[number, number]> {
  const chunks: Array<[number, number]> = [];
  for (let first = 0; first < PAYLOAD_TEXTS.length; first += ROUNDS_PER_TEST) {
    chunks.push([first, Math.min(first + ROUNDS_PER_TEST, PAYLOAD_TEXTS.length)]);
  }
  return chunks;
}

export interface HostileRound {
  sandbox: TestSandbox;
  client: OpsClient;
  rotation: PayloadRotation;
}

/** A client of `sandbox` whose answers carry the payloads from offset `round` on. */
export function hostileClient(
  sandbox: TestSandbox,
  round: number,
  fields: ReadonlySet<string>,
  untouched?: (path: string) => boolean,
): HostileRound {
  const rotation = new PayloadRotation(round);
  const client = createClient({
    baseUrl: sandbox.baseUrl,
    credentials: { apiKey: sandbox.apiKey },
    appToken: sandbox.appToken,
    retry: { retries: 0 },
    fetch: hostileFetch(sandbox.baseUrl, { fields, rotation, ...(untouched ? { untouched } : {}) }),
  });
  return { sandbox, client, rotation };
}

export function freshSandbox(): TestSandbox {
  return createTestSandbox();
}

export function shadowOf(el: Element): ShadowRoot {
  return el.shadowRoot!;
}

export function part<T extends HTMLElement = HTMLElement>(el: Element, name: string): T | null {
  return shadowOf(el).querySelector<T>(`[part~="${name}"]`);
}

export async function waitForPart(
  el: Element,
  name: string,
  what = `[part="${name}"]`,
): Promise<HTMLElement> {
  await waitFor(() => part(el, name), `${what} did not appear`, { interval: 5 });
  return part(el, name)!;
}

/** Nothing from the data became an element, an event handler, a script URL, or ran. */
export function expectClean(el: Element, where: string): void {
  expect(injectionProblems(el), `${where}: injected markup or URLs`).to.deep.equal([]);
}

/** At least one of the payloads handed out shows on screen as the text it is. */
export function expectSomePayloadAsText(el: Element, rotation: PayloadRotation, where: string): void {
  const text = deepText(el);
  const shown = [...rotation.given.values()].flat().filter((payload) => text.includes(payload.trim()));
  expect(shown.length, `${where}: no hostile string shows as text`).to.be.greaterThan(0);
}

/**
 * Runs `round` for each offset of the chunk while watching for script, then lets any stray
 * image error handler fire before checking that none ran.
 */
export async function runRounds(
  [first, last]: [number, number],
  round: (offset: number) => Promise<void>,
): Promise<void> {
  const watch = watchForScript();
  try {
    for (let offset = first; offset < last; offset += 1) {
      await round(offset);
      expect(watch.problems(), `round ${offset}`).to.deep.equal([]);
    }
    await aTimeout(50);
    expect(watch.problems(), 'after the rounds').to.deep.equal([]);
  } finally {
    watch.stop();
  }
}
