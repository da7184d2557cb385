/**
 * What `<ship-order>` says of the items still to allocate: under "Not allocated yet", each item
 * with why it is not allocated and what to do; above the rates of a split shipment, what stays
 * behind and the way back.
 */
import { html } from 'lit';
import type { TemplateResult } from 'lit';
import { formatList, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { UnallocatedItem } from '../../shipping/allocation-stock.js';
import { shipOrderMessages } from './ship-order.messages.js';

/** Why an item is not allocated, and what to do about it. */
function reasonText({ reason }: UnallocatedItem, locale: ResolvedLocale): string {
  const text = shipOrderMessages(locale);
  switch (reason.kind) {
    case 'notStocked':
      return text.notStocked;
    case 'outOfStock':
      return text.outOfStock;
    case 'short':
      return text.shortOf(formatNumber(reason.available, locale), reason.warehouse);
    case 'inStock':
      return text.inStockAt(reason.warehouse);
  }
}

/** The items "Not allocated yet" lists, each with why. */
export function renderUnallocated(items: readonly UnallocatedItem[], locale: ResolvedLocale): TemplateResult {
  const text = shipOrderMessages(locale);
  return html`<ul class="unallocated" part="unallocated">
    ${items.map(
      (item) =>
        html`<li>
          ${text.toAllocate(item.item, formatNumber(item.unallocated, locale))}: ${reasonText(item, locale)}
        </li>`,
    )}
  </ul>`;
}

/** Above the rates of the allocated items: what is left behind, and "Allocate the rest first". */
export function renderSplitNote(
  unallocated: readonly UnallocatedItem[],
  locale: ResolvedLocale,
  onAllocateRest: () => void,
): TemplateResult {
  const text = shipOrderMessages(locale);
  const items = unallocated.map((item) => `${item.item} (${formatNumber(item.unallocated, locale)})`);
  return html`<div class="split" part="split-note">
    <p>${text.splitNote(formatList(items, locale))}</p>
    <button type="button" class="button secondary" part="allocate-rest-button" @click=${onAllocateRest}>
      ${text.allocateRest}
    </button>
  </div>`;
}
