import { Task, TaskStatus } from '@lit/task';
import type { ReactiveController, ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../api/core.js';
import { getOrder } from '../api/endpoints/orders.js';
import { ordersOf } from '../api/order-store.js';
import type { OpsError } from '../api/errors.js';
import type { Order } from '../api/schemas/order.js';
import type { ResolvedLocale } from './locale.js';
import { requestAcrossReconnect } from './reconnect.js';
import { renderErrorBanner, renderLoading } from './templates.js';

export interface OrderControllerOptions {
  /** The order to show; undefined (or NaN) for none. */
  orderId: () => number | undefined;
  /** The client requests go through. */
  api: () => ClientCore;
  /** Ties a request's signal to the element's lifetime. */
  signal: (signal: AbortSignal) => AbortSignal;
  /** Reports a failed load (the `request-error` event) and returns it as an `OpsError`. */
  report: (error: unknown) => OpsError;
  /** Called with each version of the order the client's store holds. */
  onChange: (order: Order | undefined) => void;
  /**
   * What gets focus once "Retry" has loaded the order (the element's heading, say): the button
   * went with the failure, and focus would otherwise drop to the page. Without it, focus is left
   * where it is.
   */
  focusAfterRetry?: () => HTMLElement | null | undefined;
}

/**
 * One order for an element: loaded through the client (in-flight loads and the store are shared,
 * so several elements showing one order cost one request) and followed in the client's order
 * store, so a change made by any element (an allocation, a note) shows everywhere at once.
 *
 * The host calls `follow()` at the start of `willUpdate`, so that the order it reads there is
 * already the one for the current client and id.
 */
export class OrderController implements ReactiveController {
  readonly #host: ReactiveElement;
  readonly #options: OrderControllerOptions;
  #subscription: { api: ClientCore; orderId: number; unsubscribe: () => void } | undefined;
  /** "Retry" was pressed and its load has not yet been shown. */
  #retried = false;
  /** The order the last load started was for: its failure speaks for that order alone. */
  #loadedFor: number | undefined;
  /** The order the last load's answer (`loaded`) was asked for. */
  #answeredFor: number | undefined;

  readonly #load: Task<readonly [ClientCore, number | undefined], Order | undefined>;

  constructor(host: ReactiveElement, options: OrderControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#load = new Task(host, {
      // Run by `follow()` when the client's store lacks the order, and by "Retry": an order the
      // store holds shows with the host's first render, and no load renders it a second time.
      autoRun: false,
      args: () => [options.api(), options.orderId()] as const,
      task: async ([api, orderId], { signal }) => {
        if (orderId === undefined || Number.isNaN(orderId)) return undefined;
        try {
          const order = await requestAcrossReconnect(host, signal, options.signal, (tied) =>
            getOrder(api, orderId, { signal: tied }),
          );
          // A load superseded by the next is aborted, and its answer is not kept.
          if (!signal.aborted) this.#answeredFor = orderId;
          return order;
        } catch (error) {
          throw options.report(error);
        }
      },
    });
    host.addController(this);
  }

  /**
   * The last load's answer when it was asked for the current order (the store's version is what
   * `onChange` delivers): never the order shown before, while the next one loads.
   */
  get loaded(): Order | undefined {
    return this.#answeredFor === this.#options.orderId() ? this.#load.value : undefined;
  }

  /** Why the last load of the current order failed, if it did. */
  get error(): OpsError | undefined {
    return this.#current() ? (this.#load.error as OpsError | undefined) : undefined;
  }

  /** Loads the order again (the "Retry" of a failed load). */
  reload(): void {
    this.#loadedFor = this.#options.orderId();
    void this.#load.run();
  }

  /** Whether the last load started was for the order shown now. */
  #current(): boolean {
    return this.#loadedFor !== undefined && this.#loadedFor === this.#options.orderId();
  }

  /** What stands in for the order until it arrives: the load's failure with "Retry", or a status. */
  renderPlaceholder(locale: ResolvedLocale, loadingLabel: string): TemplateResult {
    const error = this.error;
    return error
      ? renderErrorBanner({ error, locale, onRetry: () => this.#retry() })
      : renderLoading(locale, loadingLabel);
  }

  #retry(): void {
    this.#retried = true;
    this.reload();
  }

  /**
   * Once a retried load is over, focus goes where the work is, unless the user has taken it
   * elsewhere meanwhile: to what the element names once the order shows, to "Retry" again when it
   * failed again.
   */
  hostUpdated(): void {
    if (!this.#retried || this.#load.status === TaskStatus.PENDING) return;
    this.#retried = false;
    const root = this.#host.shadowRoot;
    const page = document.activeElement;
    if (!root || root.activeElement || (page && page !== document.body)) return;
    const target =
      this.#load.status === TaskStatus.ERROR
        ? root.querySelector<HTMLElement>('[part="retry-button"]')
        : this.#options.focusAfterRetry?.();
    target?.focus();
  }

  hostConnected(): void {
    // Back on the page: the next update follows the store again, and loads the order if a load was
    // cut short by the disconnection and nothing has stored it since.
    if (this.#host.hasUpdated) this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#unsubscribe();
  }

  /** Follows the store for the current client and order id. */
  follow(): void {
    const api = this.#options.api();
    const orderId = this.#options.orderId();
    const current = this.#subscription;
    if (current && current.api === api && current.orderId === orderId) return;
    this.#unsubscribe();
    if (orderId === undefined || Number.isNaN(orderId) || !this.#host.isConnected) {
      this.#options.onChange(undefined);
      return;
    }
    const stored = ordersOf(api).get(orderId);
    this.#options.onChange(stored);
    this.#subscription = {
      api,
      orderId,
      unsubscribe: ordersOf(api).subscribe(orderId, (order) => this.#options.onChange(order)),
    };
    // Called during the host's update: the pending state shows in this very render.
    if (!stored) {
      this.#loadedFor = orderId;
      void this.#load.run([api, orderId]);
    }
  }

  #unsubscribe(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = undefined;
  }
}
