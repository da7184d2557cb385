import { expect } from '@open-wc/testing';
import { OpsError } from '../../../src/api/errors.js';
import type { Order, Sellable } from '../../../src/api/index.js';
import { sellableWithEdit, withSellableEdit } from '../../../src/api/order-edits.js';
import { productEditorMessages } from '../../../src/elements/product-editor/product-editor.messages.js';
import { changedFields, readProductForm } from '../../../src/elements/product-editor/product-editor.model.js';
import {
  placeErrors,
  planSave,
  validateChanges,
  type SaveRequest,
} from '../../../src/elements/product-editor/product-save.model.js';

const EN = { tag: 'en', language: 'en' } as const;

/** A bundle as a live answer may carry it: ids and numbers as strings, a unit in kilograms, nulls. */
const bundle = {
  id: '501',
  sku_code: 'KIT-1',
  title: '',
  product_title: 'Starter Kit',
  price: '79.00',
  cost_price: null,
  weight: 4.06,
  weight_unit: 'kg',
  product: {
    id: '77',
    title: 'Starter Kit',
    description: null,
    origin_country: 'GB',
    hs_tariff_number: null,
  },
  variant_property_specifics: [],
  variant_option_specifics: [{ id: 9, product_property_name: 'Colour', value: 'Green' }],
  kit_contents: [
    { id: '31', kit_id: '501', product_variant_id: '12', quantity: '2', title: 'Mug White', sku_code: 'MUG' },
    { id: 32, product_variant_id: 13, quantity: 1, title: null, sku_code: 'PAN' },
  ],
} as unknown as Sellable;

function request(typed: Record<string, string>): SaveRequest {
  const form = readProductForm(bundle);
  return {
    api: {} as SaveRequest['api'],
    sellable: bundle,
    form,
    typed,
    changed: changedFields(form, typed),
    text: productEditorMessages(EN),
    locale: EN,
  };
}

describe('product-editor model and save', () => {
  it('reads a sellable leniently: numeric strings, a kilogram weight, option values, bundle contents', () => {
    const form = readProductForm(bundle);
    expect(form.saved).to.include({
      title: 'Starter Kit',
      description: '',
      origin: 'GB',
      tariff: '',
      sku: 'KIT-1',
      price: '79',
      cost: '',
      weight: '4.06',
      'property-9': 'Green',
      'kit-31': '2',
      'kit-32': '1',
    });
    expect(form.weightUnit).to.equal('kg');
    expect(form.properties.map((field) => field.name)).to.deep.equal(['Colour']);
    expect(form.components.map((field) => [field.name, field.kitId, field.variantId])).to.deep.equal([
      ['Mug White', '501', '12'],
      ['PAN', '501', 13],
    ]);
  });

  it('counts a field as changed only when its value differs (amounts as numbers)', () => {
    const form = readProductForm(bundle);
    expect(changedFields(form, { price: '79.0', sku: ' KIT-1 ', 'kit-31': '2' })).to.deep.equal([]);
    expect(changedFields(form, { price: '80', 'kit-32': '3' })).to.deep.equal(['price', 'kit-32']);
  });

  it('checks only the changed fields', () => {
    expect(
      validateChanges(request({ weight: '-1', origin: 'GBR', 'kit-31': '0', title: ' ' })),
    ).to.deep.equal({
      weight: 'Enter a weight of 0 or more, like 250.',
      origin: 'Enter a two-letter country code, like GB.',
      'kit-31': 'Enter a whole number of at least 1.',
      title: 'Enter a product title.',
    });
    expect(validateChanges(request({ weight: '4,5', origin: '' }))).to.deep.equal({});
  });

  it('plans one product request for product and variant fields, one per property and per quantity', () => {
    const parts = planSave(
      request({ weight: '4,5', origin: 'de', sku: 'KIT-2', 'property-9': 'Blue', 'kit-32': '2' }),
    );
    expect(parts.map((part) => part.kind)).to.deep.equal(['product', 'property', 'kit']);
    const [product] = parts;
    expect(product?.kind === 'product' && product.input).to.deep.equal({
      origin_country: 'DE',
      product_variants_attributes: [{ id: 501, sku_code: 'KIT-2', weight_grams: 4500 }],
    });
    expect(parts[2]?.kind === 'kit' && parts[2].quantity).to.equal(2);
  });

  it('puts a refusal at the fields its words name, and keeps the rest for the banner', () => {
    const failure = new OpsError('validation', 'refused', {
      status: 422,
      messages: [
        'Variant 501: SKU KIT-2 is already taken',
        'Variant 501: cost_price must be a number',
        'Locked',
      ],
      fromApi: true,
    });
    expect(placeErrors(failure, ['sku', 'cost', 'price'])).to.deep.equal({
      atFields: {
        sku: 'Variant 501: SKU KIT-2 is already taken',
        cost: 'Variant 501: cost_price must be a number',
      },
      rest: ['Locked'],
    });
    expect(placeErrors(failure, ['kit-31']).atFields['kit-31']).to.contain('Locked');
  });

  it('puts what was saved into an order: the weight in its unit, quantities, and the product in its other sellables', () => {
    const sibling = {
      id: 502,
      product: { id: 77, title: 'Starter Kit' },
      weight_grams: 100,
    } as unknown as Sellable;
    const order = {
      id: 1,
      line_items: [
        { id: 1, quantity: 2, sellable: bundle },
        { id: 2, quantity: 1, sellable: sibling },
      ],
      allocations: [
        { id: 5, total_weight: 8.12, weight_unit: 'kg', line_items: [{ quantity: 2, sellable: bundle }] },
      ],
    } as unknown as Order;
    const edit = {
      sellableId: 501,
      productId: '77',
      product: { title: 'Kitchen Kit' },
      sellable: { weight_grams: 4500 },
      kitContents: { '31': 3 },
    };
    const next = withSellableEdit(order, edit);
    const [first, second] = next.line_items ?? [];
    expect(first?.sellable?.weight).to.equal(4.5);
    expect(first?.sellable?.weight_grams).to.equal(4500);
    expect((first?.sellable?.['kit_contents'] as Array<{ quantity: unknown }>)[0]?.quantity).to.equal(3);
    expect(second?.sellable?.product?.title).to.equal('Kitchen Kit');
    expect(second?.sellable?.weight_grams).to.equal(100);
    expect(next.allocations?.[0]?.total_weight).to.be.closeTo(9, 1e-9);
    expect(withSellableEdit({ id: 2, line_items: [] } as unknown as Order, edit).line_items).to.deep.equal(
      [],
    );
    expect(sellableWithEdit(sibling, { sellableId: 9, productId: 1 })).to.equal(sibling);
  });
});
