import { Task, TaskStatus } from '@lit/task';
import type { ReactiveController, TemplateResult } from 'lit';
import type { ClientCore } from '../api/core.js';
import { getOrder } from '../api/endpoints/orders.js';
import { ordersOf } from '../api/order-store.js';
import type { OpsError } from '../api/errors.js';
import type { Order } from '../api/schemas/order.js';
import { focusAfter } from './focus.js';
import type { ResolvedLocale } from './locale.js';
import type { OpsHost } from './request-task.js';
import { SentFor } from './sent-for.js';
import { requestAcrossReconnect } from './reconnect.js';
import { renderErrorBanner, renderLoading } from './templates.js';

export interface OrderControllerOptions {
  /** Called with each version of the order the client's store holds. */
  onChange: (order: Order | undefined) => void;
  /**
   * What gets focus once "Retry" has loaded the order (a selector in the host's render root: the
   * element's heading, say): the button went with the failure, and focus would otherwise drop to
   * the page. Without it, focus is left where it is.
   */
  focusAfterRetry?: string;
}

/**
 * One order for an element: loaded through the client (in-flight loads and the store are shared,
 * so several elements showing one order cost one request) and followed in the client's order
 * store, so a change made by any element (an allocation, a note) shows everywhere at once.
 *
 * The host calls `follow(orderId)` at the start of `willUpdate` with the order it shows (undefined
 * for none), so that the order it reads there is already the one for the current client and id.
 */
export class OrderController implements ReactiveController {
  readonly #host: OpsHost;
  readonly #options: OrderControllerOptions;
  #subscription: { api: ClientCore; orderId: number; unsubscribe: () => void } | undefined;
  /** The order last followed: the one the host shows. */
  #followed: number | undefined;
  /** "Retry" was pressed and its load has not yet been shown. */
  #retried = false;
  /** The order the last load started was for: its failure speaks for that order alone. */
  readonly #loadedFor = new SentFor<number>();
  /** The order the last load's answer (`loaded`) was asked for. */
  readonly #answeredFor = new SentFor<number>();

  readonly #load: Task<readonly [ClientCore, number | undefined], Order | undefined>;

  constructor(host: OpsHost, options: OrderControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#load = new Task(host, {
      // Run by `follow()` when the client's store lacks the order, and by "Retry": an order the
      // store holds shows with the host's first render, and no load renders it a second time.
      autoRun: false,
      args: () => [host.api, this.#followed] as const,
      task: async ([api, orderId], { signal }) => {
        if (orderId === undefined || Number.isNaN(orderId)) return undefined;
        try {
          const order = await requestAcrossReconnect(
            host,
            signal,
            (s) => host.withConnection(s),
            (tied) => getOrder(api, orderId, { signal: tied }),
          );
          // A load superseded by the next is aborted, and its answer is not kept.
          if (!signal.aborted) this.#answeredFor.send(orderId);
          return order;
        } catch (error) {
          throw host.reportError(error);
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
    return this.#answeredFor.isFor(this.#followed) ? this.#load.value : undefined;
  }

  /** Why the last load of the current order failed, if it did. */
  get error(): OpsError | undefined {
    return this.#followed !== undefined && this.#loadedFor.isFor(this.#followed)
      ? (this.#load.error as OpsError | undefined)
      : undefined;
  }

  /** Loads the order again (the "Retry" of a failed load). */
  reload(): void {
    if (this.#followed !== undefined) this.#loadedFor.send(this.#followed);
    void this.#load.run();
  }

  /** What stands in for the order until it arrives: the load's failure with "Retry", or a status. */
  renderPlaceholder(locale: ResolvedLocale, loadingLabel: string): TemplateResult {
    const error = this.error;
    return error
      ? renderErrorBanner({ error, locale, onRetry: this.#retry })
      : renderLoading(locale, loadingLabel);
  }

  readonly #retry = (): void => {
    this.#retried = true;
    this.reload();
  };

  /**
   * Once a retried load is over, focus goes where the work is, unless the user has taken it
   * elsewhere meanwhile: to what the element names once the order shows, to "Retry" again when it
   * failed again.
   */
  hostUpdated(): void {
    if (!this.#retried || this.#load.status === TaskStatus.PENDING) return;
    this.#retried = false;
    const target =
      this.#load.status === TaskStatus.ERROR ? '[part="retry-button"]' : this.#options.focusAfterRetry;
    if (target) void focusAfter(this.#host, target);
  }

  hostConnected(): void {
    // Back on the page: the next update follows the store again, and loads the order if a load was
    // cut short by the disconnection and nothing has stored it since.
    if (this.#host.hasUpdated) this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#unsubscribe();
  }

  /** Follows the store for the current client and `orderId` (undefined or NaN: no order). */
  follow(orderId: number | undefined): void {
    this.#followed = orderId;
    const api = this.#host.api;
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
      this.#loadedFor.send(orderId);
      void this.#load.run([api, orderId]);
    }
  }

  #unsubscribe(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = undefined;
  }
}
