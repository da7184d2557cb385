import { expect, fixture, html } from '@open-wc/testing';
import { OpsError, createClient } from '../../src/api/index.js';
import type { ClientOptions, OpsClient } from '../../src/api/index.js';
import '../../src/all.js';
import type { RatePicker } from '../../src/rate-picker.js';
import { SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/seed-ids.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { part, shadowOf, waitForPart } from './injection-helpers.js';
import { rootsUnder } from './xss-check.js';
import { typeInto, waitFor } from '../helpers/elements.js';

/**
 * The API key, the bearer token and the app token never show: not in the page (light DOM,
 * shadow roots, form values), not in any event an element fires (every `dispatchEvent` during a
 * full flow is recorded), not in an error's message or messages, not in the console, not in web
 * storage and not in a request URL or body. The sandbox accepts exactly these distinctive
 * strings, so finding one anywhere means a credential leaked.
 */

const SECRETS = [
  SANDBOX_CREDENTIALS.apiKey,
  SANDBOX_CREDENTIALS.accessToken,
  SANDBOX_CREDENTIALS.appToken,
  SANDBOX_CREDENTIALS.clientSecret,
];
const O = SEED_IDS.orders;
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** Every string reachable from `value`: members, keys, array entries, error messages and causes. */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) {
    return value === null || value === undefined ? [] : [String(value)];
  }
  seen.add(value);
  if (value instanceof Node) return [];
  const found: string[] = [];
  if (value instanceof Error) {
    found.push(value.name, value.message, String(value), ...stringsIn(value.cause, seen));
  }
  if (value instanceof Map || value instanceof Set) {
    for (const entry of value) found.push(...stringsIn(entry, seen));
  }
  for (const [key, member] of Object.entries(value)) found.push(key, ...stringsIn(member, seen));
  return found;
}

function leaksIn(texts: readonly string[]): string[] {
  return SECRETS.filter((secret) => texts.some((text) => text.includes(secret)));
}

/** Everything a page shows or holds: markup of the document and every shadow root, and form values. */
function pageTexts(): string[] {
  const texts = [document.documentElement.outerHTML];
  for (const root of rootsUnder(document.documentElement)) {
    if (root instanceof ShadowRoot) texts.push(root.innerHTML);
    for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
      'input, textarea, select',
    )) {
      texts.push(control.value);
    }
  }
  return texts;
}

function storageTexts(): string[] {
  const texts: string[] = [];
  for (const storage of [localStorage, sessionStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index) ?? '';
      texts.push(key, storage.getItem(key) ?? '');
    }
  }
  return texts;
}

/** Records every event dispatched from script, every console call and every request sent. */
function recordEverything() {
  const events: Event[] = [];
  const consoleTexts: string[] = [];
  const requests: string[] = [];
  const originalDispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event): boolean {
    events.push(event);
    return originalDispatch.call(this, event);
  };
  const originals = CONSOLE_METHODS.map((method) => [method, console[method]] as const);
  for (const [method, original] of originals) {
    console[method] = (...args: unknown[]) => {
      consoleTexts.push(...stringsIn(args));
      original.apply(console, args);
    };
  }
  const recordingFetch: typeof fetch = (input, init) => {
    requests.push(String(input), typeof init?.body === 'string' ? init.body : '');
    return fetch(input, init);
  };
  return {
    events,
    consoleTexts,
    requests,
    fetch: recordingFetch,
    /** Custom events fired by the library's elements, by type. */
    elementEvents(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const event of events) {
        if (
          event instanceof CustomEvent &&
          event.target instanceof HTMLElement &&
          event.target.localName.includes('-')
        ) {
          counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
        }
      }
      return counts;
    },
    restore(): void {
      EventTarget.prototype.dispatchEvent = originalDispatch;
      for (const [method, original] of originals) console[method] = original;
    },
  };
}

type Recorder = ReturnType<typeof recordEverything>;

