/**
 * How a print job reaches a printer: raw over TCP (`socket://host:port`, JetDirect / port 9100)
 * or IPP (`ipp://`, `ipps://`: Print-Job, then the job's state read back with
 * Get-Job-Attributes). Every step is bounded: a printer that does not answer in time is a
 * `PrinterTimeoutError`, one that cannot be reached a `PrinterUnreachableError`, and neither
 * ever holds a request longer than the handler's `timeoutMs`.
 *
 * IPP goes through `@sealsystems/ipp` (the maintained fork of `ipp`), loaded on first use, so a
 * server with only raw printers never loads it.
 */
import { createRequire } from 'node:module';
import { connect } from 'node:net';

/** The printer did not answer (connect, write, confirm) within the time allowed. */
export class PrinterTimeoutError extends Error {
  constructor(message = 'The printer did not answer in time.') {
    super(message);
    this.name = 'PrinterTimeoutError';
  }
}

/** The printer could not be reached at all (connection refused, no route, name unknown). */
export class PrinterUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrinterUnreachableError';
  }
}

/** What became of a job the printer was given. */
export interface SentJob {
  state: 'sent' | 'printed' | 'failed';
  message?: string;
}

/**
 * Writes `bytes` as they are to `host:port`, half-closes, and waits for the printer to close its
 * side, as CUPS's socket backend does (`waiteof`): a printer closes once it has read the whole
 * job, so a listener that takes the connection but never reads or closes is a timeout rather than
 * a job wrongly reported sent. Whatever the printer sends back is read and dropped.
 */
export function sendRaw(host: string, port: number, bytes: Uint8Array, timeoutMs: number): Promise<SentJob> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let settled = false;
    const finish = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve({ state: 'sent' });
    };
    const timer = setTimeout(() => finish(new PrinterTimeoutError()), timeoutMs);
    let written = false;
    socket.once('connect', () => {
      socket.end(bytes);
    });
    socket.once('finish', () => (written = true));
    socket.on('data', () => undefined);
    socket.once('end', () =>
      finish(
        written
          ? null
          : new PrinterUnreachableError('The printer closed the connection before taking the whole job.'),
      ),
    );
    socket.once('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === 'ETIMEDOUT'
          ? new PrinterTimeoutError()
          : new PrinterUnreachableError(`The printer could not be reached (${error.code ?? error.message}).`),
      );
    });
    socket.once('close', () => {
      // Closed before the printer ended its side: only a reset does that, and it gave an error.
      finish(new PrinterUnreachableError('The printer closed the connection before taking the job.'));
    });
  });
}

/** What `@sealsystems/ipp` answers: its attribute groups by name, values decoded. */
interface IppResponse {
  statusCode?: string;
  'operation-attributes-tag'?: Record<string, unknown>;
  'job-attributes-tag'?: Record<string, unknown>;
}

interface IppPrinter {
  execute(
    operation: string,
    message: Record<string, unknown>,
    callback: (error: Error | null, response?: IppResponse) => void,
  ): void;
}

interface IppModule {
  Printer(url: string, options: { timeout: number; version?: string }): IppPrinter;
}

let ippModule: IppModule | undefined;

function ipp(): IppModule {
  // The package is CommonJS without type declarations: this module says what it uses of it.
  ippModule ??= createRequire(import.meta.url)('@sealsystems/ipp') as IppModule;
  return ippModule;
}

/** One IPP operation, bounded by `timeoutMs` whether or not the library's own timeout fires. */
function execute(
  printer: IppPrinter,
  operation: string,
  message: Record<string, unknown>,
  timeoutMs: number,
): Promise<IppResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new PrinterTimeoutError());
    }, timeoutMs);
    try {
      printer.execute(operation, message, (error, response) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          const code = (error as NodeJS.ErrnoException).code;
          reject(
            code === 'ETIMEDOUT' || code === 'ECONNRESET'
              ? new PrinterTimeoutError()
              : new PrinterUnreachableError(`The printer could not be reached (${code ?? error.message}).`),
          );
        } else resolve(response ?? {});
      });
    } catch (error) {
      settled = true;
      clearTimeout(timer);
      reject(new PrinterUnreachableError(`The printer could not be reached (${String(error)}).`));
    }
  });
}

