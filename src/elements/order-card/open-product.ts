import type { ReactiveElement, TemplateResult } from 'lit';
import type { OrderEditorsKit, OrderEditorsOptions } from './order-editor-forms.js';

/**
 * The `<product-editor>` "Edit product <title or SKU>" opens under the item table, with "Close",
 * loaded with the editors (order-editor-forms.ts): one at a time, with the focus on it when it
 * opens and back on its button when "Close" closes it. What it saves reaches the card through the
 * order store. Imports types only, like the editors.
 */
export class OpenProduct {
  readonly #host: ReactiveElement;
  readonly #options: OrderEditorsOptions;
  readonly #kit: OrderEditorsKit;
  #sellableId: number | string | undefined;

  constructor(host: ReactiveElement, options: OrderEditorsOptions, kit: OrderEditorsKit) {
    this.#host = host;
    this.#options = options;
    this.#kit = kit;
  }

  /** The sellable whose editor is open, if any. */
  get sellableId(): number | string | undefined {
    return this.#sellableId;
  }

  /** Forgets the previous order's editor; called during the host's update. */
  reset(): void {
    this.#sellableId = undefined;
  }

  /** Loads `<product-editor>`, if it is not yet. */
  load(): Promise<unknown> {
    return this.#kit.loadProductEditor();
  }

  /** Opens the editor of `sellableId`, with the focus on it. */
  async show(sellableId: number | string): Promise<void> {
    this.#sellableId = sellableId;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('#product-panel')?.focus();
  }

  /** Closes the editor, if one is open. */
  close(): void {
    this.#sellableId = undefined;
    this.#host.requestUpdate();
  }

  /** The open editor with "Close" (`close`, the card's word), which the card's `onClose` handles. */
  render(close: string, onClose: (sellableId: number | string) => void): TemplateResult | undefined {
    const { html, nothing } = this.#kit;
    const sellableId = this.#sellableId;
    if (sellableId === undefined) return undefined;
    const orderId = this.#options.orderId();
    return html`<div class="product-panel" id="product-panel" part="product-panel" tabindex="-1">
      <product-editor
        .client=${this.#options.client()}
        order-id=${orderId ?? nothing}
        sellable-id=${sellableId}
      ></product-editor>
      <button
        type="button"
        class="button secondary"
        part="close-product-editor"
        @click=${() => onClose(sellableId)}
      >
        ${close}
      </button>
    </div>`;
  }
}