function expectNoLeak(recorder: Recorder, errors: readonly unknown[]): void {
  expect(leaksIn(pageTexts()), 'in the page').to.deep.equal([]);
  expect(
    leaksIn(recorder.events.flatMap((event) => stringsIn((event as CustomEvent).detail))),
    'in events',
  ).to.deep.equal([]);
  expect(leaksIn(recorder.consoleTexts), 'in the console').to.deep.equal([]);
  expect(leaksIn(storageTexts()), 'in web storage').to.deep.equal([]);
  expect(leaksIn(recorder.requests), 'in request URLs and bodies').to.deep.equal([]);
  expect(leaksIn(errors.flatMap((error) => stringsIn(error))), 'in errors').to.deep.equal([]);
}

/** A note, an allocation made and removed, rates chosen, two orders' labels bought and saved, a listing linked. */
async function fullFlow(client: OpsClient, sandbox: TestSandbox): Promise<void> {
  const page = await fixture<HTMLDivElement>(
    html`<div>
      <order-card .client=${client} order-id=${O.withNotes}></order-card>
      <allocation-form .client=${client} order-id=${O.unallocated}></allocation-form>
      <rate-picker id="picker" .client=${client} order-id=${O.allocated}></rate-picker>
      <label-downloader for="picker" .client=${client}></label-downloader>
      <rate-picker id="second-picker" .client=${client} order-id=${O.partlyAllocated}></rate-picker>
      <label-downloader
        id="by-service"
        for="second-picker"
        service-code="PW_EXPRESS"
        .client=${client}
      ></label-downloader>
      <listing-linker .client=${client}></listing-linker>
    </div>`,
  );
  const [card, form, picker, downloader, secondPicker, byService, linker] = [
    ...page.children,
  ] as HTMLElement[];
  await waitFor(() => shadowOf(card!).querySelector('h2'), 'the order did not load', { interval: 5 });
  await expect(card).to.be.accessible();

  typeInto(shadowOf(card!).querySelector('textarea')!, 'Packed with care');
  part(card!, 'add-note-button')!.click();
  await waitFor(() => shadowOf(card!).textContent?.includes('Packed with care'), 'no note');

  (await waitForPart(form!, 'allocate-button')).click();
  (await waitForPart(form!, 'remove-button')).click();
  (await waitForPart(form!, 'confirm-remove-button')).click();
  await waitFor(() => !part(form!, 'confirm-remove'), 'the allocation was not removed');

  (await waitForPart(picker!, 'get-rates-button')).click();
  (await waitForPart(picker!, 'rate')).querySelector('input')!.click();
  await (picker as RatePicker).updateComplete;
  (await waitForPart(downloader!, 'buy-button')).click();
  (await waitForPart(downloader!, 'download-button')).click();
  // The second label, by service code, is another order's: an order gets one label.
  (await waitForPart(secondPicker!, 'get-rates-button')).click();
  (await waitForPart(secondPicker!, 'rate')).querySelector('input')!.click();
  await (secondPicker as RatePicker).updateComplete;
  (await waitForPart(byService!, 'buy-button')).click();
  await waitFor(() => part(byService!, 'download-button') || part(byService!, 'error'), 'no shipment');

  await waitForPart(linker!, 'link-button');
  typeInto(shadowOf(linker!).querySelector<HTMLInputElement>('#field-sku')!, 'CANDLE-S');
  part(linker!, 'link-button')!.click();
  await waitFor(
    () => part(linker!, 'notice') || shadowOf(linker!).querySelector('[role="alert"]'),
    'no answer',
  );

  const served = (await sandbox.requests()).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
  expect(served).to.include.members([
    `POST /orders/${O.withNotes}/notes 201`,
    `POST /shipping/api/v1/rates 200`,
  ]);
}

/** Captures label downloads instead of saving files. */
function withoutDownloads(): () => void {
  const originalClick = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (!this.download) originalClick.call(this);
  };
  return () => {
    HTMLAnchorElement.prototype.click = originalClick;
  };
}

