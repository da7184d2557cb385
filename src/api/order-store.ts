import type { Note, Order } from './schemas/order.js';

// The changes elements make to stored orders (an allocation removed, a stock level corrected, a
// product edited) are in order-edits.ts, imported from there: a re-export here would tie that
// module to every chunk that imports the store once a bundler splits code, so the product
// editor's save, loaded on demand, would come back into the editor's first load.

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

  set(incoming: Order): void {
    const key = keyOf(incoming.id);
    const order = keepNotes(incoming, this.#orders.get(key));
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

  /**
   * Replaces every stored order that `change` returns changed (a new object), for news that
   * concerns several orders at once, such as a sellable's new stock level.
   */
  updateEach(change: (order: Order) => Order): void {
    for (const current of [...this.#orders.values()]) {
      const next = change(current);
      if (next !== current) this.set(next);
    }
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

const STORE = Symbol.for('commerce-ops-elements.order-store');

/**
 * The order store of `client`, made on first use and kept on the client itself, so every copy
 * of the library on a page that uses the client shares it. Only the calls that read or return
 * orders touch it, so a bundle without them leaves the store out.
 */
export function ordersOf(client: object): OrderStore {
  const holder = client as { [STORE]?: OrderStore };
  return (holder[STORE] ??= new OrderStore());
}

function noteKey(note: Note): string | undefined {
  return note.id === null || note.id === undefined ? undefined : String(note.id);
}

/** `note` added to the order's notes unless a note with its id is there already. */
export function withNote(order: Order, note: Note): Order {
  const key = noteKey(note);
  const notes = order.employee_notes ?? [];
  if (key !== undefined && notes.some((existing) => noteKey(existing) === key)) return order;
  return { ...order, employee_notes: [...notes, note] };
}

/**
 * Notes are append-only in the API, so a note this store already holds is never gone: an order
 * answered by a request that started before the note was saved (an allocation racing a note,
 * say) must not drop it. Missing notes are put back in time order.
 */
function keepNotes(incoming: Order, stored: Order | undefined): Order {
  const storedNotes = stored?.employee_notes ?? [];
  if (storedNotes.length === 0) return incoming;
  const present = new Set((incoming.employee_notes ?? []).map(noteKey));
  const missing = storedNotes.filter((note) => {
    const key = noteKey(note);
    return key !== undefined && !present.has(key);
  });
  if (missing.length === 0) return incoming;
  const notes = [...(incoming.employee_notes ?? []), ...missing];
  const time = (note: Note) => Date.parse(note.created_at ?? '') || 0;
  notes.sort((a, b) => time(a) - time(b));
  return { ...incoming, employee_notes: notes };
}

function reportListenerError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}
