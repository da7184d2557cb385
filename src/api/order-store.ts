import type { Order } from './schemas/order.js';

export type OrderListener = (order: Order) => void;

/** Orders are keyed by their id as text, so `1` and `'1'` are the same order. */
function keyOf(orderId: number | string): string {
  return String(orderId);
}

/**
 * The client's one copy of each order it has seen. Every response that carries an order
 * replaces it here and tells the subscribers, so every element showing that order updates
 * together. Orders are replaced, never mutated, so a new object means a change.
 */
export class OrderStore {
  readonly #orders = new Map<string, Order>();
  readonly #listeners = new Map<string, Set<OrderListener>>();

  get(orderId: number | string): Order | undefined {
    return this.#orders.get(keyOf(orderId));
  }

  set(order: Order): void {
    const key = keyOf(order.id);
    this.#orders.set(key, order);
    for (const listener of [...(this.#listeners.get(key) ?? [])]) {
      try {
        listener(order);
      } catch (error) {
        // One faulty subscriber must not keep the others stale.
        reportListenerError(error);
      }
    }
  }

  /** Replaces a stored order with `change(order)`; does nothing when the order is not stored. */
  update(orderId: number | string, change: (order: Order) => Order): void {
    const current = this.get(orderId);
    if (current) this.set(change(current));
  }

  /** Calls `listener` with every new version of the order; returns the unsubscribe function. */
  subscribe(orderId: number | string, listener: OrderListener): () => void {
    const key = keyOf(orderId);
    let listeners = this.#listeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(key) === listeners) this.#listeners.delete(key);
    };
  }
}

function reportListenerError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}
