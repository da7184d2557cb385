import { TaskStatus } from '@lit/task';
import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { createAllocation } from '../../api/endpoints/allocations.js';
import type { OpsError } from '../../api/errors.js';
import type { Order } from '../../api/index.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { focusAfter } from '../../shared/focus.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import { OpsElement } from '../../shared/ops-element.js';
import { refusal, renderRefusal, SessionController } from '../../shared/session.js';
import { OrderController } from '../../shared/order-controller.js';
import { SentFor } from '../../shared/sent-for.js';
import { baseStyles } from '../../shared/styles.js';
import { badgeStyles } from '../../shared/badge.styles.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { renderBadge, renderErrorBanner, renderStatusBadge } from '../../shared/templates.js';
import { AllocationCreatedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import { allocationRows, bestWarehouse, warehouseChoices } from '../../shipping/allocation-stock.js';
import type { AllocationRow, WarehouseChoice } from '../../shipping/allocation-stock.js';
import { allocationResultOf, parseQuantity } from './allocation-form.model.js';
import type { AllocationDone, AllocationLine, AllocationResult } from './allocation-form.model.js';
import { allocationFormStyles } from './allocation-form.styles.js';
import { renderAllocationResult } from './allocation-form.templates.js';
import { AllocationRemoval } from './allocation-removal-controller.js';
import { StockCorrection } from './stock-correction-controller.js';

/** The field error that is about the lines together: nothing to allocate was chosen. */
const CHOICE = 'choice';

interface FormView {
  order: Order;
  rows: AllocationRow[];
  choices: WarehouseChoice[];
}

/**
 * Allocates an order's stock to a warehouse: a "Warehouse" select built from the line items'
 * stock entries (each option says how much of what is still to allocate it has), a quantity per
 * line item defaulting to what is still unallocated, checked at the field before anything is sent,
 * and an "Allocate" button. Existing allocations are listed, each with "Remove allocation" and an
 * inline confirmation.
 *
 * Where the chosen warehouse is short of a line's quantity, "Adjust stock for …" opens a "Stock
 * level" field (and "Location" when the stock entry has one) with "Save stock", which corrects the
 * warehouse's stock entry; the stock shown, here and in every element sharing the client, follows.
 * Where the warehouse does not stock the line's item at all, "Adjust stock for … at …" creates its
 * stock entry there, and the line can be allocated at once. The warehouses offered are those
 * stocking any item, then the store's own.
 *
 * The order comes from the client's order store, so an `order-card` for the same order shows a new
 * or removed allocation at once, without fetching the order again.
 *
 * @summary Allocates order line items to a warehouse and removes allocations.
 *
 * @fires allocation-created - An allocation was made. `detail`: `{ order, allocation }`.
 * @fires allocation-deleted - An allocation was removed. `detail`: `{ order, allocationId }`.
 * @fires stock-updated - A stock level was corrected. `detail`: `{ sellableId, warehouseId, stockEntry }`
 * (the entry as the API returned it).
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart header - Heading and order status.
 * @csspart badge - The order status badge.
 * @csspart form - The allocation form.
 * @csspart warehouse-select - The "Warehouse" select.
 * @csspart line-items - The list of line items with their quantity fields.
 * @csspart quantity-input - A "Quantity for …" field.
 * @csspart allocate-button - The "Allocate" button.
 * @csspart refusal - Why "Allocate" is disabled, when the API proxy's session does not let the user allocate.
 * @csspart result - What the last allocation did.
 * @csspart allocations - The existing allocations.
 * @csspart remove-button - A "Remove allocation" button.
 * @csspart confirm-remove - The inline confirmation of a removal.
 * @csspart confirm-remove-button - "Remove" inside the confirmation.
 * @csspart cancel-remove-button - "Cancel" inside the confirmation.
 * @csspart adjust-stock-button - An "Adjust stock for …" button beside a line the warehouse is short of, or
 *   "Adjust stock for … at …" beside one it does not stock (the save creates the stock entry).
 * @csspart stock-editor - The stock correction of one line at one warehouse.
 * @csspart stock-level-input - The "Stock level" field.
 * @csspart stock-location-input - The "Location" field.
 * @csspart save-stock-button - The "Save stock" button.
 * @csspart cancel-stock-button - "Cancel" inside the stock correction.
 * @csspart stock-status - What the last stock correction did ("Saving stock…", then the outcome).
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-danger - Errors and the remove buttons.
 * @cssprop --ops-color-warning - Stock warnings.
 * @cssprop --ops-color-success - The result of a complete allocation.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class AllocationForm extends OpsElement {
  static override styles = [baseStyles, badgeStyles, noticeStyles, allocationFormStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    order: { state: true },
    warehouseKey: { state: true },
    typed: { state: true },
    result: { state: true },
  };

  /** Id of the order to allocate. */
  declare orderId: number | undefined;

  declare protected order: Order | undefined;
  /** The warehouse the user chose; until then the one holding most of what is wanted. */
  declare protected warehouseKey: string | undefined;
  /** What the user typed per row key; rows not typed in show their default. */
  declare protected typed: Readonly<Record<string, string>>;
  /** What the last allocation did, while the order it was sent for is shown. */
  declare protected result: AllocationResult | undefined;
  #view: FormView | undefined;
  /** The order the last allocation was sent for, while it is the order shown. */
  readonly #sentFor = new SentFor<number>();

  #allocation = this.requestTask({
    autoRun: false,
    task: async (
      [orderId, warehouse, lines, before]: readonly [number, WarehouseChoice, AllocationLine[], Set<string>],
      signal,
    ) => {
      const updated = await createAllocation(
        this.api,
        orderId,
        { warehouseId: warehouse.id, lineItems: lines },
        { signal },
      );
      return { orderId, warehouse, lines, before, updated };
    },
    onComplete: (done) => void this.#onAllocated(done),
    // Its fields and button were disabled while it sent: focus goes to "Retry", if it was with the form.
    onError: () => void focusAfter(this, '[part="form"] [part="retry-button"]'),
  });

  #order = new OrderController(this, {
    onChange: (order) => (this.order = order),
  });

  /** Whether the API proxy's session lets the user allocate. */
  #session = new SessionController(this);

  #removal = new AllocationRemoval(this, {
    onRemoving: () => (this.result = undefined),
  });

  /** Each line's quantity error, keyed by row, and the lines' shared one (`CHOICE`). */
  #fields = new FieldErrors<string>(this, {
    controlId: (key) => (key === CHOICE ? CHOICE : `quantity-${key}`),
  });

  #stock = new StockCorrection(this, {
    onSaved: (rowKey, warehouseKey) => {
      // The warehouse stays the one corrected, and what the line's field said about it is stale.
      this.warehouseKey = warehouseKey;
      this.#fields.clear(rowKey);
    },
  });

  constructor() {
    super();
    this.typed = {};
  }

  /**
   * The order shown: the store's version, else the one loaded for `order-id`.
   * @internal
   */
  get shownOrder(): Order | undefined {
    return this.order ?? this.#order.loaded;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#order.follow(this.orderId);
    if (changed.has('orderId') && changed.get('orderId') !== undefined) {
      // Writes still under way belong to the previous order: their answers no longer speak here.
      // (The removal and the stock correction forget theirs as they see the new order.)
      this.#sentFor.forget();
      this.warehouseKey = undefined;
      this.typed = {};
      this.#fields.clear();
      this.result = undefined;
    }
  }

  /** Rows and warehouses of the order, worked out once per version of the order. */
  #viewOf(order: Order): FormView {
    if (this.#view?.order !== order) {
      const rows = allocationRows(order);
      this.#view = { order, rows, choices: warehouseChoices(order, rows) };
    }
    return this.#view;
  }

  #chosenWarehouse(view: FormView): WarehouseChoice | undefined {
    return view.choices.find((choice) => choice.key === this.warehouseKey) ?? bestWarehouse(view.choices);
  }

  /** What the row's field holds: what was typed, else what is still unallocated. */
  #fieldValue(row: AllocationRow): string {
    return this.typed[row.key] ?? String(row.unallocated);
  }

  protected override render(): TemplateResult {
    const text = allocationFormMessages(this.locale);
    const order = this.shownOrder;
    if (this.orderId === undefined || Number.isNaN(this.orderId)) {
      return html`<div class="card" part="card"><p class="muted">${text.noOrder}</p></div>`;
    }
    if (!order) {
      return html`<div class="card" part="card">
        ${this.#order.renderPlaceholder(this.locale, text.loadingOrder)}
      </div>`;
    }
    const view = this.#viewOf(order);
    const fullyAllocated =
      view.rows.length > 0
        ? view.rows.every((row) => row.unallocated === 0)
        : order.allocated_completely === true;
    return html`<section class="card" part="card" aria-labelledby="allocation-heading">
      <header class="header" part="header">
        <h2 id="allocation-heading">${this.#heading(order.number ?? String(order.id))}</h2>
        ${order.status ? renderStatusBadge(order.status, this.locale) : nothing}
      </header>
      <div class="result-region" role="status">${renderAllocationResult(this.result, this.locale)}</div>
      ${
        fullyAllocated
          ? this.result
            ? nothing
            : html`<p class="notice success">${text.orderAllocated}</p>`
          : view.choices.length === 0
            ? html`<p class="notice warning">${text.noWarehouses}</p>`
            : this.#renderForm(view)
      }
      ${this.#removal.render(order)}
    </section>`;
  }

  /** "Allocate stock for order <number>", the number never broken at its hyphen. */
  #heading(number: string): TemplateResult {
    const heading = allocationFormMessages(this.locale).heading(number);
    const at = heading.indexOf(number);
    if (at < 0) return html`${heading}`;
    return html`${heading.slice(0, at)}<span class="order-number">${number}</span>${heading.slice(
        at + number.length,
      )}`;
  }

  #renderForm(view: FormView): TemplateResult {
    const choiceError = this.#fields.get(CHOICE);
    const text = allocationFormMessages(this.locale);
    const saving = this.#allocation.status === TaskStatus.PENDING;
    const error =
      this.#allocation.status === TaskStatus.ERROR ? (this.#allocation.error as OpsError) : undefined;
    const failure = error?.code !== 'aborted' && this.#sentFor.isFor(this.orderId) ? error : undefined;
    const chosen = this.#chosenWarehouse(view);
    const refused = refusal(this.#session.session, 'allocate', this.locale);
    return html`${renderRefusal(refused, 'allocate-refusal')}
      <form class="allocation-form" part="form" novalidate @submit=${this.#onSubmit}>
        <div class="field warehouse-field">
          <label for="warehouse">${text.warehouse}</label>
          <select
            id="warehouse"
            part="warehouse-select"
            aria-describedby="warehouse-hint"
            ?disabled=${saving}
            @change=${this.#onWarehouseChange}
          >
            ${view.choices.map(
              // The option's selectedness, not its selected attribute: once the user has picked a
              // warehouse, Firefox (as the HTML standard says) no longer follows the attribute, so
              // the warehouse offered next after an allocation stayed unselected there. The chosen
              // warehouse follows every pick (#onWarehouseChange), so the DOM never differs from it.
              (choice) =>
                html`<option value=${choice.key} .selected=${choice.key === chosen?.key}>
                  ${text.warehouseOption(
                    choice.name,
                    choice.unitsInStock,
                    choice.unitsWanted,
                    this.#count(choice.unitsInStock),
                    this.#count(choice.unitsWanted),
                  )}
                </option>`,
            )}
          </select>
          <span id="warehouse-hint" class="hint muted">${text.warehouseHint}</span>
        </div>
        <fieldset class="lines" aria-describedby=${this.#fields.describedBy(CHOICE)}>
          <legend>${text.quantities}</legend>
          <ul class="line-list" part="line-items">
            ${view.rows.map((row) => this.#renderRow(row, chosen))}
          </ul>
          ${choiceError ? html`<p id="choice-error" class="field-error">${choiceError}</p>` : nothing}
          ${this.#stock.renderStatus()}
        </fieldset>
        ${
          failure
            ? renderErrorBanner({
                error: failure,
                locale: this.locale,
                context: text.notAllocated,
                onRetry: this.#allocate,
              })
            : nothing
        }
        <div class="form-actions">
          <button
            type="submit"
            class="button"
            part="allocate-button"
            ?disabled=${saving || refused !== undefined}
            aria-describedby=${refused ? 'allocate-refusal' : nothing}
          >
            ${text.allocate}
          </button>
          <span role="status" class="muted">${saving ? text.allocating : ''}</span>
        </div>
      </form>`;
  }

  #renderRow(row: AllocationRow, warehouse: WarehouseChoice | undefined): TemplateResult {
    const text = allocationFormMessages(this.locale);
    const name = row.title || row.sku || EMPTY;
    const meta = html`<span class="line-meta muted">
      ${row.sku ? html`<span class="sku">${row.sku}</span> · ` : nothing}${text.lineSummary(
        this.#count(row.ordered),
        this.#count(row.allocated),
      )}
    </span>`;
    if (row.unallocated === 0) {
      return html`<li class="line done">
        <div class="line-text"><span class="label">${name}</span>${meta}</div>
        ${renderBadge(text.lineAllocated, 'success')}
      </li>`;
    }
    const available = warehouse ? row.stock.get(warehouse.key) : undefined;
    const stocked = available !== undefined;
    const value = stocked ? this.#fieldValue(row) : '0';
    const error = stocked ? this.#fields.get(row.key) : undefined;
    const wanted = parseQuantity(value);
    const short = stocked && wanted.ok && wanted.quantity > available;
    const warehouseName = warehouse?.name ?? EMPTY;
    const stockText = !stocked
      ? text.notStockedAt(warehouseName)
      : short && !error
        ? text.errorMoreThanAvailable(available, this.#count(available), warehouseName)
        : available === Infinity
          ? text.unlimitedAt(warehouseName)
          : text.availableAt(this.#count(available), warehouseName);
    const inputId = `quantity-${row.key}`;
    const choiceError = this.#fields.get(CHOICE);
    const stockRefused = refusal(this.#session.session, 'stock', this.locale);
    return html`<li class="line">
      <div class="line-text">
        <label for=${inputId}>${text.quantityFor(name)}</label>
        ${meta}
        <span id="stock-${row.key}" class="stock ${short && !error ? 'warning' : 'muted'}">${stockText}</span>
        ${stocked ? this.#fields.message(row.key) : nothing}
        ${warehouse ? this.#stock.renderToggle(row, warehouse, short || !stocked, stockRefused) : nothing}
      </div>
      <input
        id=${inputId}
        part="quantity-input"
        type="text"
        inputmode="numeric"
        autocomplete="off"
        size="5"
        .value=${value}
        ?disabled=${!stocked || this.#allocation.status === TaskStatus.PENDING}
        aria-invalid=${stocked ? this.#fields.invalid(row.key, Boolean(choiceError)) : 'false'}
        aria-describedby=${this.#fields.describedBy(row.key, `stock-${row.key}`, choiceError && 'choice-error')}
        data-row=${row.key}
        @input=${this.#onQuantityInput}
      />
      ${warehouse ? this.#stock.renderEditor(row, warehouse) : nothing}
    </li>`;
  }

  #count(n: number): string {
    return formatNumber(n, this.locale);
  }

  #onWarehouseChange(event: Event): void {
    this.warehouseKey = (event.target as HTMLSelectElement).value;
    this.#fields.clear();
  }

  #onQuantityInput(event: Event): void {
    const input = event.target as HTMLInputElement;
    const key = input.dataset['row'];
    if (key === undefined) return;
    this.typed = { ...this.typed, [key]: input.value };
    this.#fields.clear(CHOICE);
    this.result = undefined;
    this.#removal.clearNotice();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#allocate();
  }

  /**
   * Checks every field, shows what is wrong at the field, and returns the lines to send, or
   * undefined when something is wrong.
   */
  #validate(rows: AllocationRow[], warehouse: WarehouseChoice): AllocationLine[] | undefined {
    const text = allocationFormMessages(this.locale);
    const errors: Record<string, string> = {};
    const lines: AllocationLine[] = [];
    for (const row of rows) {
      const available = row.stock.get(warehouse.key);
      if (row.unallocated === 0 || available === undefined) continue;
      const parsed = parseQuantity(this.#fieldValue(row));
      if (!parsed.ok) {
        errors[row.key] = parsed.negative ? text.errorNegative : text.errorWholeNumber;
      } else if (parsed.quantity > row.unallocated) {
        errors[row.key] = text.errorMoreThanUnallocated(row.unallocated, this.#count(row.unallocated));
      } else if (parsed.quantity > available) {
        errors[row.key] = text.errorMoreThanAvailable(available, this.#count(available), warehouse.name);
      } else if (parsed.quantity > 0) {
        lines.push({ sellableId: row.sellableId, quantity: parsed.quantity });
      }
    }
    const invalid = Object.keys(errors).length > 0;
    if (!invalid && lines.length === 0) errors[CHOICE] = text.errorNothingChosen;
    this.#fields.set(errors);
    return invalid || lines.length === 0 ? undefined : lines;
  }

  readonly #allocate = (): void => {
    // run() sets the task pending before it awaits anything, so a second click sends no second POST.
    if (this.#allocation.status === TaskStatus.PENDING) return;
    if (refusal(this.#session.session, 'allocate', this.locale)) return;
    const orderId = this.orderId;
    const order = this.shownOrder;
    if (orderId === undefined || !order) return;
    const view = this.#viewOf(order);
    const warehouse = this.#chosenWarehouse(view);
    if (!warehouse) return;
    const lines = this.#validate(view.rows, warehouse);
    if (!lines) {
      void this.#fields.focusFirst();
      return;
    }
    this.result = undefined;
    this.#removal.clearNotice();
    this.#sentFor.send(orderId);
    const before = new Set((order.allocations ?? []).map((allocation) => String(allocation.id)));
    void this.#allocation.run([orderId, warehouse, lines, before]);
  };

  async #onAllocated({ orderId, warehouse, lines, before, updated }: AllocationDone): Promise<void> {
    const allocation = updated.allocations?.find((candidate) => !before.has(String(candidate.id))) ?? null;
    const shown = this.#sentFor.isFor(orderId) && orderId === this.orderId;
    if (shown) {
      // What is left may sit elsewhere: the fields and the warehouse start again from the new order.
      this.typed = {};
      this.warehouseKey = undefined;
      this.result = allocationResultOf(lines, warehouse, updated);
    }
    this.dispatchEvent(new AllocationCreatedEvent({ order: updated, allocation }));
    // What the allocation did has focus, whether it covered the order (the form is gone) or part
    // of it (the form stays, for the rest).
    // Focus goes there when it was with the form (or lost while the form was busy); never taken from
    // elsewhere on the page.
    if (shown) await focusAfter(this, '[part="result"]');
  }
}
