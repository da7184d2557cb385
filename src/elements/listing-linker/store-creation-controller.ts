import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { createChannel } from '../../api/endpoints/channels.js';
import type { OpsError } from '../../api/errors.js';
import type { Channel } from '../../api/schemas/channel.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { focusAfter } from '../../shared/focus.js';
import type { ClientCore } from '../../api/core.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { StoreCreatedEvent } from './listing-linker.events.js';
import { listingLinkerMessages } from './listing-linker.messages.js';

export interface StoreCreationOptions {
  /** The new store, before the host hears `store-created`: the host offers it and chooses it. */
  onCreated: (store: Channel) => void;
}

/** The only kind of store that takes listings, and so the kind this form creates. */
const STORE_TYPE = 'custom_integration';

/**
 * Store creation beside the "Store" select: the "Create store" button, the form it opens ("Store
 * name" and "Save store": `POST /channels` with type `custom_integration`) and the status line of
 * store saves. Input is checked before sending; the API's errors about the name show at the field,
 * any other failure in a banner with "Retry", and what was typed stays until the store is saved or
 * the form is closed. "Cancel" (or Escape) closes it and returns focus to "Create store"; once
 * saved, the host chooses the new store and focus goes to the "Store" select. Another client (another
 * account) forgets the store saved last.
 */
export class StoreCreation implements ReactiveController {
  readonly #host: OpsHost;
  readonly #options: StoreCreationOptions;
  readonly #fields: FieldErrors<'name'>;
  readonly #save: Task<[string], Channel>;
  #open = false;
  #name = '';
  /** The name of the store saved last, for the status line; cleared when the form opens again. */
  #saved = '';
  /** The client the last store was saved through: its store is not news for another account. */
  #client: ClientCore | undefined;

