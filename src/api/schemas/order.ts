import type * as z from 'zod/mini';
import { SellableSchema } from './catalog.js';
import { ChannelSchema } from './channel.js';
import { AddressSchema, CustomerSchema, UserSchema, WarehouseSchema } from './common.js';
import {
  id,
  isObject,
  looseObject,
  nullish,
  optArray,
  optBool,
  optId,
  optNum,
  optText,
  scalar,
} from './primitives.js';
import { carrierName, shipmentRecord, trackingNumber } from './tracking.js';

/**
 * Orders and what hangs off them: line items, allocations, notes. Only the fields read are
 * listed, and the users that the order's types promise (`created_by`, `allocated_by`); the others
 * (`updated_by`, `cancelled_by`) pass through as `unknown`, their secrets already removed by the
 * transport.
 */

const sellable = /* @__PURE__ */ nullish(SellableSchema);
const user = /* @__PURE__ */ nullish(UserSchema);

export const LineItemSchema = /* @__PURE__ */ looseObject({
  id,
  price_per_unit: optNum,
  quantity: optNum,
  /** A fraction here (0.2), unlike the percentage on a sellable. */
  tax_rate: optNum,
  remote_id: optText,
  sellable,
});
export type LineItem = z.output<typeof LineItemSchema>;

export const AllocationLineItemSchema = /* @__PURE__ */ looseObject({ quantity: optNum, sellable });
export type AllocationLineItem = z.output<typeof AllocationLineItemSchema>;

export const AllocationSchema = /* @__PURE__ */ looseObject({
  id,
  allocated_by: user,
  total_weight: optNum,
  weight_unit: optText,
  warehouse: /* @__PURE__ */ nullish(WarehouseSchema),
  line_items: /* @__PURE__ */ optArray(AllocationLineItemSchema),
  /**
   * The label bought for this allocation, once there is one: flat even when nested once more,
   * `tracking_number` and `carrier` (the carrier's name) as text.
   */
  shipment: /* @__PURE__ */ nullish(
    /* @__PURE__ */ shipmentRecord(
      /* @__PURE__ */ looseObject({
        id: optId,
        tracking_number: trackingNumber,
        carrier: carrierName,
        created_at: optText,
      }),
    ),
  ),
});
export type Allocation = z.output<typeof AllocationSchema>;

/** An employee note; `POST /orders/{id}/notes` answers with one. */
export const NoteSchema = /* @__PURE__ */ looseObject({
  id,
  text: optText,
  created_at: optText,
  created_by: user,
});
export type Note = z.output<typeof NoteSchema>;

/**
 * A tag on an order: `id`, `name` and `colour` (hexadecimal or an HTML colour name), as read from
 * the API unchecked: the spec shows no more of the tags on an order than their names, so a tag
 * that arrives as bare text is its name, and an element reads each member for what it is.
 */
export interface OrderTag {
  id?: unknown;
  name?: unknown;
  colour?: unknown;
}

const orderTag = /* @__PURE__ */ scalar('a tag', (value): OrderTag | undefined =>
  typeof value === 'string' ? { name: value } : isObject(value) ? value : undefined,
);

/** The order's delivery method: `id`, `name` and `cost` (a number, also from text). */
export const OrderDeliveryMethodSchema = /* @__PURE__ */ looseObject({
  id: optId,
  name: optText,
  cost: optNum,
});
export type OrderDeliveryMethod = z.output<typeof OrderDeliveryMethodSchema>;

export const OrderSchema = /* @__PURE__ */ looseObject({
  id,
  number: optText,
  status: optText,
  /** The order's own currency; live orders carry it, stores of direct sales often have none. */
  currency_code: optText,
  created_at: optText,
  due_date: optText,
  created_by: user,
  employee_notes: /* @__PURE__ */ optArray(NoteSchema),
  delivery_cost: optNum,
  subtotal_price: optNum,
  total_discounts: optNum,
  total_price: optNum,
  total_tax: optNum,
  allocated_completely: optBool,
  tags: /* @__PURE__ */ optArray(orderTag),
  delivery_method: /* @__PURE__ */ nullish(OrderDeliveryMethodSchema),
  deliver_to: /* @__PURE__ */ nullish(AddressSchema),
  channel: /* @__PURE__ */ nullish(ChannelSchema),
  customer: /* @__PURE__ */ nullish(CustomerSchema),
  allocations: /* @__PURE__ */ optArray(AllocationSchema),
  line_items: /* @__PURE__ */ optArray(LineItemSchema),
});
export type Order = z.output<typeof OrderSchema>;
