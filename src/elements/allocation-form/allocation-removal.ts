import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { Allocation, Order } from '../../api/index.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import { describeLineItem } from '../../shared/order-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import { RemovalRequest } from './removal-request.js';
import type { RemovalRequestOptions } from './removal-request.js';

/** What the element hands over: the removal's own options, but for what happens to the confirmation. */
export type AllocationRemovalOptions = Omit<RemovalRequestOptions, 'onRemoved'>;

/**
 * The order's existing allocations, each with "Remove allocation" and an inline confirmation
 * ("Remove" / "Cancel"); "Remove" sends the removal (`RemovalRequest`, removal-request.ts). The
 * answer goes to the client's order store, so the form and any other element showing the order
 * follow.
 */
export class AllocationRemoval {
  readonly #host: ReactiveElement;
  readonly #options: AllocationRemovalOptions;
  /** Allocation (id as text) whose removal awaits confirmation. */
  #confirmingId: string | undefined;
  readonly #request: RemovalRequest;

  constructor(host: ReactiveElement, options: AllocationRemovalOptions) {
    this.#host = host;
    this.#options = options;
    this.#request = new RemovalRequest(host, {
      ...options,
      onRemoved: () => (this.#confirmingId = undefined),
    });
  }

  /**
   * Forgets everything about the previous order; called during the host's update, so no update of
   * its own. A removal under way is seen through, and the page hears of it.
   */
  reset(): void {
    this.#confirmingId = undefined;
    this.#request.reset();
  }

  /** Drops the "Allocation removed." notice once the user moves on. */
  clearNotice(): void {
    if (this.#request.clearNotice()) this.#host.requestUpdate();
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
      <p class="muted removal-status" role="status">${this.#request.statusText()}</p>
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
    const removing = this.#request.removingId === id;
    const failure = this.#request.failureOf(id);
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
    this.#request.reset();
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#root.querySelector<HTMLButtonElement>('[part="cancel-remove-button"]')?.focus();
  }

  async #cancelRemove(): Promise<void> {
    const id = this.#confirmingId;
    this.#confirmingId = undefined;
    this.#request.reset();
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
    if (this.#confirmingId !== String(allocation.id) || orderId === undefined) return;
    this.#request.remove(orderId, allocation);
  }
}
