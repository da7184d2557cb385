import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { OpsError } from '../../api/errors.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { loadElement } from '../../shared/inner-elements.js';
import { SentFor } from '../../shared/sent-for.js';
import { refusal } from '../../shared/session.js';
import type { SessionController } from '../../shared/session.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';
import type { OrderEditors, OrderEditorsHost } from './order-editors-controller.js';
import type { CustomerField, EditorName } from './order-editors.model.js';

/** The customer and delivery method editors, loaded on the first "Edit customer" or "Edit delivery method". */
const loadEditors = onDemand('order-editors-controller', () => import('./order-editors-controller.js'));

/** What the card's editing asks of the card. */
export interface OrderEditingHost extends OrderEditorsHost {
  /** The card's own `client`, which the product editor takes too. */
  readonly client: ClientCore | undefined;
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
 * The customer and delivery method editors (`OrderEditors`, order-editors-controller.ts) open in
 * place and are loaded with `import()` when one of their buttons is first pressed; "Edit product …"
 * opens the `<product-editor>` of its line item, one at a time, registered first if it is not
 * (`loadElement`). A page that never edits never downloads them. Should loading fail, the card
 * says so, with "Retry": beside the button of an editor, under the item table for a product (with
 * "Close"). Focus goes into what opens, and back to its button when it closes. Another order shown
 * forgets what was open for the one before.
 */
export class OrderEditing implements ReactiveController {
  readonly #host: OrderEditingHost;
  /** Whether the session lets the user edit customers and delivery methods. */
  readonly #session: SessionController;
  /** The order the editing is for. */
  #orderId: number | undefined;
  #editors: OrderEditors | undefined;
  /** The editor that could not be loaded, and why. */
  #loadFailure: { editor: EditorName; error: OpsError } | undefined;
  #product: ProductPanel | undefined;
  /** The order an editor was asked for: it is not opened once another order shows. */
  readonly #openedFor = new SentFor<number | undefined>();

  constructor(host: OrderEditingHost, session: SessionController) {
    this.#host = host;
    this.#session = session;
    this.#orderId = host.orderId;
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.orderId === this.#orderId) return;
    this.#orderId = this.#host.orderId;
    this.#openedFor.forget();
    this.#loadFailure = undefined;
    this.#product = undefined;
  }

  /** Why the session does not let the user save `editor`; undefined when it does. */
  refused(editor: EditorName): string | undefined {
    // The proxy's operations are `edit-customers` and `edit-delivery-methods`.
    return refusal(this.#session.session, `edit-${editor}s`, this.#host.locale);
  }

  /** The button opening `editor`, why it is disabled, and the editor while open (or why it did not load). */
  render(editor: EditorName): TemplateResult {
    const locale = this.#host.locale;
    const text = orderCardMessages(locale);
    const open = this.#editors?.openEditor === editor;
    const refused = this.refused(editor);
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
          ? renderErrorBanner({ error: failure, locale, onRetry: this.#retryEditors })
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
    const locale = this.#host.locale;
    const orderId = this.#host.orderId;
    return html`<div class="product-panel" id="product-panel" part="product-panel" tabindex="-1">
      ${
        error
          ? renderErrorBanner({ error, locale, onRetry: this.#retryProduct })
          : html`<product-editor
              .client=${this.#host.client}
              order-id=${orderId ?? nothing}
              sellable-id=${sellableId}
            ></product-editor>`
      }
      <button type="button" class="button secondary" part="close-product-editor" @click=${this.#close}>
        ${orderCardMessages(locale).close}
      </button>
    </div>`;
  }

  /**
   * Opens `editor` (loading the editors first, once) with focus in `field`, else its first field;
   * `takeFocus` moves focus there from wherever it is (see `OrderEditors.open`).
   */
  async open(editor: EditorName, field?: CustomerField, takeFocus = false): Promise<void> {
    if (this.refused(editor) !== undefined) return;
    const orderId = this.#openedFor.send(this.#host.orderId);
    let editors: OrderEditors;
    try {
      const { OrderEditors } = await loadEditors();
      editors = this.#editors ??= new OrderEditors(this.#host);
    } catch (cause) {
      if (this.#stillFor(orderId)) this.#loadFailure = { editor, error: loadFailure(cause) };
      this.#host.requestUpdate();
      return;
    }
    // Another order shown meanwhile.
    if (!this.#stillFor(orderId)) return;
    this.#loadFailure = undefined;
    await editors.open(editor, field, takeFocus);
  }

  /** Whether the order an editor was asked for is still the one shown. */
  #stillFor(orderId: number | undefined): boolean {
    return this.#openedFor.isFor(orderId) && this.#host.orderId === orderId;
  }

  /** "Retry" of editors that could not be loaded. */
  readonly #retryEditors = (): void => {
    if (this.#loadFailure) void this.open(this.#loadFailure.editor);
  };

  /** "Retry" of a product editor that could not be loaded. */
  readonly #retryProduct = (): void => {
    if (this.#product) void this.#openProduct(this.#product.sellableId);
  };

  /** "Close" of the product panel. */
  readonly #close = (): void => {
    if (this.#product) this.#closeProduct(this.#product.sellableId);
  };

  /** Opens the product editor of `sellableId`, registering `<product-editor>` first if it is not. */
  async #openProduct(sellableId: string): Promise<void> {
    const had = focusIsWith(this.#host);
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
    await focusAfter(this.#host, '#product-panel', { had });
  }

  #closeProduct(sellableId: string): void {
    this.#product = undefined;
    this.#host.requestUpdate();
    void focusAfter(this.#host, `[part="edit-product-button"][data-sellable="${CSS.escape(sellableId)}"]`);
  }
}
