/**
 * A label bought for an order: a booking (or `POST /shipments`) whose reference is an order's
 * number gives the order's allocations without a label a shipment with the tracking number, and
 * the allocated units leave the warehouse. Which allocations: those at the warehouse the label
 * ships from, where its sender address names one of them (by name, or by postcode and country);
 * else every one without a label. An order whose every unit is allocated and whose every allocation
 * has a label is `shipped`.
 */
import type { SandboxState } from '../state.js';
import type { Allocation, Warehouse } from '../types.js';

/** The sender of a label, as its rates request (or `POST /shipments`) gave it. */
export interface LabelSender {
  name: string | null;
  postcode: string | null;
  country_code: string | null;
}

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
  /** The address the label ships from; absent for the seed's own labels. */
  from?: LabelSender;
}

const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a?.trim()) && a?.trim().toLowerCase() === b?.trim().toLowerCase();

/** Whether `from` names `warehouse`: by its name, or by its postcode and country. */
function shipsFrom(from: LabelSender, warehouse: Warehouse | undefined): boolean {
  if (!warehouse) return false;
  return (
    same(from.name, warehouse.name) ||
    (same(from.postcode, warehouse.post_code) && same(from.country_code, warehouse.country))
  );
}

/** The allocations a label ships: those at its sender's warehouse, else every one without a label. */
function allocationsShipped(
  state: SandboxState,
  allocations: Allocation[],
  from: LabelSender | undefined,
): Allocation[] {
  const open = allocations.filter((allocation) => !allocation.shipment);
  if (!from) return open;
  const here = open.filter((allocation) => shipsFrom(from, state.warehouses.get(allocation.warehouse_id)));
  return here.length > 0 ? here : open;
}

export function shipOrderByReference(state: SandboxState, label: OrderLabel): void {
  if (!label.reference) return;
  const carrierId =
    [...state.shippingConfigs.values()].find((config) => config.carrier_code === label.carrierCode)
      ?.carrier_id ?? null;
  for (const order of state.orders.values()) {
    if (order.number !== label.reference) continue;
    for (const allocation of allocationsShipped(state, order.allocations, label.from)) {
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
