import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import { updateCustomer, updateDeliveryMethod } from '../../api/endpoints/customers.js';
import type { OpsError } from '../../api/errors.js';
import type { Customer, DeliveryMethod, Order } from '../../api/index.js';
import { ordersOf } from '../../api/order-store.js';
import { addStylesOnce } from '../../shared/add-styles.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { focusAfter } from '../../shared/focus.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { CustomerUpdatedEvent, DeliveryMethodUpdatedEvent } from './order-card.events.js';
import type {
  CustomerSave,
  MethodSave,
  CustomerDraft,
  CustomerField,
  EditorName,
  MethodDraft,
  MethodField,
} from './order-editors.model.js';
import {
  ADDRESS,
  CUSTOMER,
  CUSTOMER_WORDS,
  customerDraft,
  customerInput,
  METHOD_WORDS,
  methodDraft,
  methodInput,
  placeErrors,
  withCustomer,
  withDeliveryMethod,
} from './order-editors.model.js';
import { orderCardEditorsMessages } from './order-editors.messages.js';
import type { OrderCardEditorsMessages } from './order-editors.messages.js';
import { orderEditorsStyles } from './order-editors.styles.js';

/*
 * order-card's editors of the customer and the delivery method, loaded with `import()` when "Edit
 * customer" or "Edit delivery method" is first pressed (order-editing-controller.ts), with their
 * model (order-editors.model.ts), their English text (order-editors.messages.ts) and their styles
 * (order-editors.styles.ts).
 */

/** What the editors ask of the card. */
export interface OrderEditorsHost extends OpsHost {
  /** Id of the order shown. */
  readonly orderId: number | undefined;
  /** The order shown, once it is there. */
  readonly shownOrder: Order | undefined;
}

/**
 * The editors of an order card: "Edit customer" opens the customer's contact fields and billing
 * address with "Save customer" (`PUT /customers/{id}`), "Edit delivery method" its name and cost
 * with "Save delivery method" (`PUT /delivery_methods/{id}`, which every order using the method
 * shares). Only what changed is sent (the email always, as the API requires it). What was saved
 * goes into the client's order store, so the card and every element showing an order with that
 * customer or method update without reading the order again. A 400/422 shows at its fields in
 * the API's words, what was typed stays until it is saved or the editor is cancelled, and focus
 * goes into an editor when it opens and back to its button when it closes. Another order shown
 * closes them (a save under way is seen through).
 */
export class OrderEditors implements ReactiveController {
  readonly #host: OrderEditorsHost;
  /** The order the editors are for. */
  #orderId: number | undefined;
  #open: EditorName | undefined;
  #customer: { initial: CustomerDraft; draft: CustomerDraft; id: number | string } | undefined;
  #method: { initial: MethodDraft; draft: MethodDraft; id: number | string } | undefined;
  /** The failure of the open editor's last save that no field shows. */
  #failure: OpsError | undefined;
  /** What the status line says after a save. */
  #status = '';
  readonly #customerErrors: FieldErrors<CustomerField>;
  readonly #methodErrors: FieldErrors<MethodField>;
  readonly #saveCustomer: Task<[CustomerSave], { customer: Customer; request: CustomerSave }>;
  readonly #saveMethod: Task<[MethodSave], { method: DeliveryMethod; request: MethodSave }>;

