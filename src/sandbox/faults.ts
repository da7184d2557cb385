/**
 * Fault injection: queued faults (control API) and one-off faults (`x-sandbox-fault` header) make
 * the sandbox answer like a failing service, so clients' error paths can be tested over HTTP.
 */
import { isRecord, jsonResponse, toNumber } from './http.js';
import type { Json } from './types.js';

export type FaultBody = 'empty' | 'html' | 'malformed' | Json;

export interface FaultSpec {
  /** HTTP method to match (any when absent). */
  method?: string;
  /** Path prefix to match, relative to the sandbox base (any when absent). */
  path?: string;
  /** Answer with this status instead of serving the request. */
  status?: number;
  /** Body of that answer: a JSON value, or `empty`, `html`, `malformed` (truncated JSON). */
  body?: FaultBody;
  /** Wait this long first; alone, the request is then served normally (a slow service). */
  delayMs?: number;
  /**
   * Hold the request until the control API releases it (`POST __sandbox/release`), then go on as
   * the rest of the fault says: a slow answer whose moment the test chooses, with no time waited.
   */
  hold?: boolean;
  /** Drop the connection without any response. */
  network?: boolean;
  /** How many requests this fault applies to (default 1). */
  times?: number;
  /**
   * A booking (`POST /shipping/api/v1/shipments`) is served, but the shipments at these positions
   * (from 0, in the request's `shipments` array) are listed under `failed` instead of booked.
   */
  failShipments?: number[];
  /** The error those shipments get (default `SHIPMENT_FAULT_MESSAGE`). */
  failMessage?: string;
}

/** What a shipment failed by `failShipments` is told, unless the fault says otherwise. */
export const SHIPMENT_FAULT_MESSAGE = 'The carrier did not accept this shipment. Try again later.';

/** The shipments of one booking request to fail, as the booking route receives them. */
export interface ShipmentFault {
  positions: ReadonlySet<number>;
  message: string;
}

export interface QueuedFault extends FaultSpec {
  remaining: number;
}

export const FAULT_HEADER = 'x-sandbox-fault';

/** Reads and checks one fault spec; returns an error message when it is unusable. */
export function parseFaultSpec(value: unknown): FaultSpec | string {
  if (!isRecord(value)) return 'A fault must be a JSON object';
  const spec: FaultSpec = {};
  if (value.method !== undefined) {
    if (typeof value.method !== 'string') return 'method must be a string';
    spec.method = value.method.toUpperCase();
  }
  if (value.path !== undefined) {
    if (typeof value.path !== 'string' || !value.path.startsWith('/')) return 'path must start with /';
    spec.path = value.path;
  }
  if (value.status !== undefined) {
    const status = toNumber(value.status);
    if (status === undefined || !Number.isInteger(status) || status < 200 || status > 599) {
      return 'status must be an HTTP status from 200 to 599';
    }
    spec.status = status;
  }
  if (value.body !== undefined) spec.body = value.body as Json;
  if (value.delayMs !== undefined) {
    const delay = toNumber(value.delayMs);
    if (delay === undefined || delay < 0 || delay > 120_000) return 'delayMs must be from 0 to 120000';
    spec.delayMs = delay;
  }
  if (value.network !== undefined) spec.network = value.network === true;
  if (value.hold !== undefined) {
    if (typeof value.hold !== 'boolean') return 'hold must be true or false';
    spec.hold = value.hold;
  }
  if (value.times !== undefined) {
    const times = toNumber(value.times);
    if (times === undefined || !Number.isInteger(times) || times < 1)
      return 'times must be a whole number of at least 1';
    spec.times = times;
  }
  if (value.failShipments !== undefined) {
    const positions = value.failShipments;
    if (
      !Array.isArray(positions) ||
      positions.length === 0 ||
      !positions.every((position) => Number.isInteger(position) && (position as number) >= 0)
    ) {
      return 'failShipments must be a non-empty array of positions (whole numbers from 0)';
    }
    spec.failShipments = positions as number[];
  }
  if (value.failMessage !== undefined) {
    if (typeof value.failMessage !== 'string' || value.failMessage.trim() === '')
      return 'failMessage must be text';
    spec.failMessage = value.failMessage;
  }
  if (
    spec.status === undefined &&
    !spec.network &&
    spec.delayMs === undefined &&
    !spec.hold &&
    spec.failShipments === undefined
  ) {
    return 'A fault needs a status, a delayMs, hold: true, network: true or failShipments';
  }
  return spec;
}

