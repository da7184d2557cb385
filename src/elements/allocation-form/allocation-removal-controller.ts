import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { deleteAllocation } from '../../api/endpoints/allocations.js';
import type { OpsError } from '../../api/errors.js';
import { withoutAllocation } from '../../api/order-edits.js';
import { ordersOf } from '../../api/order-store.js';
import type { Allocation, Order } from '../../api/index.js';
import { focusAfter } from '../../shared/focus.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import { describeLineItem } from '../../shared/order-view.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { SentFor } from '../../shared/sent-for.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { AllocationDeletedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';

/** What the removal asks of its element: the order it shows. */
export type AllocationRemovalHost = OpsHost & {
  readonly orderId: number | undefined;
  /** The order as shown, to work out the order without the allocation when the API answers without one. */
  readonly shownOrder: Order | undefined;
};

export interface AllocationRemovalOptions {
  /** Called as a removal is sent: what the last allocation did no longer holds. */
  onRemoving: () => void;
}

type RemovalArgs = [orderId: number, allocation: Allocation];

/** What a removal did: the order without the allocation (null if the API's answer allows none). */
interface RemovalResult {
  orderId: number;
  allocation: Allocation;
  order: Order | null;
}

/**
 * The order's existing allocations, each with "Remove allocation" and an inline confirmation
 * ("Remove" / "Cancel"); "Remove" sends `DELETE /orders/{id}/allocations/{id}`. The answer goes to
 * the client's order store, so the form and any other element showing the order follow, and the
 * host hears `allocation-deleted`. The removal is a request task of the host: its state renders
 * with the host, and its failure is the task's error. Another order shown forgets the confirmation
 * and the last removal's outcome; a removal under way is seen through, and the page hears of it.
 */
export class AllocationRemoval implements ReactiveController {
  readonly #host: AllocationRemovalHost;
  readonly #options: AllocationRemovalOptions;
  /** The order whose allocations are shown, to notice another one. */
  #orderId: number | undefined;
  /** Allocation (id as text) whose removal awaits confirmation. */
  #confirmingId: string | undefined;
  /** Allocation (id as text) the last removal was sent for, while its confirmation is open. */
  readonly #sentFor = new SentFor<string>();
  /** Whether the status line says "Allocation removed.". */
  #removed = false;
  readonly #task: Task<RemovalArgs, RemovalResult>;

