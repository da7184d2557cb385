import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import type { Order } from '../../api/index.js';
import { formatDate, formatDateTime, moneyFormatter } from '../../shared/format.js';
import { OpsElement } from '../../shared/ops-element.js';
import { OrderController } from '../../shared/order-controller.js';
import { SessionController } from '../../shared/session.js';
import { baseStyles } from '../../shared/styles.js';
import { badgeStyles } from '../../shared/badge.styles.js';
import { tableStyles } from '../../shared/table.styles.js';
import { pagerStyles } from '../../shared/pager.styles.js';
import { renderStatusBadge } from '../../shared/templates.js';
import { renderAllocations } from './order-allocations.templates.js';
import { renderLineItems } from './order-items.templates.js';
import { renderParties, renderTags } from './order-parties.templates.js';
import { orderCardMessages } from './order-card.messages.js';
import { orderCardStyles } from './order-card.styles.js';
import { orderCurrency } from '../../shared/order-view.js';
import { OrderEditing } from './order-editing-controller.js';
import type { CustomerField } from './order-editors.model.js';
import { OrderNotes } from './order-notes-controller.js';

/**
 * An order at a glance: number, status, tags, dates, customer, delivery address, delivery method,
 * line items, totals in the order's currency, allocations (a shipped one with its tracking number)
 * and employee notes, with a field to add a note.
 *
 * "Edit customer" opens the customer's email, phone, mobile, type, notes and billing address in
 * place, saved with "Save customer" (`PUT /customers/{id}`); "Edit delivery method" opens the
 * method's name and cost, saved with "Save delivery method" (`PUT /delivery_methods/{id}`), which
 * changes every order using that method. Only what changed is sent; what was saved goes into the
 * client's order store, so every element showing an order with that customer or method updates
 * without reading it again. The editors are loaded on the first press. `editCustomer()` opens the
 * customer editor from outside (`ship-order`'s "Add phone"). Each line item's "Edit product <title or
 * SKU>" opens a `product-editor` for its sellable under the item table (loaded on the first press);
 * what it saves reaches the card through the store.
 *
 * The order comes from the client's order store, so an allocation made by an `allocation-form`
 * for the same order shows here at once, without fetching the order again.
 *
 * A note takes at most 2,000 characters (the API states no limit), with a counter under the field
 * that is announced only near the limit; a long note is shown clamped, with "Show more". Dates and
 * money follow the region of `lang`, else the page's, else the order's currency (`GBP` → British
 * dates under `lang="en"`).
 *
 * @summary Shows an order with its items, totals, allocations and notes; adds notes; edits its customer, delivery method and products.
 *
 * @fires note-added - A note was saved. `detail`: `{ note, orderId }`.
 * @fires customer-updated - The customer was saved. `detail`: `{ customer, orderId }`.
 * @fires delivery-method-updated - The delivery method was saved. `detail`: `{ deliveryMethod, orderId }`.
 * @fires product-updated - From the `product-editor` opened by "Edit product …". `detail`: `{ product, sellableId }`.
 * @fires request-error - A request failed. `detail`: `{ error }` (an `OpsError`).
 *
 * @csspart card - The outer card.
 * @csspart header - Order number, status and dates.
 * @csspart badge - The order status badge.
 * @csspart tags - The list of the order's tags.
 * @csspart tag - One tag: its name, with its colour as a swatch.
 * @csspart edit-customer-button - The "Edit customer" button.
 * @csspart customer-editor - The customer editor.
 * @csspart save-customer-button - The "Save customer" button.
 * @csspart cancel-customer-button - The "Cancel" button of the customer editor.
 * @csspart edit-delivery-method-button - The "Edit delivery method" button.
 * @csspart delivery-method-editor - The delivery method editor.
 * @csspart delivery-method-warning - The editor's warning that every order using the method changes.
 * @csspart save-delivery-method-button - The "Save delivery method" button.
 * @csspart cancel-delivery-method-button - The "Cancel" button of the delivery method editor.
 * @csspart editor-status - What the last save of an editor did.
 * @csspart line-items - The line item table.
 * @csspart edit-product-button - "Edit" after a line item's title, named "Edit product <title or SKU>".
 * @csspart product-panel - The open `product-editor`, under the item table.
 * @csspart close-product-editor - The "Close" button of the open product editor.
 * @csspart pager - Previous/next controls of a long item list.
 * @csspart totals - The totals list.
 * @csspart allocations - The allocations section.
 * @csspart notes - The notes section.
 * @csspart note-form - The form adding a note.
 * @csspart note-input - The "Note" text area.
 * @csspart add-note-button - The "Add note" button.
 * @csspart refusal - Why notes cannot be added, when the API proxy's session does not let the user.
 * @csspart edit-refusal - Why the customer or the delivery method cannot be edited, likewise.
 * @csspart loading - The loading indicator.
 * @csspart error - An error banner.
 * @csspart retry-button - The "Retry" button inside an error banner.
 *
 * @cssprop --ops-color-primary - Accent colour of buttons and focus rings.
 * @cssprop --ops-color-text - Body text colour.
 * @cssprop --ops-color-muted - Secondary text colour.
 * @cssprop --ops-color-surface - Card background.
 * @cssprop --ops-color-border - Borders and rules.
 * @cssprop --ops-font-family - Font stack.
 * @cssprop --ops-font-size - Base font size.
 * @cssprop --ops-radius - Corner radius.
 * @cssprop --ops-space - Spacing unit.
 * @cssprop --ops-density - Multiplier of the spacing unit (e.g. 0.75 for compact).
 */
