/**
 * The orders of a pick list: each read through the client (from its order store when it holds the
 * order already, as after an order list showed it), a few at a time, and then followed in the
 * store, so an allocation made by another element on the page shows in the list at once.
 */
import type { ReactiveController } from 'lit';
import type { Task } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { getOrder } from '../../api/endpoints/orders.js';
import { ordersOf } from '../../api/order-store.js';
import type { Order } from '../../api/index.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';

/** Orders read at once: the client's throttle keeps to the API's rate, this keeps the page's sockets free. */
const IN_FLIGHT = 8;

/** What the orders ask of the element. */
export interface PickOrdersHost extends OpsHost {
  /** The orders of the list (each once, at most 100). */
  readonly pickIds: readonly number[];
}

export interface LoadProgress {
  done: number;
  total: number;
}

export class PickOrders implements ReactiveController {
  readonly #host: PickOrdersHost;
  /** The latest version of each order, as loaded and then as the store has it. */
  #orders = new Map<number, Order>();
  #progress: LoadProgress | undefined;
  #unsubscribe: Array<() => void> = [];
  readonly #load: Task<readonly [ClientCore, string], readonly number[]>;

  constructor(host: PickOrdersHost) {
    this.#host = host;
    this.#load = requestTask(host, {
      args: () => [host.api, host.pickIds.join(',')] as const,
      task: async ([api, key], signal) => this.#read(api, key ? key.split(',').map(Number) : [], signal),
    });
    host.addController(this);
  }

  hostConnected(): void {
    // Back on the page: the orders loaded before are followed again.
    const ids = this.#load.value;
    if (ids && this.#unsubscribe.length === 0) this.#follow(this.#host.api, ids);
  }

  hostDisconnected(): void {
    this.#stopFollowing();
  }

  /** The task of the load: its status, its error, `run()` for "Retry". */
  get task(): Task<readonly [ClientCore, string], readonly number[]> {
    return this.#load;
  }

  /** How many of the orders have been read, while they are being read. */
  get progress(): LoadProgress | undefined {
    return this.#progress;
  }

  /** The orders of the last load, in the order given, in their latest version; [] before it ends. */
  get orders(): Order[] {
    const ids = this.#load.value ?? [];
    return ids.flatMap((id) => {
      const order = this.#orders.get(id);
      return order ? [order] : [];
    });
  }

  async #read(api: ClientCore, ids: readonly number[], signal: AbortSignal): Promise<readonly number[]> {
    this.#stopFollowing();
    const read = new Map<number, Order>();
    const progress = { done: 0, total: ids.length };
    this.#progress = ids.length > 0 ? { ...progress } : undefined;
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let id = ids[next]; id !== undefined && !signal.aborted; id = ids[next]) {
        next += 1;
        read.set(id, await getOrder(api, id, { signal }));
        progress.done += 1;
        this.#progress = { ...progress };
        this.#host.requestUpdate();
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, ids.length) }, worker));
    } finally {
      this.#progress = undefined;
    }
    this.#orders = read;
    this.#follow(api, ids);
    return ids;
  }

  #follow(api: ClientCore, ids: readonly number[]): void {
    const store = ordersOf(api);
    this.#unsubscribe = ids.map((id) =>
      store.subscribe(id, (order) => {
        this.#orders.set(id, order);
        this.#host.requestUpdate();
      }),
    );
  }

  #stopFollowing(): void {
    for (const stop of this.#unsubscribe) stop();
    this.#unsubscribe = [];
  }
}
