import { html, nothing } from 'lit';
import type { ReactiveElement, TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { EMPTY } from '../../shared/format.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { renderRefusal } from '../../shared/session.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import type { AllocationRow, WarehouseChoice } from '../../shipping/allocation-stock.js';
import type { StockEditor, StockEditorOptions, StockTarget } from './stock-editor.js';

const loadStockEditor = onDemand('stock-editor', () => import('./stock-editor.js'));

/**
 * The editor of `row` at `warehouse`; none when its stock there is infinite. Where the sellable has
 * no stock entry at the warehouse, saving creates one.
 */
function targetOf(row: AllocationRow, warehouse: WarehouseChoice): StockTarget | undefined {
  const entry = row.entries.get(warehouse.key);
  if (entry?.infinite) return undefined;
  return {
    key: `${row.key}-${warehouse.key}`,
    rowKey: row.key,
    sellableId: row.sellableId,
    warehouseKey: warehouse.key,
    warehouseId: warehouse.id,
    item: row.title || row.sku || EMPTY,
    warehouseName: warehouse.name,
  };
}

/**
 * Stock correction beside a line whose warehouse is short, or does not stock its item: the
 * "Adjust stock for …" button and
 * the status line of stock saves. The editor the button opens (`StockEditor`, stock-editor.ts) is
 * loaded with `import()` when a button is first pressed, so a page that never corrects stock never
 * downloads it; should loading fail, the line says so, with "Retry".
 */
export interface StockCorrectionOptions extends StockEditorOptions {
  /** Why the API proxy's session does not let the user change stock, if it does not. */
  refused: () => string | undefined;
}

export class StockCorrection {
  readonly #host: ReactiveElement;
  readonly #options: StockCorrectionOptions;
  #editor: StockEditor | undefined;
  /** The editor that could not be loaded, and why. */
  #loadFailure: { key: string; error: OpsError } | undefined;
  /** Counts `reset()`s: an editor asked for before the order changed is not opened after. */
  #generation = 0;

  constructor(host: ReactiveElement, options: StockCorrectionOptions) {
    this.#host = host;
    this.#options = options;
  }

  /**
   * Forgets the previous order's editors; called during the host's update, so no update of its
   * own. A save under way is seen through: the stock did change, and the store and page hear of it.
   */
  reset(): void {
    this.#generation += 1;
    this.#loadFailure = undefined;
    this.#editor?.reset();
  }

  /**
   * The "Adjust stock for …" button of a row, while its warehouse is short or its editor is open;
   * "Adjust stock for … at …" where the warehouse does not stock the row's item at all.
   */
  renderToggle(
    row: AllocationRow,
    warehouse: WarehouseChoice,
    short: boolean,
  ): TemplateResult | typeof nothing {
    const target = targetOf(row, warehouse);
    const open = target !== undefined && this.#editor?.openKey === target.key;
    if (!target || (!short && !open)) return nothing;
    // A role that may not change stock sees the button disabled, with the reason beside it.
    const refused = open ? undefined : this.#options.refused();
    const reasonId = `stock-refusal-${target.key}`;
    return html`<button
        type="button"
        class="link-button"
        part="adjust-stock-button"
        id="adjust-${target.key}"
        ?disabled=${refused !== undefined}
        aria-describedby=${refused ? reasonId : nothing}
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls=${open ? `stock-editor-${target.key}` : nothing}
        @click=${() => void (open ? this.#editor?.closeAndReturn(target) : this.#open(target, row))}
      >
        ${
          row.entries.has(warehouse.key)
            ? allocationFormMessages(this.#options.locale()).adjustStock(target.item)
            : allocationFormMessages(this.#options.locale()).adjustStockAt(target.item, target.warehouseName)
        }
      </button>
      ${renderRefusal(refused, reasonId)}`;
  }

  /** The editor of a row, if its editor is the one open, or why it could not be loaded. */
  renderEditor(row: AllocationRow, warehouse: WarehouseChoice): TemplateResult | typeof nothing {
    const target = targetOf(row, warehouse);
    if (!target) return nothing;
    const failure = this.#loadFailure;
    if (failure?.key === target.key) {
      return renderErrorBanner({
        error: failure.error,
        locale: this.#options.locale(),
        onRetry: () => void this.#open(target, row),
      });
    }
    return this.#editor?.render(target, row) ?? nothing;
  }

  /** The status line of stock saves: "Saving stock…", then what the last save did. */
  renderStatus(): TemplateResult {
    // No whitespace around the message, so the line takes no room (`:empty`) while it has nothing to say.
    return html`<p class="muted stock-status" part="stock-status" role="status">
      ${this.#editor?.statusText() ?? ''}
    </p>`;
  }

  async #open(target: StockTarget, row: AllocationRow): Promise<void> {
    const generation = this.#generation;
    let editor: StockEditor;
    try {
      editor = await this.#load();
    } catch (cause) {
      if (generation !== this.#generation) return;
      this.#loadFailure = {
        key: target.key,
        error: loadFailure(cause),
      };
      this.#host.requestUpdate();
      return;
    }
    if (generation !== this.#generation) return;
    this.#loadFailure = undefined;
    await editor.open(target, row);
  }

  /** The editor, made once its module has loaded; after a failed load the next press tries again. */
  async #load(): Promise<StockEditor> {
    const { StockEditor } = await loadStockEditor();
    return (this.#editor ??= new StockEditor(this.#host, this.#options));
  }
}
