import * as v from 'valibot';
import { id, optText, optNum } from './primitives.js';

/**
 * Resources that appear inside several others: warehouses, users, addresses, customers,
 * delivery methods, images and tags. Only the fields the library and its elements read are
 * listed (and so checked and coerced); every other field passes through untouched, typed
 * `unknown`. Every listed field is optional except an `id` where the UI keys on it.
 */

export const WarehouseSchema = /* @__PURE__ */ v.looseObject({
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
export type Warehouse = v.InferOutput<typeof WarehouseSchema>;

export const CompanySchema = /* @__PURE__ */ v.looseObject({
  name: optText,
  setting: /* @__PURE__ */ v.nullish(/* @__PURE__ */ v.looseObject({ currency_code: optText })),
});
export type Company = v.InferOutput<typeof CompanySchema>;

/**
 * A user. The user objects inside allocation responses carry the account's `api_key` and
 * reset tokens; they are dropped here so that no secret reaches the order store, the DOM or a log.
 */
export const UserSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.looseObject({
    login: optText,
    email: optText,
    company: /* @__PURE__ */ v.nullish(CompanySchema),
  }),
  /* @__PURE__ */ v.transform((user) => {
    const { api_key: _apiKey, password_reset_token: _reset, activation_code: _activation, ...safe } = user;
    return safe;
  }),
);
export type User = v.InferOutput<typeof UserSchema>;

export const AddressSchema = /* @__PURE__ */ v.looseObject({
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
export type Address = v.InferOutput<typeof AddressSchema>;

export const CustomerSchema = /* @__PURE__ */ v.looseObject({
  id,
  email: optText,
  billing_address: /* @__PURE__ */ v.nullish(AddressSchema),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

export const DeliveryMethodSchema = /* @__PURE__ */ v.looseObject({
  id,
  /** The API sends a decimal in text form; parsed to a number. */
  cost: optNum,
});
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethodSchema>;

/** A product picture; no response schema lists one now, the type stays for callers. */
export const ImageSchema = /* @__PURE__ */ v.looseObject({ src: optText });
export type Image = v.InferOutput<typeof ImageSchema>;

export const TagSchema = /* @__PURE__ */ v.looseObject({
  id,
  name: optText,
  colour: optText,
});
export type Tag = v.InferOutput<typeof TagSchema>;
