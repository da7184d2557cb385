/**
 * The one error type of the library. Every failure, whether a network fault, an HTTP error
 * body in any of the API's shapes, a response that does not parse, or an OAuth popup problem,
 * arrives as an `OpsError` with a stable `code`.
 */
export type OpsErrorCode =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'validation'
  | 'rate_limited'
  | 'server'
  | 'invalid_response'
  | 'quote_expired'
  | 'booking_failed'
  | 'conflict'
  | 'load_failed'
  | 'popup_blocked'
  | 'popup_closed'
  | 'state_mismatch'
  | 'unknown';

export interface OpsErrorOptions {
  status?: number;
  messages?: string[];
  fieldErrors?: Record<string, string[]>;
  /** A URL the user can open by hand, e.g. the sign-in page when the popup was blocked. */
  url?: string;
  cause?: unknown;
  /**
   * Whether `messages` came from the response body. Defaults to "messages were given"; set it
   * when the library adds its own explanation next to the API's words.
   */
  fromApi?: boolean;
}

export class OpsError extends Error {
  readonly code: OpsErrorCode;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** Human-readable messages, as the API worded them where it gave any. */
  readonly messages: string[];
  /** True when `messages` came from the response body rather than from the library. */
  readonly fromApi: boolean;
  /** JSON:API validation errors keyed by attribute name (from `source.pointer`). */
  readonly fieldErrors: Record<string, string[]>;
  readonly url: string | undefined;

  constructor(code: OpsErrorCode, message: string, options: OpsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OpsError';
    this.code = code;
    this.status = options.status ?? 0;
    this.fromApi = options.fromApi ?? Boolean(options.messages?.length);
    this.messages = options.messages?.length ? options.messages : [message];
    this.fieldErrors = options.fieldErrors ?? {};
    this.url = options.url;
  }

  /** Whether repeating the same request later may succeed. */
  get retryable(): boolean {
    return ['network', 'timeout', 'rate_limited', 'server', 'load_failed'].includes(this.code);
  }
}

export function isOpsError(value: unknown): value is OpsError {
  return (
    value instanceof OpsError || (value instanceof Error && value.name === 'OpsError' && 'code' in value)
  );
}