describe('credentials never show', function () {
  this.timeout(60_000);

  let recorder: Recorder;
  let restoreDownloads: () => void;
  let sandbox: TestSandbox;

  beforeEach(() => {
    sandbox = createTestSandbox();
    recorder = recordEverything();
    restoreDownloads = withoutDownloads();
  });

  afterEach(() => {
    recorder.restore();
    restoreDownloads();
  });

  function client(credentials: ClientOptions['credentials']): OpsClient {
    return createClient({
      baseUrl: sandbox.baseUrl,
      credentials,
      appToken: SANDBOX_CREDENTIALS.appToken,
      fetch: recorder.fetch,
    });
  }

  it('API key and app token: a full flow through every element', async () => {
    await fullFlow(client({ apiKey: SANDBOX_CREDENTIALS.apiKey }), sandbox);
    const fired = recorder.elementEvents();
    for (const type of [
      'note-added',
      'allocation-created',
      'allocation-deleted',
      'rate-selected',
      'label-purchased',
      'listing-linked',
    ]) {
      expect(fired.get(type) ?? 0, type).to.be.greaterThan(0);
    }
    expectNoLeak(recorder, []);
  });

  it('bearer token: a full flow through every element', async () => {
    await fullFlow(client({ getToken: () => Promise.resolve(SANDBOX_CREDENTIALS.accessToken) }), sandbox);
    expect(recorder.elementEvents().get('label-purchased') ?? 0).to.be.greaterThan(0);
    expectNoLeak(recorder, []);
  });

  it('a refused credential (401) in every element: the alert, request-error and the console', async () => {
    await sandbox.fault({ status: 401, times: 100 });
    const errors: unknown[] = [];
    const onRequestError = (event: Event) =>
      errors.push((event as CustomEvent<{ error: unknown }>).detail.error);
    document.addEventListener('request-error', onRequestError);
    try {
      const page = await fixture<HTMLDivElement>(
        html`<div>
          <order-card
            .client=${client({ apiKey: SANDBOX_CREDENTIALS.apiKey })}
            order-id=${O.withNotes}
          ></order-card>
          <allocation-form
            .client=${client({ apiKey: SANDBOX_CREDENTIALS.apiKey })}
            order-id=${O.unallocated}
          ></allocation-form>
          <rate-picker
            .client=${client({ getToken: () => SANDBOX_CREDENTIALS.accessToken })}
            order-id=${O.allocated}
          ></rate-picker>
          <listing-linker .client=${client({ apiKey: SANDBOX_CREDENTIALS.apiKey })}></listing-linker>
        </div>`,
      );
      const elements = [...page.children];
      await waitFor(
        () => elements.every((el) => shadowOf(el).querySelector('[role="alert"]')),
        'not every element showed the refusal',
      );
      await expect(elements[0]).to.be.accessible();
      expect(errors.length).to.be.at.least(elements.length);
      expect(errors.every((error) => error instanceof OpsError && error.code === 'unauthorized')).to.equal(
        true,
      );
    } finally {
      document.removeEventListener('request-error', onRequestError);
    }
    expectNoLeak(recorder, errors);
  });

  describe('in every kind of error', () => {
    interface Case {
      name: string;
      answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
      call?: (client: OpsClient, signal: AbortSignal) => Promise<unknown>;
      abort?: boolean;
      timeoutMs?: number;
    }

    const json = (body: unknown, status: number) => () =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    /** An answer that never comes; like `fetch`, it rejects when its signal aborts. */
    const never = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      });
    const CASES: Case[] = [
      ...[400, 401, 403, 404, 409, 422, 429, 500, 503].map((status) => ({
        name: `HTTP ${status}`,
        answer: json({ status: String(status), error: 'Refused' }, status),
      })),
      { name: 'HTTP 401, empty body', answer: () => Promise.resolve(new Response(null, { status: 401 })) },
      { name: 'HTTP 302', answer: () => Promise.resolve(new Response(null, { status: 302 })) },
      {
        name: 'HTTP 502, HTML',
        answer: () =>
          Promise.resolve(
            new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
          ),
      },
      { name: 'network', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
      { name: 'timeout', answer: never, timeoutMs: 30 },
      { name: 'aborted', answer: never, abort: true },
      { name: 'invalid_response', answer: json({ number: 'R1', line_items: 'none' }, 200) },
      {
        name: 'quote_expired',
        answer: json({ error_messages: ['The quote has expired'] }, 400),
        call: (api, signal) =>
          api.bookShipments({ shipments: [{ remote_shipment_id: 'r', rate_id: 'q' }] }, { signal }),
      },
      {
        name: 'validation with field errors',
        answer: json(
          { errors: [{ detail: 'is taken', source: { pointer: '/data/attributes/remote_sku' } }] },
          422,
        ),
        call: (api, signal) => api.createChannelSellable({ remote_sku: 'x' }, { signal }),
      },
      {
        name: 'app token refused',
        answer: json({ status: '401', error: 'Unauthorized' }, 401),
        call: (api, signal) =>
          api.createShipment(
            { destination_address: {}, collection_address: {}, service_code: 'x' },
            { signal },
          ),
      },
    ];

    const CREDENTIALS: Array<[string, ClientOptions['credentials']]> = [
      ['API key', { apiKey: SANDBOX_CREDENTIALS.apiKey }],
      ['bearer token', { getToken: () => SANDBOX_CREDENTIALS.accessToken }],
    ];

    for (const [credentialName, credentials] of CREDENTIALS) {
      it(`${credentialName}: message, messages and the whole error hold no credential`, async () => {
        const errors: unknown[] = [];
        for (const testCase of CASES) {
          const api = createClient({
            baseUrl: 'https://api.example.test',
            credentials,
            appToken: SANDBOX_CREDENTIALS.appToken,
            fetch: testCase.answer,
            retry: { retries: 0 },
            rateLimit: false,
            ...(testCase.timeoutMs ? { timeoutMs: testCase.timeoutMs } : {}),
          });
          const controller = new AbortController();
          const call = (testCase.call ?? ((client, signal) => client.getOrder(1, { signal })))(
            api,
            controller.signal,
          );
          if (testCase.abort) controller.abort();
          const error = await call.then(
            () => new Error(`${testCase.name} did not fail`),
            (reason: unknown) => reason,
          );
          expect(error, testCase.name).to.be.instanceOf(OpsError);
          errors.push(error);
          const opsError = error as OpsError;
          expect(
            leaksIn([opsError.message, ...opsError.messages, JSON.stringify(opsError)]),
            testCase.name,
          ).to.deep.equal([]);
        }
        const codes = new Set(errors.map((error) => (error as OpsError).code));
        expect([...codes]).to.include.members([
          'validation',
          'unauthorized',
          'forbidden',
          'not_found',
          'conflict',
          'rate_limited',
          'server',
          'network',
          'timeout',
          'aborted',
          'invalid_response',
          'quote_expired',
          'unknown',
        ]);
        expectNoLeak(recorder, errors);
      });
    }

    it('a bearer token that cannot be had: the failure of getToken is not repeated', async () => {
      const api = createClient({
        baseUrl: 'https://api.example.test',
        credentials: {
          getToken: () => {
            throw new Error(`refresh failed for ${SANDBOX_CREDENTIALS.accessToken}`);
          },
        },
        fetch: () => Promise.reject(new Error('no request should be sent')),
        rateLimit: false,
      });
      const error = await api.getOrder(1).then(
        () => undefined,
        (reason: unknown) => reason as OpsError,
      );
      expect(error?.code).to.equal('unauthorized');
      expect(leaksIn([error!.message, ...error!.messages, JSON.stringify(error)])).to.deep.equal([]);
    });
  });
});
