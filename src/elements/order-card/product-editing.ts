import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { GENERIC_MESSAGES } from '../../api/error-body.js';
import { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';

/** `<product-editor>`'s define module (product-panel.ts), asked for on the first "Edit product …". */
const loadProductEditor = onDemand('product-panel', () => import('./product-panel.js'));

export interface ProductEditingOptions {
  client: () => ClientCore | undefined;
  locale: () => ResolvedLocale;
  orderId: () => number | undefined;
}

/**
 * "Edit product <title or SKU>" on each line item, and the `<product-editor>` it opens in place,
 * under the item table (which may scroll sideways) with the focus on it. The editor's code loads on the first press, so a card that never
 * edits a product never downloads it; should that fail, the row says so, with "Retry". One editor
 * is open at a time; "Close" (or the button again) closes it and gives the focus back to the
 * button. What the editor saves reaches the card through the order store.
 */
export class ProductEditing {
  readonly #host: ReactiveElement;
  readonly #options: ProductEditingOptions;
  /** The sellable whose editor is open (or is loading). */
  #open: number | string | undefined;
  #loaded = false;
  #failure: OpsError | undefined;
  /** Counts `reset()`s: an editor asked for before the order changed is not opened after. */
  #generation = 0;

  constructor(host: ReactiveElement, options: ProductEditingOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Closes the previous order's editor; called during the host's update. */
  reset(): void {
    this.#generation += 1;
    this.#open = undefined;
    this.#failure = undefined;
  }

  /** The button of one line item, under its title. */
  renderButton(sellableId: number | string, item: string): TemplateResult {
    const text = orderCardMessages(this.#options.locale());
    const open = this.#open === sellableId && this.#loaded;
    return html`<button
      type="button"
      class="button secondary edit-product"
      part="edit-product-button"
      data-sellable=${sellableId}
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? 'product-panel' : nothing}
      @click=${() => void (this.#open === sellableId ? this.#close(sellableId) : this.open(sellableId))}
    >
      ${text.editProduct(item)}
    </button>`;
  }

  /** The open editor (or why it did not load), under the item table. */
  renderPanel(): TemplateResult | typeof nothing {
    const sellableId = this.#open;
    if (sellableId === undefined || (!this.#loaded && !this.#failure)) return nothing;
    const locale = this.#options.locale();
    const orderId = this.#options.orderId();
    return html`<div class="product-panel" id="product-panel" part="product-panel" tabindex="-1">
      ${
        this.#failure
          ? renderErrorBanner({ error: this.#failure, locale, onRetry: () => void this.open(sellableId) })
          : html`<product-editor
              .client=${this.#options.client()}
              order-id=${orderId ?? nothing}
              sellable-id=${sellableId}
            ></product-editor>`
      }
      <button
        type="button"
        class="button secondary"
        part="close-product-editor"
        @click=${() => this.#close(sellableId)}
      >
        ${orderCardMessages(locale).close}
      </button>
    </div>`;
  }

  /** Opens the editor of `sellableId`, loading `<product-editor>` first if it is not yet. */
  async open(sellableId: number | string): Promise<void> {
    const generation = this.#generation;
    this.#open = sellableId;
    this.#failure = undefined;
    this.#host.requestUpdate();
    try {
      await loadProductEditor();
    } catch (cause) {
      if (generation !== this.#generation || this.#open !== sellableId) return;
      this.#failure = new OpsError('network', GENERIC_MESSAGES.network, { cause });
      this.#host.requestUpdate();
      return;
    }
    if (generation !== this.#generation || this.#open !== sellableId) return;
    this.#loaded = true;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('#product-panel')?.focus();
  }

  #close(sellableId: number | string): void {
    this.#open = undefined;
    this.#failure = undefined;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot
        .querySelector<HTMLElement>(
          `[part="edit-product-button"][data-sellable="${CSS.escape(String(sellableId))}"]`,
        )
        ?.focus(),
    );
  }
}
