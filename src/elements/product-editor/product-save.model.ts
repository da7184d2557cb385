/**
 * What "Save product" makes of the changed fields, loaded with `import()` on the first press
 * (product-save-controller.ts): what is wrong with them, the requests that save them in as few as
 * the API takes (one `PUT /products/{id}` for the product and variant fields, one request per
 * property value and per bundle quantity), where each refusal's words go, and what the answers
 * come to. Pure: the controller sends the requests and puts what was saved into the order store.
 */
import type { ClientCore } from '../../api/core.js';
import { OpsError } from '../../api/errors.js';
import { numericId } from '../../api/ids.js';
import type { Product, ProductInput, Sellable } from '../../api/index.js';
import { sellableWithEdit } from '../../api/order-edits.js';
import type { SellableEdit } from '../../api/order-edits.js';
import { formatList } from '../../shared/format.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { ProductEditorMessages } from './product-editor.messages.js';
import { parseDecimal } from './product-editor.model.js';
import type { ComponentField, FieldKey, ProductForm, PropertyField } from './product-editor.model.js';

export interface SaveRequest {
  api: ClientCore;
  sellable: Sellable;
  form: ProductForm;
  typed: Readonly<Record<FieldKey, string>>;
  changed: readonly FieldKey[];
  text: ProductEditorMessages;
  locale: ResolvedLocale;
}

/** A request of a save that failed: what it carried and why; `atFields` when its words went to fields. */
export interface FailedPart {
  label: string;
  error: OpsError;
  atFields: boolean;
}

export type SaveResult =
  | { kind: 'invalid'; errors: Record<FieldKey, string> }
  | {
      kind: 'sent';
      /** Names of what was saved. */
      saved: string[];
      failed: FailedPart[];
      /** The fields saved, whose typed values are now the saved ones. */
      savedFields: FieldKey[];
      /** The API's words at the fields they are about. */
      atFields: Record<FieldKey, string>;
      /** The sellable with what was saved. */
      sellable: Sellable;
      /** What `product-updated` carries; none when nothing was saved. */
      product: Product | undefined;
    };

/** The product's own fields, and the attribute each is sent as. */
const PRODUCT_FIELDS: Readonly<Record<string, string>> = {
  title: 'title',
  description: 'description',
  notes: 'notes',
  origin: 'origin_country',
  tariff: 'hs_tariff_number',
};

/** The variant's fields, sent in `product_variants_attributes` with the variant's id. */
const VARIANT_FIELDS: Readonly<Record<string, string>> = {
  sku: 'sku_code',
  price: 'price',
  cost: 'cost_price',
  weight: 'weight_grams',
};

/** One request of a save, with the fields it carries. */
export type SavePart =
  | {
      kind: 'product';
      fields: FieldKey[];
      productId: number | string;
      input: ProductInput;
      edit: SellableEdit;
    }
  | { kind: 'property'; fields: FieldKey[]; field: PropertyField; value: string; edit: SellableEdit }
  | { kind: 'kit'; fields: FieldKey[]; field: ComponentField; quantity: number; edit: SellableEdit };

/** The fields' labels, as a list in the reader's language ("Weight and SKU"). */
function labels(request: SaveRequest, keys: readonly FieldKey[]): string {
  const { text, form } = request;
  const fixed: Record<string, string> = {
    title: text.title,
    description: text.description,
    notes: text.notes,
    origin: text.origin,
    tariff: text.tariff,
    sku: text.sku,
    price: text.price,
    cost: text.cost,
    weight: text.weight,
  };
  const labelOf = (key: FieldKey): string => {
    const property = form.properties.find((field) => field.key === key);
    if (property) return property.name || text.property(String(property.entryId));
    const component = form.components.find((field) => field.key === key);
    if (component) return text.quantityOf(component.name || String(component.contentId));
    return fixed[key] ?? key;
  };
  return formatList(keys.map(labelOf), request.locale);
}

/** What is wrong with the changed fields, keyed by field. */
export function validateChanges(request: SaveRequest): Record<FieldKey, string> {
  const { text, typed } = request;
  const errors: Record<FieldKey, string> = {};
  for (const key of request.changed) {
    const value = (typed[key] ?? '').trim();
    const amount = parseDecimal(value);
    if (key === 'title' && !value) errors[key] = text.errorTitle;
    else if (key === 'sku' && !value) errors[key] = text.errorSku;
    else if ((key === 'price' || key === 'cost') && amount === undefined) errors[key] = text.errorAmount;
    else if (key === 'weight' && amount === undefined) errors[key] = text.errorWeight;
    else if (key === 'origin' && value && !/^[A-Za-z]{2}$/.test(value)) errors[key] = text.errorCountry;
    else if (key.startsWith('kit-') && (amount === undefined || !Number.isInteger(amount) || amount < 1))
      errors[key] = text.errorQuantity;
  }
  return errors;
}

/**
 * The requests that save the changed fields: one `PUT /products/{id}` for the product and
 * variant fields together, one per property value, one per bundle quantity.
 */
