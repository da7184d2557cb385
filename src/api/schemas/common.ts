import * as z from 'zod/mini';
import { id, optArray, optBool, optId, optNum, optText } from './primitives.js';

/**
 * Resources that appear inside several others: warehouses, users, addresses, customers,
 * delivery methods, images and tags. Every field is optional except an `id` where the UI keys
 * on it; unknown fields pass through untouched.
 */

export const WarehouseSchema = z.looseObject({
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
  click_and_collect_days: z.nullish(z.unknown()),
  created_by_id: optId,
  updated_by_id: optId,
  deleted_at: optText,
  deleted_by_id: optId,
  created_at: optText,
  updated_at: optText,
  phone: optText,
  requested_carrier_account: z.nullish(z.unknown()),
  display_position: optNum,
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

export const CompanySchema = z.looseObject({
  id: optId,
  name: optText,
  created_at: optText,
  updated_at: optText,
  card_valid: optBool,
  has_right_to_use_service: optBool,
  subscription_status: optText,
  subscription_plan_id: optId,
  setting: z.nullish(z.looseObject({ currency_code: optText, phone_number: optText })),
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * A user. The user objects inside allocation responses carry the account's `api_key` and
 * reset tokens; they are dropped here so that no secret reaches the order store, the DOM or a log.
 */
export const UserSchema = z.pipe(
  z.looseObject({
    id: optId,
    login: optText,
    email: optText,
    location: optText,
    orders_walkthrough_viewed: optBool,
    default_warehouse_id: optId,
    created_at: optText,
    updated_at: optText,
    company: z.nullish(CompanySchema),
    company_id: optId,
    state: optText,
  }),
  z.transform((user) => {
    const { api_key: _apiKey, password_reset_token: _reset, activation_code: _activation, ...safe } = user;
    return safe;
  }),
);
export type User = z.infer<typeof UserSchema>;

export const AddressSchema = z.looseObject({
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
export type Address = z.infer<typeof AddressSchema>;

export const CustomerSchema = z.looseObject({
  id,
  email: optText,
  customer_type: optText,
  phone: optText,
  mobile: optText,
  notes: optText,
  created_by_id: optId,
  billing_address: z.nullish(AddressSchema),
  shipping_addresses: optArray(AddressSchema),
  last_used_shipping_address: z.nullish(AddressSchema),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const DeliveryMethodSchema = z.looseObject({
  id,
  name: optText,
  /** The API sends a decimal in text form; parsed to a number. */
  cost: optNum,
  user_id: optId,
  created_at: optText,
  updated_at: optText,
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

export const ImageSchema = z.looseObject({
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
export type Image = z.infer<typeof ImageSchema>;

export const TagSchema = z.looseObject({
  id,
  name: optText,
  colour: optText,
  company_id: optId,
  taggings_count: optNum,
});
export type Tag = z.infer<typeof TagSchema>;
