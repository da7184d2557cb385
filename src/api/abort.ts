import { GENERIC_MESSAGES } from './error-body.js';
import { OpsError } from './errors.js';

/** Cancellation helpers shared by the transport, the throttle and the retry delays. */

export function abortedError(): OpsError {
  return new OpsError('aborted', GENERIC_MESSAGES.aborted);
}

export function timeoutError(timeoutMs: number): OpsError {
  return new OpsError('timeout', `${GENERIC_MESSAGES.timeout} (${Math.round(timeoutMs / 1000)} s)`);
}

/**
 * The error a cancelled signal stands for. Signals the transport aborts carry an `OpsError`
 * reason (aborted or timeout); a caller's own signal may carry anything, which counts as an abort.
 */
export function reasonOf(signal: AbortSignal): OpsError {
  return signal.reason instanceof OpsError ? signal.reason : abortedError();
}

/** Waits `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(reasonOf(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(reasonOf(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it is aborted; for
 * work the library cannot cancel itself, such as a host's `getToken()` waiting on a popup.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(reasonOf(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
