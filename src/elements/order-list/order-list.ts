import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { ClientCore } from '../../api/core.js';
import { listOrders } from '../../api/endpoints/order-listing.js';
import { listTags } from '../../api/endpoints/tags.js';
import type { OpsError } from '../../api/errors.js';
import type { Order, Page } from '../../api/index.js';
import { ordersOf } from '../../api/order-store.js';
import { focusAfter } from '../../shared/focus.js';
import { EMPTY, formatMoney, formatNumber } from '../../shared/format.js';
import { commonMessages } from '../../shared/messages.js';
import { OpsElement } from '../../shared/ops-element.js';
import { orderCurrency, personName } from '../../shared/order-view.js';
import { badgeStyles } from '../../shared/badge.styles.js';
import { pagerStyles } from '../../shared/pager.styles.js';
import { baseStyles } from '../../shared/styles.js';
import { renderErrorBanner, renderLoading, renderStatusBadge } from '../../shared/templates.js';
import { OrderSelectedEvent, SelectionChangeEvent } from './order-list.events.js';
import { orderListMessages } from './order-list.messages.js';
import {
  isOrderStatus,
  onlyOrderNumbered,
  ORDER_STATUSES,
  orderTags,
  pagingOf,
  rowMovedTo,
} from './order-list.model.js';
import { orderListStyles } from './order-list.styles.js';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;
const DEFAULT_PAGE_SIZE = 25;

type LoadArgs = readonly [ClientCore, string, string, string, number, number];

