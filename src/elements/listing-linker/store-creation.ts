import { TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import { createChannel } from '../../api/endpoints/channels.js';
import type { OpsError } from '../../api/errors.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { defineMessages } from '../../shared/locale.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { StoreCreatedEvent } from './listing-linker.events.js';
import { listingLinkerMessages } from './listing-linker.messages.js';
import type { StoreForm, StoreFormKit, StoreFormOptions } from './store-form.js';

const kit: StoreFormKit = {
  html,
  nothing,
  TaskStatus,
  FieldErrors,
  renderErrorBanner,
  messages: listingLinkerMessages,
  defineMessages,
  createChannel,
  StoreCreatedEvent,
};

const loadStoreForm = onDemand('store-form', () => import('./store-form.js'));

/**
 * Store creation beside the "Store" select: the "Create store" button, the form it opens and the
 * status line of store saves. The form (`StoreForm`, store-form.ts) is loaded with `import()` when
 * the button is first pressed, so a page that never creates a store never downloads it; should
 * loading fail, a banner says so, with "Retry".
 */
export class StoreCreation {
  readonly #host: ReactiveElement;
  readonly #options: StoreFormOptions;
  #form: StoreForm | undefined;
  #loadFailure: OpsError | undefined;

  constructor(host: ReactiveElement, options: StoreFormOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** "Create store", which opens the form (or closes it); disabled, with `refused` beside it, when not allowed. */
  renderToggle(refused: string | undefined): TemplateResult {
    const open = this.#form?.isOpen ?? false;
    return html`<button
      type="button"
      class="button secondary"
      id="create-store"
      part="create-store-button"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? 'store-form' : nothing}
      aria-describedby=${refused ? 'stores-refusal' : nothing}
      ?disabled=${refused !== undefined}
      @click=${() => void (open ? this.#form?.close() : this.#open())}
    >
      ${listingLinkerMessages(this.#options.locale()).createStore}
    </button>`;
  }

  /** The open form, or why it could not be loaded. */
  renderForm(): TemplateResult | typeof nothing {
    const failure = this.#loadFailure;
    if (failure) {
      return renderErrorBanner({
        error: failure,
        locale: this.#options.locale(),
        context: listingLinkerMessages(this.#options.locale()).storeFormNotLoaded,
        onRetry: () => void this.#open(),
      });
    }
    return this.#form?.render() ?? nothing;
  }

  /** The status line of store saves: "Saving store…", then the store created. */
  renderStatus(): TemplateResult {
    // No whitespace around the message, so the line takes no room (`:empty`) while it has nothing to say.
    return html`<p class="muted form-status" role="status">${this.#form?.statusText() ?? ''}</p>`;
  }

  async #open(): Promise<void> {
    let form: StoreForm;
    try {
      const { StoreForm } = await loadStoreForm();
      form = this.#form ??= new StoreForm(this.#host, this.#options, kit);
    } catch (cause) {
      this.#loadFailure = loadFailure(cause);
      this.#host.requestUpdate();
      return;
    }
    this.#loadFailure = undefined;
    await form.open();
  }
}
