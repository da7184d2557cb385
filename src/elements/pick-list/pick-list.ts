import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import { focusAfter, focusIsWith } from '../../shared/focus.js';
import { formatNumber } from '../../shared/format.js';
import { noticeStyles } from '../../shared/notice.styles.js';
import { OpsElement } from '../../shared/ops-element.js';
import { toOpsError } from '../../shared/request-task.js';
import { baseStyles } from '../../shared/styles.js';
import { tabStorage } from '../../shared/tab-storage.js';
import { tableStyles } from '../../shared/table.styles.js';
import { renderErrorBanner, renderLoading } from '../../shared/templates.js';
import { orderIdsConverter } from '../../shared/order-ids.js';
import { PickListFiles } from './pick-list-files-controller.js';
import { PickListCompleteEvent, RowPickedEvent } from './pick-list.events.js';
import { pickListMessages } from './pick-list.messages.js';
import {
  MAX_PICK_ORDERS,
  buildPickList,
  pickOrderIds,
  progressKey,
  readPicked,
  rowsOf,
  writePicked,
} from './pick-list.model.js';
import type { PickList as PickListModel, PickSection } from './pick-list.model.js';
import { pickListStyles } from './pick-list.styles.js';
import { renderNotAllocated, renderSection } from './pick-list.templates.js';
import { PickOrders } from './pick-orders-controller.js';

