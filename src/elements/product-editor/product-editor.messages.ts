import { defineMessages } from '../../shared/locale.js';

/** Names of the weight units a sellable states its weight in. */
const unitsEn: Record<string, string> = {
  g: 'In grams.',
  kg: 'In kilograms.',
  oz: 'In ounces.',
  lb: 'In pounds.',
};

const en = {
  noProduct: 'Choose a product to edit it here.',
  loadingOrder: 'Loading order…',
  notInOrder: 'This order has no such item.',
  heading: (item: string) => `Edit product ${item}`,
  productSection: 'Product',
  productHint: 'These fields belong to the product, so every variant of it shares them.',
  variantSection: 'Variant',
  propertiesSection: 'Property values',
  bundleSection: 'Bundle contents',
  title: 'Product title',
  description: 'Description',
  notes: 'Internal notes',
  notesHint: 'Seen only by your team.',
  origin: 'Country of origin',
  originHint: 'Two-letter code, like GB or DE.',
  tariff: 'Tariff number',
  tariffHint: 'The HS code customs use, like 6505.00.',
  sku: 'SKU',
  price: 'Price',
  cost: 'Cost price',
  weight: 'Weight',
  weightUnit: (unit: string) => unitsEn[unit] ?? `In ${unit}.`,
  property: (id: string) => `Property ${id}`,
  quantityOf: (item: string) => `Quantity of ${item}`,
  save: 'Save product',
  saving: 'Saving product…',
  cancel: 'Cancel',
  nothingChanged: 'Nothing to save: no field was changed.',
  saved: 'Product saved.',
  savedPart: (parts: string) => `Saved: ${parts}.`,
  notSavedPart: (parts: string) => `Not saved: ${parts}.`,
  notSaved: 'Nothing was saved.',
  checkFields: 'Check the fields marked.',
  errorTitle: 'Enter a product title.',
  errorSku: 'Enter a SKU.',
  errorAmount: 'Enter an amount of 0 or more, like 12.50.',
  errorWeight: 'Enter a weight of 0 or more, like 250.',
  errorCountry: 'Enter a two-letter country code, like GB.',
  errorQuantity: 'Enter a whole number of at least 1.',
  errorNoProduct: 'The item does not name its product, so its product fields cannot be saved.',
};

/** English text of <product-editor>; a translation gives these keys with the same parameters. */
export type ProductEditorMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'product-editor': ProductEditorMessages;
  }
}

export const productEditorMessages = defineMessages('product-editor', en);
