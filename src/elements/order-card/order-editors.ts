import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import { GENERIC_MESSAGES } from '../../api/error-body.js';
import { OpsError } from '../../api/errors.js';
import { onDemand } from '../../api/load-on-demand.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';
import type { EditorName, OrderEditors, OrderEditorsOptions } from './order-editor-forms.js';

/** The editors and what they run with (editor-kit.ts), asked for on the first press. */
const loadEditorKit = onDemand('editor-kit', () => import('./editor-kit.js'));

export interface OrderEditingOptions extends OrderEditorsOptions {
  /** Why the session does not let the user save `editor`; undefined when it does. */
  refused: (editor: EditorName) => string | undefined;
}

/**
 * The card's "Edit customer" and "Edit delivery method" buttons, the editor each opens in place,
 * and the status line of their saves. The editors (`OrderEditors`, order-editor-forms.ts) and
 * what they run with (editor-kit.ts) are loaded with `import()` when a button is first pressed, so a page that never edits never
 * downloads them; should loading fail, the card says so beside the button, with "Retry".
 */
export class OrderEditing {
  readonly #host: ReactiveElement;
  readonly #options: OrderEditingOptions;
  #editors: OrderEditors | undefined;
  /** The editor that could not be loaded, and why. */
  #loadFailure: { editor: EditorName; error: OpsError } | undefined;
  /** Counts `reset()`s: an editor asked for before the order changed is not opened after. */
  #generation = 0;

  constructor(host: ReactiveElement, options: OrderEditingOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Forgets the previous order's editor; called during the host's update. */
  reset(): void {
    this.#generation += 1;
    this.#loadFailure = undefined;
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

  /** Opens `editor` (loading the editors first, once) with focus in its first field. */
  async open(editor: EditorName): Promise<void> {
    if (this.#options.refused(editor) !== undefined) return;
    const generation = this.#generation;
    let editors: OrderEditors;
    try {
      const { kit, loadEditors } = await loadEditorKit();
      const { OrderEditors } = await loadEditors();
      editors = this.#editors ??= new OrderEditors(this.#host, this.#options, kit);
    } catch (cause) {
      if (generation !== this.#generation) return;
      this.#loadFailure = { editor, error: new OpsError('network', GENERIC_MESSAGES.network, { cause }) };
      this.#host.requestUpdate();
      return;
    }
    if (generation !== this.#generation) return;
    this.#loadFailure = undefined;
    await editors.open(editor);
  }
}
