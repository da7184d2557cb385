import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { deleteAllocation } from '../../api/endpoints/allocations.js';
import type { OpsError } from '../../api/errors.js';
import { ordersOf } from '../../api/order-store.js';
import { withoutAllocation } from '../../api/order-edits.js';
import type { Allocation, Order } from '../../api/index.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { RequestTaskConfig } from '../../shared/ops-element.js';
import { describeLineItem } from '../../shared/order-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { AllocationDeletedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';

type RemovalArgs = [orderId: number, allocation: Allocation];

/** What a removal did: the order without the allocation (null if the API's answer allows none). */
export interface RemovalResult {
  orderId: number;
  allocation: Allocation;
  order: Order | null;
}

export interface AllocationRemovalOptions {
  orderId: () => number | undefined;
  /** The order as shown, to work out the order without the allocation when the API answers without one. */
  order: () => Order | undefined;
  api: () => ClientCore;
  locale: () => ResolvedLocale;
  /** The host's `requestTask`: the removal's signal ends with the element, and a failure is reported. */
  requestTask: (config: RequestTaskConfig<RemovalArgs, RemovalResult>) => Task<RemovalArgs, RemovalResult>;
  /** Called as a removal is sent: what the last allocation did no longer holds. */
  onRemoving: () => void;
}

/**
 * The order's existing allocations, each with "Remove allocation" and an inline confirmation
 * ("Remove" / "Cancel"), and the removal itself. The answer goes to the client's order store, so
 * the form and any other element showing the order follow.
 */
export class AllocationRemoval {
  readonly #host: ReactiveElement;
  readonly #options: AllocationRemovalOptions;
  /** Allocation (id as text) whose removal awaits confirmation. */
  #confirmingId: string | undefined;
  /** Allocation (id as text) the last removal was sent for, while the order it belongs to is shown. */
  #sentFor: string | undefined;
  #removed = false;
  readonly #task: Task<RemovalArgs, RemovalResult>;

  constructor(host: ReactiveElement, options: AllocationRemovalOptions) {
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
   * Forgets everything about the previous order; called during the host's update, so no update of
   * its own. A removal under way is seen through, and the page hears of it.
   */
  reset(): void {
    this.#confirmingId = undefined;
    this.#sentFor = undefined;
    this.#removed = false;
  }

  /** The allocation (id as text) being removed, if any. */
  get #removingId(): string | undefined {
    return this.#task.status === TaskStatus.PENDING ? this.#sentFor : undefined;
  }

  /** Why the last removal of `id` failed, if it did. */
  #failureOf(id: string): OpsError | undefined {
    const error = this.#task.status === TaskStatus.ERROR ? (this.#task.error as OpsError) : undefined;
    return error && error.code !== 'aborted' && this.#sentFor === id ? error : undefined;
  }

  /** Drops the "Allocation removed." notice once the user moves on. */
  clearNotice(): void {
    if (!this.#removed) return;
    this.#removed = false;
    this.#host.requestUpdate();
  }

  render(order: Order): TemplateResult {
    const text = allocationFormMessages(this.#options.locale());
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
      <p class="muted removal-status" role="status">
        ${this.#removingId !== undefined ? text.removing : this.#removed ? text.allocationRemoved : ''}
      </p>
    </section>`;
  }

  #renderAllocation(allocation: Allocation): TemplateResult {
    const locale = this.#options.locale();
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
                  @click=${() => void this.#askToRemove(id)}
                >
                  ${text.removeAllocation}
                </button>`
        }
      </div>
      ${confirming && !allocation.shipment ? this.#renderConfirmation(allocation, warehouseName) : nothing}
    </li>`;
  }

  #renderConfirmation(allocation: Allocation, warehouseName: string): TemplateResult {
    const locale = this.#options.locale();
    const text = allocationFormMessages(locale);
    const id = String(allocation.id);
    const removing = this.#removingId === id;
    const failure = this.#failureOf(id);
    return html`<div class="confirm" part="confirm-remove" role="group" aria-labelledby="confirm-${id}">
      <p id="confirm-${id}">${text.confirmRemove(warehouseName)}</p>
      ${
        failure
          ? renderErrorBanner({
              error: failure,
              locale,
              context: text.notRemoved,
              onRetry: () => this.#remove(allocation),
            })
          : nothing
      }
      <div class="form-actions">
        <button
          type="button"
          class="button danger"
          part="confirm-remove-button"
          ?disabled=${removing}
          @click=${() => this.#remove(allocation)}
        >
          ${text.remove}
        </button>
        <button
          type="button"
          class="button secondary"
          part="cancel-remove-button"
          ?disabled=${removing}
          @click=${() => void this.#cancelRemove()}
        >
          ${text.cancel}
        </button>
      </div>
    </div>`;
  }

  get #root(): HTMLElement | DocumentFragment {
    return this.#host.renderRoot;
  }

  async #askToRemove(id: string): Promise<void> {
    this.#confirmingId = id;
    this.#sentFor = undefined;
    this.#removed = false;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#root.querySelector<HTMLButtonElement>('[part="cancel-remove-button"]')?.focus();
  }

  async #cancelRemove(): Promise<void> {
    const id = this.#confirmingId;
    this.#confirmingId = undefined;
    this.#sentFor = undefined;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    if (id !== undefined) {
      this.#root
        .querySelector<HTMLButtonElement>(`[part="remove-button"][data-allocation="${CSS.escape(id)}"]`)
        ?.focus();
    }
  }

  #remove(allocation: Allocation): void {
    const orderId = this.#options.orderId();
    if (this.#task.status === TaskStatus.PENDING || orderId === undefined) return;
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
      this.#confirmingId = undefined;
      this.#removed = true;
      this.#host.requestUpdate();
    }
    if (order) this.#host.dispatchEvent(new AllocationDeletedEvent({ order, allocationId: allocation.id }));
    if (shown) {
      // The confirmation and its buttons are gone: focus lands on the list they belonged to.
      await this.#host.updateComplete;
      this.#root.querySelector<HTMLElement>('#allocations-heading')?.focus();
    }
  }
}