/**
 * The account's orders, a page at a time: number, customer, status, tags, item count and total
 * of each, filtered by status and by tag and searched by text, with the API doing the paging, so an account of
 * thousands of orders shows as quickly as one of ten.
 *
 * Listed orders follow the client's order store: an allocation made by an `allocation-form`
 * changes the status shown here at once. Whole orders the list received are stored, so an
 * `order-card` opened from the list asks the API nothing more.
 *
 * Keyboard: the arrow keys move between orders, Home and End go to the first and last, Enter
 * or Space chooses one.
 *
 * @summary Pages, filters and searches the account's orders; chooses one or several.
 *
 * @fires order-selected - An order was chosen. `detail`: `{ orderId, order }`.
 * @fires selection-change - The checked orders changed (with `selectable`). `detail`: `{ orderIds }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart list - The outer card.
 * @csspart controls - The status and tag selects and the search field.
 * @csspart status-select - The "Status" select.
 * @csspart tag-select - The "Tag" select.
 * @csspart tags-note - The note saying the tags could not be loaded.
 * @csspart search-input - The "Search orders" field.
 * @csspart select-page - The "Select all on this page" checkbox and its label.
 * @csspart rows - The list of orders.
 * @csspart row - One order: its checkbox and its button.
 * @csspart order-button - The button of one order.
 * @csspart badge - The order status badge.
 * @csspart tag - One tag of an order: its name, after a swatch of its colour.
 * @csspart pager - "Previous page", "Page x of y" and "Next page".
 * @csspart empty - The "No orders" text.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-surface-alt - Background of the chosen or hovered order.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class OrderList extends OpsElement {
  static override styles = [baseStyles, badgeStyles, pagerStyles, orderListStyles];

  static override properties = {
    ...OpsElement.properties,
    status: { type: String, reflect: true },
    pageSize: { type: Number, attribute: 'page-size' },
    query: { type: String, reflect: true },
    tag: { type: String, reflect: true },
    selectable: { type: Boolean, reflect: true },
    page: { state: true },
    searchText: { state: true },
    activeIndex: { state: true },
    currentOrderId: { type: Number, attribute: 'current-order-id' },
    selectedIds: { state: true },
  };

  /** Only orders in this status (`awaiting_stock`, `shipped`, …); empty for all. */
  declare status: string;
  /** Orders per page, from 1 to 100. */
  declare pageSize: number;
  /** Free-text search (order number, customer name or e-mail). */
  declare query: string;
  /** Only orders with this tag (its name, as `GET /tags` lists it); empty for all. */
  declare tag: string;
  /** Whether each order has a checkbox, for acting on several at once. */
  declare selectable: boolean;
  /**
   * The order shown beside the list (an order card, say): its row is marked (`aria-current`).
   * Choosing a row sets it; a page that opens an order itself sets it too.
   */
  declare currentOrderId: number | undefined;

  /** The page shown, from 1. */
  declare protected page: number;
  /** What the search field holds; becomes `query` once typing pauses or on Enter. */
  declare protected searchText: string;
  /** The row that takes the Tab stop (roving tabindex). */
  declare protected activeIndex: number;
  declare protected selectedIds: ReadonlySet<number>;

  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last page that arrived, kept on screen while the next one loads. */
  #shown: Page<Order> | undefined;
  #following: { api: ClientCore; items: Order[]; stop: Array<() => void> } | undefined;
  /** An order number entered with Enter in "Search orders", chosen once the results show it alone. */
  #enteredNumber: string | undefined;

  #load = this.requestTask<LoadArgs, Page<Order>>({
    args: () => [this.api, this.status, this.query, this.tag, this.page, this.#pageSizeInForce()] as const,
    task: ([api, status, query, tag, page, pageSize], signal) =>
      listOrders(api, {
        page,
        pageSize,
        status: isOrderStatus(status) ? status : undefined,
        query: query.trim() || undefined,
        tags: tag.trim() || undefined,
        signal,
      }),
    onComplete: (result) => {
      if (this.#shown?.items !== result.items) this.activeIndex = 0;
      this.#shown = result;
      this.#chooseEnteredNumber();
    },
  });

  /** The account's tags, for the "Tag" select; the list works on without them. */
  #tags = this.requestTask({
    args: () => [this.api] as const,
    task: async ([api], signal) => (await listTags(api, { signal })).items,
  });

  constructor() {
    super();
    this.status = '';
    this.tag = '';
    this.pageSize = DEFAULT_PAGE_SIZE;
    this.query = '';
    this.selectable = false;
    this.page = 1;
    this.searchText = '';
    this.activeIndex = 0;
    this.selectedIds = new Set();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasUpdated) return;
    // A load cut short by the disconnection starts again; the store, let go then, is followed again.
    if (this.#load.status === TaskStatus.ERROR) void this.#load.run();
    if (this.#tags.status === TaskStatus.ERROR) void this.#tags.run();
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#searchTimer);
    this.#unfollow();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // The field keeps what was typed (a trailing space, say) unless the query was set from outside.
    if (changed.has('query') && this.query.trim() !== this.searchText.trim()) this.searchText = this.query;
    const filtersChanged = ['status', 'query', 'tag', 'pageSize'].some(
      (name) => changed.has(name as keyof OrderList) && changed.get(name as keyof OrderList) !== undefined,
    );
    if (filtersChanged && !(changed as Map<PropertyKey, unknown>).has('page')) this.page = 1;
    this.#follow();
  }

  #pageSizeInForce(): number {
    const size = Math.floor(this.pageSize);
    return Number.isFinite(size) && size >= 1 ? Math.min(size, 100) : DEFAULT_PAGE_SIZE;
  }

  /** Subscribes to the store for the orders on screen, so a change anywhere shows here. */
  #follow(): void {
    const api = this.api;
    const items = this.#shown?.items ?? [];
    if (this.#following?.api === api && this.#following.items === items) return;
    this.#unfollow();
    if (!this.isConnected) return;
    const store = ordersOf(api);
    const update = () => this.requestUpdate();
    this.#following = { api, items, stop: items.map((order) => store.subscribe(order.id, update)) };
  }

  #unfollow(): void {
    for (const stop of this.#following?.stop ?? []) stop();
    this.#following = undefined;
  }

  /** The freshest version of a listed order: the store's when it holds one. */
  #current(order: Order): Order {
    return ordersOf(this.api).get(order.id) ?? order;
  }

  #rowButtons(): HTMLButtonElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.order')];
  }

  protected override render(): TemplateResult {
    const text = orderListMessages(this.locale);
    return html`<section class="card list" part="list" aria-labelledby="orders-heading">
      <h2 id="orders-heading">${text.orders}</h2>
      ${this.#renderControls()} ${this.#renderBody()}
    </section>`;
  }

  #renderControls(): TemplateResult {
    const text = orderListMessages(this.locale);
    const common = commonMessages(this.locale);
    const status = isOrderStatus(this.status) ? this.status : '';
    return html`<div class="controls" part="controls">
      <div class="field">
        <label for="status">${text.status}</label>
        <select id="status" part="status-select" @change=${this.#onStatusChange}>
          <option value="" ?selected=${status === ''}>${text.allStatuses}</option>
          ${ORDER_STATUSES.map(
            (code) =>
              html`<option value=${code} ?selected=${status === code}>${common.status(code)}</option>`,
          )}
        </select>
      </div>
      ${this.#renderTagSelect()}
      <div class="field search">
        <label for="search">${text.search}</label>
        <input
          id="search"
          type="search"
          part="search-input"
          autocomplete="off"
          .value=${this.searchText}
          @input=${this.#onSearchInput}
          @keydown=${this.#onSearchKeydown}
        />
      </div>
    </div>`;
  }

  /** "All tags" first, then the account's tags; a `tag` the account does not list stays chosen. */
  #renderTagSelect(): TemplateResult {
    const text = orderListMessages(this.locale);
    const tag = this.tag.trim();
    const names = (this.#tags.value ?? []).flatMap((entry) => entry.name?.trim() || []);
    if (tag && !names.includes(tag)) names.push(tag);
    const failed = this.#tags.status === TaskStatus.ERROR;
    return html`<div class="field">
      <label for="tag">${text.tag}</label>
      <select
        id="tag"
        part="tag-select"
        aria-describedby=${failed ? 'tags-note' : nothing}
        @change=${(event: Event) => (this.tag = (event.target as HTMLSelectElement).value)}
      >
        <option value="" ?selected=${tag === ''}>${text.allTags}</option>
        ${names.map((name) => html`<option value=${name} ?selected=${tag === name}>${name}</option>`)}
      </select>
      ${failed ? html`<span id="tags-note" class="muted hint" part="tags-note">${text.tagsNotLoaded}</span>` : nothing}
    </div>`;
  }

  #renderBody(): TemplateResult {
    const text = orderListMessages(this.locale);
    const pending = this.#load.status === TaskStatus.PENDING || this.#load.status === TaskStatus.INITIAL;
    const error = this.#load.status === TaskStatus.ERROR ? (this.#load.error as OpsError) : undefined;
    const shown = error ? undefined : this.#shown;
    const loading = pending ? renderLoading(this.locale, text.loadingOrders) : nothing;
    if (error) {
      return renderErrorBanner({ error, locale: this.locale, onRetry: () => void this.#load.run() });
    }
    if (!shown) return html`${loading}`;
    if (shown.items.length === 0) {
      return html`${loading}
        <p class="muted" part="empty">${text.noOrders}</p>`;
    }
    return html`${loading} ${this.selectable ? this.#renderSelectPage(shown.items) : nothing}
      <ul
        class="rows ${pending ? 'stale' : ''}"
        part="rows"
        aria-busy=${pending ? 'true' : 'false'}
        @keydown=${this.#onRowsKeydown}
      >
        ${shown.items.map((order, index) => this.#renderRow(this.#current(order), index))}
      </ul>
      ${this.#renderPager(shown)}`;
  }

  #renderSelectPage(items: Order[]): TemplateResult {
    const text = orderListMessages(this.locale);
    const checked = items.filter((order) => this.selectedIds.has(Number(order.id))).length;
    return html`<label class="select-page" part="select-page">
      <input
        type="checkbox"
        .checked=${checked > 0 && checked === items.length}
        .indeterminate=${checked > 0 && checked < items.length}
        @change=${(event: Event) => this.#selectPage(items, (event.target as HTMLInputElement).checked)}
      />
      ${text.selectPage}
    </label>`;
  }

  #renderRow(order: Order, index: number): TemplateResult {
    const text = orderListMessages(this.locale);
    const number = order.number ?? String(order.id);
    const customer =
      personName(order.customer?.billing_address) || personName(order.deliver_to) || order.customer?.email;
    const lines = order.line_items;
    const count = lines ? lines.reduce((sum, line) => sum + (line.quantity ?? 0), 0) : undefined;
    return html`<li class="row" part="row">
      ${
        this.selectable
          ? html`<input
              type="checkbox"
              aria-label=${text.selectOrder(number)}
              .checked=${this.selectedIds.has(Number(order.id))}
              @change=${(event: Event) => this.#select(Number(order.id), (event.target as HTMLInputElement).checked)}
            />`
          : nothing
      }
      <button
        type="button"
        class="order"
        part="order-button"
        tabindex=${index === this.activeIndex ? '0' : '-1'}
        aria-current=${Number(order.id) === this.currentOrderId ? 'true' : 'false'}
        @click=${() => this.#choose(order, index)}
      >
        <span class="number">${number}</span>
        <span class="customer">${customer || EMPTY}</span>
        <span class="status">${renderStatusBadge(order.status, this.locale)}</span>
        ${this.#renderTags(order)}
        <span class="count">
          ${count === undefined ? EMPTY : text.items(count, formatNumber(count, this.locale))}
        </span>
        <span class="total">${formatMoney(order.total_price, orderCurrency(order), this.locale)}</span>
      </button>
    </li>`;
  }

  /** The order's tags as chips: each name in text, its colour only in a swatch beside it. */
  #renderTags(order: Order): TemplateResult | typeof nothing {
    const tags = orderTags(order);
    if (tags.length === 0) return nothing;
    return html`<span class="tags">
      ${tags.map(
        ({ name, colour }) =>
          // The space between chips (an expression: the template minifier keeps it) keeps their
          // names apart in the order's accessible name.
          html`<span class="tag" part="tag"
              ><span class="swatch" .style=${colour ? `background:${colour}` : ''}></span>${name}</span
            >${' '}`,
      )}
    </span>`;
  }

  #renderPager(shown: Page<Order>): TemplateResult {
    const text = orderListMessages(this.locale);
    const { page, pages, last } = pagingOf(shown, this.page, this.#pageSizeInForce());
    const format = (n: number) => formatNumber(n, this.locale);
    // aria-disabled, not disabled, on the first and last page: the button pressed to get there
    // keeps focus, so Tab and Shift+Tab go on from it.
    return html`<nav class="pager" part="pager" aria-label=${text.pager}>
      <button
        type="button"
        class="button secondary"
        aria-disabled=${page <= 1 ? 'true' : 'false'}
        @click=${() => page > 1 && this.#goTo(page - 1)}
      >
        ${text.previousPage}
      </button>
      <span aria-live="polite">${text.pageOf(format(page), format(pages))}</span>
      <button
        type="button"
        class="button secondary"
        aria-disabled=${last ? 'true' : 'false'}
        @click=${() => !last && this.#goTo(page + 1)}
      >
        ${text.nextPage}
      </button>
    </nav>`;
  }

  #goTo(page: number): void {
    this.page = Math.max(1, page);
  }

  #onStatusChange(event: Event): void {
    this.status = (event.target as HTMLSelectElement).value;
  }

  #onSearchInput(event: Event): void {
    this.searchText = (event.target as HTMLInputElement).value;
    clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => this.#search(), SEARCH_DELAY_MS);
  }

  /**
   * Enter searches at once; when exactly one order of the results has the entered text as its
   * number (a scanned packing slip, say), that order is chosen.
   */
  #onSearchKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    this.#enteredNumber = this.searchText.trim().toLowerCase() || undefined;
    this.#search();
    // With the results of this text on screen already, no load follows: look once the update ran
    // (a new search has started its load by then, and its completion looks instead).
    void this.updateComplete.then(() => {
      if (this.#load.status === TaskStatus.COMPLETE) this.#chooseEnteredNumber();
    });
  }

  #chooseEnteredNumber(): void {
    const wanted = this.#enteredNumber;
    if (wanted === undefined || !this.#shown || this.query.trim().toLowerCase() !== wanted) return;
    this.#enteredNumber = undefined;
    const items = this.#shown.items;
    const match = onlyOrderNumbered(items, wanted);
    if (match) this.#choose(match, items.indexOf(match));
  }

  #search(): void {
    clearTimeout(this.#searchTimer);
    const text = this.searchText.trim();
    if (text === this.query.trim()) return;
    this.query = text;
  }

  #onRowsKeydown(event: KeyboardEvent): void {
    const buttons = this.#rowButtons();
    const from = buttons.indexOf(event.composedPath()[0] as HTMLButtonElement);
    if (from === -1) return;
    const to = rowMovedTo(event.key, from, buttons.length);
    if (to === undefined) return;
    event.preventDefault();
    this.activeIndex = to;
    // The row takes the Tab stop with the update, and focus with it.
    void focusAfter(this, [buttons[to]]);
  }

  #choose(order: Order, index: number): void {
    this.activeIndex = index;
    this.currentOrderId = Number(order.id);
    this.dispatchEvent(new OrderSelectedEvent({ orderId: this.currentOrderId, order }));
  }

  #select(orderId: number, checked: boolean): void {
    const next = new Set(this.selectedIds);
    if (checked) next.add(orderId);
    else next.delete(orderId);
    this.#setSelection(next);
  }

  #selectPage(items: Order[], checked: boolean): void {
    const next = new Set(this.selectedIds);
    for (const order of items) {
      if (checked) next.add(Number(order.id));
      else next.delete(Number(order.id));
    }
    this.#setSelection(next);
  }

  #setSelection(next: Set<number>): void {
    this.selectedIds = next;
    this.dispatchEvent(new SelectionChangeEvent({ orderIds: [...next] }));
  }
}
