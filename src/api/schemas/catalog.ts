import * as v from 'valibot';
import { WarehouseSchema } from './common.js';
import { id, optArray, optBool, optId, optNum, optText, unknownArray } from './primitives.js';

/**
 * Stock entries, sellables (product variants and kits), products and kit contents. As in
 * `common.ts`, only the fields read are listed; the rest pass through as `unknown`.
 */

export const StockEntrySchema = /* @__PURE__ */ v.looseObject({
  warehouse_id: optId,
  infinite: optBool,
  allocated_stock_level: optNum,
  warehouse: /* @__PURE__ */ v.nullish(WarehouseSchema),
  physical_stock_level: optNum,
  available_stock_level: optNum,
});
export type StockEntry = v.InferOutput<typeof StockEntrySchema>;

/** Where a variant or its product was made and how customs class it. */
const customs = { origin_country: optText, hs_tariff_number: optText };

/** The short product inside a sellable. */
export const ProductSummarySchema = /* @__PURE__ */ v.looseObject({
  title: optText,
  main_image_src: optText,
  ...customs,
});
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;

export const SellableSchema = /* @__PURE__ */ v.looseObject({
  id,
  title: optText,
  sku_code: optText,
  weight: optNum,
  weight_grams: optNum,
  weight_unit: optText,
  product_title: optText,
  full_title: optText,
  /** A percentage here (20.0), unlike the fraction on an order line item. */
  tax_rate: optNum,
  product: /* @__PURE__ */ v.nullish(ProductSummarySchema),
  stock_entries: /* @__PURE__ */ optArray(StockEntrySchema),
  images: unknownArray,
  ...customs,
});
export type Sellable = v.InferOutput<typeof SellableSchema>;

/** The full product, as a product update returns it. */
export const ProductSchema = /* @__PURE__ */ v.looseObject({
  id,
  sellables: /* @__PURE__ */ optArray(SellableSchema),
});
export type Product = v.InferOutput<typeof ProductSchema>;

/** One property value of a product, as `PUT .../product_property_specifics/{id}` returns it. */
export const ProductPropertyValueSchema = /* @__PURE__ */ v.looseObject({ value: optText });
export type ProductPropertyValue = v.InferOutput<typeof ProductPropertyValueSchema>;

/** One component of a kit (bundle); its `id` differs from the variant's. */
export const KitContentSchema = /* @__PURE__ */ v.looseObject({ id, quantity: optNum });
export type KitContent = v.InferOutput<typeof KitContentSchema>;
