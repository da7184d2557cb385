import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';
import type { EditorName, OrderEditors, OrderEditorsOptions } from './order-editor-forms.js';

/** The editors, what they run with and the note's request (editor-kit.ts), asked for on the first press. */
export const loadEditorKit = onDemand('editor-kit', () => import('./editor-kit.js'));

export interface OrderEditingOptions extends OrderEditorsOptions {
  /** Why the session does not let the user save `editor`; undefined when it does. */
  refused: (editor: EditorName) => string | undefined;
}

/**
 * The card's "Edit customer", "Edit delivery method" and "Edit product <title or SKU>" buttons,
 * and the status line of the editors' saves. What they open (`OrderEditors`,
 * order-editor-forms.ts: the customer and delivery method editors in place, and the
 * `<product-editor>` of a line item under the item table) is loaded with `import()` when a button
 * is first pressed, with `<product-editor>` on the first "Edit product …", so a page that never
 * edits never downloads them. Should loading fail, the card says so, with "Retry": beside the
 * button of an editor, under the item table for a product (with "Close").
 */
export class OrderEditing {
  readonly #host: ReactiveElement;
  readonly #options: OrderEditingOptions;
  #editors: OrderEditors | undefined;
  /** The editor that could not be loaded, and why. */
  #loadFailure: { editor: EditorName; error: OpsError } | undefined;
  /** The sellable whose editor is loading, or could not be loaded (and why). */
  #product: { sellableId: number | string; error?: OpsError } | undefined;
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

  /** The "Edit product <item>" button of one line item, under its title. */
  renderProductButton(sellableId: number | string, item: string): TemplateResult {
    const open = this.#editors?.product.sellableId === sellableId;
    return html`<button
      type="button"
      class="button secondary edit-product"
      part="edit-product-button"
      data-sellable=${sellableId}
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? 'product-panel' : nothing}
      @click=${() =>
        void ((this.#editors?.product.sellableId ?? this.#product?.sellableId) === sellableId
          ? this.#closeProduct(sellableId)
          : this.#openProduct(sellableId))}
    >
      ${orderCardMessages(this.#options.locale()).editProduct(item)}
    </button>`;
  }

  /** The open product editor (or why it did not load), under the item table. */
  renderProductPanel(): TemplateResult | typeof nothing {
    const { sellableId, error } = this.#product ?? {};
    const locale = this.#options.locale();
    const close = orderCardMessages(locale).close;
    if (!error || sellableId === undefined) {
      return this.#editors?.product.render(close, (open) => this.#closeProduct(open)) ?? nothing;
    }
    return html`<div class="product-panel" id="product-panel" part="product-panel" tabindex="-1">
      ${renderErrorBanner({ error, locale, onRetry: () => void this.#openProduct(sellableId) })}
      <button
        type="button"
        class="button secondary"
        part="close-product-editor"
        @click=${() => this.#closeProduct(sellableId)}
      >
        ${close}
      </button>
    </div>`;
  }

  /** Opens `editor` (loading the editors first, once) with focus in its first field. */
  async open(editor: EditorName): Promise<void> {
    if (this.#options.refused(editor) !== undefined) return;
    const editors = await this.#load((error) => (this.#loadFailure = { editor, error }));
    if (!editors) return;
    this.#loadFailure = undefined;
    await editors.open(editor);
  }

  /** Opens the editor of `sellableId`, loading the editors and `<product-editor>` first if they are not yet. */
  async #openProduct(sellableId: number | string): Promise<void> {
    this.#editors?.product.close();
    const pending: { sellableId: number | string; error?: OpsError } = { sellableId };
    this.#product = pending;
    this.#host.requestUpdate();
    const editors = await this.#load(
      (error) => this.#product === pending && (pending.error = error),
      (loaded) => loaded.product.load(),
    );
    if (!editors || this.#product !== pending) return;
    this.#product = undefined;
    await editors.product.show(sellableId);
  }

  #closeProduct(sellableId: number | string): void {
    this.#product = undefined;
    this.#editors?.product.close();
    const host = this.#host;
    host.requestUpdate();
    void host.updateComplete.then(() =>
      host.renderRoot
        .querySelector<HTMLElement>(
          `[part="edit-product-button"][data-sellable="${CSS.escape(String(sellableId))}"]`,
        )
        ?.focus(),
    );
  }

  /**
   * The editors, loaded first if they are not yet (and whatever else `more` loads with them);
   * undefined when that failed (`failed` keeps why, to show it) or when the order changed meanwhile.
   */
  async #load(
    failed: (error: OpsError) => unknown,
    more?: (editors: OrderEditors) => Promise<unknown>,
  ): Promise<OrderEditors | undefined> {
    const generation = this.#generation;
    let editors: OrderEditors;
    try {
      const { kit, loadEditors } = await loadEditorKit();
      const { OrderEditors } = await loadEditors();
      editors = this.#editors ??= new OrderEditors(this.#host, this.#options, kit);
      await more?.(editors);
    } catch (cause) {
      if (generation === this.#generation) failed(loadFailure(cause));
      this.#host.requestUpdate();
      return undefined;
    }
    return generation === this.#generation ? editors : undefined;
  }
}
