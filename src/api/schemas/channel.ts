import * as v from 'valibot';
import { WarehouseSchema } from './common.js';
import { resourceSchema } from './jsonapi.js';
import { id, optArray, optBool, optId, optNum, optText, unknownArray } from './primitives.js';

/**
 * A store (channel). The spec lists some eighty fields; those a UI plausibly reads are typed
 * here, the rest pass through as `unknown`.
 */
export const ChannelSchema = v.looseObject({
  id,
  type_code: optText,
  created_by_id: optId,
  name: optText,
  short_name: optText,
  currency_code: optText,
  state: optText,
  url: optText,
  storefront_url: optText,
  auction_url: optText,
  country: optText,
  region: optText,
  city: optText,
  address_line_1: optText,
  address_line_2: optText,
  post_code: optText,
  email: optText,
  pending_setup: optBool,
  pulled_products_at: optText,
  pulled_orders_at: optText,
  deleted_at: optText,
  update_remote_order: optBool,
  default_send_shipment_email: optBool,
  service_dictates_stock_level: optBool,
  service_dictates_price: optBool,
  max_qty_to_advert: optNum,
  min_threshold_qty: optNum,
  percent_of_qty: optNum,
  always_set_qty: optNum,
  weight_unit: optText,
  time_zone: optText,
  channel_warehouses: optArray(v.looseObject({ rank: optNum, warehouse: v.nullish(WarehouseSchema) })),
  warehouses: unknownArray,
  active_warehouses: optArray(v.looseObject({ id: optId, name: optText })),
  stock_level_update_requests: unknownArray,
  default_warehouse: v.nullish(WarehouseSchema),
  remote: optBool,
});
export type Channel = v.InferOutput<typeof ChannelSchema>;

/** The attributes of a store listing (channel sellable). */
export const ChannelSellableAttributesSchema = v.looseObject({
  remote_title: optText,
  remote_sku: optText,
  remote_price: optNum,
  currency_code: optText,
  remote_inventory_quantity: optNum,
  remote_id: optText,
  active: optBool,
});

/**
 * A store listing, flattened from its JSON:API envelope:
 * `{ id, type, remote_sku, remote_title, …, relationships: { channel: { id, type } | null, … } }`.
 */
export const ChannelSellableSchema = resourceSchema(ChannelSellableAttributesSchema);
export type ChannelSellable = v.InferOutput<typeof ChannelSellableSchema>;
