import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { OpsError } from '../../api/errors.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { loadElement } from '../../shared/inner-elements.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';
import type { EditorName, OrderEditors, OrderEditorsOptions } from './order-editor-forms.js';
import type { CustomerField } from './order-editor-model.js';

/** The customer and delivery method editors, loaded on the first "Edit customer" or "Edit delivery method". */
const loadEditors = onDemand('order-editor-forms', () => import('./order-editor-forms.js'));

export interface OrderEditingOptions extends OrderEditorsOptions {
  /** The card's own `client` property, which the product editor takes too. */
  client: () => ClientCore | undefined;
  /** Why the session does not let the user save `editor`; undefined when it does. */
  refused: (editor: EditorName) => string | undefined;
}

/** The line item whose product editor is asked for: loading, open, or not loaded (and why). */
interface ProductPanel {
  /** As the line item's "Edit" names it (`data-sellable`). */
  sellableId: string;
  open: boolean;
  error?: OpsError;
}

/**
 * The card's "Edit customer", "Edit delivery method" and "Edit product <title or SKU>" buttons,
 * the status line of the editors' saves, and the product editor open under the item table.
 *
 * The customer and delivery method editors (`OrderEditors`, order-editor-forms.ts) open in place
 * and are loaded with `import()` when one of their buttons is first pressed; "Edit product …"
 * opens the `<product-editor>` of its line item, one at a time, registered first if it is not
 * (`loadElement`). A page that never edits never downloads them. Should loading fail, the card
 * says so, with "Retry": beside the button of an editor, under the item table for a product (with
 * "Close"). Focus goes into what opens, and back to its button when it closes.
 */
export class OrderEditing {
  readonly #host: ReactiveElement;
  readonly #options: OrderEditingOptions;
  #editors: OrderEditors | undefined;
  /** The editor that could not be loaded, and why. */
  #loadFailure: { editor: EditorName; error: OpsError } | undefined;
  #product: ProductPanel | undefined;
  /** Counts `reset()`s: an editor asked for before the order changed is not opened after. */
  #generation = 0;

  constructor(host: ReactiveElement, options: OrderEditingOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Forgets the previous order's editors; called during the host's update. */
  reset(): void {
    this.#generation += 1;
    this.#loadFailure = undefined;
    this.#product = undefined;
    this.#editors?.reset();
  }

  /** The button opening `editor`, why it is disabled, and the editor while open (or why it did not load). */
  render(editor: EditorName): TemplateResult {
    const text = orderCardMessages(this.#options.locale());
    const open = this.#editors?.openEditor === editor;
    const refused = this.#options.refused(editor);
    const id = `edit-${editor}`;
    const failure = this.#loadFailure?.editor === editor ? this.#loadFailure.error : undefined;
    return html`<button
        type="button"
        class="button secondary"
        part="${id}-button"
        id=${id}
        aria-expanded=${open ? 'true' : 'false'}
        aria-describedby=${refused ? `${id}-refusal` : nothing}
        ?disabled=${refused !== undefined}
        @click=${() => void (open ? this.#editors?.closeAndReturn() : this.open(editor))}
      >
        ${editor === 'customer' ? text.editCustomer : text.editDeliveryMethod}
      </button>
      ${refused ? html`<p class="notice" id="${id}-refusal" part="edit-refusal">${refused}</p>` : nothing}
      ${
        failure
          ? renderErrorBanner({
              error: failure,
              locale: this.#options.locale(),
              onRetry: () => void this.open(editor),
            })
          : (this.#editors?.render(editor) ?? nothing)
      }`;
  }

  /** The status line of saves: "Saving…", then what the last save did. */
  renderStatus(): TemplateResult {
    // No whitespace around the message, so the line is `:empty` while it has nothing to say.
    const status = this.#editors?.statusText() ?? '';
    return html`<p class="muted editor-status" part="editor-status" role="status">${status}</p>`;
  }

  /**
   * Whether the product editor of `sellableId` is open, for its "Edit" button (which the card draws
   * in the line item's row).
   */
  productOpen(sellableId: string): boolean {
    return this.#product?.sellableId === sellableId && this.#product.open;
  }

  /** "Edit" of a line item: opens the product editor of `sellableId`, or closes it when asked for already. */
  toggleProduct(sellableId: string): void {
    if (this.#product?.sellableId === sellableId) this.#closeProduct(sellableId);
    else void this.#openProduct(sellableId);
  }

  /** The open product editor (or why it did not load) with "Close", under the item table. */
  renderProductPanel(): TemplateResult | typeof nothing {
    const product = this.#product;
    if (!product || (!product.open && !product.error)) return nothing;
    const { sellableId, error } = product;
    const locale = this.#options.locale();
    const orderId = this.#options.orderId();
    return html`<div class="product-panel" id="product-panel" part="product-panel" tabindex="-1">
      ${
        error
          ? renderErrorBanner({ error, locale, onRetry: () => void this.#openProduct(sellableId) })
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
        @click=${() => this.#closeProduct(sellableId)}
      >
        ${orderCardMessages(locale).close}
      </button>
    </div>`;
  }

  /** Opens `editor` (loading the editors first, once) with focus in `field`, else its first field. */
  async open(editor: EditorName, field?: CustomerField): Promise<void> {
    if (this.#options.refused(editor) !== undefined) return;
    const generation = this.#generation;
    let editors: OrderEditors;
    try {
      const { OrderEditors } = await loadEditors();
      editors = this.#editors ??= new OrderEditors(this.#host, this.#options);
    } catch (cause) {
      if (generation === this.#generation) this.#loadFailure = { editor, error: loadFailure(cause) };
      this.#host.requestUpdate();
      return;
    }
    if (generation !== this.#generation) return;
    this.#loadFailure = undefined;
    await editors.open(editor, field);
  }

  /** Opens the product editor of `sellableId`, registering `<product-editor>` first if it is not. */
  async #openProduct(sellableId: string): Promise<void> {
    const product: ProductPanel = { sellableId, open: false };
    this.#product = product;
    this.#host.requestUpdate();
    try {
      await loadElement('product-editor');
    } catch (cause) {
      if (this.#product === product) product.error = loadFailure(cause);
      this.#host.requestUpdate();
      return;
    }
    // Closed, another asked for, or another order shown meanwhile.
    if (this.#product !== product) return;
    product.open = true;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>('#product-panel')?.focus();
  }

  #closeProduct(sellableId: string): void {
    this.#product = undefined;
    const host = this.#host;
    host.requestUpdate();
    void host.updateComplete.then(() =>
      host.renderRoot
        .querySelector<HTMLElement>(`[part="edit-product-button"][data-sellable="${CSS.escape(sellableId)}"]`)
        ?.focus(),
    );
  }
}
