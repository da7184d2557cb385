import * as v from 'valibot';
import { SellableSchema } from './catalog.js';
import { ChannelSchema } from './channel.js';
import { AddressSchema, CustomerSchema, UserSchema, WarehouseSchema } from './common.js';
import { id, optArray, optBool, optId, optNum, optText, unknownArray } from './primitives.js';

/** Orders and what hangs off them: line items, allocations, notes. */

export const LineItemSchema = v.looseObject({
  id,
  price_per_unit: optNum,
  quantity: optNum,
  /** A fraction here (0.2), unlike the percentage on a sellable. */
  tax_rate: optNum,
  taxless_discount_per_unit: optNum,
  additional_options: v.nullish(v.unknown()),
  created_at: optText,
  updated_at: optText,
  remote_id: optText,
  sellable: v.nullish(SellableSchema),
});
export type LineItem = v.InferOutput<typeof LineItemSchema>;

export const AllocationLineItemSchema = v.looseObject({
  id: optId,
  quantity: optNum,
  picked_quantity: optNum,
  created_at: optText,
  updated_at: optText,
  sellable: v.nullish(SellableSchema),
});
export type AllocationLineItem = v.InferOutput<typeof AllocationLineItemSchema>;

export const AllocationSchema = v.looseObject({
  id,
  order_id: optId,
  created_at: optText,
  updated_at: optText,
  allocated_by_id: optId,
  allocated_by: v.nullish(UserSchema),
  total_weight: optNum,
  weight_unit: optText,
  packed_completely: optBool,
  warehouse: v.nullish(WarehouseSchema),
  recommended_shipping_options: v.nullish(v.unknown()),
  matched_parcel_properties_criteria: v.nullish(v.unknown()),
  shipment: v.nullish(v.unknown()),
  line_items: optArray(AllocationLineItemSchema),
});
export type Allocation = v.InferOutput<typeof AllocationSchema>;

/** An employee note; `POST /orders/{id}/notes` answers with one. */
export const NoteSchema = v.looseObject({
  id,
  order_id: optId,
  text: optText,
  created_at: optText,
  created_by: v.nullish(UserSchema),
});
export type Note = v.InferOutput<typeof NoteSchema>;

export const OrderSchema = v.looseObject({
  id,
  number: optText,
  status: optText,
  created_at: optText,
  updated_at: optText,
  due_date: optText,
  dispatch_date: optText,
  shipped_at: optText,
  cancelled_at: optText,
  cancel_reason: optText,
  cancelled_by: v.nullish(v.unknown()),
  created_by: v.nullish(UserSchema),
  updated_by: v.nullish(v.unknown()),
  buyer_user_id: optId,
  till_id: optId,
  international: optBool,
  notes: optText,
  customer_viewable_notes: optText,
  customer_note: v.nullish(v.looseObject({ id: optId, text: optText, order_id: optId })),
  employee_notes: optArray(NoteSchema),
  delivery_cost: optNum,
  subtotal_price: optNum,
  total_discounts: optNum,
  total_price: optNum,
  total_tax: optNum,
  total_fees: optNum,
  additional_order_level_taxless_discount: optNum,
  adjustment_amount: optNum,
  refund_amount: optNum,
  send_refund_email: optBool,
  send_notification_email: optBool,
  receipt_printed: optBool,
  restock_shipped_items: optBool,
  fulfilled_by_marketplace: optBool,
  is_marketplace_prime: optBool,
  is_marketplace_premium_order: optBool,
  fulfillment_channel_order: v.nullish(v.unknown()),
  tags: unknownArray,
  returns: unknownArray,
  allocated_completely: optBool,
  picked_completely: optBool,
  packed_completely: optBool,
  payment: v.nullish(
    v.looseObject({
      id: optId,
      order_id: optId,
      payment_type: optText,
      reference_number: optText,
      created_at: optText,
      updated_at: optText,
      card_number: optText,
      created_by_id: optId,
    }),
  ),
  /** The order's delivery method; its `cost` is a number here (a decimal string elsewhere). */
  delivery_method: v.nullish(v.looseObject({ id: optId, name: optText, cost: optNum })),
  deliver_to: v.nullish(AddressSchema),
  channel: v.nullish(ChannelSchema),
  customer: v.nullish(CustomerSchema),
  allocations: optArray(AllocationSchema),
  line_items: optArray(LineItemSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;