/**
 * What to take from the shelves for a set of orders: for each warehouse they are allocated at, a
 * table of what to pick, one row per item with its quantity summed over the orders, in walking
 * order (bins compared as people read them, "A-2" before "A-10"; items with no bin last). A kit is
 * picked as its components. Each row is ticked off as it is picked, and the ticks survive a reload
 * of the tab until "Start again". What the orders hold that no warehouse is allocated yet is listed
 * apart, and picked from no table. The list downloads and prints as a PDF with a barcode of each SKU.
 *
 * Nothing is changed in the account: the orders are only read (from the client's order store when
 * it holds them) and followed there, so an allocation made beside it shows at once.
 *
 * @summary A pick list for up to 100 orders: what to take from which bin at each warehouse.
 *
 * @fires row-picked - A row was ticked or cleared. `detail`: `{ sellableId, warehouseId, picked, kitId }`
 *   (`kitId` the kit a component row is for, else null).
 * @fires pick-list-complete - Every row is ticked, once until "Start again". `detail`: `{ orderIds }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart limit-notice - The notice that more than 100 orders were given.
 * @csspart progress - The "k of n rows picked" line.
 * @csspart table - One warehouse's table.
 * @csspart row - One row of a table.
 * @csspart picked-checkbox - The "Picked …" checkbox of a row.
 * @csspart kit - "in <kit>" on a component's row.
 * @csspart not-allocated - What is not allocated yet.
 * @csspart start-again-button - The "Start again" button.
 * @csspart download-button - The "Download pick list" button.
 * @csspart print-button - The "Print pick list" button.
 * @csspart print-status - "Sent to <printer name>" after a print to the server's printer.
 * @csspart print-failure - Why a print to the server's printer failed.
 * @csspart refusal - Why "Print pick list" is disabled with a `printer`, when the API proxy's session does not let the user print.
 * @csspart print-again-button - "Print again" after a failed print.
 * @csspart print-in-browser-button - "Print in the browser" after a failed print.
 * @csspart file-notice - What became of a print the browser could not make (the PDF was saved instead).
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - "Retry" in an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons, checkboxes and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour (SKUs, rows with no bin).
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-color-success-surface - Background of a row picked.
 * @cssprop --ops-color-info - "in <kit>" on a component's row.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class PickList extends OpsElement {
  static override styles = [baseStyles, noticeStyles, tableStyles, pickListStyles];

  static override properties = {
    ...OpsElement.properties,
    orderIds: { attribute: 'order-ids', converter: orderIdsConverter },
    warehouseId: { type: Number, attribute: 'warehouse-id', reflect: true },
    printer: { type: String, reflect: true },
    picked: { state: true },
    said: { state: true },
  };

  /** The orders to pick (at most 100 are taken); `order-ids` is the same, comma-separated. */
  declare orderIds: number[];
  /** Only this warehouse's table; without it, one table for each warehouse the orders are allocated at. */
  declare warehouseId: number | undefined;
  /**
   * The id of a printer of the host's server (`createPrintHandler`): "Print pick list" sends the
   * PDF there instead of opening the browser's print dialog.
   */
  declare printer: string | undefined;

  /** The keys of the rows ticked. */
  declare protected picked: ReadonlySet<string>;
  /** What the last "Start again" said, for the status line. */
  declare protected said: string;

  #orders = new PickOrders(this);
  #files = new PickListFiles(this);

  /** The list as last built, and what it was built from. */
  #list: PickListModel = { sections: [], notAllocated: [] };
  #builtFrom: { orders: readonly unknown[]; warehouseId: number | undefined } | undefined;
  /** Where the ticks of the list shown are kept; its ticks were read from there once. */
  #progressKey: string | undefined;
  /** The list `pick-list-complete` was emitted for, so it is emitted once. */
  #completeFor: string | undefined;

  constructor() {
    super();
    this.orderIds = [];
    this.picked = new Set();
    this.said = '';
  }

  /** The ids given, each once. */
  #givenIds(): number[] {
    return [...new Set(Array.isArray(this.orderIds) ? this.orderIds : [])];
  }

  /**
   * The orders of the list: the first 100 given, each once.
   * @internal
   */
  get pickIds(): readonly number[] {
    return pickOrderIds(this.#givenIds());
  }

  /**
   * The list as shown.
   * @internal
   */
  get pickList(): PickListModel {
    return this.#list;
  }

  /**
   * A warehouse's name as its table says it.
   * @internal
   */
  warehouseName(section: PickSection): string {
    return (
      section.warehouseName || pickListMessages(this.locale).unnamedWarehouse(String(section.warehouseId))
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const orders = this.#orders.orders;
    const warehouseId = Number.isFinite(this.warehouseId) ? this.warehouseId : undefined;
    const built = this.#builtFrom;
    if (
      !built ||
      built.warehouseId !== warehouseId ||
      built.orders.length !== orders.length ||
      built.orders.some((order, index) => order !== orders[index])
    ) {
      this.#builtFrom = { orders, warehouseId };
      this.#list = buildPickList(orders, warehouseId);
    }
    const loaded = this.#orders.task.status === TaskStatus.COMPLETE;
    const key = loaded ? progressKey(this.pickIds, warehouseId) : undefined;
    if (key !== this.#progressKey) {
      // Another list: its own ticks, as kept in the tab.
      this.#progressKey = key;
      this.picked = key ? readPicked(tabStorage(), key, rowsOf(this.#list)) : new Set();
      this.said = '';
    }
  }

  readonly #onPick = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement;
    const row = rowsOf(this.#list).find((candidate) => candidate.key === input.dataset['row']);
    const key = this.#progressKey;
    if (!row || !key) return;
    const picked = new Set(this.picked);
    if (input.checked) picked.add(row.key);
    else picked.delete(row.key);
    this.picked = picked;
    this.said = '';
    writePicked(tabStorage(), key, picked);
    this.dispatchEvent(
      new RowPickedEvent({
        sellableId: row.sellableId,
        warehouseId: row.warehouseId,
        picked: input.checked,
        kitId: row.kit?.sellableId ?? null,
      }),
    );
    const rows = rowsOf(this.#list);
    if (
      rows.length > 0 &&
      rows.every((candidate) => picked.has(candidate.key)) &&
      this.#completeFor !== key
    ) {
      this.#completeFor = key;
      this.dispatchEvent(new PickListCompleteEvent({ orderIds: [...this.pickIds] }));
    }
  };

  readonly #startAgain = (): void => {
    const key = this.#progressKey;
    if (key) writePicked(tabStorage(), key, new Set());
    this.picked = new Set();
    this.#completeFor = undefined;
    this.said = pickListMessages(this.locale).startedAgain;
    // The work starts over at the first row.
    void focusAfter(this, '[part="picked-checkbox"]');
  };

  readonly #retry = (): void => {
    const had = focusIsWith(this);
    void this.#orders.task.run().then(
      () => focusAfter(this, ['[part="picked-checkbox"]', '[part="download-button"]'], { had }),
      () => focusAfter(this, '[part="retry-button"]', { had }),
    );
  };

  protected override render(): TemplateResult {
    const text = pickListMessages(this.locale);
    const given = this.#givenIds().length;
    return html`<section class="card" part="card" aria-labelledby="pick-heading">
      <h2 id="pick-heading">${text.heading}</h2>
      ${
        given > MAX_PICK_ORDERS
          ? html`<p class="notice warning" part="limit-notice">
              ${text.tooMany(formatNumber(given, this.locale), formatNumber(MAX_PICK_ORDERS, this.locale))}
            </p>`
          : nothing
      }
      ${given === 0 ? html`<p class="muted">${text.noOrders}</p>` : this.#renderBody()}
    </section>`;
  }

  #renderBody(): TemplateResult | typeof nothing {
    const text = pickListMessages(this.locale);
    const task = this.#orders.task;
    if (task.status === TaskStatus.ERROR) {
      return renderErrorBanner({
        error: toOpsError(task.error),
        locale: this.locale,
        context: text.loadFailed,
        onRetry: this.#retry,
      });
    }
    if (task.status !== TaskStatus.COMPLETE) {
      const progress = this.#orders.progress;
      const number = (value: number) => formatNumber(value, this.locale);
      return renderLoading(
        this.locale,
        progress ? text.loadingOrders(number(progress.done), number(progress.total)) : undefined,
      );
    }
    const list = this.#list;
    const rows = rowsOf(list);
    const picked = rows.filter((row) => this.picked.has(row.key)).length;
    const number = (value: number) => formatNumber(value, this.locale);
    return html`${
      rows.length === 0
        ? html`<p class="muted">
            ${this.warehouseId === undefined ? text.nothingToPick : text.nothingAtWarehouse}
          </p>`
        : list.sections.map((section, index) =>
            renderSection({
              section,
              index,
              name: this.warehouseName(section),
              picked: this.picked,
              locale: this.locale,
              onPick: this.#onPick,
            }),
          )
    }
    ${
      rows.length > 0
        ? html`<p class="progress" role="status" part="progress">
              ${text.progress(number(picked), number(rows.length))}${picked === rows.length ? ` ${text.allPicked}` : ''}
            </p>
            <p class="muted outcome" role="status">${this.said}</p>
            <div class="actions">
              ${this.#files.renderButtons()}
              <button
                type="button"
                class="button secondary"
                part="start-again-button"
                @click=${this.#startAgain}
              >
                ${text.startAgain}
              </button>
            </div>
            ${this.#files.renderOutcome()}`
        : nothing
    }
    ${list.notAllocated.length > 0 ? renderNotAllocated(list.notAllocated, this.locale) : nothing}`;
  }
}
