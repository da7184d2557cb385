import { Task } from '@lit/task';
import type { TaskConfig } from '@lit/task';
import type { ReactiveElement } from 'lit';
import type { ClientCore } from '../api/core.js';
import { OpsError, isOpsError } from '../api/errors.js';
import type { ResolvedLocale } from './locale.js';
import { requestAcrossReconnect } from './reconnect.js';

/**
 * What a part of an element (a ReactiveController) may ask of the element it belongs to:
 * `OpsElement` is one. A part takes its host and reads these when it needs them, so it never
 * holds a copy that went stale.
 */
export interface OpsHost extends ReactiveElement {
  /** The client requests go through. */
  readonly api: ClientCore;
  /** The locale in force for the element. */
  readonly locale: ResolvedLocale;
  /** A signal that also aborts when the element leaves the page. */
  withConnection(signal?: AbortSignal): AbortSignal;
  /** Turns anything thrown into an `OpsError` and reports it to the page as `request-error`. */
  reportError(error: unknown): OpsError;
}

export function toOpsError(error: unknown): OpsError {
  return isOpsError(error)
    ? error
    : new OpsError('unknown', error instanceof Error ? error.message : String(error), { cause: error });
}

/**
 * A `Task` of an element's request: the task function gets a signal that also aborts when the
 * element leaves the page, and whatever it throws reaches the page as `request-error` and becomes
 * the task's `error` as an `OpsError`.
 */
export interface RequestTaskConfig<A extends readonly unknown[], R> extends Omit<TaskConfig<A, R>, 'task'> {
  task: (args: A, signal: AbortSignal) => Promise<R>;
}

/**
 * A `Task` for one of `host`'s requests: loads with `args`, submits with `autoRun: false` and
 * `run()`. A new run aborts the one before it and a superseded answer is dropped, as `Task` does;
 * this adds the element's connection to the signal and the `request-error` report.
 */
export function requestTask<const A extends readonly unknown[], R>(
  host: OpsHost,
  config: RequestTaskConfig<A, R>,
): Task<A, R> {
  return new Task<A, R>(host, {
    ...config,
    task: async (args, { signal }) => {
      try {
        // A submit is not made twice: only a load runs again after a reconnection cut it short.
        return config.autoRun === false
          ? await config.task(args, host.withConnection(signal))
          : await requestAcrossReconnect(
              host,
              signal,
              (s) => host.withConnection(s),
              (s) => config.task(args, s),
            );
      } catch (error) {
        throw toOpsError(error);
      }
    },
    // Reported once the task holds the error, so a listener that waits for the next update sees it.
    onError: (error) => {
      host.reportError(error);
      config.onError?.(error);
    },
  });
}
