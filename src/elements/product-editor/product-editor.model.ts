/**
 * The product editor's form model: the fields a sellable offers (product, variant, property
 * values, bundle quantities) as text, read leniently (numbers may be numeric strings, anything may
 * be null), and what changed against what is saved. Pure functions, so the element stays about
 * UI; what saving does is in product-save-controller.ts and product-save.model.ts, loaded on the
 * first "Save product".
 */
import type { Sellable } from '../../api/index.js';

/** A field of the form: `title` … `weight`, `property-<entry id>`, `kit-<kit content id>`. */
export type FieldKey = string;

const NUMERIC = new Set<FieldKey>(['price', 'cost', 'weight']);

export interface PropertyField {
  key: FieldKey;
  /** The id of the sellable's `variant_property_specifics` (or `variant_option_specifics`) entry. */
  entryId: number | string;
  name: string;
}

export interface ComponentField {
  key: FieldKey;
  kitId: number | string;
  contentId: number | string;
  variantId: number | string | undefined;
  name: string;
}

/** What the form edits, read from a sellable. */
export interface ProductForm {
  sellableId: number | string;
  productId: number | string | undefined;
  /** The item's title, else its SKU. */
  name: string;
  /** The unit the weight is shown and typed in, and how many grams one of it is. */
  weightUnit: string;
  gramsPerUnit: number;
  /** Every field's saved value, as text. */
  saved: Readonly<Record<FieldKey, string>>;
  properties: PropertyField[];
  components: ComponentField[];
}

const GRAMS: Readonly<Record<string, number>> = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 };

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number, or a numeric string as the API's members sometimes are; else undefined. */
function numberIn(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}

function textIn(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function idIn(value: unknown): number | string | undefined {
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : undefined;
}

/** An amount as the field shows it: nothing for none, else the number with at most 3 decimals. */
function amountText(value: number | undefined): string {
  return value === undefined ? '' : String(Math.round(value * 1000) / 1000);
}

/** The title of a sellable (or a bundle's component), else its SKU. */
export function sellableName(sellable: Json | null | undefined): string {
  if (!sellable) return '';
  const product = isJson(sellable['product']) ? sellable['product'] : undefined;
  const sku = textIn(sellable['sku_code']).trim();
  return (
    textIn(sellable['full_title']).trim() ||
    [textIn(sellable['product_title']) || textIn(product?.['title']), textIn(sellable['title'])]
      .filter(Boolean)
      .join(' ')
      .trim() ||
    sku
  );
}

function entriesOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isJson) : [];
}

/** Reads the form's fields and their saved values from `sellable`. */
export function readProductForm(sellable: Sellable): ProductForm {
  const product: Json = isJson(sellable.product) ? sellable.product : {};
  const stated = textIn(sellable.weight_unit).trim().toLowerCase();
  const weightUnit = Object.hasOwn(GRAMS, stated) ? stated : 'g';
  const grams =
    numberIn(sellable.weight_grams) ??
    (numberIn(sellable.weight) !== undefined && Object.hasOwn(GRAMS, stated)
      ? (numberIn(sellable.weight) ?? 0) * (GRAMS[stated] ?? 1)
      : undefined);
  const saved: Record<FieldKey, string> = {
    title: textIn(product['title'] ?? sellable.product_title),
    description: textIn(product['description']),
    notes: textIn(product['notes']),
    origin: textIn(product['origin_country']),
    tariff: textIn(product['hs_tariff_number']),
    sku: textIn(sellable.sku_code),
    price: amountText(numberIn(sellable['price'])),
    cost: amountText(numberIn(sellable['cost_price'])),
    // No weight and a weight of 0 are the same to a carrier: the field shows it is missing.
    weight: grams ? amountText(grams / (GRAMS[weightUnit] ?? 1)) : '',
  };
  const propertyEntries = entriesOf(sellable['variant_property_specifics']);
  const properties: PropertyField[] = [];
  for (const entry of propertyEntries.length > 0
    ? propertyEntries
    : entriesOf(sellable['variant_option_specifics'])) {
    const entryId = idIn(entry['id']);
    if (entryId === undefined) continue;
    const key = `property-${entryId}`;
    saved[key] = textIn(entry['value']);
    properties.push({ key, entryId, name: textIn(entry['product_property_name']).trim() });
  }
  const components: ComponentField[] = [];
  for (const entry of entriesOf(sellable['kit_contents'])) {
    const contentId = idIn(entry['id']);
    if (contentId === undefined) continue;
    const key = `kit-${contentId}`;
    const variant = isJson(entry['product_variant']) ? entry['product_variant'] : undefined;
    saved[key] = amountText(numberIn(entry['quantity']));
    components.push({
      key,
      kitId: idIn(entry['kit_id']) ?? sellable.id,
      contentId,
      variantId: idIn(entry['product_variant_id']) ?? idIn(variant?.['id']),
      name: textIn(entry['title']).trim() || textIn(entry['sku_code']).trim() || sellableName(variant),
    });
  }
  return {
    sellableId: sellable.id,
    productId: idIn(product['id']),
    name: sellableName(sellable) || String(sellable.id),
    weightUnit,
    gramsPerUnit: GRAMS[weightUnit] ?? 1,
    saved,
    properties,
    components,
  };
}

/** A non-negative decimal as people type it, with a point or a comma. */
const DECIMAL = /^(\d+([.,]\d*)?|[.,]\d+)$/;

export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** Whether `key`'s typed value differs from the saved one (amounts compared as numbers). */
export function isChanged(
  form: ProductForm,
  typed: Readonly<Record<FieldKey, string>>,
  key: FieldKey,
): boolean {
  const value = typed[key];
  const saved = form.saved[key] ?? '';
  if (value === undefined || value === saved) return false;
  if (NUMERIC.has(key) || key.startsWith('kit-')) {
    const [now, before] = [parseDecimal(value), parseDecimal(saved)];
    if (now !== undefined && before !== undefined) return now !== before;
  }
  return key === 'title' || key === 'sku' || key === 'origin' || key === 'tariff'
    ? value.trim() !== saved.trim()
    : true;
}

/** The fields whose typed value differs from the saved one. */
export function changedFields(form: ProductForm, typed: Readonly<Record<FieldKey, string>>): FieldKey[] {
  return Object.keys(typed).filter((key) => key in form.saved && isChanged(form, typed, key));
}
