import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import type { ReactiveElement } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { deleteAllocation } from '../../api/endpoints/allocations.js';
import type { OpsError } from '../../api/errors.js';
import { withoutAllocation } from '../../api/order-edits.js';
import { ordersOf } from '../../api/order-store.js';
import type { Allocation, Order } from '../../api/index.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { RequestTaskConfig } from '../../shared/ops-element.js';
import { AllocationDeletedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';

type RemovalArgs = [orderId: number, allocation: Allocation];

/** What a removal did: the order without the allocation (null if the API's answer allows none). */
export interface RemovalResult {
  orderId: number;
  allocation: Allocation;
  order: Order | null;
}

export interface RemovalRequestOptions {
  orderId: () => number | undefined;
  /** The order as shown, to work out the order without the allocation when the API answers without one. */
  order: () => Order | undefined;
  api: () => ClientCore;
  locale: () => ResolvedLocale;
  /** The host's `requestTask`: the removal's signal ends with the element, and a failure is reported. */
  requestTask: (config: RequestTaskConfig<RemovalArgs, RemovalResult>) => Task<RemovalArgs, RemovalResult>;
  /** Called as a removal is sent: what the last allocation did no longer holds. */
  onRemoving: () => void;
  /** Called when the removal sent from the open confirmation is done, before the update that shows it. */
  onRemoved: () => void;
}

/**
 * Sends `DELETE /orders/{id}/allocations/{id}` for the confirmed allocation. The answer goes to the
 * client's order store, so the form and any other element showing the order follow, and the host
 * hears `allocation-deleted`. The removal is one of the host's request tasks: its state renders with
 * the host, and its failure is the task's error.
 */
export class RemovalRequest {
  readonly #host: ReactiveElement;
  readonly #options: RemovalRequestOptions;
  /** Allocation (id as text) the last removal was sent for, while the order it belongs to is shown. */
  #sentFor: string | undefined;
  #removed = false;
  readonly #task: Task<RemovalArgs, RemovalResult>;

  constructor(host: ReactiveElement, options: RemovalRequestOptions) {
    this.#host = host;
    this.#options = options;
    this.#task = options.requestTask({
      autoRun: false,
      task: async ([orderId, allocation], signal) => {
        const api = this.#options.api();
        const returned = await deleteAllocation(api, orderId, allocation.id, { signal });
        const previous = this.#options.order();
        const order =
          returned ??
          ordersOf(api).get(orderId) ??
          (previous && String(previous.id) === String(orderId)
            ? withoutAllocation(previous, allocation.id)
            : null);
        return { orderId, allocation, order };
      },
      onComplete: (result) => void this.#onRemoved(result),
      onError: () => void this.#onFailed(),
    });
  }

  /**
   * Forgets the last removal's outcome (a confirmation opened or closed, or another order shown);
   * no update of its own. A removal under way is seen through, and the page hears of it.
   */
  reset(): void {
    this.#sentFor = undefined;
    this.#removed = false;
  }

  /** Whether a removal is under way. */
  get pending(): boolean {
    return this.#task.status === TaskStatus.PENDING;
  }

  /** The allocation (id as text) being removed, if any. */
  get removingId(): string | undefined {
    return this.pending ? this.#sentFor : undefined;
  }

  /** Why the last removal of `id` failed, if it did. */
  failureOf(id: string): OpsError | undefined {
    const error = this.#task.status === TaskStatus.ERROR ? (this.#task.error as OpsError) : undefined;
    return error && error.code !== 'aborted' && this.#sentFor === id ? error : undefined;
  }

  /** Drops the "Allocation removed." notice; whether there was one to drop. */
  clearNotice(): boolean {
    const had = this.#removed;
    this.#removed = false;
    return had;
  }

  /** What the status line says: "Removing allocation…", then "Allocation removed.". */
  statusText(): string {
    const text = allocationFormMessages(this.#options.locale());
    return this.removingId !== undefined ? text.removing : this.#removed ? text.allocationRemoved : '';
  }

  /** Removes `allocation` of order `orderId`, unless a removal is under way or it has shipped since. */
  remove(orderId: number, allocation: Allocation): void {
    if (this.pending) return;
    // Shipped since the confirmation opened (a label bought elsewhere): there is nothing to remove.
    if (
      this.#options.order()?.allocations?.find((shown) => String(shown.id) === String(allocation.id))
        ?.shipment
    )
      return;
    this.#sentFor = String(allocation.id);
    this.#options.onRemoving();
    void this.#task.run([orderId, allocation]);
  }

  get #root(): HTMLElement | DocumentFragment {
    return this.#host.renderRoot;
  }

  /** The buttons were disabled while sending, so focus fell out: it goes to the confirmation's "Remove". */
  async #onFailed(): Promise<void> {
    const hadFocus = this.#host.matches(':focus-within') || document.activeElement === document.body;
    // The task's own update (the buttons enabled again) may not be asked for yet.
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    if (hadFocus) this.#root.querySelector<HTMLButtonElement>('[part="confirm-remove-button"]')?.focus();
  }

  async #onRemoved({ orderId, allocation, order }: RemovalResult): Promise<void> {
    const shown = orderId === this.#options.orderId() && this.#sentFor === String(allocation.id);
    if (shown) {
      this.#options.onRemoved();
      this.#removed = true;
      this.#host.requestUpdate();
    }
    if (order) {
      this.#host.dispatchEvent(new AllocationDeletedEvent({ order, allocationId: allocation.id }));
    }
    if (shown) {
      // The confirmation and its buttons are gone: focus lands on the list they belonged to.
      await this.#host.updateComplete;
      this.#root.querySelector<HTMLElement>('#allocations-heading')?.focus();
    }
  }
}
