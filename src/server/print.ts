/**
 * Printing to the warehouse's printers: the browser cannot reach a thermal printer, so the host's
 * server sends the file for it. The printers are configured here, on the server, and only they
 * are ever contacted: a request names a printer by id, never by address.
 *
 * - `GET <basePath>/printers` → `{ printers: [{ id, name, formats }] }` (never a URI).
 * - `POST <basePath>/printers/<id>/jobs`, the file as the body (`application/pdf` or
 *   `application/x-zpl`), `X-Ops-Document: label | packing-slip | pick-list` and, for a label,
 *   `X-Ops-Order: <order number>` → 201 `{ jobId, state: 'sent' | 'printed' | 'failed', message? }`.
 *
 * Both need a caller `authorize` signs in (401 otherwise) whose role has the `print` operation
 * (403 otherwise), as every route of the API proxy does. A job is refused before anything is
 * sent to a printer: 404 unknown printer, 415 a format it does not take, 400 a bad
 * `X-Ops-Document` or `X-Ops-Order`, or bytes that are not that format, 413 past `maxBytes`.
 * A printer that does not answer in time (or at all) is 504 `{ state: 'failed', message }`.
 */
import { randomUUID } from 'node:crypto';
import {
  BodyTimeoutError,
  BodyTooLargeError,
  DEFAULT_BODY_TIMEOUT_MS,
  jsonError,
  jsonResponse,
  readBodyLimited,
  requestTimeoutResponse,
  type FetchHandler,
} from './http.js';
import { callerOf, type Authorize } from './identity.js';
import {
  PrinterTimeoutError,
  PrinterUnreachableError,
  sendIpp,
  sendRaw,
  type SentJob,
} from './print-send.js';

/** What a printer takes: ZPL (Zebra's label language) or PDF. */
export type PrintFormat = 'ZPL' | 'PDF';

/** The documents the elements print. */
export type PrintDocument = 'label' | 'packing-slip' | 'pick-list';

/** One printer, configured on the server only. */
export interface PrinterConfig {
  /** What the browser names it by: letters, digits, `_` and `-`, at most 64. */
  id: string;
  /** What people see, e.g. "Packing bench Zebra". */
  name: string;
  /**
   * `socket://host:port` (raw printing, JetDirect / port 9100: the bytes as they are) or
   * `ipp://host[:port]/path`, `ipps://…` (IPP Print-Job, PDF only). Never leaves the server.
   */
  uri: string;
  formats: readonly PrintFormat[];
}

/** A job a printer was given, for the host's own log (`onJob`). */
export interface PrintJobRecord {
  jobId: string;
  printerId: string;
  /** The caller's identity, as `authorize` gave it. */
  caller: string;
  document: PrintDocument;
  /** The order number of a label. */
  order?: string;
  format: PrintFormat;
  bytes: number;
  state: SentJob['state'];
  message?: string;
}

/** What the print routes take besides who may use them. */
export interface PrintOptions {
  /** The printers; validated at creation (a `TypeError` says what is wrong). */
  printers: readonly PrinterConfig[];
  /** Largest file accepted, in bytes. Default 5 MiB. */
  maxBytes?: number;
  /** Time a printer has to take a job (connect, write, answer), in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /**
   * IPP: how long to read the job's state back before answering `sent` for a job still queued or
   * printing, in milliseconds. Default 5 000.
   */
  jobStateWaitMs?: number;
  /** Time the file has to arrive, in milliseconds; after it, `408`. Default 10 000. */
  bodyTimeoutMs?: number;
  /** Called with every job a printer was given (never with the file). */
  onJob?: (job: PrintJobRecord) => void;
  /** Called with unexpected failures. Default: silent. */
  onError?: (error: unknown) => void;
}

export interface PrintHandlerOptions extends PrintOptions {
  /** Who the caller is, as for `createApiProxy`: an identity (with `allow`) or null for 401. */
  authorize: Authorize;
  /** Path prefix the routes are mounted under, e.g. `/ops`. Default none. */
  basePath?: string;
}

export const DEFAULT_PRINT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_JOB_STATE_WAIT_MS = 5_000;
const PRINTER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const JOBS_PATH = /^\/printers\/([A-Za-z0-9_-]{1,64})\/jobs$/;
const DOCUMENTS: readonly PrintDocument[] = ['label', 'packing-slip', 'pick-list'];
const MEDIA_TYPES: Readonly<Record<string, PrintFormat>> = {
  'application/pdf': 'PDF',
  'application/x-zpl': 'ZPL',
};
/** An order number as the headers may carry it: visible characters, no line break. */
const ORDER_NUMBER = /^[\x21-\x7e](?:[\x20-\x7e]{0,62}[\x21-\x7e])?$/;

type Transport = { kind: 'socket'; host: string; port: number } | { kind: 'ipp'; uri: string };

interface Printer {
  id: string;
  name: string;
  formats: readonly PrintFormat[];
  transport: Transport;
}

