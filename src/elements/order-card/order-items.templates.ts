/**
 * The order card's item table: a page of line items (picture, title with its "Edit", SKU, quantity,
 * unit price, line total) and the pager of a long order. Stateless: the card hands over the order,
 * the page, and its product editing (which product editor is open, and the editor itself).
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { LineItem, Order } from '../../api/index.js';
import { EMPTY, formatNumber, moneyFormatter } from '../../shared/format.js';
import type { MoneyFormatter } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { describeLineItem, orderCurrency } from '../../shared/order-view.js';
import { safeUrl } from '../../shared/url.js';
import { orderCardMessages } from './order-card.messages.js';

/** What a row of the item table shows of one line item. */
interface LineView {
  title: string;
  sku: string;
  /** The picture's URL, when it is one the card may show. */
  image: string | undefined;
  /** The sellable whose product "Edit" opens (`data-sellable`); undefined when the line has none. */
  sellableId: string | undefined;
  quantity: number;
  unitPrice: number | null | undefined;
}

function lineView(item: LineItem): LineView {
  const { title, sku, imageUrl } = describeLineItem(item);
  return {
    title,
    sku,
    image: safeUrl(imageUrl, { allowImageData: true }),
    sellableId: item.sellable?.id == null ? undefined : String(item.sellable.id),
    quantity: item.quantity ?? 0,
    unitPrice: item.price_per_unit,
  };
}

/** The part of the card that opens a line item's product editor. */
export interface ProductEditing {
  /** Whether the product editor of `sellableId` is open (its "Edit" is expanded). */
  productOpen(sellableId: string): boolean;
  /** The open product editor, under the table. */
  renderProductPanel(): TemplateResult | typeof nothing;
}

export interface LineItemsView {
  order: Order;
  locale: ResolvedLocale;
  /** Line items per page. */
  pageSize: number;
  /** The page asked for; the last one when the order has fewer. */
  page: number;
  /** The card's product editing: which line's editor is open, and that editor under the table. */
  editing: ProductEditing;
  onPage: (page: number) => void;
}

export function renderLineItems({
  order,
  locale,
  pageSize: asked,
  page: wanted,
  editing,
  onPage,
}: LineItemsView): TemplateResult {
  const text = orderCardMessages(locale);
  const items = order.line_items ?? [];
  const pageSize = Math.max(1, Math.floor(asked) || 25);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(wanted, pageCount - 1);
  const first = page * pageSize;
  const visible = items.slice(first, first + pageSize);
  const format = (n: number) => formatNumber(n, locale);
  const lines = visible.map(lineView);
  const money = moneyFormatter(orderCurrency(order), locale);
  // The column for pictures is there only when a line on the page has one.
  const withImages = lines.some((line) => line.image !== undefined);
  const row = (line: LineView) => renderLineItem(line, money, locale, editing);
  return html`<section class="items">
    <h3 id="items-heading">${text.lineItems}</h3>
    <!-- Focusable, so a table wider than the card can be scrolled from the keyboard. -->
    <div
      class="table-scroll"
      role="region"
      aria-label=${text.itemsOf(order.number ?? String(order.id))}
      tabindex="0"
    >
      <table part="line-items" class=${withImages ? 'with-pictures' : ''} aria-labelledby="items-heading">
        <thead>
          <tr>
            <th scope="col" class="thumb"><span class="visually-hidden">${text.image}</span></th>
            <th scope="col">${text.item}</th>
            <th scope="col">${text.sku}</th>
            <th scope="col" class="num">${text.quantity}</th>
            <th scope="col" class="num">${text.unitPrice}</th>
            <th scope="col" class="num">${text.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          ${lines.map(row)}
        </tbody>
      </table>
    </div>
    ${editing.renderProductPanel()}
    ${
      pageCount > 1
        ? html`<nav class="pager" part="pager" aria-label=${text.lineItems}>
            <button
              type="button"
              class="button secondary"
              ?disabled=${page === 0}
              @click=${() => onPage(page - 1)}
            >
              ${text.previousItems}
            </button>
            <span aria-live="polite"
              >${text.itemsRange(format(first + 1), format(first + visible.length), format(items.length))}</span
            >
            <button
              type="button"
              class="button secondary"
              ?disabled=${page >= pageCount - 1}
              @click=${() => onPage(page + 1)}
            >
              ${text.nextItems}
            </button>
          </nav>`
        : nothing
    }
  </section>`;
}

/**
 * One line item: its picture, title and "Edit", SKU, quantity, unit price and line total. Drawn
 * for every line of a page, so a row is one template with as few parts as it can have: the picture
 * cell is in every row (hidden where no line of the page has a picture, its `<img>` hidden where
 * this line has none) rather than a template of its own, a cell holding text alone takes it as its
 * `textContent` (one DOM call, where a text part adds a marker and a node of its own), and the
 * presses of "Edit" are heard once, on the card. A line without a sellable has nothing to edit: its
 * row is drawn without "Edit".
 *
 * Pictures load with the card, not lazily: a page shows at most `page-size` pictures of 40 px,
 * none pops in as the seller scrolls, and a lazy image set before its row is on the page costs
 * every render more than it saves (a fifth of a millisecond for a page of 25 lines).
 */
function renderLineItem(
  { title, sku, image, sellableId, quantity, unitPrice }: LineView,
  money: MoneyFormatter,
  locale: ResolvedLocale,
  editing: ProductEditing,
): TemplateResult {
  const quantityText = formatNumber(quantity, locale);
  const unitText = money(unitPrice);
  const totalText = money(typeof unitPrice === 'number' ? unitPrice * quantity : null);
  if (sellableId === undefined) {
    return html`<tr>
      <td class="thumb"><img src=${image ?? nothing} alt="" width="40" height="40" decoding="async" /></td>
      <td .textContent=${title}></td>
      <td class="sku" .textContent=${sku || EMPTY}></td>
      <td class="num" .textContent=${quantityText}></td>
      <td class="num" .textContent=${unitText}></td>
      <td class="num" .textContent=${totalText}></td>
    </tr>`;
  }
  const text = orderCardMessages(locale);
  const open = editing.productOpen(sellableId);
  return html`<tr>
    <td class="thumb"><img src=${image ?? nothing} alt="" width="40" height="40" decoding="async" /></td>
    <td>
      ${title}
      <button
        type="button"
        class="button secondary edit-product"
        part="edit-product-button"
        data-sellable=${sellableId}
        aria-label=${text.editProduct(title)}
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls=${open ? 'product-panel' : nothing}
        .textContent=${text.edit}
      ></button>
    </td>
    <td class="sku" .textContent=${sku || EMPTY}></td>
    <td class="num" .textContent=${quantityText}></td>
    <td class="num" .textContent=${unitText}></td>
    <td class="num" .textContent=${totalText}></td>
  </tr>`;
}
