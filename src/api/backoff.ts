export interface RetryOptions {
  /** How many times a failed request may be sent again (default 3). */
  retries?: number;
  /** First backoff delay; it doubles on every further attempt (default 500 ms). */
  baseDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 500 };

const MAX_BACKOFF_MS = 20_000;

/**
 * Exponential backoff with jitter: between half and all of `base * 2^attempt`, so that many
 * pages throttled at the same moment do not come back at the same moment.
 */
export function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), if it says. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