/** The printers as the routes use them; throws a `TypeError` naming what is wrong. */
export function compilePrinters(printers: readonly PrinterConfig[]): Map<string, Printer> {
  if (!Array.isArray(printers))
    throw new TypeError('printers must be an array of { id, name, uri, formats }');
  const compiled = new Map<string, Printer>();
  for (const [index, printer] of printers.entries()) {
    const where = `printers[${index}]`;
    if (typeof printer?.id !== 'string' || !PRINTER_ID.test(printer.id))
      throw new TypeError(`${where}.id must be 1 to 64 letters, digits, "_" or "-"`);
    if (compiled.has(printer.id)) throw new TypeError(`${where}.id "${printer.id}" is used twice`);
    if (typeof printer.name !== 'string' || printer.name.trim() === '')
      throw new TypeError(`${where}.name (printer "${printer.id}") must be a non-empty string`);
    const formats = printer.formats;
    if (!Array.isArray(formats) || formats.length === 0)
      throw new TypeError(`${where}.formats (printer "${printer.id}") must name ZPL, PDF or both`);
    for (const format of formats) {
      if (format !== 'ZPL' && format !== 'PDF')
        throw new TypeError(
          `${where}.formats (printer "${printer.id}") has "${String(format)}": use ZPL or PDF`,
        );
    }
    if (new Set(formats).size !== formats.length)
      throw new TypeError(`${where}.formats (printer "${printer.id}") names a format twice`);
    const transport = transportOf(printer.uri, `${where}.uri (printer "${printer.id}")`);
    if (transport.kind === 'ipp' && formats.includes('ZPL'))
      throw new TypeError(`${where}.formats (printer "${printer.id}"): an IPP printer is sent PDF only`);
    compiled.set(printer.id, { id: printer.id, name: printer.name.trim(), formats: [...formats], transport });
  }
  return compiled;
}

