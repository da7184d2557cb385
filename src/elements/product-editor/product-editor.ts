import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import type { Order, Sellable } from '../../api/index.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { focusAfter } from '../../shared/focus.js';
import { formatList } from '../../shared/format.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { OpsElement } from '../../shared/ops-element.js';
import { OrderController } from '../../shared/order-controller.js';
import { refusal, renderRefusal, SessionController } from '../../shared/session.js';
import { baseStyles } from '../../shared/styles.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { ProductUpdatedEvent } from './product-editor.events.js';
import { productEditorMessages } from './product-editor.messages.js';
import { changedFields, readProductForm, type FieldKey, type ProductForm } from './product-editor.model.js';
import { productEditorStyles } from './product-editor.styles.js';
import { controlId, renderField, type FieldContext } from './product-fields.templates.js';
import { ProductSave } from './product-save-controller.js';
import type { SaveRun } from './product-save-controller.js';
import type { FailedPart } from './product-save.model.js';

/** What the last save did. */
interface SaveOutcome {
  /** Names of what was saved. */
  saved: string[];
  failed: FailedPart[];
  /** Nothing differed from what is saved, so nothing was sent. */
  unchanged?: boolean;
}

/** The sellable `sellableId` as the order carries it: a line item's, else an allocation line's. */
function sellableInOrder(order: Order, sellableId: number | string): Sellable | undefined {
  const wanted = String(sellableId);
  const lines = [
    ...(order.line_items ?? []),
    ...(order.allocations ?? []).flatMap((a) => a.line_items ?? []),
  ];
  return lines.find((line) => line.sellable && String(line.sellable.id) === wanted)?.sellable ?? undefined;
}

