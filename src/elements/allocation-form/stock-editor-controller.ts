import { TaskStatus } from '@lit/task';
import type { Task } from '@lit/task';
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { ClientCore } from '../../api/core.js';
import { updateStockEntry } from '../../api/endpoints/catalog.js';
import type { OpsError } from '../../api/errors.js';
import type { StockEntryInput } from '../../api/inputs.js';
import type { StockEntry } from '../../api/index.js';
import { withStockEntry } from '../../api/order-edits.js';
import { ordersOf } from '../../api/order-store.js';
import { addStylesOnce } from '../../shared/add-styles.js';
import { FieldErrors } from '../../shared/field-errors.js';
import { focusAfter } from '../../shared/focus.js';
import { formatNumber } from '../../shared/format.js';
import { requestTask } from '../../shared/request-task.js';
import type { OpsHost } from '../../shared/request-task.js';
import { SentFor } from '../../shared/sent-for.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { StockUpdatedEvent } from './allocation-form.events.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import { parseQuantity } from './allocation-form.model.js';
import type { AllocationRow } from '../../shipping/allocation-stock.js';
import { stockEditorStyles } from './stock-editor.styles.js';

/*
 * The stock editor, loaded with `import()` when "Adjust stock for …" is first pressed
 * (stock-correction-controller.ts): a page that never corrects stock never downloads it.
 */

/** What stock correction asks of its element: the order it shows. */
export type StockEditorHost = OpsHost & { readonly orderId: number | undefined };

export interface StockEditorOptions {
  /** Called when a row's stock at a warehouse was saved, before the new order renders. */
  onSaved: (rowKey: string, warehouseKey: string) => void;
}

type Field = 'level' | 'location';

/** What the user typed into one editor; `location` is undefined when the entry has no location. */
interface Draft {
  level: string;
  location: string | undefined;
}

/** One editor: a line's sellable at one warehouse. */
export interface StockTarget {
  key: string;
  rowKey: string;
  sellableId: number | string;
  warehouseKey: string;
  warehouseId: number | string;
  item: string;
  warehouseName: string;
}

export interface SaveRequest {
  target: StockTarget;
  input: StockEntryInput;
}

export interface SaveResult {
  target: StockTarget;
  entry: StockEntry;
  /** The client the entry was saved through, whose order store takes it. */
  api: ClientCore;
}

/**
 * The stock editor of one line at one warehouse: a "Stock level" field (and "Location" when the
 * entry has one) with "Save stock", which sends `PUT /sellables/{sid}/warehouses/{wid}/stock_entry`.
 * The new entry goes into every stored order that sells the sellable, so the form, its warehouse
 * choices and any other element follow, and the host hears `stock-updated`. A 422 shows at the
 * field, other failures in a banner with "Retry"; what was typed stays until it is saved or the
 * editor is closed. One editor is open at a time.
 *
 * The save is one of the host's request tasks (`autoRun: false`, run on "Save stock"): its state
 * renders with the host, and its failure is the task's error. Another order shown closes the
 * editor and forgets the last save; a save under way is seen through: the stock did change, and
 * the store and page hear of it.
 */
export class StockEditor implements ReactiveController {
  readonly #host: StockEditorHost;
  readonly #options: StockEditorOptions;
  /** The order whose lines are shown, to notice another one. */
  #orderId: number | undefined;
  /** The open editor (one at a time), and what was typed in it. */
  #open: StockTarget | undefined;
  #draft: Draft | undefined;
  /** The editor (its key) the last save was sent from, while that editor is open. */
  readonly #sentFrom = new SentFor<string>();
  /** The order the last save was sent for: the status line speaks of it while that order is shown. */
  readonly #savedFor = new SentFor<number | undefined>();
  readonly #fields: FieldErrors<Field>;
  readonly #save: Task<[SaveRequest], SaveResult>;

