import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { deleteAllocation } from '../../api/endpoints/orders.js';
import type { OpsError } from '../../api/errors.js';
import { ordersOf } from '../../api/order-store.js';
import type { Allocation, Order } from '../../api/index.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { describeLineItem } from '../../shared/order-view.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { AllocationDeletedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';

export interface AllocationRemovalOptions {
  orderId: () => number | undefined;
  /** The order as shown, to work out the order without the allocation when the API answers without one. */
  order: () => Order | undefined;
  api: () => ClientCore;
  locale: () => ResolvedLocale;
  /** A signal that aborts when the element leaves the page. */
  signal: () => AbortSignal;
  /** Reports a failed request (the `request-error` event) and returns it as an `OpsError`. */
  report: (error: unknown) => OpsError;
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
  #removingId: string | undefined;
  #failure: { id: string; error: OpsError } | undefined;
  #removed = false;
  /** Changes with the order shown, so a late answer knows whether it still belongs here. */
  #generation = 0;

  constructor(host: ReactiveElement, options: AllocationRemovalOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Forgets everything about the previous order; called during the host's update, so no update of its own. */
  reset(): void {
    this.#generation += 1;
    this.#confirmingId = undefined;
    this.#removingId = undefined;
    this.#failure = undefined;
    this.#removed = false;
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
          confirming
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
      ${confirming ? this.#renderConfirmation(allocation, warehouseName) : nothing}
    </li>`;
  }

  #renderConfirmation(allocation: Allocation, warehouseName: string): TemplateResult {
    const locale = this.#options.locale();
    const text = allocationFormMessages(locale);
    const id = String(allocation.id);
    const removing = this.#removingId === id;
    const failure = this.#failure?.id === id ? this.#failure.error : undefined;
    return html`<div class="confirm" part="confirm-remove" role="group" aria-labelledby="confirm-${id}">
      <p id="confirm-${id}">${text.confirmRemove(warehouseName)}</p>
      ${
        failure
          ? renderErrorBanner({
              error: failure,
              locale,
              context: text.notRemoved,
              onRetry: () => void this.#remove(allocation),
            })
          : nothing
      }
      <div class="form-actions">
        <button
          type="button"
          class="button danger"
          part="confirm-remove-button"
          ?disabled=${removing}
          @click=${() => void this.#remove(allocation)}
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
    this.#failure = undefined;
    this.#removed = false;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#root.querySelector<HTMLButtonElement>('[part="cancel-remove-button"]')?.focus();
  }

  async #cancelRemove(): Promise<void> {
    const id = this.#confirmingId;
    this.#confirmingId = undefined;
    this.#failure = undefined;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    if (id !== undefined) {
      this.#root
        .querySelector<HTMLButtonElement>(`[part="remove-button"][data-allocation="${CSS.escape(id)}"]`)
        ?.focus();
    }
  }

  async #remove(allocation: Allocation): Promise<void> {
    const orderId = this.#options.orderId();
    const id = String(allocation.id);
    if (this.#removingId !== undefined || orderId === undefined) return;
    const generation = this.#generation;
    const api = this.#options.api();
    this.#removingId = id;
    this.#failure = undefined;
    this.#options.onRemoving();
    this.#host.requestUpdate();
    let returned: Order | null;
    try {
      returned = await deleteAllocation(api, orderId, allocation.id, { signal: this.#options.signal() });
    } catch (error) {
      const failure = this.#options.report(error);
      if (failure.code !== 'aborted' && generation === this.#generation)
        this.#failure = { id, error: failure };
      return;
    } finally {
      if (generation === this.#generation) this.#removingId = undefined;
      this.#host.requestUpdate();
    }
    const previous = this.#options.order();
    const order =
      returned ??
      ordersOf(api).get(orderId) ??
      (previous && {
        ...previous,
        allocations: (previous.allocations ?? []).filter((candidate) => String(candidate.id) !== id),
      });
    const stillShown = generation === this.#generation;
    if (stillShown) {
      this.#confirmingId = undefined;
      this.#removed = true;
      this.#host.requestUpdate();
    }
    if (order) this.#host.dispatchEvent(new AllocationDeletedEvent({ order, allocationId: allocation.id }));
    if (stillShown) {
      // The confirmation and its buttons are gone: focus lands on the list they belonged to.
      await this.#host.updateComplete;
      this.#root.querySelector<HTMLElement>('#allocations-heading')?.focus();
    }
  }
}
