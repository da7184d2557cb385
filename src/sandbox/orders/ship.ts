/**
 * A label bought for an order: a booking (or `POST /shipments`) whose reference is an order's
 * number gives each of the order's allocations without a label a shipment with the tracking
 * number, and the allocated units leave the warehouse. An order whose every unit is allocated and
 * whose every allocation has a label is `shipped`.
 */
import type { SandboxState } from '../state.js';

export interface OrderLabel {
  /** The rates request's `customer_reference` (or the shipment's `reference`): an order number. */
  reference: string | null;
  trackingNumber: string;
  /** Carrier code of the service (`parcelway`, …). */
  carrierCode: string;
  carrierName: string;
  weightGrams: number;
  charge: { value: number; unit: string } | null;
  at: string;
}

export function shipOrderByReference(state: SandboxState, label: OrderLabel): void {
  if (!label.reference) return;
  const carrierId =
    [...state.shippingConfigs.values()].find((config) => config.carrier_code === label.carrierCode)
      ?.carrier_id ?? null;
  for (const order of state.orders.values()) {
    if (order.number !== label.reference) continue;
    for (const allocation of order.allocations) {
      if (allocation.shipment) continue;
      allocation.shipment = {
        id: state.nextId(),
        allocation_id: allocation.id,
        order_id: order.id,
        carrier_id: carrierId,
        carrier_name: label.carrierName,
        tracking_number: label.trackingNumber,
        weight_grams: Math.round(label.weightGrams),
        charge: label.charge,
        shipped_by_id: state.ownerId,
        created_at: label.at,
      };
      allocation.updated_at = label.at;
      for (const line of allocation.line_items) {
        const entry = state.stockEntry(line.sellable_id, allocation.warehouse_id);
        if (!entry || entry.infinite) continue;
        entry.physical = Math.max(0, entry.physical - line.quantity);
        entry.allocated = Math.max(0, entry.allocated - line.quantity);
        entry.updated_at = label.at;
      }
    }
    order.updated_at = label.at;
  }
}