/**
 * Edits the product behind one sellable (a variant or a bundle), as an order carries it
 * (`order-id` and `sellable-id`) or as given (`.sellable`): the product's title, description,
 * internal notes and customs details ("Country of origin", "Tariff number"), the variant's SKU,
 * price, cost price and weight (in the sellable's weight unit, sent in grams), one field per
 * property value, and for a bundle one quantity per component.
 *
 * "Save product" sends only what changed, in as few requests as the API takes: one
 * `PUT /products/{id}` for the product and variant fields, one request per property value and per
 * bundle quantity. When some of them fail, it says which were saved and which were not, in the
 * API's words, keeps what was typed, and the next "Save product" sends only what still differs.
 * Validation errors show at their fields. Every order the client's store holds that carries the
 * sellable or its product shows what was saved at once, without reading the order again.
 * "Cancel" puts every field back to its saved value.
 *
 * @summary Edits a product's details, customs fields, variant, property values and bundle quantities.
 *
 * @fires product-updated - Changes were saved. `detail`: `{ product, sellableId }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart form - The form, named "Edit product …".
 * @csspart product-fields - The product's fields.
 * @csspart variant-fields - The variant's fields.
 * @csspart properties - The property values.
 * @csspart bundle - The bundle's quantities.
 * @csspart title-input - The "Product title" field.
 * @csspart description-input - The "Description" field.
 * @csspart notes-input - The "Internal notes" field.
 * @csspart origin-input - The "Country of origin" field.
 * @csspart tariff-input - The "Tariff number" field.
 * @csspart sku-input - The "SKU" field.
 * @csspart price-input - The "Price" field.
 * @csspart cost-input - The "Cost price" field.
 * @csspart weight-input - The "Weight" field.
 * @csspart property-input - A property value's field.
 * @csspart quantity-input - A "Quantity of …" field.
 * @csspart save-button - The "Save product" button.
 * @csspart cancel-button - The "Cancel" button.
 * @csspart refusal - Why "Save product" is disabled, when the API proxy's session does not let the user edit products.
 * @csspart notice - What the last save did.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-danger - Errors and invalid fields.
 * @cssprop --ops-color-success - The notice of a save.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class ProductEditor extends OpsElement {
  static override styles = [baseStyles, noticeStyles, productEditorStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    sellableId: { type: Number, attribute: 'sellable-id', reflect: true },
    sellable: { attribute: false },
    order: { state: true },
    typed: { state: true },
    outcome: { state: true },
  };

  /** Id of the order that carries the sellable (with `sellable-id`). */
  declare orderId: number | undefined;
  /** Id of the sellable to edit, as the order's line items name it (with `order-id`). */
  declare sellableId: number | undefined;
  /** The sellable to edit, when there is no order to read it from; wins over `order-id`. */
  declare sellable: Sellable | undefined;

  declare protected order: Order | undefined;
  /** What the user typed per field; fields not typed in show their saved value. */
  declare protected typed: Readonly<Record<FieldKey, string>>;
  declare protected outcome: SaveOutcome | undefined;

  /** `.sellable` with what this editor saved, until the host sets another. */
  #savedSellable: Sellable | undefined;
  #form: ProductForm | undefined;
  #formSource: Sellable | undefined;

  #order = new OrderController(this, {
    onChange: (order) => (this.order = order),
  });

  #session = new SessionController(this);

  #fields = new FieldErrors<FieldKey>(this, { controlId });
  /** A field to focus once the form shows it (`focusField`). */
  #focusWanted: FieldKey | undefined;

  /**
   * Focuses a field of the form (`weight`, `origin`, `tariff`, `title`, `sku`, …) as soon as the
   * form shows it: for a fix that opens the editor for one field (ship-order's "Add weight").
   */
  focusField(field: FieldKey): void {
    this.#focusWanted = field;
    this.requestUpdate();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const wanted = this.#focusWanted;
    const field =
      wanted === undefined ? null : this.renderRoot.querySelector<HTMLElement>(`#${controlId(wanted)}`);
    if (!field) return;
    this.#focusWanted = undefined;
    field.focus();
  }

  /** "Save product": checks and sends the changed fields; one failed request leaves the others' results. */
  #save = new ProductSave(this, { onComplete: (run) => void this.#onSaved(run) });

  constructor() {
    super();
    this.typed = {};
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#order.follow(this.sellable ? undefined : this.orderId);
    const another =
      (changed.has('sellable') && changed.get('sellable') !== undefined) ||
      (changed.has('sellableId') && changed.get('sellableId') !== undefined) ||
      (changed.has('orderId') && changed.get('orderId') !== undefined);
    if (changed.has('sellable')) this.#savedSellable = undefined;
    if (another) this.#reset();
  }

  /** The sellable edited: `.sellable` (with what was saved here), else the order's. */
  #current(): Sellable | undefined {
    if (this.sellable) return this.#savedSellable ?? this.sellable;
    const order = this.order ?? this.#order.loaded;
    return order && this.sellableId !== undefined ? sellableInOrder(order, this.sellableId) : undefined;
  }

  /** The form of `sellable`, read once per version of it. */
  #formOf(sellable: Sellable): ProductForm {
    if (!this.#form || this.#formSource !== sellable) {
      this.#form = readProductForm(sellable);
      this.#formSource = sellable;
    }
    return this.#form;
  }

  #value = (key: FieldKey): string => this.typed[key] ?? this.#form?.saved[key] ?? '';

  protected override render(): TemplateResult {
    const text = productEditorMessages(this.locale);
    const sellable = this.#current();
    if (!sellable) {
      const byOrder = !this.sellable && this.orderId !== undefined && !Number.isNaN(this.orderId);
      const order = this.order ?? this.#order.loaded;
      return html`<div class="card" part="card">
        ${
          !byOrder || this.sellableId === undefined
            ? html`<p class="muted">${text.noProduct}</p>`
            : order
              ? html`<p class="notice warning" part="notice">${text.notInOrder}</p>`
              : this.#order.renderPlaceholder(this.locale, text.loadingOrder)
        }
      </div>`;
    }
    const form = this.#formOf(sellable);
    const saving = this.#save.saving;
    const refused = refusal(this.#session.session, 'edit-products', this.locale);
    const context: FieldContext = {
      value: this.#value,
      errors: this.#fields,
      disabled: saving,
      onInput: this.#onInput,
    };
    // Without its product's id, nothing of the product can be saved: its fields are shown, not edited.
    const noProduct = form.productId === undefined;
    const productContext = { ...context, disabled: saving || noProduct };
    return html`<section class="card" part="card" aria-labelledby="product-heading">
      <h2 id="product-heading">${text.heading(form.name)}</h2>
      <form part="form" aria-labelledby="product-heading" novalidate @submit=${this.#onSubmit}>
        <fieldset part="product-fields" aria-describedby="product-hint">
          <legend>${text.productSection}</legend>
          <p id="product-hint" class="section-hint hint muted">${text.productHint}</p>
          ${noProduct ? html`<p class="notice warning">${text.errorNoProduct}</p>` : nothing}
          <div class="fields">
            ${renderField(productContext, 'title', text.title, { part: 'title-input', wide: true })}
            ${renderField(productContext, 'description', text.description, {
              part: 'description-input',
              multiline: true,
              wide: true,
            })}
            ${renderField(productContext, 'notes', text.notes, {
              part: 'notes-input',
              multiline: true,
              wide: true,
              hint: text.notesHint,
            })}
            ${renderField(productContext, 'origin', text.origin, { part: 'origin-input', hint: text.originHint, code: true })}
            ${renderField(productContext, 'tariff', text.tariff, { part: 'tariff-input', hint: text.tariffHint })}
          </div>
        </fieldset>
        <fieldset part="variant-fields">
          <legend>${text.variantSection}</legend>
          <div class="fields">
            ${renderField(context, 'sku', text.sku, { part: 'sku-input' })}
            ${renderField(context, 'weight', text.weight, {
              part: 'weight-input',
              inputmode: 'decimal',
              hint: text.weightUnit(form.weightUnit),
            })}
            ${renderField(context, 'price', text.price, { part: 'price-input', inputmode: 'decimal' })}
            ${renderField(context, 'cost', text.cost, { part: 'cost-input', inputmode: 'decimal' })}
          </div>
        </fieldset>
        ${
          form.properties.length > 0
            ? html`<fieldset part="properties">
                <legend>${text.propertiesSection}</legend>
                <div class="fields">
                  ${form.properties.map((field) =>
                    renderField(
                      productContext,
                      field.key,
                      field.name || text.property(String(field.entryId)),
                      {
                        part: 'property-input',
                      },
                    ),
                  )}
                </div>
              </fieldset>`
            : nothing
        }
        ${
          form.components.length > 0
            ? html`<fieldset part="bundle">
                <legend>${text.bundleSection}</legend>
                <div class="fields">
                  ${form.components.map((field) =>
                    renderField(context, field.key, text.quantityOf(field.name || String(field.contentId)), {
                      part: 'quantity-input',
                      inputmode: 'numeric',
                    }),
                  )}
                </div>
              </fieldset>`
            : nothing
        }
        ${renderRefusal(refused, 'save-refusal')}
        <div class="failures">${this.#renderFailures()}</div>
        <div class="form-actions">
          <button
            type="submit"
            class="button"
            part="save-button"
            ?disabled=${saving || refused !== undefined}
            aria-describedby=${refused ? 'save-refusal' : nothing}
          >
            ${text.save}
          </button>
          <button
            type="button"
            class="button secondary"
            part="cancel-button"
            ?disabled=${saving}
            @click=${this.#onCancel}
          >
            ${text.cancel}
          </button>
          <div class="save-status" role="status">${this.#renderStatus(saving)}</div>
        </div>
      </form>
    </section>`;
  }

  #renderStatus(saving: boolean): TemplateResult | typeof nothing {
    const text = productEditorMessages(this.locale);
    if (saving) return html`<span class="muted">${text.saving}</span>`;
    const outcome = this.outcome;
    if (!outcome) return nothing;
    if (outcome.unchanged) return html`<p class="notice" part="notice">${text.nothingChanged}</p>`;
    if (outcome.saved.length === 0) return nothing;
    const words =
      outcome.failed.length === 0 ? text.saved : text.savedPart(formatList(outcome.saved, this.locale));
    return html`<p class="notice success" part="notice">${words}</p>`;
  }

  #renderFailures(): TemplateResult[] {
    const text = productEditorMessages(this.locale);
    return (this.outcome?.failed ?? []).map(({ label, error, atFields }) =>
      renderErrorBanner({
        error,
        locale: this.locale,
        context: !label
          ? text.notSaved
          : atFields
            ? `${text.notSavedPart(label)} ${text.checkFields}`
            : text.notSavedPart(label),
        // A refusal of what was typed is corrected at the fields; anything else may pass on a retry.
        onRetry: error.code === 'validation' ? undefined : this.#retry,
      }),
    );
  }

  /** "Retry" of a failed request: the next save sends what still differs. */
  #retry = (): void => this.#submit();

  #onInput = (event: Event): void => {
    const control = event.target as HTMLInputElement | HTMLTextAreaElement;
    const key = control.dataset['field'];
    if (key === undefined) return;
    this.typed = { ...this.typed, [key]: control.value };
    if (this.outcome?.unchanged) this.outcome = undefined;
  };

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#submit();
  }

  /** Back to the saved values: what was typed, its errors and the last outcome go. */
  #onCancel(): void {
    this.#reset();
  }

  #reset(): void {
    this.typed = {};
    this.outcome = undefined;
    this.#fields.clear();
  }

  #submit(): void {
    if (this.#save.saving) return;
    if (refusal(this.#session.session, 'edit-products', this.locale)) return;
    const sellable = this.#current();
    if (!sellable) return;
    const form = this.#formOf(sellable);
    const changed = changedFields(form, this.typed);
    this.#fields.clear();
    if (changed.length === 0) {
      this.outcome = { saved: [], failed: [], unchanged: true };
      return;
    }
    this.outcome = undefined;
    this.#save.save({
      api: this.api,
      sellable,
      form,
      typed: this.typed,
      changed,
      text: productEditorMessages(this.locale),
      locale: this.locale,
    });
  }

  async #onSaved(result: SaveRun): Promise<void> {
    if (result.kind === 'unloaded') {
      this.outcome = { saved: [], failed: [{ label: '', error: result.error, atFields: false }] };
      return;
    }
    if (result.kind === 'invalid') {
      this.#fields.set(result.errors);
      void this.#fields.focusFirst();
      return;
    }
    // What was saved is the saved state now: the store's orders have it, and `.sellable`'s copy.
    if (this.sellable) this.#savedSellable = result.sellable;
    this.typed = Object.fromEntries(
      Object.entries(this.typed).filter(([key]) => !result.savedFields.includes(key)),
    );
    this.#fields.set(result.atFields);
    this.outcome = { saved: result.saved, failed: result.failed };
    if (result.product) {
      this.dispatchEvent(
        new ProductUpdatedEvent({
          product: result.product,
          sellableId: result.sellable.id,
          complete: result.failed.length === 0,
        }),
      );
    }
    if (Object.keys(result.atFields).length > 0) {
      void this.#fields.focusFirst();
      return;
    }
    // "Save product" was disabled while saving, which took the focus from it: it gets it back.
    await focusAfter(this, '[part="save-button"]');
  }
}
