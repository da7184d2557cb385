import * as v from 'valibot';
import { ImageSchema, TagSchema, WarehouseSchema } from './common.js';
import { id, optArray, optBool, optId, optNum, optText, unknownArray } from './primitives.js';

/** Stock entries, sellables (product variants and kits), products and kit contents. */

export const StockEntrySchema = v.looseObject({
  sellable_id: optId,
  warehouse_id: optId,
  infinite: optBool,
  allocated_stock_level: optNum,
  warehouse: v.nullish(WarehouseSchema),
  location: optText,
  stock_running_low: optBool,
  updated_at: optText,
  incoming_stock_level: optNum,
  physical_stock_level: optNum,
  available_stock_level: optNum,
  sellable_on_hand_value: optNum,
  transit_outgoing_stock_level: optNum,
  transit_incoming_stock_level: optNum,
});
export type StockEntry = v.InferOutput<typeof StockEntrySchema>;

/** The short product inside a sellable. */
export const ProductSummarySchema = v.looseObject({
  id: optId,
  title: optText,
  weight: optNum,
  origin_country: optText,
  hs_tariff_number: optText,
  tax_rate: optNum,
  main_image: v.nullish(ImageSchema),
  main_image_src: optText,
  estimated_delivery: optNum,
  deleted_at: optText,
  description: optText,
});
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;

export const SellableSchema = v.looseObject({
  id,
  type: optText,
  title: optText,
  sku_code: optText,
  upc_code: optText,
  model_number: optText,
  price: optNum,
  cost_price: optNum,
  min_reorder_level: optNum,
  quantity_to_reorder: optNum,
  created_by_id: optId,
  created_at: optText,
  updated_at: optText,
  deleted_at: optText,
  weight: optNum,
  weight_grams: optNum,
  weight_unit: optText,
  product_title: optText,
  full_title: optText,
  sellable_title: optText,
  profit: optNum,
  margin: optNum,
  /** A percentage here (20.0), unlike the fraction on an order line item. */
  tax_rate: optNum,
  total_quantity_sold: optNum,
  allocated_stock_level_at_all_warehouses: optNum,
  available_stock_level_at_all_warehouses: optNum,
  stock_level_at_all_warehouses: optNum,
  on_hand_value: optNum,
  product: v.nullish(ProductSummarySchema),
  stock_entries: optArray(StockEntrySchema),
  variant_option_specifics: optArray(
    v.looseObject({
      id: optId,
      product_specific_id: optId,
      product_property_id: optId,
      product_property_name: optText,
      value: optText,
    }),
  ),
  variant_property_specifics: unknownArray,
  measurement_attributes: v.nullish(
    v.looseObject({ id: optId, width: optNum, height: optNum, depth: optNum, dimensions_unit: optText }),
  ),
  images: unknownArray,
  active_channels: unknownArray,
  channel_sellables: unknownArray,
  inventory: v.nullish(
    v.looseObject({
      infinite: optBool,
      physical_stock_level_at_all_warehouses: optNum,
      allocated_stock_level_at_all_warehouses: optNum,
      available_stock_level_at_all_warehouses: optNum,
      incoming_stock_level_at_all_warehouses: optNum,
    }),
  ),
  estimated_delivery: optNum,
  origin_country: optText,
  hs_tariff_number: optText,
  customs_description: optText,
  image_url: optText,
});
export type Sellable = v.InferOutput<typeof SellableSchema>;

/** The full product, as a product update returns it. */
export const ProductSchema = v.looseObject({
  id,
  title: optText,
  created_by_id: optId,
  created_at: optText,
  updated_at: optText,
  updated_by_id: optId,
  deleted_at: optText,
  weight: optNum,
  origin_country: optText,
  hs_tariff_number: optText,
  notes: optText,
  product_tax_rate_id: optId,
  tax_rate: optNum,
  web_meta_description: optText,
  web_meta_keywords: optText,
  web_meta_title: optText,
  web_page_title: optText,
  web_page_url: optText,
  main_image: v.nullish(ImageSchema),
  estimated_delivery: optNum,
  total_quantity_sold: optNum,
  brand: v.nullish(v.looseObject({ id: optId, name: optText })),
  sellables: optArray(SellableSchema),
  channel_products: unknownArray,
  active_channels: unknownArray,
  tags: optArray(TagSchema),
  image: v.nullish(v.unknown()),
  description: optText,
  on_hand_value: optNum,
  main_image_src: optText,
  total_allocated_stock_level: optNum,
  total_available_stock_level: optNum,
  total_stock_level: optNum,
  inventory: v.nullish(v.looseObject({ infinite: optBool })),
});
export type Product = v.InferOutput<typeof ProductSchema>;

/** One property value of a product, as `PUT .../product_property_specifics/{id}` returns it. */
export const ProductPropertyValueSchema = v.looseObject({
  product_property_name: optText,
  value: optText,
});
export type ProductPropertyValue = v.InferOutput<typeof ProductPropertyValueSchema>;

/** One component of a kit (bundle); its `id` differs from the variant's. */
export const KitContentSchema = v.looseObject({
  id,
  product_variant_id: optId,
  kit_id: optId,
  quantity: optNum,
  created_at: optText,
  updated_at: optText,
  deleted_at: optText,
  sku_code: optText,
  title: optText,
  total_available_stock_level: optNum,
  product_variant: v.nullish(SellableSchema),
});
export type KitContent = v.InferOutput<typeof KitContentSchema>;
