import type { CallOptions, ClientCore } from '../core.js';
import type { KitContentInput, ProductInput, ProductPropertyValueInput, StockEntryInput } from '../inputs.js';
import {
  KitContentSchema,
  ProductPropertyValueSchema,
  ProductSchema,
  StockEntrySchema,
} from '../schemas/catalog.js';
import type { KitContent, Product, ProductPropertyValue, StockEntry } from '../schemas/catalog.js';
import { bodyOf, segment } from './common.js';

/** `PUT /sellables/{sid}/warehouses/{wid}/stock_entry` with `{ stock_entry }`. */
export async function updateStockEntry(
  client: ClientCore,
  sellableId: number | string,
  warehouseId: number | string,
  stockEntry: StockEntryInput,
  options: CallOptions = {},
): Promise<StockEntry> {
  return bodyOf(client, StockEntrySchema, {
    method: 'PUT',
    path: `/sellables/${segment(sellableId)}/warehouses/${segment(warehouseId)}/stock_entry`,
    body: { stock_entry: stockEntry },
    signal: options.signal,
  });
}

/** `PUT /products/{id}` with `{ product }`; answers with the full product. */
export async function updateProduct(
  client: ClientCore,
  productId: number | string,
  product: ProductInput,
  options: CallOptions = {},
): Promise<Product> {
  return bodyOf(client, ProductSchema, {
    method: 'PUT',
    path: `/products/${segment(productId)}`,
    body: { product },
    signal: options.signal,
  });
}

/** `PUT /products/{id}/product_property_specifics/{pid}` with `{ product_property_name, value }`. */
export async function updateProductPropertyValue(
  client: ClientCore,
  productId: number | string,
  propertyId: number | string,
  input: ProductPropertyValueInput,
  options: CallOptions = {},
): Promise<ProductPropertyValue> {
  return bodyOf(client, ProductPropertyValueSchema, {
    method: 'PUT',
    path: `/products/${segment(productId)}/product_property_specifics/${segment(propertyId)}`,
    body: input,
    signal: options.signal,
  });
}

/** `PUT /kits/{kid}/kit_contents/{cid}` with `{ kit_content }`. The content id is not the variant id. */
export async function updateKitContent(
  client: ClientCore,
  kitId: number | string,
  kitContentId: number | string,
  input: KitContentInput,
  options: CallOptions = {},
): Promise<KitContent> {
  return bodyOf(client, KitContentSchema, {
    method: 'PUT',
    path: `/kits/${segment(kitId)}/kit_contents/${segment(kitContentId)}`,
    body: { kit_content: input },
    signal: options.signal,
  });
}
