/**
 * The rate picker's requests. Rates: one request at a time, a new request aborts the one in flight,
 * an answer that arrives after it was superseded or cancelled is dropped, and the last request is
 * kept for "Retry". Carrier accounts: the ones the seller can filter by.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { getRates, listShippingConfigs } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { RatesRequest, RatesResult, ShippingConfig } from '../../api/index.js';

export interface RatesControllerOptions {
  api: () => ClientCore;
  /** The signal to send with, tied to the host's connection. */
  signal: (signal: AbortSignal) => AbortSignal;
  /** Turns what was thrown into the error to show, and tells the page. */
  report: (error: unknown) => OpsError;
}

export class RatesController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: RatesControllerOptions;
  #abort: AbortController | undefined;
  #loading = false;
  #failure: OpsError | undefined;
  #attempted: RatesRequest | undefined;

  constructor(host: ReactiveControllerHost, options: RatesControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get loading(): boolean {
    return this.#loading;
  }

  /** Why the last request failed; undefined once another starts or it is cancelled. */
  get failure(): OpsError | undefined {
    return this.#failure;
  }

  /** The request of the last attempt, for "Retry" after a failure. */
  get attempted(): RatesRequest | undefined {
    return this.#attempted;
  }

  hostDisconnected(): void {
    // The connection's signal aborts the request; its answer, if any, is no longer wanted.
    this.#abort = undefined;
    this.#setLoading(false);
  }

  /** Sends `request`; `onResult` runs only if no other request or cancel came after it. */
  async fetch(request: RatesRequest, onResult: (result: RatesResult) => void): Promise<void> {
    this.#abort?.abort();
    const controller = new AbortController();
    this.#abort = controller;
    this.#attempted = request;
    this.#failure = undefined;
    this.#setLoading(true);
    try {
      const result = await getRates(this.#options.api(), request, {
        signal: this.#options.signal(controller.signal),
      });
      if (this.#abort !== controller) return;
      onResult(result);
    } catch (error) {
      const failure = this.#options.report(error);
      if (this.#abort === controller && failure.code !== 'aborted') {
        this.#failure = failure;
        this.#host.requestUpdate();
      }
    } finally {
      if (this.#abort === controller) {
        this.#abort = undefined;
        this.#setLoading(false);
      }
    }
  }

  /** Aborts the request in flight and forgets the last failure. */
  cancel(): void {
    this.#abort?.abort();
    this.#abort = undefined;
    this.#failure = undefined;
    this.#setLoading(false);
    this.#host.requestUpdate();
  }

  #setLoading(loading: boolean): void {
    if (loading === this.#loading) return;
    this.#loading = loading;
    this.#host.requestUpdate();
  }
}

/** The enabled carrier accounts that can quote: connected, shown when shipping, with an id to send. */
export async function listCarrierAccounts(api: ClientCore, signal: AbortSignal): Promise<ShippingConfig[]> {
  const page = await listShippingConfigs(api, { enabled: true, pageSize: 100, signal });
  return page.items.filter(
    (config) =>
      config.configuration_id !== null &&
      config.show_when_shipping !== false &&
      config.requires_reconnect !== true,
  );
}
