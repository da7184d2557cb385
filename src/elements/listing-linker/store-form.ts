import type { Task, TaskStatus } from '@lit/task';
import type { html, nothing, ReactiveElement, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import type { createChannel } from '../../api/endpoints/channels.js';
import type { OpsError } from '../../api/errors.js';
import type { Channel } from '../../api/schemas/channel.js';
import type { FieldErrors } from '../../shared/field-errors.js';
import type { defineMessages, ResolvedLocale } from '../../shared/locale.js';
import type { RequestTaskConfig } from '../../shared/ops-element.js';
import type { renderErrorBanner } from '../../shared/templates.js';
import type { StoreCreatedEvent } from './listing-linker.events.js';
import type { ListingLinkerMessages, listingLinkerMessages } from './listing-linker.messages.js';

/*
 * This module is loaded with `import()` when "Create store" is first pressed (store-creation.ts).
 * It imports types only, and what it runs with (lit's `html`, the shared helpers, the request)
 * comes from the element in a `StoreFormKit`: a module of its own that imported them would make
 * every bundler move them out of the element's file into a chunk that both share, costing the
 * element more than this module weighs. eslint holds it to type imports.
 */

/** What the form runs with, handed over by the element. */
export interface StoreFormKit {
  html: typeof html;
  nothing: typeof nothing;
  TaskStatus: typeof TaskStatus;
  FieldErrors: typeof FieldErrors;
  renderErrorBanner: typeof renderErrorBanner;
  messages: typeof listingLinkerMessages;
  defineMessages: typeof defineMessages;
  createChannel: typeof createChannel;
  StoreCreatedEvent: typeof StoreCreatedEvent;
}

/**
 * The form's English text: keys of the element's namespace (`listing-linker`), so a translation
 * gives them there, but carried by this module, which the element's first load does not hold.
 */
export const en = {
  storeName: 'Store name',
  storeNameHint: 'A store of the type “custom integration”, which takes listings.',
  storeNameRequired: 'Enter a name for the store.',
  saveStore: 'Save store',
  savingStore: 'Saving store…',
  storeCreated: (name: string) => `Store “${name}” created and chosen.`,
  storeNotCreated: 'The store was not created.',
};

/** English text of the store form; a translation gives these keys under `listing-linker`. */
export type StoreFormMessages = typeof en;

/** The form's own text in a locale, made once the module has its kit. */
let ownText: ((locale: ResolvedLocale) => StoreFormMessages) | undefined;

export interface StoreFormOptions {
  api: () => ClientCore;
  locale: () => ResolvedLocale;
  /** The host's `requestTask`: the save's signal ends with the element, and a failure is reported. */
  requestTask: (config: RequestTaskConfig<[string], Channel>) => Task<[string], Channel>;
  /** The new store, before the host hears `store-created`: the host offers it and chooses it. */
  onCreated: (store: Channel) => void;
}

/** The only kind of store that takes listings, and so the kind this form creates. */
const STORE_TYPE = 'custom_integration';

/**
 * "Store name" and "Save store": `POST /channels` with type `custom_integration`. Input is checked
 * before sending; the API's errors about the name show at the field, any other failure in a
 * banner with "Retry", and what was typed stays until the store is saved or the form is closed.
 * "Cancel" (or Escape) closes it and returns focus to "Create store"; once saved, the host chooses
 * the new store and focus goes to the "Store" select.
 */
export class StoreForm {
  readonly #host: ReactiveElement;
  readonly #options: StoreFormOptions;
  readonly #kit: StoreFormKit;
  readonly #ownText: (locale: ResolvedLocale) => StoreFormMessages;
  readonly #fields: FieldErrors<'name'>;
  readonly #save: Task<[string], Channel>;
  #open = false;
  #name = '';
  /** The name of the store saved last, for the status line; cleared when the form opens again. */
  #saved = '';

  constructor(host: ReactiveElement, options: StoreFormOptions, kit: StoreFormKit) {
    this.#host = host;
    this.#options = options;
    this.#kit = kit;
    this.#ownText = ownText ??= kit.defineMessages('listing-linker', en as ListingLinkerMessages);
    this.#fields = new kit.FieldErrors<'name'>(host, { controlId: () => 'store-name' });
    this.#save = options.requestTask({
      autoRun: false,
      task: async ([name], signal) =>
        kit.createChannel(options.api(), { name, type_code: STORE_TYPE }, { signal }),
      onComplete: (store) => void this.#onSaved(store),
      onError: (error) => this.#onFailed(error as OpsError),
    });
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** The element's text and the form's own, in the element's locale. */
  #text(): ReturnType<typeof listingLinkerMessages> & StoreFormMessages {
    const locale = this.#options.locale();
    return { ...this.#kit.messages(locale), ...this.#ownText(locale) };
  }

  #saving(): boolean {
    return this.#save.status === this.#kit.TaskStatus.PENDING;
  }

  /** Opens the form (what was typed before a cancel is gone) and focuses "Store name". */
  async open(): Promise<void> {
    if (!this.#open) {
      this.#open = true;
      this.#name = '';
      this.#saved = '';
      this.#fields.clear();
      this.#host.requestUpdate();
    }
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLInputElement>('#store-name')?.focus();
  }

  /** Closes the form, dropping what was typed, and returns focus to "Create store". */
  async close(): Promise<void> {
    this.#shut();
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLButtonElement>('#create-store')?.focus();
  }

  #shut(): void {
    this.#open = false;
    this.#name = '';
    this.#fields.clear();
    this.#host.requestUpdate();
  }

  /** The form while open; undefined once closed. */
  render(): TemplateResult | undefined {
    const { html } = this.#kit;
    if (!this.#open) return undefined;
    const text = this.#text();
    const saving = this.#saving();
    return html`<form
      class="store-form"
      part="store-form"
      id="store-form"
      aria-label=${text.createStore}
      novalidate
      @submit=${(event: SubmitEvent) => this.#onSubmit(event)}
      @keydown=${(event: KeyboardEvent) => this.#onKeydown(event)}
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
          @input=${(event: Event) => {
            this.#name = (event.target as HTMLInputElement).value;
          }}
        />
        <span id="store-name-hint" class="hint muted">${text.storeNameHint}</span>
        ${this.#fields.message('name')}
      </div>
      ${this.#renderFailure()}
      <div class="form-actions">
        <button type="submit" class="button" part="save-store-button" ?disabled=${saving}>
          ${text.saveStore}
        </button>
        <button
          type="button"
          class="button secondary"
          part="cancel-store-button"
          @click=${() => void this.close()}
        >
          ${text.cancel}
        </button>
      </div>
    </form>`;
  }

  /** A failure the field does not show: the banner with the API's words and "Retry". */
  #renderFailure(): TemplateResult | typeof nothing {
    const { TaskStatus, renderErrorBanner } = this.#kit;
    const nothing = this.#kit.nothing;
    const error = this.#save.status === TaskStatus.ERROR ? (this.#save.error as OpsError) : undefined;
    if (!error || error.code === 'aborted' || this.#fields.any) return nothing;
    const locale = this.#options.locale();
    return renderErrorBanner({
      error,
      locale,
      context: this.#ownText(locale).storeNotCreated,
      onRetry: error.code === 'validation' ? undefined : () => this.#submit(),
    });
  }

  /** "Saving store…", then what the last save did; empty otherwise. */
  statusText(): string {
    const text = this.#ownText(this.#options.locale());
    return this.#saving() ? text.savingStore : this.#saved ? text.storeCreated(this.#saved) : '';
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#submit();
  }

  #onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    void this.close();
  }

  #submit(): void {
    if (this.#saving()) return;
    const name = this.#name.trim();
    if (!name) {
      this.#fields.set({ name: this.#ownText(this.#options.locale()).storeNameRequired });
      void this.#focusName();
      return;
    }
    this.#fields.clear();
    void this.#save.run([name]);
  }

  async #focusName(): Promise<void> {
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLInputElement>('#store-name')?.focus();
  }

  /** The form closes, the host offers and chooses the new store, and the page hears of it. */
  async #onSaved(store: Channel): Promise<void> {
    this.#saved = store.name?.trim() || String(store.id);
    this.#shut();
    this.#options.onCreated(store);
    this.#host.dispatchEvent(new this.#kit.StoreCreatedEvent({ store }));
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLSelectElement>('#store-select')?.focus();
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
