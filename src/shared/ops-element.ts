import { LitElement } from 'lit';
import { Task } from '@lit/task';
import type { TaskConfig } from '@lit/task';
import { OpsError, isOpsError } from '../api/errors.js';
import type { ClientCore } from '../api/core.js';
import { getDefaultClient, onDefaultClientChange } from '../api/default-client.js';
import { RequestErrorEvent } from './events.js';
import { requestAcrossReconnect } from './reconnect.js';
import { onLangChange, resolveLocale } from './locale.js';
import type { ResolvedLocale } from './locale.js';

function toOpsError(error: unknown): OpsError {
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
 * What every element shares: the client it talks through (its own `client` property, else the
 * default client, picked up again whenever `configure()` replaces it), the locale in force for
 * it, and how a failed request is reported.
 */
export class OpsElement extends LitElement {
  static override properties = {
    client: { attribute: false },
  };

  /** The client this element uses; when unset, the default client set by `configure()`. */
  declare client: ClientCore | undefined;

  /** Locale for this element: its own `lang`, an ancestor's, or the document's. */
  protected locale: ResolvedLocale = { tag: 'en', language: 'en' };

  #stopWatching: Array<() => void> = [];
  #connection = new AbortController();

  /**
   * The client requests go through, for the endpoint functions: `getOrder(this.api, id)`. Typed
   * as the core, so an element bundles only the endpoints it calls.
   */
  protected get api(): ClientCore {
    return this.client ?? getDefaultClient();
  }

  override connectedCallback(): void {
    // Renewed before the controllers hear of the connection, so a load they restart is not born aborted.
    if (this.#connection.signal.aborted) this.#connection = new AbortController();
    super.connectedCallback();
    this.#stopWatching = [
      onDefaultClientChange(() => {
        if (!this.client) this.requestUpdate();
      }),
      onLangChange(() => this.requestUpdate()),
    ];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const stop of this.#stopWatching) stop();
    this.#stopWatching = [];
    // Requests of an element that left the page are of no use to anyone.
    this.#connection.abort();
  }

  /**
   * A signal that aborts when `signal` does or when the element is disconnected, so no request
   * outlives the element that made it.
   */
  protected withConnection(signal?: AbortSignal): AbortSignal {
    return signal ? AbortSignal.any([signal, this.#connection.signal]) : this.#connection.signal;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    const next = resolveLocale(this);
    if (next.tag !== this.locale.tag) this.locale = next;
  }

  /**
   * Turns anything thrown into an `OpsError` and tells the host page with `request-error`.
   * A request the element cancelled itself (new input, disconnection) is not an error to report.
   */
  protected reportError(error: unknown): OpsError {
    const opsError = toOpsError(error);
    if (opsError.code !== 'aborted') {
      this.dispatchEvent(new RequestErrorEvent({ error: opsError }));
    }
    return opsError;
  }

  /**
   * A `Task` for one of this element's requests: loads with `args`, submits with `autoRun: false`
   * and `run()`. A new run aborts the one before it and a superseded answer is dropped, as `Task`
   * does; this adds the element's connection to the signal and the `request-error` report.
   */
  protected requestTask<const A extends readonly unknown[], R>(config: RequestTaskConfig<A, R>): Task<A, R> {
    return new Task<A, R>(this, {
      ...config,
      task: async (args, { signal }) => {
        try {
          // A submit is not made twice: only a load runs again after a reconnection cut it short.
          return config.autoRun === false
            ? await config.task(args, this.withConnection(signal))
            : await requestAcrossReconnect(
                this,
                signal,
                (s) => this.withConnection(s),
                (s) => config.task(args, s),
              );
        } catch (error) {
          throw toOpsError(error);
        }
      },
      // Reported once the task holds the error, so a listener that waits for the next update sees it.
      onError: (error) => {
        this.reportError(error);
        config.onError?.(error);
      },
    });
  }
}
