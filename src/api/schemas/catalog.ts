import type * as z from 'zod/mini';
import { WarehouseSchema } from './common.js';
import {
  id,
  looseObject,
  nullish,
  optArray,
  optBool,
  optId,
  optNum,
  optText,
  unknownArray,
} from './primitives.js';

/**
 * Stock entries, sellables (product variants and kits), products and kit contents. As in
 * `common.ts`, only the fields read are listed; the rest pass through as `unknown`.
 */

export const StockEntrySchema = /* @__PURE__ */ looseObject({
  warehouse_id: optId,
  infinite: optBool,
  allocated_stock_level: optNum,
  warehouse: /* @__PURE__ */ nullish(WarehouseSchema),
  physical_stock_level: optNum,
  available_stock_level: optNum,
  /** Where in the warehouse the stock is kept (a shelf, a bin). */
  location: optText,
});
export type StockEntry = z.output<typeof StockEntrySchema>;

/** Where a variant or its product was made and how customs class it. */
const customs = { origin_country: optText, hs_tariff_number: optText };

/** The short product inside a sellable. */
export const ProductSummarySchema = /* @__PURE__ */ looseObject({
  title: optText,
  main_image_src: optText,
  ...customs,
});
export type ProductSummary = z.output<typeof ProductSummarySchema>;

export const SellableSchema = /* @__PURE__ */ looseObject({
  id,
  title: optText,
  sku_code: optText,
  /** The barcode (UPC-A, EAN-13, …), as digits; empty when the sellable has none. */
  upc_code: optText,
  weight: optNum,
  weight_grams: optNum,
  weight_unit: optText,
  product_title: optText,
  full_title: optText,
  /** A percentage here (20.0), unlike the fraction on an order line item. */
  tax_rate: optNum,
  product: /* @__PURE__ */ nullish(ProductSummarySchema),
  stock_entries: /* @__PURE__ */ optArray(StockEntrySchema),
  images: unknownArray,
  ...customs,
});
export type Sellable = z.output<typeof SellableSchema>;

/** The full product, as a product update returns it. */
export const ProductSchema = /* @__PURE__ */ looseObject({
  id,
  sellables: /* @__PURE__ */ optArray(SellableSchema),
});
export type Product = z.output<typeof ProductSchema>;

/** One property value of a product, as `PUT .../product_property_specifics/{id}` returns it. */
export const ProductPropertyValueSchema = /* @__PURE__ */ looseObject({ value: optText });
export type ProductPropertyValue = z.output<typeof ProductPropertyValueSchema>;

/** One component of a kit (bundle); its `id` differs from the variant's. */
export const KitContentSchema = /* @__PURE__ */ looseObject({ id, quantity: optNum });
export type KitContent = z.output<typeof KitContentSchema>;
