/**
 * Shared pieces of the reliability suites: a per-test harness (sandbox tenant, client with fast
 * retries, a log of `request-error` events and of uncaught errors), the faults the sandbox can
 * inject with what each should look like to the user, and the few DOM checks only these suites use.
 */
import { createClient } from '../../src/api/index.js';
import type { ClientOptions, OpsClient, OpsErrorCode } from '../../src/api/index.js';
import { $, $$, waitFor } from '../helpers/elements.js';
import { callsTo, recordingFetch } from '../helpers/recording-fetch.js';
import type { RecordedCall, RecordingFetch } from '../helpers/recording-fetch.js';
import { createTestSandbox } from '../helpers/sandbox.js';
import type { LoggedRequest, TestFault, TestSandbox } from '../helpers/sandbox.js';

/** Retries as the client does them, only faster. */
export const RETRY = { retries: 2, baseDelayMs: 5 } as const;
/** Client deadline in the timeout cases (the sandbox holds the request past it). */
export const TIMEOUT_MS = 400;
/** Delay of a response the user walks away from, or that should arrive after a later one. */
export const SLOW_ANSWER_MS = 150;
/** Enough uses of a fault that it outlasts every retry of the client. */
export const PERSISTENT = 20;
/**
 * The same for a dropped connection, which the browser itself may send again before the client
 * sees a failure: Firefox makes up to 10 attempts of a request whose reused connection drops
 * (network.http.request.max-attempts), so 20 drops could run out before the client's last retry.
 */
export const PERSISTENT_DROPS = PERSISTENT * 10;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestTarget {
  method: HttpMethod;
  /** Path relative to the sandbox base, as logged. */
  path: string;
}

export interface SeenError {
  target: EventTarget | null;
  code: OpsErrorCode;
}

export interface Harness {
  sandbox: TestSandbox;
  client: OpsClient;
  /** Every `request-error` that reached the document, in order. */
  requestErrors: SeenError[];
  /** Every uncaught error and unhandled rejection of the page, in order. */
  uncaught: unknown[];
  /** A client of the same tenant for checking the sandbox's state, sharing nothing with `client`. */
  inspector: OpsClient;
  /** The recording `fetch` of `client`, for another client whose sends are to be counted too. */
  fetch: typeof fetch;
  /** What `client` handed to `fetch`: the sends of the client itself, browser resends aside. */
  fetches: RecordingFetch['calls'];
  /** How many times `client` sent `target`. */
  clientSends(target: RequestTarget): number;
  /** The sends of `target` by `client`, each with the signal it was given. */
  sendsOf(target: RequestTarget): RecordingFetch['calls'];
  dispose(): void;
}

function isRequestErrorEvent(event: Event): event is CustomEvent<{ error: { code: OpsErrorCode } }> {
  return event instanceof CustomEvent && typeof event.detail === 'object' && event.detail !== null;
}