  constructor(host: StockEditorHost, options: StockEditorOptions) {
    this.#host = host;
    this.#options = options;
    this.#orderId = host.orderId;
    addStylesOnce(host.renderRoot, stockEditorStyles);
    this.#fields = new FieldErrors<Field>(host, {
      controlId: (field) => `stock-${field}-${this.#open?.key ?? ''}`,
    });
    this.#save = requestTask(host, {
      autoRun: false,
      task: async ([request], signal) => this.#send(request, signal),
      onComplete: (result) => void this.#onSaved(result),
      onError: (error) => this.#onFailed(error as OpsError),
    });
    host.addController(this);
  }

  hostUpdate(): void {
    if (Object.is(this.#host.orderId, this.#orderId)) return;
    this.#orderId = this.#host.orderId;
    this.#open = undefined;
    this.#draft = undefined;
    this.#sentFrom.forget();
    this.#savedFor.forget();
  }

  /** Whether a save is under way. */
  get saving(): boolean {
    return this.#save.status === TaskStatus.PENDING;
  }

  /** Key of the open editor, if one is open. */
  get openKey(): string | undefined {
    return this.#open?.key;
  }

  /** The editor of `target` (`row` at `warehouse`), if it is the one open. */
  render(target: StockTarget, row: AllocationRow): TemplateResult | undefined {
    const draft = this.#open?.key === target.key ? this.#draft : undefined;
    if (!draft) return undefined;
    const locale = this.#host.locale;
    const text = allocationFormMessages(locale);
    const allocated = row.entries.get(target.warehouseKey)?.allocated_stock_level ?? 0;
    return html`<div
      class="stock-editor"
      part="stock-editor"
      id="stock-editor-${target.key}"
      role="group"
      aria-label=${text.stockAt(target.item, target.warehouseName)}
      @keydown=${(event: KeyboardEvent) => this.#onKeydown(event, target)}
    >
      <div class="stock-fields">
        ${this.#renderField(target.key, 'level', draft.level, {
          label: text.stockLevel,
          hint: text.stockLevelHint(allocated, formatNumber(allocated, locale), target.warehouseName),
        })}
        ${
          draft.location === undefined
            ? nothing
            : this.#renderField(target.key, 'location', draft.location, { label: text.location })
        }
      </div>
      ${this.#renderFailure(target)}
      <div class="form-actions">
        <button
          type="button"
          class="button"
          part="save-stock-button"
          ?disabled=${this.saving}
          @click=${this.#submitOpen}
        >
          ${text.saveStock}
        </button>
        <button
          type="button"
          class="button secondary"
          part="cancel-stock-button"
          @click=${() => void this.closeAndReturn(target)}
        >
          ${text.cancel}
        </button>
      </div>
    </div>`;
  }

  /** One labelled field of an editor, with its hint and its error tied to it by `aria-describedby`. */
  #renderField(
    key: string,
    field: Field,
    value: string,
    { label, hint }: { label: string; hint?: string },
  ): TemplateResult {
    const id = `stock-${field}-${key}`;
    return html`<div class="field">
      <label for=${id}>${label}</label>
      <input
        id=${id}
        part="stock-${field}-input"
        type="text"
        inputmode=${field === 'level' ? 'numeric' : nothing}
        autocomplete="off"
        size=${field === 'level' ? 6 : 12}
        .value=${value}
        aria-invalid=${this.#fields.invalid(field)}
        aria-describedby=${this.#fields.describedBy(field, hint && `${id}-hint`)}
        @input=${(event: Event) => this.#onInput(key, field, event)}
      />
      ${hint ? html`<span id="${id}-hint" class="hint muted">${hint}</span>` : nothing}
      ${this.#fields.message(field)}
    </div>`;
  }

  /** The last save's failure, in the editor it was sent from; a 422 shows at the fields instead. */
  #renderFailure(target: StockTarget): TemplateResult | undefined {
    const error = this.#save.status === TaskStatus.ERROR ? (this.#save.error as OpsError) : undefined;
    if (!error || error.status === 422 || error.code === 'aborted' || !this.#sentFrom.isFor(target.key)) {
      return undefined;
    }
    return renderErrorBanner({
      error,
      locale: this.#host.locale,
      context: allocationFormMessages(this.#host.locale).stockNotSaved,
      onRetry: this.#submitOpen,
    });
  }

  /** What the status line of stock saves says: "Saving stock…", then what the last save did. */
  statusText(): string {
    const text = allocationFormMessages(this.#host.locale);
    const saved =
      this.#savedFor.isFor(this.#host.orderId) && this.#save.status === TaskStatus.COMPLETE
        ? this.#save.value?.target
        : undefined;
    return this.saving ? text.savingStock : saved ? text.stockSaved(saved.item, saved.warehouseName) : '';
  }

  /** Opens the editor of `target` (`row` at its warehouse), filled from the entry, and focuses it. */
  async open(target: StockTarget, row: AllocationRow): Promise<void> {
    const entry = row.entries.get(target.warehouseKey);
    this.#close();
    const location = entry?.location;
    this.#fields.clear();
    this.#draft = {
      level: String(entry?.physical_stock_level ?? 0),
      location: typeof location === 'string' && location.trim() !== '' ? location : undefined,
    };
    this.#open = target;
    this.#host.requestUpdate();
    await focusAfter(this.#host, `#stock-level-${CSS.escape(target.key)}`);
  }

  /** Closes the open editor, dropping what was typed in it. */
  #close(): void {
    if (this.#open === undefined) return;
    this.#open = undefined;
    this.#draft = undefined;
    this.#sentFrom.forget();
    this.#fields.clear();
    this.#host.requestUpdate();
  }

  /** Closes the editor of `target` and returns focus to its button. */
  async closeAndReturn(target: StockTarget): Promise<void> {
    this.#close();
    await focusAfter(this.#host, `#adjust-${CSS.escape(target.key)}`);
  }

  #onKeydown(event: KeyboardEvent, target: StockTarget): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      void this.closeAndReturn(target);
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // The editor sits inside the allocation form: Enter here saves the stock, not an allocation.
      event.preventDefault();
      this.#submit(target);
    }
  }

  /** Keeps what was typed; the field's error clears itself (`FieldErrors` hears the same input). */
  #onInput(key: string, field: Field, event: Event): void {
    const draft = this.#draft;
    if (!draft || this.#open?.key !== key) return;
    const value = (event.target as HTMLInputElement).value;
    this.#draft = field === 'level' ? { ...draft, level: value } : { ...draft, location: value };
    this.#host.requestUpdate();
  }

  /** "Save stock" (and "Retry" after a failure) of the open editor. */
  readonly #submitOpen = (): void => {
    if (this.#open) this.#submit(this.#open);
  };

  #submit(target: StockTarget): void {
    const draft = this.#open?.key === target.key ? this.#draft : undefined;
    if (!draft || this.saving) return;
    const text = allocationFormMessages(this.#host.locale);
    const level = parseQuantity(draft.level);
    if (!level.ok || draft.level.trim() === '') {
      this.#fields.set({
        level: !level.ok && level.negative ? text.errorStockNegative : text.errorWholeNumber,
      });
      void this.#focusInvalid(target.key);
      return;
    }
    this.#fields.clear();
    // Only finite entries have an editor, and they stay finite.
    const input: StockEntryInput = { physical_stock_level: level.quantity, infinite: false };
    if (draft.location !== undefined) input.location = draft.location;
    this.#sentFrom.send(target.key);
    this.#savedFor.send(this.#host.orderId);
    void this.#save.run([{ target, input }]);
  }

  async #send({ target, input }: SaveRequest, signal: AbortSignal): Promise<SaveResult> {
    const api = this.#host.api;
    const entry = await updateStockEntry(api, target.sellableId, target.warehouseId, input, {
      signal,
    });
    return { target, entry, api };
  }

  /**
   * The new entry goes into every stored order selling the sellable; the editor it came from (if
   * still open for the order shown) closes, and focus goes to what is next on the line.
   */
  async #onSaved({ target, entry, api }: SaveResult): Promise<void> {
    const shown = this.#sentFrom.isFor(target.key);
    if (shown) this.#options.onSaved(target.rowKey, target.warehouseKey);
    ordersOf(api).updateEach((order) => withStockEntry(order, target.sellableId, target.warehouseId, entry));
    const wasOpen = shown && this.#open?.key === target.key;
    if (wasOpen) this.#close();
    this.#host.dispatchEvent(
      new StockUpdatedEvent({
        sellableId: target.sellableId,
        warehouseId: target.warehouseId,
        stockEntry: entry,
      }),
    );
    if (!wasOpen) return;
    // Still short: the button is there to correct again; otherwise the line's quantity is next.
    await focusAfter(this.#host, [
      `#adjust-${CSS.escape(target.key)}`,
      `#quantity-${CSS.escape(target.rowKey)}`,
    ]);
  }

  #onFailed(error: OpsError): void {
    const key = this.#sentFrom.key;
    if (key === undefined || key !== this.#open?.key || error.status !== 422) return;
    // Messages about the location go to its field when there is one; everything else to the level.
    const hasLocation = this.#draft?.location !== undefined;
    const byField = Object.entries(error.fieldErrors);
    const location = hasLocation ? (error.fieldErrors['location'] ?? []).join(' ') : '';
    const named = byField
      .filter(([field]) => !(hasLocation && field === 'location'))
      .flatMap(([, messages]) => messages)
      .join(' ');
    const level = byField.length === 0 || (!named && !location) ? error.messages.join(' ') : named;
    this.#fields.set({ level, location });
    void this.#focusInvalid(key);
  }

  /**
   * Focus goes once to the editor's first field in error, after the update (already requested)
   * that shows it; the search stays inside the editor, as the line's quantity may be invalid too.
   */
  async #focusInvalid(key: string): Promise<void> {
    await focusAfter(this.#host, `#stock-editor-${CSS.escape(key)} input[aria-invalid="true"]`);
  }
}