  constructor(host: AllocationRemovalHost, options: AllocationRemovalOptions) {
    this.#host = host;
    this.#options = options;
    this.#task = requestTask(host, {
      autoRun: false,
      task: async ([orderId, allocation], signal) => {
        const api = host.api;
        const returned = await deleteAllocation(api, orderId, allocation.id, { signal });
        const previous = host.shownOrder;
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
    host.addController(this);
  }

  hostUpdate(): void {
    if (Object.is(this.#host.orderId, this.#orderId)) return;
    this.#orderId = this.#host.orderId;
    this.#confirmingId = undefined;
    this.#forgetOutcome();
  }

  /** Drops the "Allocation removed." notice once the user moves on. */
  clearNotice(): void {
    if (!this.#removed) return;
    this.#removed = false;
    this.#host.requestUpdate();
  }

  render(order: Order): TemplateResult {
    const text = allocationFormMessages(this.#host.locale);
    const allocations = order.allocations ?? [];
    return html`<section class="allocations" part="allocations" aria-labelledby="allocations-heading">
      <h3 id="allocations-heading" tabindex="-1">${text.allocations}</h3>
      ${
        allocations.length === 0
          ? html`<p class="muted">${text.noAllocations}</p>`
          : html`<ul class="allocation-list">
              ${allocations.map((allocation) => this.#renderAllocation(allocation))}
            </ul>`
      }
      <p class="muted removal-status" role="status">${this.#statusText()}</p>
    </section>`;
  }

  #renderAllocation(allocation: Allocation): TemplateResult {
    const locale = this.#host.locale;
    const text = allocationFormMessages(locale);
    const id = String(allocation.id);
    const warehouseName = allocation.warehouse?.name ?? EMPTY;
    const nameId = `allocation-${id}`;
    const confirming = this.#confirmingId === id;
    return html`<li class="allocation">
      <div class="allocation-main">
        <div>
          <strong id=${nameId}>${warehouseName}</strong>
          <ul class="allocation-items">
            ${(allocation.line_items ?? []).map((line) => {
              const { title, sku } = describeLineItem(line);
              return html`<li>
                ${text.remainingLine(formatNumber(line.quantity ?? 0, locale), sku ? `${title} (${sku})` : title)}
              </li>`;
            })}
          </ul>
        </div>
        ${
          allocation.shipment
            ? html`<span class="shipped">${text.shipped(allocation.shipment.tracking_number ?? '')}</span>`
            : confirming
              ? nothing
              : html`<button
                  type="button"
                  class="button danger"
                  part="remove-button"
                  data-allocation=${id}
                  aria-describedby=${nameId}
                  @click=${this.#askToRemove}
                >
                  ${text.removeAllocation}
                </button>`
        }
      </div>
      ${confirming && !allocation.shipment ? this.#renderConfirmation(allocation, warehouseName) : nothing}
    </li>`;
  }

  #renderConfirmation(allocation: Allocation, warehouseName: string): TemplateResult {
    const locale = this.#host.locale;
    const text = allocationFormMessages(locale);
    const id = String(allocation.id);
    const removing = this.#removingId() === id;
    const failure = this.#failureOf(id);
    return html`<div class="confirm" part="confirm-remove" role="group" aria-labelledby="confirm-${id}">
      <p id="confirm-${id}">${text.confirmRemove(warehouseName)}</p>
      ${
        failure
          ? renderErrorBanner({ error: failure, locale, context: text.notRemoved, onRetry: this.#remove })
          : nothing
      }
      <div class="form-actions">
        <button
          type="button"
          class="button danger"
          part="confirm-remove-button"
          ?disabled=${removing}
          @click=${this.#remove}
        >
          ${text.remove}
        </button>
        <button
          type="button"
          class="button secondary"
          part="cancel-remove-button"
          ?disabled=${removing}
          @click=${this.#cancelRemove}
        >
          ${text.cancel}
        </button>
      </div>
    </div>`;
  }

  #pending(): boolean {
    return this.#task.status === TaskStatus.PENDING;
  }

  /** The allocation (id as text) being removed, if any. */
  #removingId(): string | undefined {
    return this.#pending() ? this.#sentFor.key : undefined;
  }

  /** Why the last removal of `id` failed, if it did. */
  #failureOf(id: string): OpsError | undefined {
    const error = this.#task.status === TaskStatus.ERROR ? (this.#task.error as OpsError) : undefined;
    return error && error.code !== 'aborted' && this.#sentFor.isFor(id) ? error : undefined;
  }

  /** What the status line says: "Removing allocation…", then "Allocation removed.". */
  #statusText(): string {
    const text = allocationFormMessages(this.#host.locale);
    return this.#removingId() !== undefined ? text.removing : this.#removed ? text.allocationRemoved : '';
  }

  /** Forgets the last removal's outcome (a confirmation opened or closed, or another order shown). */
  #forgetOutcome(): void {
    this.#sentFor.forget();
    this.#removed = false;
  }

  readonly #askToRemove = (event: Event): void => {
    const id = (event.currentTarget as HTMLElement).dataset['allocation'];
    if (id === undefined) return;
    this.#confirmingId = id;
    this.#forgetOutcome();
    this.#host.requestUpdate();
    void focusAfter(this.#host, '[part="cancel-remove-button"]');
  };

  readonly #cancelRemove = (): void => {
    const id = this.#confirmingId;
    this.#confirmingId = undefined;
    this.#forgetOutcome();
    this.#host.requestUpdate();
    if (id !== undefined) {
      void focusAfter(this.#host, `[part="remove-button"][data-allocation="${CSS.escape(id)}"]`);
    }
  };

  /**
   * Removes the allocation whose confirmation is open ("Remove", and "Retry" after a failure),
   * unless a removal is under way or it has shipped since.
   */
  readonly #remove = (): void => {
    const orderId = this.#host.orderId;
    const allocation = this.#host.shownOrder?.allocations?.find(
      (shown) => String(shown.id) === this.#confirmingId,
    );
    if (orderId === undefined || !allocation || this.#pending()) return;
    // Shipped since the confirmation opened (a label bought elsewhere): there is nothing to remove.
    if (allocation.shipment) return;
    this.#sentFor.send(String(allocation.id));
    this.#options.onRemoving();
    void this.#task.run([orderId, allocation]);
  };

  /** The buttons were disabled while sending, so focus fell out: it goes to the confirmation's "Remove". */
  async #onFailed(): Promise<void> {
    // The task's own update (the buttons enabled again) may not be asked for yet.
    this.#host.requestUpdate();
    await focusAfter(this.#host, '[part="confirm-remove-button"]');
  }

  async #onRemoved({ orderId, allocation, order }: RemovalResult): Promise<void> {
    const shown = orderId === this.#host.orderId && this.#sentFor.isFor(String(allocation.id));
    if (shown) {
      this.#confirmingId = undefined;
      this.#removed = true;
      this.#host.requestUpdate();
    }
    if (order) {
      this.#host.dispatchEvent(new AllocationDeletedEvent({ order, allocationId: allocation.id }));
    }
    // The confirmation and its buttons are gone: focus lands on the list they belonged to.
    if (shown) await focusAfter(this.#host, '#allocations-heading');
  }
}
