import type { Task } from '@lit/task';
import type { ReactiveController } from 'lit';
import { getRates } from '../../api/endpoints/shipping.js';
import type { OpsError } from '../../api/errors.js';
import type { RatesRequest, RatesResult } from '../../api/index.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { requestTask } from '../../shared/request-task.js';
import { withRequestCurrency } from '../../shipping/rate-request.js';
import type { BatchHost } from './label-batch.model.js';
import { refreshedEntry } from './batch-rates.model.js';
import { inRow } from './label-batch.templates.js';

type RefreshArgs = readonly [RatesRequest];

/**
 * "Refresh rates for …": new rates for one order at a time, each order with a task of its own, so
 * refreshing one row never cuts another's short. An order booked or being booked is never quoted
 * again. The button goes while its rates load; focus, when it was with the element, goes to the
 * row's rate select once they are in (to the button again when they failed). The rate picked stays
 * where its service is quoted again, and the order may be booked again. Another batch of orders
 * drops every refresh, with any answer still to come.
 */
export class RatesRefresh implements ReactiveController {
  readonly #host: BatchHost;
  readonly #tasks = new Map<number, Task<RefreshArgs, RatesResult>>();
  /** Whether focus was with the element as each order's refresh started. */
  readonly #hadFocus = new Map<number, boolean>();
  #batch: string;

  constructor(host: BatchHost) {
    this.#host = host;
    this.#batch = host.batchKey;
    host.addController(this);
  }

  /** Before each render: another batch of orders (or client) drops every refresh. */
  hostUpdate(): void {
    if (this.#host.batchKey === this.#batch) return;
    this.#batch = this.#host.batchKey;
    for (const task of this.#tasks.values()) this.#host.removeController(task);
    this.#tasks.clear();
    this.#hadFocus.clear();
  }

  /** Asks for new rates for the order, unless it is booked, being booked or being refreshed. */
  readonly run = (orderId: number): void => {
    const host = this.#host;
    const entry = host.entry(orderId);
    const request = entry?.request;
    const state = host.ledger.state(orderId);
    if (!entry || !request || entry.refreshing || state === 'booking' || state === 'booked') return;
    let task = this.#tasks.get(orderId);
    if (!task) {
      task = requestTask(host, {
        autoRun: false,
        args: () => [request] as const,
        task: async ([ratesRequest], signal) => getRates(host.api, ratesRequest, { signal }),
        onComplete: (result) => {
          const row = host.entry(orderId);
          if (row) {
            host.patch(orderId, refreshedEntry(row, withRequestCurrency(result, request)));
            host.ledger.allowRetry(orderId);
          }
          this.#focusAfter(orderId);
        },
        onError: (error) => {
          const failure = error as OpsError;
          if (failure.code === 'aborted') {
            this.#hadFocus.delete(orderId);
            host.patch(orderId, { refreshing: false });
            return;
          }
          host.patch(orderId, { refreshing: false, problem: { reason: 'ratesFailed', error: failure } });
          this.#focusAfter(orderId);
        },
      });
      this.#tasks.set(orderId, task);
    }
    this.#hadFocus.set(orderId, focusIsWith(host));
    host.patch(orderId, { refreshing: true });
    void task.run([request]);
  };

  #focusAfter(orderId: number): void {
    const had = this.#hadFocus.get(orderId) ?? false;
    this.#hadFocus.delete(orderId);
    void focusAfter(
      this.#host,
      [inRow.rateSelect(orderId), inRow.refreshButton(orderId), inRow.outcome(orderId)],
      { had },
    );
  }
}
