import type { Task } from '@lit/task';
import type { ReactiveElement } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { getRates } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { RatesRequest, RatesResult } from '../../api/index.js';
import type { RequestTaskConfig } from '../../shared/ops-element.js';
import { withRequestCurrency } from '../../shipping/rate-request.js';
import { hasFocus, inRow, restoreFocus } from './batch-focus.js';
import type { BatchEntry, BookingState } from './batch-model.js';

type RefreshArgs = readonly [RatesRequest];

export interface RatesRefreshOptions {
  api: () => ClientCore;
  /** The host's `requestTask`: a refresh's signal ends with the element, and a failure is reported. */
  requestTask: (config: RequestTaskConfig<RefreshArgs, RatesResult>) => Task<RefreshArgs, RatesResult>;
  entry: (orderId: number) => BatchEntry | undefined;
  bookingState: (orderId: number) => BookingState;
  patch: (orderId: number, change: Partial<BatchEntry>) => void;
  /** New rates arrived for the order (in the currency of its request). */
  refreshed: (orderId: number, result: RatesResult) => void;
}

/**
 * "Refresh rates for …": new rates for one order at a time, each order with a task of its own, so
 * refreshing one row never cuts another's short. An order booked or being booked is never quoted
 * again. The button goes while its rates load; focus, when it was in the element, goes to the
 * row's rate select once they are in (to the button again when they failed). Loaded on the first
 * press (batch-actions.ts).
 */
export class RatesRefresh {
  readonly #host: ReactiveElement;
  readonly #options: RatesRefreshOptions;
  readonly #tasks = new Map<number, Task<RefreshArgs, RatesResult>>();
  /** Orders whose refresh started with focus in the element. */
  readonly #hadFocus = new Set<number>();

  constructor(host: ReactiveElement, options: RatesRefreshOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Drops every refresh, with any answer still to come (the batch's orders are loaded afresh). */
  clear(): void {
    for (const task of this.#tasks.values()) this.#host.removeController(task);
    this.#tasks.clear();
    this.#hadFocus.clear();
  }

  /** Asks for new rates for the order, unless it is booked, being booked or being refreshed. */
  run(orderId: number): void {
    const { entry: entryOf, bookingState, patch } = this.#options;
    const entry = entryOf(orderId);
    const request = entry?.request;
    if (!entry || !request || entry.refreshing || bookingState(orderId) === 'booking') return;
    if (bookingState(orderId) === 'booked') return;
    let task = this.#tasks.get(orderId);
    if (!task) {
      task = this.#options.requestTask({
        autoRun: false,
        args: () => [request] as const,
        task: async ([ratesRequest], signal) => getRates(this.#options.api(), ratesRequest, { signal }),
        onComplete: (result) => {
          this.#options.refreshed(orderId, withRequestCurrency(result, request));
          this.#restoreFocus(orderId);
        },
        onError: (error) => {
          const failure = error as OpsError;
          if (failure.code === 'aborted') {
            this.#hadFocus.delete(orderId);
            patch(orderId, { refreshing: false });
            return;
          }
          patch(orderId, { refreshing: false, problem: { reason: 'ratesFailed', error: failure } });
          this.#restoreFocus(orderId);
        },
      });
      this.#tasks.set(orderId, task);
    }
    if (hasFocus(this.#host)) this.#hadFocus.add(orderId);
    else this.#hadFocus.delete(orderId);
    patch(orderId, { refreshing: true });
    void task.run([request]);
  }

  #restoreFocus(orderId: number): void {
    const had = this.#hadFocus.delete(orderId);
    void restoreFocus(this.#host, had, [
      inRow.rateSelect(orderId),
      inRow.refreshButton(orderId),
      inRow.outcome(orderId),
    ]);
  }
}