export class FaultQueue {
  private faults: QueuedFault[] = [];

  add(spec: FaultSpec): void {
    this.faults.push({ ...spec, remaining: spec.times ?? 1 });
  }

  clear(): void {
    this.faults = [];
  }

  list(): QueuedFault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** The first queued fault matching the request, used up by one. */
  take(method: string, path: string): FaultSpec | undefined {
    const index = this.faults.findIndex(
      (fault) => (!fault.method || fault.method === method) && (!fault.path || path.startsWith(fault.path)),
    );
    const fault = this.faults[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(index, 1);
    return fault;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The default body of a fault: the error shape the spec gives the endpoint (`error_messages` for
 * rates and booking, `errors` strings for `POST /shipments`, JSON:API `errors` objects for
 * `/api/v2`), else the Rails-style `{status, error}` the live service sends elsewhere. A 401 keeps
 * the sandbox's own credentials answer.
 */
function defaultFaultBody(status: number, reason: string, method: string, path: string): Json {
  if (status !== 401 && path.startsWith('/shipping/api/v1/')) return { error_messages: [reason] };
  if (status !== 401 && method === 'POST' && (path === '/shipments' || path === '/shipments/')) {
    return { errors: [reason] };
  }
  if (status !== 401 && path.startsWith('/api/v2/')) {
    const error: { [key: string]: Json } = { status: String(status), title: reason, detail: reason };
    if (status === 422) error.source = { pointer: '/data' };
    return { errors: [error] };
  }
  return { status: String(status), error: reason };
}

/** The answer a fault with a status gives to a request (method, path relative to the base). */
export function faultResponse(
  status: number,
  body: FaultBody | undefined,
  method: string,
  path: string,
): Response {
  const reason = STATUS_TEXT[status] ?? 'Error';
  if (body === 'empty') return new Response(null, { status });
  if (body === 'html') {
    const html = `<!DOCTYPE html><html><head><title>${status} ${reason}</title></head><body><h1>${status} ${reason}</h1><p>nginx</p></body></html>`;
    return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  if (body === 'malformed') {
    return new Response('{"error_messages": ["The service is', {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
  if (body === undefined) return jsonResponse(defaultFaultBody(status, reason, method, path), status);
  return jsonResponse(body, status);
}

/** The longest a held request waits for its release: a test that forgets one does not hang the server. */
export const MAX_HOLD_MS = 60_000;

/**
 * Requests held by a `hold` fault, each waiting for the control API to release it. A release lets
 * go of those waiting and of any the hold faults queued so far would still catch (a test need not
 * know whether its request has reached the sandbox yet); a hold fault queued later holds again.
 */
export class HeldRequests {
  readonly #waiting = new Set<() => void>();
  #released = false;

  get count(): number {
    return this.#waiting.size;
  }

  /** A new hold fault was queued: requests are held again. */
  arm(): void {
    this.#released = false;
  }

  /** Waits for `release()`, ending early when the client gives up or after `MAX_HOLD_MS`. */
  wait(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (this.#released || signal?.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.#waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, MAX_HOLD_MS);
      signal?.addEventListener('abort', done, { once: true });
      this.#waiting.add(done);
    });
  }

  /** Lets every held request go on, and those still to come; gives how many were waiting. */
  release(): number {
    this.#released = true;
    const waiting = [...this.#waiting];
    for (const done of waiting) done();
    return waiting.length;
  }
}

/** Waits, ending early when the client gives up. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * The answer for a dropped connection: the Fetch standard's network-error response. The Node
 * listener destroys the socket when it sees one; `clientFetch` turns it into a rejected promise.
 */
export function droppedConnection(): Response {
  return Response.error();
}

export function isDroppedConnection(response: Response): boolean {
  return response.type === 'error';
}
