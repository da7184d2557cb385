/**
 * The order card's allocations: where each part of the order is allocated, and a shipped one's
 * state and tracking number. Stateless: the card hands over the order and the locale.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { Allocation, Order } from '../../api/index.js';
import { EMPTY, formatNumber } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import { describeLineItem } from '../../shared/order-view.js';
import { renderStatusBadge } from '../../shared/templates.js';
import { orderCardMessages } from './order-card.messages.js';

export function renderAllocations(order: Order, locale: ResolvedLocale): TemplateResult {
  const text = orderCardMessages(locale);
  const allocations = order.allocations ?? [];
  return html`<section class="allocations" part="allocations">
    <h3>${text.allocations}</h3>
    ${
      allocations.length === 0
        ? html`<p class="muted">${text.noAllocations}</p>`
        : html`<ul class="allocation-list">
            ${allocations.map((allocation) => renderAllocation(allocation, locale))}
          </ul>`
    }
  </section>`;
}

function renderAllocation(allocation: Allocation, locale: ResolvedLocale): TemplateResult {
  const text = orderCardMessages(locale);
  const shipment = allocation.shipment;
  const shipmentState =
    shipment && typeof shipment === 'object'
      ? String(
          (shipment as Record<string, unknown>)['state'] ??
            (shipment as Record<string, unknown>)['status'] ??
            text.shipment,
        )
      : undefined;
  return html`<li class="allocation">
    <div class="allocation-head">
      <strong>${text.allocationAt(allocation.warehouse?.name ?? EMPTY)}</strong>
      ${shipmentState ? renderStatusBadge(shipmentState, locale) : renderStatusBadge(null, locale, text.notShipped)}
      ${
        shipment?.tracking_number
          ? html`<span class="tracking"
              >${
                shipment.carrier
                  ? text.trackingBy(shipment.carrier, shipment.tracking_number)
                  : text.tracking(shipment.tracking_number)
              }</span
            >`
          : nothing
      }
    </div>
    <ul class="allocation-items">
      ${(allocation.line_items ?? []).map((line) => {
        const { title, sku } = describeLineItem(line);
        return html`<li>${formatNumber(line.quantity ?? 0, locale)} × ${title}${sku ? ` (${sku})` : ''}</li>`;
      })}
    </ul>
  </li>`;
}