function transportOf(uri: unknown, where: string): Transport {
  if (typeof uri !== 'string') throw new TypeError(`${where} must be a string`);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new TypeError(`${where} is not a URI: use socket://host:9100, ipp://host/path or ipps://host/path`);
  }
  if (url.username || url.password || url.search || url.hash)
    throw new TypeError(`${where} must not carry user info, a query or a fragment`);
  if (!url.hostname) throw new TypeError(`${where} must name a host`);
  if (url.protocol === 'socket:') {
    const port = Number(url.port);
    if (!url.port || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new TypeError(`${where} must name a port, e.g. socket://printer.local:9100`);
    if (url.pathname !== '' && url.pathname !== '/') throw new TypeError(`${where} must not carry a path`);
    return { kind: 'socket', host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
  }
  if (url.protocol === 'ipp:' || url.protocol === 'ipps:') return { kind: 'ipp', uri: url.href };
  throw new TypeError(
    `${where} has the scheme "${url.protocol.replace(/:$/, '')}": use socket://host:port, ipp:// or ipps://`,
  );
}

/** Whether `path` (below the base path) is one of the print routes' paths. */
export function isPrintPath(path: string): boolean {
  return path === '/printers' || path.startsWith('/printers/');
}

/** The methods a print path answers, for a CORS preflight; empty for none. */
export function printMethodsOf(path: string): string[] {
  if (path === '/printers') return ['GET'];
  return JOBS_PATH.test(path) ? ['POST'] : [];
}

/** The request headers a print job carries besides `Content-Type`. */
export const PRINT_REQUEST_HEADERS = ['x-ops-document', 'x-ops-order'] as const;

/** Does the file look like its format: PDF starts `%PDF-`; ZPL holds `^XA` and, after it, `^XZ`. */
function looksLike(format: PrintFormat, bytes: Uint8Array): boolean {
  if (format === 'PDF')
    return bytes.byteLength >= 5 && new TextDecoder('latin1').decode(bytes.subarray(0, 5)) === '%PDF-';
  const text = new TextDecoder('latin1').decode(bytes);
  const start = text.search(/\^XA/i);
  return start !== -1 && text.slice(start + 3).search(/\^XZ/i) !== -1;
}

/**
 * The print routes for a handler that has already taken its base path off: `route(request,
 * path)` answers `/printers` and `/printers/<id>/jobs`. `createApiProxy({ printers })` and
 * `createPrintHandler` both use it, so the two answer alike.
 */
export function createPrintRoutes(
  options: PrintOptions & { authorize: Authorize },
): (request: Request, path: string) => Promise<Response> {
  const authorize = options.authorize;
  const printers = compilePrinters(options.printers);
  const maxBytes = options.maxBytes ?? DEFAULT_PRINT_MAX_BYTES;
  if (!(maxBytes > 0) || !Number.isFinite(maxBytes))
    throw new RangeError('maxBytes must be a number of bytes above 0');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stateWaitMs = options.jobStateWaitMs ?? DEFAULT_JOB_STATE_WAIT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const listed = [...printers.values()].map(({ id, name, formats }) => ({ id, name, formats: [...formats] }));

  return async function route(request, path) {
    const method = request.method.toUpperCase();
    const jobsFor = JOBS_PATH.exec(path)?.[1];
    const allowed = printMethodsOf(path);
    if (allowed.length === 0) return jsonError(404, 'not_found', 'No such endpoint.');
    if (!allowed.includes(method)) {
      return jsonError(405, 'method_not_allowed', 'Method not allowed for this endpoint.', {
        allow: allowed.join(', '),
      });
    }

    const caller = callerOf(await authorize(request));
    if (caller === null) return jsonError(401, 'unauthorized', 'Sign in to print.');
    if (!caller.allow.has('print'))
      return jsonError(403, 'forbidden', 'Your role may not print to the warehouse’s printers ("print").');

    if (jobsFor === undefined) return jsonResponse(200, { printers: listed });

    const printer = printers.get(jobsFor);
    if (!printer) return jsonError(404, 'not_found', `No printer "${jobsFor}".`);
    const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const format = Object.hasOwn(MEDIA_TYPES, mediaType) ? MEDIA_TYPES[mediaType] : undefined;
    if (!format) {
      return jsonError(
        415,
        'unsupported_media_type',
        'Send the file as application/pdf or application/x-zpl.',
      );
    }
    if (!printer.formats.includes(format)) {
      return jsonError(
        415,
        'unsupported_media_type',
        `${printer.name} does not take ${format}; it takes ${printer.formats.join(' and ')}.`,
      );
    }
    const document = (request.headers.get('x-ops-document') ?? '').trim().toLowerCase();
    if (!DOCUMENTS.some((known) => known === document)) {
      return jsonError(400, 'bad_request', 'X-Ops-Document must be label, packing-slip or pick-list.');
    }
    const order = request.headers.get('x-ops-order')?.trim();
    if (order !== undefined && order !== '' && !ORDER_NUMBER.test(order))
      return jsonError(400, 'bad_request', 'X-Ops-Order must be an order number.');
    if (document === 'label' && !order)
      return jsonError(400, 'bad_request', 'A label needs X-Ops-Order: the number of its order.');

    let bytes: Uint8Array | null;
    try {
      bytes = await readBodyLimited(request, maxBytes, bodyTimeoutMs);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return jsonError(413, 'payload_too_large', `The file is larger than ${maxBytes} bytes.`);
      if (error instanceof BodyTimeoutError) return requestTimeoutResponse();
      throw error;
    }
    if (!bytes || bytes.byteLength === 0) return jsonError(400, 'bad_request', 'The file is empty.');
    if (!looksLike(format, bytes)) {
      return jsonError(
        400,
        'bad_request',
        format === 'PDF'
          ? 'The file is not a PDF (it must start with %PDF-).'
          : 'The file is not ZPL (^XA … ^XZ).',
      );
    }

    const file = bytes;
    const jobId = randomUUID();
    const documentName = document as PrintDocument;
    const record = (outcome: SentJob): void => {
      try {
        options.onJob?.({
          jobId,
          printerId: printer.id,
          caller: caller.id,
          document: documentName,
          ...(order ? { order } : {}),
          format,
          bytes: file.byteLength,
          state: outcome.state,
          ...(outcome.message ? { message: outcome.message } : {}),
        });
      } catch (error) {
        options.onError?.(error);
      }
    };
    let sent: SentJob;
    try {
      sent =
        printer.transport.kind === 'socket'
          ? await sendRaw(printer.transport.host, printer.transport.port, file, timeoutMs)
          : await sendIpp({
              uri: printer.transport.uri,
              bytes: file,
              name: order ? `${documentName} ${order}` : documentName,
              timeoutMs,
              stateWaitMs,
            });
    } catch (error) {
      const known = error instanceof PrinterTimeoutError || error instanceof PrinterUnreachableError;
      if (!known) options.onError?.(error);
      const message = known
        ? `${printer.name}: ${error.message}`
        : `${printer.name} could not be sent the job.`;
      record({ state: 'failed', message });
      const code = error instanceof PrinterTimeoutError ? 'printer_timeout' : 'printer_unreachable';
      return jsonResponse(504, { error: code, message, jobId, state: 'failed' });
    }
    record(sent);
    return jsonResponse(201, {
      jobId,
      state: sent.state,
      ...(sent.message ? { message: sent.message } : {}),
    });
  };
}

/**
 * A fetch-standard handler (Request → Response) for the print routes alone, under `basePath`;
 * `createApiProxy({ printers })` mounts the same routes under its own base path, with its CORS.
 * `authorize` is required (a `TypeError` otherwise), and so is a valid `printers` list.
 */
export function createPrintHandler(options: PrintHandlerOptions): FetchHandler {
  if (typeof options?.authorize !== 'function') {
    throw new TypeError(
      'createPrintHandler needs authorize(request): return the caller’s identity from your own session, ' +
        'or null to refuse.',
    );
  }
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath && !/^(\/[A-Za-z0-9_.~-]+)+$/.test(basePath))
    throw new TypeError('basePath must look like /a/b');
  const route = createPrintRoutes(options);
  return async (request) => {
    let path = new URL(request.url).pathname;
    if (basePath) {
      if (!path.startsWith(`${basePath}/`)) return jsonError(404, 'not_found', 'No such endpoint.');
      path = path.slice(basePath.length);
    }
    const response = await route(request, path);
    response.headers.set('cache-control', 'private, no-store');
    return response;
  };
}
