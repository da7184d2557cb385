import * as v from 'valibot';
import { SellableSchema } from './catalog.js';
import { ChannelSchema } from './channel.js';
import { AddressSchema, CustomerSchema, UserSchema, WarehouseSchema } from './common.js';
import { id, optArray, optBool, optNum, optText } from './primitives.js';

/**
 * Orders and what hangs off them: line items, allocations, notes. Only the fields read are
 * listed, plus every field that holds a user, so that its secrets are dropped.
 */

const sellable = /* @__PURE__ */ v.nullish(SellableSchema);
const user = /* @__PURE__ */ v.nullish(UserSchema);
/** A field that may hold a user object (then stripped of secrets) or only a user's id or name. */
const userOrReference = /* @__PURE__ */ v.nullish(
  /* @__PURE__ */ v.union([UserSchema, /* @__PURE__ */ v.number(), /* @__PURE__ */ v.string()]),
);

export const LineItemSchema = /* @__PURE__ */ v.looseObject({
  id,
  price_per_unit: optNum,
  quantity: optNum,
  /** A fraction here (0.2), unlike the percentage on a sellable. */
  tax_rate: optNum,
  remote_id: optText,
  sellable,
});
export type LineItem = v.InferOutput<typeof LineItemSchema>;

export const AllocationLineItemSchema = /* @__PURE__ */ v.looseObject({ quantity: optNum, sellable });
export type AllocationLineItem = v.InferOutput<typeof AllocationLineItemSchema>;

export const AllocationSchema = /* @__PURE__ */ v.looseObject({
  id,
  allocated_by: user,
  total_weight: optNum,
  weight_unit: optText,
  warehouse: /* @__PURE__ */ v.nullish(WarehouseSchema),
  line_items: /* @__PURE__ */ optArray(AllocationLineItemSchema),
});
export type Allocation = v.InferOutput<typeof AllocationSchema>;

/** An employee note; `POST /orders/{id}/notes` answers with one. */
export const NoteSchema = /* @__PURE__ */ v.looseObject({
  id,
  text: optText,
  created_at: optText,
  created_by: user,
});
export type Note = v.InferOutput<typeof NoteSchema>;

export const OrderSchema = /* @__PURE__ */ v.looseObject({
  id,
  number: optText,
  status: optText,
  created_at: optText,
  due_date: optText,
  created_by: user,
  updated_by: userOrReference,
  cancelled_by: userOrReference,
  employee_notes: /* @__PURE__ */ optArray(NoteSchema),
  delivery_cost: optNum,
  subtotal_price: optNum,
  total_discounts: optNum,
  total_price: optNum,
  total_tax: optNum,
  allocated_completely: optBool,
  deliver_to: /* @__PURE__ */ v.nullish(AddressSchema),
  channel: /* @__PURE__ */ v.nullish(ChannelSchema),
  customer: /* @__PURE__ */ v.nullish(CustomerSchema),
  allocations: /* @__PURE__ */ optArray(AllocationSchema),
  line_items: /* @__PURE__ */ optArray(LineItemSchema),
});
export type Order = v.InferOutput<typeof OrderSchema>;
