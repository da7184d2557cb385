import * as v from 'valibot';
import { id, optArray, optBool, optId, optNum, optText } from './primitives.js';

/**
 * Resources that appear inside several others: warehouses, users, addresses, customers,
 * delivery methods, images and tags. Every field is optional except an `id` where the UI keys
 * on it; unknown fields pass through untouched.
 */

export const WarehouseSchema = v.looseObject({
  id,
  name: optText,
  user_id: optId,
  address_line_1: optText,
  address_line_2: optText,
  city: optText,
  region: optText,
  country: optText,
  post_code: optText,
  inventory_type_code: optText,
  default_min_reorder: optNum,
  click_and_collect_enabled: optBool,
  click_and_collect_days: v.nullish(v.unknown()),
  created_by_id: optId,
  updated_by_id: optId,
  deleted_at: optText,
  deleted_by_id: optId,
  created_at: optText,
  updated_at: optText,
  phone: optText,
  requested_carrier_account: v.nullish(v.unknown()),
  display_position: optNum,
});
export type Warehouse = v.InferOutput<typeof WarehouseSchema>;

export const CompanySchema = v.looseObject({
  id: optId,
  name: optText,
  created_at: optText,
  updated_at: optText,
  card_valid: optBool,
  has_right_to_use_service: optBool,
  subscription_status: optText,
  subscription_plan_id: optId,
  setting: v.nullish(v.looseObject({ currency_code: optText, phone_number: optText })),
});
export type Company = v.InferOutput<typeof CompanySchema>;

/**
 * A user. The user objects inside allocation responses carry the account's `api_key` and
 * reset tokens; they are dropped here so that no secret reaches the order store, the DOM or a log.
 */
export const UserSchema = v.pipe(
  v.looseObject({
    id: optId,
    login: optText,
    email: optText,
    location: optText,
    orders_walkthrough_viewed: optBool,
    default_warehouse_id: optId,
    created_at: optText,
    updated_at: optText,
    company: v.nullish(CompanySchema),
    company_id: optId,
    state: optText,
  }),
  v.transform((user) => {
    const { api_key: _apiKey, password_reset_token: _reset, activation_code: _activation, ...safe } = user;
    return safe;
  }),
);
export type User = v.InferOutput<typeof UserSchema>;

export const AddressSchema = v.looseObject({
  id: optId,
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

export const CustomerSchema = v.looseObject({
  id,
  email: optText,
  customer_type: optText,
  phone: optText,
  mobile: optText,
  notes: optText,
  created_by_id: optId,
  billing_address: v.nullish(AddressSchema),
  shipping_addresses: optArray(AddressSchema),
  last_used_shipping_address: v.nullish(AddressSchema),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

export const DeliveryMethodSchema = v.looseObject({
  id,
  name: optText,
  /** The API sends a decimal in text form; parsed to a number. */
  cost: optNum,
  user_id: optId,
  created_at: optText,
  updated_at: optText,
});
export type DeliveryMethod = v.InferOutput<typeof DeliveryMethodSchema>;

export const ImageSchema = v.looseObject({
  id: optId,
  src: optText,
  product_id: optId,
  display_position: optNum,
  picture_file_name: optText,
  picture_content_type: optText,
  picture_order: optNum,
  created_at: optText,
  updated_at: optText,
});
export type Image = v.InferOutput<typeof ImageSchema>;

export const TagSchema = v.looseObject({
  id,
  name: optText,
  colour: optText,
  company_id: optId,
  taggings_count: optNum,
});
export type Tag = v.InferOutput<typeof TagSchema>;
