/**
 * The pick list's tables and what is not allocated yet: templates with no state, handed the
 * element's handlers by reference.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { pickListMessages } from './pick-list.messages.js';
import type { NotAllocatedItem, PickRow, PickSection } from './pick-list.model.js';

export interface SectionView {
  section: PickSection;
  /** Its position on the page, for ids. */
  index: number;
  name: string;
  picked: ReadonlySet<string>;
  locale: ResolvedLocale;
  onPick: (event: Event) => void;
}

/** A row's name: its title, else its SKU. */
export function rowName(row: Pick<PickRow, 'title' | 'sku'>): string {
  return row.title && row.title !== '—' ? row.title : row.sku;
}

/** The name of a row's checkbox: "Picked <title or SKU>", and the kit it is for. */
export function pickLabel(row: PickRow, locale: ResolvedLocale): string {
  const text = pickListMessages(locale);
  const label = text.pickItem(rowName(row));
  return row.kit ? `${label} ${text.inKit(row.kit.name)}` : label;
}

function renderRow(row: PickRow, view: SectionView): TemplateResult {
  const text = pickListMessages(view.locale);
  const picked = view.picked.has(row.key);
  const number = (value: number) => formatNumber(value, view.locale);
  return html`<tr part="row" class=${picked ? 'picked' : ''}>
    <td class="location">
      <input
        type="checkbox"
        part="picked-checkbox"
        data-row=${row.key}
        aria-label=${pickLabel(row, view.locale)}
        .checked=${live(picked)}
        @change=${view.onPick}
      />
      ${
        row.location === null
          ? html`<span class="bin none">${text.noLocation}</span>`
          : html`<span class="bin">${row.location}</span>`
      }
    </td>
    <td class="item">
      <span class="title">${row.title}</span>
      ${row.sku ? html`<span class="sku">${text.sku(row.sku)}</span>` : nothing}
      ${row.kit ? html`<span class="kit" part="kit">${text.inKit(row.kit.name)}</span>` : nothing}
    </td>
    <td class="num quantity">${number(row.quantity)}</td>
    <td class="orders">
      <ul>
        ${row.orders.map(
          (share) =>
            html`<li>
              <span class="whole">${text.orderShare(share.number, number(share.quantity))}</span>
            </li>`,
        )}
      </ul>
    </td>
  </tr>`;
}

/** One warehouse's table, "Pick at <warehouse name>". */
export function renderSection(view: SectionView): TemplateResult {
  const text = pickListMessages(view.locale);
  const id = `pick-caption-${view.index}`;
  // Focusable, so the keyboard can scroll a table wider than the element.
  return html`<div class="table-scroll" role="region" aria-labelledby=${id} tabindex="0">
    <table part="table" data-warehouse=${String(view.section.warehouseId)}>
      <caption id=${id}>
        ${text.pickAt(view.name)}
      </caption>
      <thead>
        <tr>
          <th scope="col">${text.location}</th>
          <th scope="col">${text.item}</th>
          <th scope="col" class="num">${text.quantity}</th>
          <th scope="col">${text.orders}</th>
        </tr>
      </thead>
      <tbody>
        ${view.section.rows.map((row) => renderRow(row, view))}
      </tbody>
    </table>
  </div>`;
}

/** "Not allocated yet": the units of these orders no warehouse holds for them, counted in no table. */
export function renderNotAllocated(
  items: readonly NotAllocatedItem[],
  locale: ResolvedLocale,
): TemplateResult {
  const text = pickListMessages(locale);
  return html`<section class="not-allocated" part="not-allocated" aria-labelledby="not-allocated-heading">
    <h3 id="not-allocated-heading">${text.notAllocatedHeading}</h3>
    <ul>
      ${items.map(
        (item) =>
          html`<li>
            ${text.notAllocatedItem(item.number, rowName(item), formatNumber(item.quantity, locale))}
            ${item.sku && item.sku !== rowName(item) ? html`<span class="sku">${text.sku(item.sku)}</span>` : nothing}
          </li>`,
      )}
    </ul>
  </section>`;
}