/** IPP job states by number (RFC 8011 §5.3.7), as a printer may send them undecoded. */
const JOB_STATES: Record<number, string> = {
  3: 'pending',
  4: 'pending-held',
  5: 'processing',
  6: 'processing-stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};
const FINAL_STATES = new Set(['canceled', 'aborted', 'completed']);

function text(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const parts = value.map(text).filter((part): part is string => Boolean(part));
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function jobStateOf(attributes: Record<string, unknown> | undefined): string | undefined {
  const state = attributes?.['job-state'];
  if (typeof state === 'number') return JOB_STATES[state];
  return typeof state === 'string' ? state : undefined;
}

/** The printer's own words about a job: its state message, else its reasons (unless "none"). */
function jobMessageOf(attributes: Record<string, unknown> | undefined): string | undefined {
  const message = text(attributes?.['job-state-message']);
  if (message) return message;
  const reasons = text(attributes?.['job-state-reasons']);
  return reasons && reasons !== 'none' ? reasons : undefined;
}

const succeeded = (response: IppResponse): boolean => (response.statusCode ?? '').startsWith('successful');

function statusMessageOf(response: IppResponse): string {
  return text(response['operation-attributes-tag']?.['status-message']) ?? response.statusCode ?? 'no status';
}

export interface IppJob {
  /** The printer's URI: `ipp://host[:port]/path` or `ipps://…`. */
  uri: string;
  bytes: Uint8Array;
  /** `job-name`, e.g. "label 1001". */
  name: string;
  /** Time each IPP request may take, in milliseconds. */
  timeoutMs: number;
  /** How long to wait for the job to finish before answering `sent`, in milliseconds. */
  stateWaitMs: number;
  /** Time between two readings of the job's state, in milliseconds. */
  pollMs?: number;
}

/**
 * Print-Job with `document-format` `application/pdf`, then Get-Job-Attributes until the job is
 * done or `stateWaitMs` has passed: `printed` (completed), `failed` (aborted, canceled, or the
 * printer refused the job, with its message), else `sent` (still queued or printing).
 */
export async function sendIpp(job: IppJob): Promise<SentJob> {
  const printer = ipp().Printer(job.uri, { timeout: job.timeoutMs });
  const created = await execute(
    printer,
    'Print-Job',
    {
      'operation-attributes-tag': {
        'requesting-user-name': 'commerce-ops',
        'job-name': job.name,
        'document-format': 'application/pdf',
      },
      data: Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
    },
    job.timeoutMs,
  );
  if (!succeeded(created)) {
    return { state: 'failed', message: `The printer refused the job: ${statusMessageOf(created)}.` };
  }
  const attributes = created['job-attributes-tag'];
  const jobId = attributes?.['job-id'];
  let latest = attributes;
  let state = jobStateOf(attributes);
  let message = jobMessageOf(attributes);
  if (typeof jobId === 'number') {
    const deadline = Date.now() + job.stateWaitMs;
    const pollMs = job.pollMs ?? 200;
    while (!(state && FINAL_STATES.has(state)) && Date.now() < deadline) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))),
      );
      let read: IppResponse;
      try {
        read = await execute(
          printer,
          'Get-Job-Attributes',
          {
            'operation-attributes-tag': {
              'job-id': jobId,
              'requested-attributes': ['job-state', 'job-state-message', 'job-state-reasons'],
            },
          },
          job.timeoutMs,
        );
      } catch {
        return { state: 'sent', message: 'The printer took the job; its state could not be read.' };
      }
      if (!succeeded(read)) break;
      latest = read['job-attributes-tag'] ?? latest;
      state = jobStateOf(latest) ?? state;
      message = jobMessageOf(latest) ?? message;
    }
  }
  if (state === 'completed') {
    const said = text(latest?.['job-state-message']);
    return { state: 'printed', ...(said ? { message: said } : {}) };
  }
  if (state === 'aborted' || state === 'canceled') {
    return { state: 'failed', message: message ?? `The printer ${state} the job.` };
  }
  return { state: 'sent', ...(message ? { message } : {}) };
}
