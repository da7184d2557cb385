import { LitElement } from 'lit';
import type { Task } from '@lit/task';
import { ContextConsumer } from '@lit/context';
import type { OpsError } from '../api/errors.js';
import type { ClientCore } from '../api/core.js';
import { getDefaultClient, onDefaultClientChange } from '../api/default-client.js';
import { clientContext } from './client-context.js';
import { RequestErrorEvent } from './events.js';
import { onLangChange, resolveLocale } from './locale.js';
import type { ResolvedLocale } from './locale.js';
import { requestTask, toOpsError } from './request-task.js';
import type { OpsHost, RequestTaskConfig } from './request-task.js';

export type { OpsHost, RequestTaskConfig } from './request-task.js';

/**
 * What every element shares: the client it talks through (its own `client` property, else the one
 * a composite element around it hands down, else the default client, picked up again whenever
 * `configure()` replaces it), the locale in force for it, and how a failed request is reported.
 * It is the `OpsHost` its parts (ReactiveControllers) are built over.
 */
export class OpsElement extends LitElement implements OpsHost {
  static override properties = {
    client: { attribute: false },
  };

  /** The client this element uses; when unset, the default client set by `configure()`. */
  declare client: ClientCore | undefined;

  #locale: ResolvedLocale = { tag: 'en', language: 'en' };

  /**
   * Locale for this element: its own `lang`, an ancestor's, or the document's.
   * @internal
   */
  get locale(): ResolvedLocale {
    return this.#locale;
  }

  #stopWatching: Array<() => void> = [];
  /** The client of a composite element this one is inside (`clientContext`), if any. */
  #handedDown = new ContextConsumer(this, { context: clientContext, subscribe: true });
  #connection = new AbortController();

  /**
   * The client requests go through, for the endpoint functions: `getOrder(this.api, id)`. Typed
   * as the core, so an element bundles only the endpoints it calls.
   * @internal
   */
  get api(): ClientCore {
    return this.client ?? this.#handedDown.value ?? getDefaultClient();
  }

  override connectedCallback(): void {
    // Renewed before the controllers hear of the connection, so a load they restart is not born aborted.
    if (this.#connection.signal.aborted) this.#connection = new AbortController();
    super.connectedCallback();
    this.#stopWatching = [
      onDefaultClientChange(() => {
        if (!this.client && !this.#handedDown.value) this.requestUpdate();
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
   * @internal
   */
  withConnection(signal?: AbortSignal): AbortSignal {
    return signal ? AbortSignal.any([signal, this.#connection.signal]) : this.#connection.signal;
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    const next = resolveLocale(this);
    if (next.tag !== this.#locale.tag) this.#locale = next;
  }

  /**
   * Turns anything thrown into an `OpsError` and tells the host page with `request-error`.
   * A request the element cancelled itself (new input, disconnection) is not an error to report.
   * @internal
   */
  reportError(error: unknown): OpsError {
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
    return requestTask(this, config);
  }
}