export function createHarness(options: Partial<ClientOptions> = {}): Harness {
  const sandbox = createTestSandbox();
  const base = {
    baseUrl: sandbox.baseUrl,
    credentials: { apiKey: sandbox.apiKey },
    appToken: sandbox.appToken,
  };
  const recording = recordingFetch(options.fetch);
  const client = createClient({ ...base, retry: RETRY, ...options, fetch: recording.fetch });
  const inspector = createClient({ ...base, retry: { retries: 0 } });
  const requestErrors: SeenError[] = [];
  const uncaught: unknown[] = [];
  const onRequestError = (event: Event) => {
    if (isRequestErrorEvent(event))
      requestErrors.push({ target: event.target, code: event.detail.error.code });
  };
  const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason);
  document.addEventListener('request-error', onRequestError, true);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const sendsOf = (target: RequestTarget): RecordingFetch['calls'] =>
    callsTo(recording.calls, target.method, sandbox.baseUrl + target.path);
  return {
    sandbox,
    client,
    inspector,
    requestErrors,
    uncaught,
    fetch: recording.fetch,
    fetches: recording.calls,
    clientSends: (target) => sendsOf(target).length,
    sendsOf,
    dispose() {
      document.removeEventListener('request-error', onRequestError, true);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

// Faults

export type FaultName =
  | 'network failure'
  | 'timeout'
  | '429 with an empty body'
  | '500 with an HTML body'
  | 'malformed JSON'
  | '401'
  | '403'
  | '404'
  | '422';

export interface Fault {
  name: FaultName;
  /** The `request-error` code and the code the banner explains. */
  code: OpsErrorCode;
  /** Words of the banner's explanation for that code. */
  explains: RegExp;
  /** The fault aimed at one request, lasting through every retry. */
  spec(target: RequestTarget): TestFault;
  /** Client options the fault needs (a short deadline for the timeout). */
  client?: Partial<ClientOptions>;
}

export const FAULTS: readonly Fault[] = [
  {
    name: 'network failure',
    code: 'network',
    explains: /could not be reached/,
    spec: (target) => ({ ...target, network: true, times: PERSISTENT_DROPS }),
  },
  {
    name: 'timeout',
    code: 'timeout',
    explains: /took too long/,
    // Held until the test reads the log (`sentTo`); the late answer is a failure, so nothing the
    // first request asked for takes effect.
    spec: (target) => ({ ...target, hold: true, status: 503, times: PERSISTENT }),
    client: { timeoutMs: TIMEOUT_MS },
  },
  {
    name: '429 with an empty body',
    code: 'rate_limited',
    explains: /Too many requests/,
    spec: (target) => ({ ...target, status: 429, body: 'empty', times: PERSISTENT }),
  },
  {
    name: '500 with an HTML body',
    code: 'server',
    explains: /had a problem/,
    spec: (target) => ({ ...target, status: 500, body: 'html', times: PERSISTENT }),
  },
  {
    name: 'malformed JSON',
    code: 'invalid_response',
    explains: /could not be read/,
    spec: (target) => ({ ...target, status: 200, body: 'malformed', times: PERSISTENT }),
  },
  {
    name: '401',
    code: 'unauthorized',
    explains: /refused/,
    spec: (target) => ({ ...target, status: 401, times: PERSISTENT }),
  },
  {
    name: '403',
    code: 'forbidden',
    explains: /not allowed/,
    spec: (target) => ({ ...target, status: 403, times: PERSISTENT }),
  },
  {
    name: '404',
    code: 'not_found',
    explains: /Not found/,
    spec: (target) => ({ ...target, status: 404, times: PERSISTENT }),
  },
  {
    name: '422',
    code: 'validation',
    explains: /did not accept/,
    spec: (target) => ({ ...target, status: 422, times: PERSISTENT }),
  },
];

/**
 * How many times the client sends a request while a fault lasts, by its retry rules: GET, PUT
 * and DELETE again after a network failure or a 5xx; anything but a booking again after a 429.
 */
export function expectedSends(target: RequestTarget, fault: FaultName, booking: boolean): number {
  const idempotent = target.method !== 'POST';
  const retried =
    fault === '429 with an empty body'
      ? !booking
      : fault === 'network failure' || fault === '500 with an HTML body'
        ? idempotent
        : false;
  return retried ? 1 + RETRY.retries : 1;
}

/** What the API was sent for `target`, in order (faulted attempts included). */
export async function sentTo(sandbox: TestSandbox, target: RequestTarget): Promise<LoggedRequest[]> {
  // A held request is logged once answered: the ones the client gave up on are let go first.
  await sandbox.release();
  return (await sandbox.requests()).filter(
    (entry) => entry.method === target.method && entry.path === target.path,
  );
}

// DOM

export function alerts(el: Element): HTMLElement[] {
  return $$(el, '[role="alert"]');
}

/** A spinner or loading part still showing. */
export function spinning(el: Element): boolean {
  return $(el, '[role="status"] .spinner, [part="loading"]') !== null;
}

/**
 * Waits until every send recorded in `calls` has its answer or failed (a cancelled one too), so no
 * answer can still reach an element, then until `el` has drawn what came of them.
 */
export async function answered(
  calls: () => readonly RecordedCall[],
  el: Element,
  message: string,
): Promise<void> {
  await waitFor(() => calls().every((call) => call.settled), message);
  await (el as Element & { updateComplete?: Promise<unknown> }).updateComplete;
}

/** Resolves with the detail of the next `type` event on `el`. */
export function nextEvent<T>(el: EventTarget, type: string): Promise<T> {
  return new Promise((resolve) => {
    el.addEventListener(type, (event) => resolve((event as CustomEvent<T>).detail), { once: true });
  });
}