export class OrderCard extends OpsElement {
  static override styles = [baseStyles, badgeStyles, tableStyles, pagerStyles, orderCardStyles];

  static override properties = {
    ...OpsElement.properties,
    orderId: { type: Number, attribute: 'order-id', reflect: true },
    pageSize: { type: Number, attribute: 'page-size' },
    order: { state: true },
    itemPage: { state: true },
  };

  /** Id of the order to show. */
  declare orderId: number | undefined;
  /** Line items shown per page of a long order. */
  declare pageSize: number;

  declare protected order: Order | undefined;
  declare protected itemPage: number;

  /** Whether the API proxy's session lets the user add notes and edit. */
  #session = new SessionController(this);

  /** The notes, and the form adding one. */
  #notes = new OrderNotes(this, this.#session);

  /**
   * "Edit customer", "Edit delivery method" and "Edit product …" per line item, with the editors
   * (and `<product-editor>`) they load on the first press.
   */
  #editing = new OrderEditing(this, this.#session);

  #order = new OrderController(this, {
    onChange: (order) => (this.order = order),
    focusAfterRetry: '#order-heading',
  });

  constructor() {
    super();
    this.addEventListener('click', this.#onEditProduct);
    this.pageSize = 25;
    this.itemPage = 0;
  }

  /**
   * The order shown, once it is there: the store's version, else the last load's.
   * @internal
   */
  get shownOrder(): Order | undefined {
    return this.order ?? this.#order.loaded;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#order.follow(this.orderId);
    // The next order starts on its first page of items.
    if (changed.has('orderId') && changed.get('orderId') !== undefined) this.itemPage = 0;
  }

  /**
   * Opens the customer editor ("Edit customer") with focus in `field` (`phone` for ship-order's
   * "Add phone"), else its first field, "Email", loading
   * the editors first if they are not yet; resolves once the field has focus. Does nothing while
   * the order is not shown, when it has no customer, or when the session does not let the user
   * edit customers.
   */
  async editCustomer(field?: CustomerField): Promise<void> {
    await this.updateComplete;
    await this.#editing.open('customer', field, true);
  }

  protected override render(): TemplateResult {
    const text = orderCardMessages(this.locale);
    const order = this.shownOrder;
    if (this.orderId === undefined || Number.isNaN(this.orderId)) {
      return html`<div class="card" part="card"><p class="muted">${text.noOrder}</p></div>`;
    }
    if (!order) {
      return html`<div class="card" part="card">
        ${this.#order.renderPlaceholder(this.locale, text.loadingOrder)}
      </div>`;
    }
    return html`<article class="card" part="card" aria-labelledby="order-heading">
      ${this.#renderHeader(order)}
      ${renderParties({
        order,
        locale: this.locale,
        customerEditor: this.#editing.render('customer'),
        deliveryEditor: this.#editing.render('delivery-method'),
      })}
      ${this.#editing.renderStatus()}
      ${renderLineItems({
        order,
        locale: this.locale,
        pageSize: this.pageSize,
        page: this.itemPage,
        editing: this.#editing,
        onPage: this.#onPage,
      })}
      ${this.#renderTotals(order)} ${renderAllocations(order, this.locale)} ${this.#notes.render(order)}
    </article>`;
  }

  #renderHeader(order: Order): TemplateResult {
    const text = orderCardMessages(this.locale);
    return html`<header class="header" part="header">
      <div class="title-row">
        <h2 id="order-heading" tabindex="-1">${text.orderHeading(order.number ?? String(order.id))}</h2>
        ${order.status ? renderStatusBadge(order.status, this.locale) : nothing}
      </div>
      ${renderTags(order, this.locale)}
      <dl class="dates">
        <div>
          <dt>${text.created}</dt>
          <dd>${formatDateTime(order.created_at, this.locale)}</dd>
        </div>
        <div>
          <dt>${text.due}</dt>
          <dd>${formatDate(order.due_date, this.locale)}</dd>
        </div>
      </dl>
    </header>`;
  }

  #onPage = (page: number): void => {
    this.itemPage = page;
  };

  /** "Edit" of any line item, heard on the card: one listener rather than one per line. */
  #onEditProduct = (event: Event): void => {
    const edit = event
      .composedPath()
      .find(
        (node): node is HTMLElement =>
          node instanceof HTMLElement && node.matches('[part~="edit-product-button"]'),
      );
    const sellableId = edit?.dataset['sellable'];
    // Its own line items' only, not a button of an element it holds.
    if (edit && sellableId !== undefined && this.renderRoot.contains(edit)) {
      this.#editing.toggleProduct(sellableId);
    }
  };

  #renderTotals(order: Order): TemplateResult {
    const text = orderCardMessages(this.locale);
    const money = moneyFormatter(orderCurrency(order), this.locale);
    const discounts = order.total_discounts;
    return html`<section class="totals-section">
      <h3 class="visually-hidden">${text.totals}</h3>
      <dl class="totals" part="totals">
        <div>
          <dt>${text.subtotal}</dt>
          <dd>${money(order.subtotal_price)}</dd>
        </div>
        <div>
          <dt>${text.delivery}</dt>
          <dd>${money(order.delivery_cost)}</dd>
        </div>
        <div>
          <dt>${text.discounts}</dt>
          <dd>
            ${typeof discounts === 'number' && discounts > 0 ? `−${money(discounts)}` : money(discounts)}
          </dd>
        </div>
        <div>
          <dt>${text.tax}</dt>
          <dd>${money(order.total_tax)}</dd>
        </div>
        <div class="grand-total">
          <dt>${text.total}</dt>
          <dd>${money(order.total_price)}</dd>
        </div>
      </dl>
    </section>`;
  }
}