  constructor(host: OrderEditorsHost) {
    this.#host = host;
    this.#orderId = host.orderId;
    addStylesOnce(host.renderRoot, orderEditorsStyles);
    this.#customerErrors = new FieldErrors<CustomerField>(host, { controlId: (f) => `customer-${f}` });
    this.#methodErrors = new FieldErrors<MethodField>(host, { controlId: (f) => `method-${f}` });
    this.#saveCustomer = requestTask(host, {
      autoRun: false,
      task: async ([request]: [CustomerSave], signal) => ({
        request,
        customer: await updateCustomer(request.api, request.customerId, request.input, { signal }),
      }),
      onComplete: ({ customer, request }) => {
        ordersOf(request.api).updateEach((order) => withCustomer(order, customer));
        this.#host.dispatchEvent(new CustomerUpdatedEvent({ customer, orderId: request.orderId }));
        this.#saved('customer', request.orderId, this.#text().customerSaved);
      },
      onError: (error) => this.#failed('customer', error as OpsError),
    });
    this.#saveMethod = requestTask(host, {
      autoRun: false,
      task: async ([request]: [MethodSave], signal) => ({
        request,
        method: await updateDeliveryMethod(request.api, request.methodId, request.input, { signal }),
      }),
      onComplete: ({ method, request }) => {
        ordersOf(request.api).updateEach((order) => withDeliveryMethod(order, method));
        this.#host.dispatchEvent(
          new DeliveryMethodUpdatedEvent({ deliveryMethod: method, orderId: request.orderId }),
        );
        this.#saved('delivery-method', request.orderId, this.#text().deliveryMethodSaved);
      },
      onError: (error) => this.#failed('delivery-method', error as OpsError),
    });
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.#host.orderId === this.#orderId) return;
    this.#orderId = this.#host.orderId;
    this.#reset();
  }

  #text(): OrderCardEditorsMessages {
    return orderCardEditorsMessages(this.#host.locale);
  }

  /** The editor open, if any. */
  get openEditor(): EditorName | undefined {
    return this.#open;
  }

  /** Whether a save is under way. */
  saving(editor: EditorName): boolean {
    const task = editor === 'customer' ? this.#saveCustomer : this.#saveMethod;
    return task.status === TaskStatus.PENDING;
  }

  /** What the status line says: a save under way, then what the last save did. */
  statusText(): string {
    const text = this.#text();
    if (this.saving('customer')) return text.savingCustomer;
    if (this.saving('delivery-method')) return text.savingDeliveryMethod;
    return this.#status;
  }

  /** Forgets the previous order's editors. */
  #reset(): void {
    this.#open = undefined;
    this.#customer = undefined;
    this.#method = undefined;
    this.#failure = undefined;
    this.#status = '';
    this.#customerErrors.clear();
    this.#methodErrors.clear();
  }

  /**
   * Opens `editor`, filled from the order shown, and focuses `field` (a customer field such as
   * `phone`, for a fix that names it), else the editor's first field: when focus is with the card,
   * or wherever it is with `takeFocus` (a method of the card asked for the field).
   */
  async open(editor: EditorName, field?: CustomerField, takeFocus = false): Promise<void> {
    const order = this.#host.shownOrder;
    if (!order) return;
    this.#close();
    this.#status = '';
    if (editor === 'customer') {
      const customer = order.customer;
      if (!customer) return;
      const draft = customerDraft(customer);
      this.#customer = { initial: draft, draft: { ...draft }, id: customer.id };
    } else {
      const method = order.delivery_method;
      if (!method || method.id === undefined || method.id === null) return;
      const draft = methodDraft(method);
      this.#method = { initial: draft, draft: { ...draft }, id: method.id };
    }
    this.#open = editor;
    this.#host.requestUpdate();
    const first = editor === 'customer' ? `#customer-${field ?? 'email'}` : '#method-name';
    if (!takeFocus) {
      await focusAfter(this.#host, first);
      return;
    }
    await this.#host.updateComplete;
    this.#host.renderRoot.querySelector<HTMLElement>(first)?.focus();
  }

  /** Closes the open editor, dropping what was typed, and returns focus to its button. */
  async closeAndReturn(): Promise<void> {
    const editor = this.#open;
    if (!editor) return;
    this.#close();
    await focusAfter(this.#host, `#edit-${editor}`);
  }

  #close(): void {
    this.#open = undefined;
    this.#customer = undefined;
    this.#method = undefined;
    this.#failure = undefined;
    this.#customerErrors.clear();
    this.#methodErrors.clear();
    this.#host.requestUpdate();
  }

  /** The editor `editor`, if it is the one open. */
  render(editor: EditorName): TemplateResult | undefined {
    if (this.#open !== editor) return undefined;
    return editor === 'customer' ? this.#renderCustomer() : this.#renderMethod();
  }

  #renderCustomer(): TemplateResult | undefined {
    const state = this.#customer;
    if (!state) return undefined;
    const text = this.#text();
    const errors = this.#customerErrors;
    const field = (name: CustomerField, label: string, type = 'text', autocomplete = 'off', hint?: string) =>
      this.#renderField('customer', name, label, state.draft[name], errors, { type, autocomplete, hint });
    return html`<form
      class="editor"
      part="customer-editor"
      id="customer-editor"
      aria-labelledby="customer-editor-heading"
      novalidate
      @submit=${(event: SubmitEvent) => this.#submit(event, 'customer')}
      @keydown=${(event: KeyboardEvent) => this.#onKeydown(event)}
    >
      <h4 id="customer-editor-heading" class="visually-hidden">${text.customerEditor}</h4>
      <div class="editor-fields">
        ${field('email', text.email, 'email', 'email')} ${field('phone', text.phone, 'tel', 'tel')}
        ${field('mobile', text.mobile, 'tel', 'tel')}
        <div class="field">
          <label for="customer-customer_type">${text.customerType}</label>
          <select
            id="customer-customer_type"
            .value=${state.draft.customer_type}
            aria-invalid=${errors.invalid('customer_type')}
            aria-describedby=${errors.describedBy('customer_type')}
            @change=${(event: Event) => this.#onInput('customer', 'customer_type', event)}
          >
            ${
              state.initial.customer_type === 'retail' || state.initial.customer_type === 'wholesale'
                ? ''
                : html`<option value="">${text.typeNotSet}</option>`
            }
            <option value="retail" ?selected=${state.draft.customer_type === 'retail'}>${text.retail}</option>
            <option value="wholesale" ?selected=${state.draft.customer_type === 'wholesale'}>
              ${text.wholesale}
            </option>
          </select>
          ${errors.message('customer_type')}
        </div>
        <div class="field wide">
          <label for="customer-notes">${text.customerNotes}</label>
          <textarea
            id="customer-notes"
            rows="2"
            .value=${state.draft.notes}
            aria-invalid=${errors.invalid('notes')}
            aria-describedby=${errors.describedBy('notes')}
            @input=${(event: Event) => this.#onInput('customer', 'notes', event)}
          ></textarea>
          ${errors.message('notes')}
        </div>
      </div>
      <fieldset class="editor-fields">
        <legend>${text.billingAddress}</legend>
        ${field('first_name', text.firstName, 'text', 'billing given-name')}
        ${field('last_name', text.lastName, 'text', 'billing family-name')}
        ${field('company', text.company, 'text', 'billing organization')}
        ${field('address1', text.address1, 'text', 'billing address-line1')}
        ${field('address2', text.address2, 'text', 'billing address-line2')}
        ${field('city', text.city, 'text', 'billing address-level2')}
        ${field('country', text.country, 'text', 'billing country', text.countryHint)}
        ${field('zip', text.postcode, 'text', 'billing postal-code')}
      </fieldset>
      ${this.#renderActions('customer', text.saveCustomer, text.customerNotSaved)}
    </form>`;
  }

  #renderMethod(): TemplateResult | undefined {
    const state = this.#method;
    if (!state) return undefined;
    const text = this.#text();
    const errors = this.#methodErrors;
    return html`<form
      class="editor"
      part="delivery-method-editor"
      id="delivery-method-editor"
      aria-labelledby="delivery-editor-heading"
      novalidate
      @submit=${(event: SubmitEvent) => this.#submit(event, 'delivery-method')}
      @keydown=${(event: KeyboardEvent) => this.#onKeydown(event)}
    >
      <h4 id="delivery-editor-heading" class="visually-hidden">${text.deliveryEditor}</h4>
      <p class="notice warning" id="method-warning" part="delivery-method-warning">${text.methodWarning}</p>
      <div class="editor-fields">
        ${this.#renderField('delivery-method', 'name', text.methodName, state.draft.name, errors, {
          describedBy: 'method-warning',
        })}
        ${this.#renderField('delivery-method', 'cost', text.methodCost, state.draft.cost, errors, {
          inputmode: 'decimal',
        })}
      </div>
      ${this.#renderActions('delivery-method', text.saveDeliveryMethod, text.deliveryMethodNotSaved)}
    </form>`;
  }

  #renderField<F extends string>(
    editor: EditorName,
    field: F,
    label: string,
    value: string,
    errors: FieldErrors<F>,
    options: {
      type?: string;
      autocomplete?: string;
      hint?: string;
      inputmode?: string;
      describedBy?: string;
    },
  ): TemplateResult {
    const id = `${editor === 'customer' ? 'customer' : 'method'}-${field}`;
    return html`<div class="field">
      <label for=${id}>${label}</label>
      <input
        id=${id}
        type=${options.type ?? 'text'}
        autocomplete=${options.autocomplete ?? 'off'}
        inputmode=${options.inputmode ?? nothing}
        .value=${value}
        aria-invalid=${errors.invalid(field)}
        aria-describedby=${errors.describedBy(field, options.hint && `${id}-hint`, options.describedBy)}
        @input=${(event: Event) => this.#onInput(editor, field, event)}
      />
      ${options.hint ? html`<span class="hint muted" id="${id}-hint">${options.hint}</span>` : nothing}
      ${errors.message(field)}
    </div>`;
  }

  #renderActions(editor: EditorName, save: string, notSaved: string): TemplateResult {
    const failure = this.#failure;
    return html`${
        failure
          ? renderErrorBanner({
              error: failure,
              locale: this.#host.locale,
              context: notSaved,
              onRetry: this.#retry,
            })
          : nothing
      }
      <div class="form-actions">
        <button type="submit" class="button" part="save-${editor}-button" ?disabled=${this.saving(editor)}>
          ${save}
        </button>
        <button
          type="button"
          class="button secondary"
          part="cancel-${editor}-button"
          @click=${() => void this.closeAndReturn()}
        >
          ${this.#text().cancel}
        </button>
      </div>`;
  }

  #onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    void this.closeAndReturn();
  }

  #onInput(editor: EditorName, field: string, event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    const state = editor === 'customer' ? this.#customer : this.#method;
    if (!state || this.#open !== editor) return;
    (state.draft as Record<string, string>)[field] = value;
    this.#host.requestUpdate();
  }

  /** "Retry" of the open editor's failed save. */
  readonly #retry = (): void => {
    if (this.#open) this.#save(this.#open);
  };

  #submit(event: SubmitEvent, editor: EditorName): void {
    event.preventDefault();
    this.#save(editor);
  }

  #save(editor: EditorName): void {
    const orderId = this.#host.orderId;
    if (orderId === undefined || this.saving(editor) || this.#open !== editor) return;
    const text = this.#text();
    const api = this.#host.api;
    this.#failure = undefined;
    if (editor === 'customer') {
      const state = this.#customer;
      if (!state) return;
      const checked = customerInput(state.draft, state.initial, text);
      if ('errors' in checked) return this.#invalid(editor, checked.errors);
      this.#customerErrors.clear();
      if (!checked.input) return this.#unchanged();
      void this.#saveCustomer.run([{ api, orderId, customerId: state.id, input: checked.input }]);
    } else {
      const state = this.#method;
      if (!state) return;
      const checked = methodInput(state.draft, state.initial, text);
      if ('errors' in checked) return this.#invalid(editor, checked.errors);
      this.#methodErrors.clear();
      if (!checked.input) return this.#unchanged();
      void this.#saveMethod.run([{ api, orderId, methodId: state.id, input: checked.input }]);
    }
    this.#host.requestUpdate();
  }

  /** Nothing to send: the editor closes as after a save, saying nothing was saved. */
  #unchanged(): void {
    this.#status = this.#text().nothingChanged;
    void this.closeAndReturn();
  }

  #invalid(editor: EditorName, errors: Record<string, string>): void {
    if (editor === 'customer') this.#customerErrors.set(errors);
    else this.#methodErrors.set(errors);
    void this.#focusInvalid();
  }

  /** Focus goes to the open editor's first field in error, once the errors show. */
  async #focusInvalid(): Promise<void> {
    this.#host.requestUpdate();
    await focusAfter(this.#host, '.editor [aria-invalid="true"], .editor [role="alert"]');
  }

  /** A save went through: the editor it came from closes (if the order is still the one shown). */
  #saved(editor: EditorName, orderId: number, status: string): void {
    if (orderId !== this.#host.orderId) return;
    this.#status = status;
    if (this.#open === editor) void this.closeAndReturn();
    else this.#host.requestUpdate();
  }

  #failed(editor: EditorName, error: OpsError): void {
    if (this.#open !== editor || error.code === 'aborted') return;
    if (error.status === 400 || error.status === 422) {
      let placed: Record<string, string>;
      let rest: string[];
      if (editor === 'customer') {
        ({ placed, rest } = placeErrors(error, CUSTOMER_WORDS, [...CUSTOMER, ...ADDRESS]));
        this.#customerErrors.set(placed);
      } else {
        ({ placed, rest } = placeErrors(error, METHOD_WORDS, ['name', 'cost'] as const));
        this.#methodErrors.set(placed);
      }
      if (rest.length > 0 || Object.keys(placed).length === 0) this.#failure = error;
      void this.#focusInvalid();
      return;
    }
    this.#failure = error;
    this.#host.requestUpdate();
  }
}