export function planSave(request: SaveRequest): SavePart[] {
  const { form, typed, changed } = request;
  const parts: SavePart[] = [];
  const base = { sellableId: form.sellableId, productId: form.productId };
  const product: Record<string, unknown> = {};
  const variant: Record<string, unknown> = {};
  const fields: FieldKey[] = [];
  for (const key of changed) {
    const value = typed[key] ?? '';
    const productAttribute = PRODUCT_FIELDS[key];
    const variantAttribute = VARIANT_FIELDS[key];
    if (productAttribute) {
      // A code is sent trimmed (upper-case for a country), and an empty one clears it.
      product[productAttribute] =
        key === 'origin'
          ? value.trim().toUpperCase() || null
          : key === 'tariff'
            ? value.trim() || null
            : key === 'title'
              ? value.trim()
              : value;
    } else if (variantAttribute) {
      const amount = parseDecimal(value) ?? 0;
      // A weight is typed in the sellable's unit and sent in grams, to a hundredth of a gram.
      variant[variantAttribute] =
        key === 'sku'
          ? value.trim()
          : key === 'weight'
            ? Math.round(amount * form.gramsPerUnit * 100) / 100
            : amount;
    } else continue;
    fields.push(key);
  }
  if (fields.length > 0 && form.productId !== undefined) {
    const input: ProductInput = { ...product };
    if (Object.keys(variant).length > 0)
      input.product_variants_attributes = [{ id: numericId(form.sellableId), ...variant }];
    parts.push({
      kind: 'product',
      fields,
      productId: form.productId,
      input,
      edit: { ...base, product, sellable: variant },
    });
  }
  for (const field of form.properties) {
    if (!changed.includes(field.key)) continue;
    const value = typed[field.key] ?? '';
    const edit = { ...base, properties: { [String(field.entryId)]: value } };
    parts.push({ kind: 'property', fields: [field.key], field, value, edit });
  }
  for (const field of form.components) {
    if (!changed.includes(field.key)) continue;
    const quantity = parseDecimal(typed[field.key] ?? '') ?? 0;
    const edit = { ...base, kitContents: { [String(field.contentId)]: quantity } };
    parts.push({ kind: 'kit', fields: [field.key], field, quantity, edit });
  }
  return parts;
}

/** The words a 400/422 uses for each field of the product request, besides its attribute. */
const FIELD_WORDS: ReadonlyArray<readonly [FieldKey, RegExp]> = [
  ['cost', /cost[ _]price/i],
  ['price', /\bprice\b/i],
  ['sku', /\bsku/i],
  ['weight', /weight/i],
  ['origin', /origin|country/i],
  ['tariff', /tariff|\bhs\b/i],
  ['title', /title|\bname\b/i],
  ['description', /description/i],
  ['notes', /\bnotes?\b/i],
];

/** The field an attribute a 422 keys its errors by stands for (`sku_code`, `product.sku_code`). */
function fieldOfAttribute(attribute: string): FieldKey | undefined {
  const name =
    attribute
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? '';
  return Object.entries({ ...PRODUCT_FIELDS, ...VARIANT_FIELDS }).find(([, sent]) => sent === name)?.[0];
}

/**
 * Where a refused request's messages go: each to the field its attribute (or its words) names
 * among the fields the request carried, all of them to the one field when it carried one, and the
 * rest to the banner.
 */
export function placeErrors(
  failure: OpsError,
  fields: readonly FieldKey[],
): { atFields: Record<FieldKey, string>; rest: string[] } {
  const atFields: Record<FieldKey, string> = {};
  const add = (key: FieldKey, message: string) => {
    atFields[key] = atFields[key] ? `${atFields[key]} ${message}` : message;
  };
  const placed = new Set<string>();
  for (const [attribute, messages] of Object.entries(failure.fieldErrors)) {
    const key = fieldOfAttribute(attribute);
    if (key === undefined || !fields.includes(key)) continue;
    for (const message of messages) {
      add(key, message);
      placed.add(message);
    }
  }
  const rest: string[] = [];
  for (const message of failure.fromApi ? failure.messages : []) {
    if (placed.has(message)) continue;
    const key =
      fields.length === 1
        ? fields[0]
        : FIELD_WORDS.find(([field, words]) => fields.includes(field) && words.test(message))?.[0];
    if (key === undefined) rest.push(message);
    else add(key, message);
  }
  return { atFields, rest };
}

/** The answer to one request of a save: the product it returned, or why it failed. */
export interface SentPart {
  part: SavePart;
  product?: Product;
  error?: OpsError;
}

/** An `OpsError` like `error` with only `messages` left for the banner. */
function withMessages(error: OpsError, messages: string[]): OpsError {
  return new OpsError(error.code, error.message, {
    status: error.status,
    messages,
    fromApi: messages.length > 0,
    cause: error,
  });
}

/**
 * What the answers to the requests of a save come to: what was saved (each saved part's `edit`
 * goes into the order store), what failed and why, and the API's words at their fields.
 */
export function saveOutcome(request: SaveRequest, results: readonly SentPart[]): SaveResult {
  let sellable = request.sellable;
  const saved: string[] = [];
  const savedFields: FieldKey[] = [];
  const failed: FailedPart[] = [];
  const atFields: Record<FieldKey, string> = {};
  let product: Product | undefined;
  for (const { part, product: answered, error } of results) {
    const label = labels(request, part.fields);
    if (!error) {
      sellable = sellableWithEdit(sellable, part.edit);
      saved.push(label);
      savedFields.push(...part.fields);
      product ??= answered;
      continue;
    }
    if (error.code === 'aborted') continue;
    if (error.code !== 'validation') {
      failed.push({ label, error, atFields: false });
      continue;
    }
    // The API's words go to the fields they are about; the banner keeps the rest.
    const placed = placeErrors(error, part.fields);
    Object.assign(atFields, placed.atFields);
    failed.push({
      label,
      error: withMessages(error, placed.rest),
      atFields: Object.keys(placed.atFields).length > 0,
    });
  }
  if (saved.length > 0 && !product) {
    product = { ...sellable.product, id: request.form.productId ?? '' } as Product;
  }
  return { kind: 'sent', saved, failed, savedFields, atFields, sellable, product };
}
