import type * as z from 'zod/mini';
import { id, looseObject, nullish, optNum, optText } from './primitives.js';

/**
 * Resources that appear inside several others: warehouses, users, addresses, customers,
 * delivery methods, images and tags. Only the fields the library and its elements read are
 * listed (and so checked and coerced); every other field passes through untouched, typed
 * `unknown`. Every listed field is optional except an `id` where the UI keys on it.
 */

export const WarehouseSchema = /* @__PURE__ */ looseObject({
  id,
  name: optText,
  address_line_1: optText,
  address_line_2: optText,
  city: optText,
  region: optText,
  country: optText,
  post_code: optText,
  phone: optText,
  display_position: optNum,
});
export type Warehouse = z.output<typeof WarehouseSchema>;

export const CompanySchema = /* @__PURE__ */ looseObject({
  name: optText,
  setting: /* @__PURE__ */ nullish(/* @__PURE__ */ looseObject({ currency_code: optText })),
});
export type Company = z.output<typeof CompanySchema>;

/**
 * A user. The user objects inside allocation responses carry the account's `api_key` and reset
 * tokens; the transport removes them from every answer (`stripSecrets`), before any schema sees it.
 */
export const UserSchema = /* @__PURE__ */ looseObject({
  login: optText,
  email: optText,
  company: /* @__PURE__ */ nullish(CompanySchema),
});
export type User = z.output<typeof UserSchema>;

export const AddressSchema = /* @__PURE__ */ looseObject({
  first_name: optText,
  last_name: optText,
  company: optText,
  address1: optText,
  address2: optText,
  city: optText,
  country: optText,
  state: optText,
  zip: optText,
  phone: optText,
  email: optText,
});
export type Address = z.output<typeof AddressSchema>;

export const CustomerSchema = /* @__PURE__ */ looseObject({
  id,
  email: optText,
  billing_address: /* @__PURE__ */ nullish(AddressSchema),
});
export type Customer = z.output<typeof CustomerSchema>;

export const DeliveryMethodSchema = /* @__PURE__ */ looseObject({
  id,
  /** The API sends a decimal in text form; parsed to a number. */
  cost: optNum,
});
export type DeliveryMethod = z.output<typeof DeliveryMethodSchema>;

/** A product picture; no response schema lists one now, the type stays for callers. */
export const ImageSchema = /* @__PURE__ */ looseObject({ src: optText });
export type Image = z.output<typeof ImageSchema>;

export const TagSchema = /* @__PURE__ */ looseObject({
  id,
  name: optText,
  colour: optText,
});
export type Tag = z.output<typeof TagSchema>;