  constructor(host: OpsHost, options: StoreCreationOptions) {
    this.#host = host;
    this.#options = options;
    this.#fields = new FieldErrors<'name'>(host, { controlId: () => 'store-name' });
    this.#save = requestTask(host, {
      autoRun: false,
      task: async ([name], signal) => createChannel(host.api, { name, type_code: STORE_TYPE }, { signal }),
      onComplete: (store) => void this.#onSaved(store),
      onError: (error) => this.#onFailed(error as OpsError),
    });
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.api === this.#client) return;
    this.#client = this.#host.api;
    this.#saved = '';
  }

  /** The element's text, in its locale. */
  #text(): ReturnType<typeof listingLinkerMessages> {
    return listingLinkerMessages(this.#host.locale);
  }

  #saving(): boolean {
    return this.#save.status === TaskStatus.PENDING;
  }

  /** "Create store", which opens the form (or closes it); disabled, with `refused` beside it, when not allowed. */
  renderToggle(refused: string | undefined): TemplateResult {
    const open = this.#open;
    return html`<button
      type="button"
      class="button secondary"
      id="create-store"
      part="create-store-button"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${open ? 'store-form' : nothing}
      aria-describedby=${refused ? 'stores-refusal' : nothing}
      ?disabled=${refused !== undefined}
      @click=${this.#toggle}
    >
      ${this.#text().createStore}
    </button>`;
  }

  /** The status line of store saves: "Saving store…", then the store created. */
  renderStatus(): TemplateResult {
    // No whitespace around the message, so the line takes no room (`:empty`) while it has nothing to say.
    return html`<p class="muted form-status" role="status">${this.#statusText()}</p>`;
  }

  /** "Create store": opens the form, or closes it when open. */
  readonly #toggle = (): void => void (this.#open ? this.#close() : this.#openForm());

  /** Opens the form (what was typed before a cancel is gone) and focuses "Store name". */
  async #openForm(): Promise<void> {
    if (!this.#open) {
      this.#open = true;
      this.#name = '';
      this.#saved = '';
      this.#fields.clear();
      this.#host.requestUpdate();
    }
    await this.#focusName();
  }

  /** Closes the form, dropping what was typed, and returns focus to "Create store". */
  readonly #close = async (): Promise<void> => {
    this.#shut();
    await focusAfter(this.#host, '#create-store');
  };

  #shut(): void {
    this.#open = false;
    this.#name = '';
    this.#fields.clear();
    this.#host.requestUpdate();
  }

  /** The form while open. */
  renderForm(): TemplateResult | typeof nothing {
    if (!this.#open) return nothing;
    const text = this.#text();
    const saving = this.#saving();
    return html`<form
      class="store-form"
      part="store-form"
      id="store-form"
      aria-label=${text.createStore}
      novalidate
      @submit=${this.#onSubmit}
      @keydown=${this.#onKeydown}
    >
      <div class="field">
        <label for="store-name">${text.storeName}</label>
        <input
          id="store-name"
          part="store-name-input"
          type="text"
          autocomplete="off"
          required
          .value=${this.#name}
          aria-invalid=${this.#fields.invalid('name')}
          aria-describedby=${this.#fields.describedBy('name', 'store-name-hint')}
          @input=${this.#onNameInput}
        />
        <span id="store-name-hint" class="hint muted">${text.storeNameHint}</span>
        ${this.#fields.message('name')}
      </div>
      ${this.#renderFailure()}
      <div class="form-actions">
        <button type="submit" class="button" part="save-store-button" ?disabled=${saving}>
          ${text.saveStore}
        </button>
        <button type="button" class="button secondary" part="cancel-store-button" @click=${this.#close}>
          ${text.cancel}
        </button>
      </div>
    </form>`;
  }

  /** A failure the field does not show: the banner with the API's words and "Retry". */
  #renderFailure(): TemplateResult | typeof nothing {
    const error = this.#save.status === TaskStatus.ERROR ? (this.#save.error as OpsError) : undefined;
    if (!error || error.code === 'aborted' || this.#fields.any) return nothing;
    return renderErrorBanner({
      error,
      locale: this.#host.locale,
      context: this.#text().storeNotCreated,
      onRetry: error.code === 'validation' ? undefined : this.#submit,
    });
  }

  /** "Saving store…", then what the last save did; empty otherwise. */
  #statusText(): string {
    const text = this.#text();
    return this.#saving() ? text.savingStore : this.#saved ? text.storeCreated(this.#saved) : '';
  }

  readonly #onNameInput = (event: Event): void => {
    this.#name = (event.target as HTMLInputElement).value;
  };

  readonly #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    this.#submit();
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    void this.#close();
  };

  /** "Save store", and "Retry" after a failure. */
  readonly #submit = (): void => {
    if (this.#saving()) return;
    const name = this.#name.trim();
    if (!name) {
      this.#fields.set({ name: this.#text().storeNameRequired });
      void this.#focusName();
      return;
    }
    this.#fields.clear();
    void this.#save.run([name]);
  };

  async #focusName(): Promise<void> {
    await focusAfter(this.#host, '#store-name');
  }

  /** The form closes, the host offers and chooses the new store, and the page hears of it. */
  async #onSaved(store: Channel): Promise<void> {
    this.#saved = store.name?.trim() || String(store.id);
    this.#shut();
    this.#options.onCreated(store);
    this.#host.dispatchEvent(new StoreCreatedEvent({ store }));
    await focusAfter(this.#host, '#store-select');
  }

  /**
   * A 422 about the name shows at the field; so does one that names no attribute at all, as the
   * form has no other field ("Name can't be blank"). Anything else stays in the banner.
   */
  #onFailed(error: OpsError): void {
    if (!this.#open || error.status !== 422) return;
    const attributes = Object.keys(error.fieldErrors);
    const named = error.fieldErrors['name'];
    const message = named ? named.join(' ') : attributes.length === 0 ? error.messages.join(' ') : '';
    if (!message) return;
    this.#fields.set({ name: message });
    void this.#focusName();
  }
}
