import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { OpsError } from '../../api/errors.js';
import { EMPTY } from '../../shared/format.js';
import { loadFailure, onDemand } from '../../api/load-on-demand.js';
import { renderRefusal } from '../../shared/session.js';
import { SentFor } from '../../shared/sent-for.js';
import { renderErrorBanner } from '../../shared/templates.js';
import { allocationFormMessages } from './allocation-form.messages.js';
import type { AllocationRow, WarehouseChoice } from '../../shipping/allocation-stock.js';
import type {
  StockEditor,
  StockEditorHost,
  StockEditorOptions,
  StockTarget,
} from './stock-editor-controller.js';

const loadStockEditor = onDemand('stock-editor-controller', () => import('./stock-editor-controller.js'));

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
 * "Adjust stock for …" button and the status line of stock saves. The editor the button opens
 * (`StockEditor`, stock-editor-controller.ts) is loaded with `import()` when a button is first
 * pressed, so a page that never corrects stock never downloads it; should loading fail, the line
 * says so, with "Retry". Another order shown forgets the editor asked for and a failed load; the
 * editor forgets its own state.
 */
export class StockCorrection implements ReactiveController {
  readonly #host: StockEditorHost;
  readonly #options: StockEditorOptions;
  /** The order whose lines are shown, to notice another one. */
  #orderId: number | undefined;
  #editor: StockEditor | undefined;
  /** The editor that could not be loaded, why, and the line it is for as last shown. */
  #loadFailure: { target: StockTarget; row: AllocationRow; error: OpsError } | undefined;
  /** The editor asked for while its module loads: one asked for before the order changed is not opened after. */
  readonly #opening = new SentFor<string>();

  constructor(host: StockEditorHost, options: StockEditorOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostUpdate(): void {
    if (Object.is(this.#host.orderId, this.#orderId)) return;
    this.#orderId = this.#host.orderId;
    this.#opening.forget();
    this.#loadFailure = undefined;
  }

  /**
   * The "Adjust stock for …" button of a row, while its warehouse is short or its editor is open;
   * "Adjust stock for … at …" where the warehouse does not stock the row's item at all.
   * `refusedNow` is why the API proxy's session does not let the user change stock, if it does not.
   */
  renderToggle(
    row: AllocationRow,
    warehouse: WarehouseChoice,
    short: boolean,
    refusedNow: string | undefined,
  ): TemplateResult | typeof nothing {
    const target = targetOf(row, warehouse);
    const open = target !== undefined && this.#editor?.openKey === target.key;
    if (!target || (!short && !open)) return nothing;
    // A role that may not change stock sees the button disabled, with the reason beside it.
    const refused = open ? undefined : refusedNow;
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
            ? allocationFormMessages(this.#host.locale).adjustStock(target.item)
            : allocationFormMessages(this.#host.locale).adjustStockAt(target.item, target.warehouseName)
        }
      </button>
      ${renderRefusal(refused, reasonId)}`;
  }

  /** The editor of a row, if its editor is the one open, or why it could not be loaded. */
  renderEditor(row: AllocationRow, warehouse: WarehouseChoice): TemplateResult | typeof nothing {
    const target = targetOf(row, warehouse);
    if (!target) return nothing;
    const failure = this.#loadFailure;
    if (failure?.target.key === target.key) {
      // "Retry" opens the editor from the line as it is now.
      this.#loadFailure = { ...failure, target, row };
      return renderErrorBanner({ error: failure.error, locale: this.#host.locale, onRetry: this.#retryLoad });
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

  readonly #retryLoad = (): void => {
    const failure = this.#loadFailure;
    if (failure) void this.#open(failure.target, failure.row);
  };

  async #open(target: StockTarget, row: AllocationRow): Promise<void> {
    this.#opening.send(target.key);
    let editor: StockEditor;
    try {
      editor = await this.#load();
    } catch (cause) {
      if (!this.#opening.isFor(target.key)) return;
      this.#loadFailure = { target, row, error: loadFailure(cause) };
      this.#host.requestUpdate();
      return;
    }
    if (!this.#opening.isFor(target.key)) return;
    this.#opening.forget();
    this.#loadFailure = undefined;
    await editor.open(target, row);
  }

  /** The editor, made once its module has loaded; after a failed load the next press tries again. */
  async #load(): Promise<StockEditor> {
    const { StockEditor } = await loadStockEditor();
    return (this.#editor ??= new StockEditor(this.#host, this.#options));
  }
}
