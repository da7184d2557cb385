import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSandbox, SEED_IDS } from '../../src/sandbox/index.js';
import { at, call, JSON_API } from './helpers/sandbox-calls.js';

const C = SEED_IDS.channels;
const S = SEED_IDS.sellables;

function listing(attributes: Record<string, unknown>, relationships?: Record<string, unknown>) {
  return { data: { type: 'channel_sellable', attributes, ...(relationships ? { relationships } : {}) } };
}

describe('sandbox channels', () => {
  it('lists stores with paging headers and creates one', async () => {
    const sandbox = createSandbox();
    const list = await call(sandbox, 'GET', '/channels?page_size=2');
    assert.equal(list.status, 200);
    assert.equal(at(list.json, 'length'), 2);
    assert.equal(list.headers.get('X-Total-Count'), '4');
    assert.equal(list.headers.get('X-Total-Pages-Count'), '2');
    const types = ((await call(sandbox, 'GET', '/channels')).json as { type_code: string }[]).map(
      (c) => c.type_code,
    );
    assert.deepEqual(new Set(types), new Set(['direct', 'point_of_sale', 'custom_integration']));

    const created = await call(sandbox, 'POST', '/channels', {
      name: 'API-ISK',
      type_code: 'direct',
      currency_code: 'ISK',
      default_warehouse_id: SEED_IDS.warehouses.manchester,
      service_dictates_stock_level: 'false',
    });
    assert.equal(created.status, 201);
    assert.equal(at(created.json, 'currency_code'), 'ISK');
    assert.equal(at(created.json, 'default_warehouse.id'), SEED_IDS.warehouses.manchester);
    assert.equal((await call(sandbox, 'GET', '/channels')).headers.get('X-Total-Count'), '5');
    const invalid = await call(sandbox, 'POST', '/channels', { currency_code: 'pounds' });
    assert.equal(invalid.status, 422);
    assert.equal(at(invalid.json, 'error_messages.length'), 3);
  });

  it('creates stores of type codes beyond the three the spec has seen', async () => {
    const sandbox = createSandbox();
    for (const typeCode of ['marketplace', 'storefront_builder', 'wholesale_portal']) {
      const created = await call(sandbox, 'POST', '/channels', {
        name: `Store ${typeCode}`,
        type_code: typeCode,
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(at(created.json, 'type_code'), typeCode);
    }
    const listed = (await call(sandbox, 'GET', '/channels')).json as { type_code: string }[];
    assert.ok(listed.some((channel) => channel.type_code === 'storefront_builder'));
  });
});

describe('sandbox listings (JSON:API)', () => {
  it('answers 415 without the JSON:API Accept header', async () => {
    const sandbox = createSandbox();
    const response = await call(sandbox, 'GET', '/api/v2/channel_sellables', undefined, {
      accept: 'application/json',
    });
    assert.equal(response.status, 415);
    assert.equal(at(response.json, 'errors.0.status'), '415');
    const configs = await call(sandbox, 'GET', '/api/v2/shipping_configs', undefined, { accept: '*/*' });
    assert.equal(configs.status, 415);
  });

  it('autolinks by SKU to the existing variant', async () => {
    const sandbox = createSandbox();
    const created = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({
        channel_id: String(C.makersMarket),
        remote_sku: 'TOTE-NAT',
        remote_id: 'r-1',
        remote_price: 16,
        autolink: true,
      }),
    );
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('content-type'), JSON_API);
    assert.equal(at(created.json, 'data.type'), 'channel_sellable');
    assert.equal(at(created.json, 'data.relationships.sellable.data.id'), String(S.toteNatural));
    assert.equal(at(created.json, 'data.relationships.channel.data.id'), String(C.makersMarket));
    assert.equal(at(created.json, 'data.attributes.remote_price'), '16.0');
    assert.equal(typeof at(created.json, 'data.relationships.channel_product.data.id'), 'string');
  });

  it('autolinks an unknown SKU by creating a variant with it', async () => {
    const sandbox = createSandbox();
    const created = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({
        channel_id: C.makersMarket,
        remote_sku: 'NEW-SKU-1',
        remote_title: 'New thing',
        autolink: true,
      }),
    );
    assert.equal(created.status, 201);
    const sellableId = Number(at(created.json, 'data.relationships.sellable.data.id'));
    assert.equal(sandbox.state.sellables.get(sellableId)?.sku_code, 'NEW-SKU-1');
    assert.equal(
      sandbox.state.products.get(sandbox.state.sellables.get(sellableId)?.product_id ?? 0)?.title,
      'New thing',
    );
  });

  it('links to an existing channel product, or creates a new one from attributes', async () => {
    const sandbox = createSandbox();
    const existing = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing(
        { channel_id: C.makersMarket, sellable_id: S.beanieMustard, remote_sku: 'MM-BEANIE-MUS' },
        {
          channel_product: { data: { id: String(SEED_IDS.channelProducts.beanie), type: 'channel_product' } },
        },
      ),
    );
    assert.equal(existing.status, 201);
    assert.equal(
      at(existing.json, 'data.relationships.channel_product.data.id'),
      String(SEED_IDS.channelProducts.beanie),
    );

    const fresh = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({
        channel_id: C.makersMarket,
        sellable_id: S.candleSmall,
        remote_sku: 'MM-CANDLE-S',
        channel_product_attributes: { remote_title: 'Beeswax candle (small)' },
      }),
    );
    assert.equal(fresh.status, 201);
    const productId = Number(at(fresh.json, 'data.relationships.channel_product.data.id'));
    assert.equal(sandbox.state.channelProducts.get(productId)?.remote_title, 'Beeswax candle (small)');
    assert.notEqual(productId, SEED_IDS.channelProducts.beanie);
  });

  it('links to an existing channel product alone, by its SKU or left unlinked (option 2)', async () => {
    const sandbox = createSandbox();
    const channelProduct = {
      channel_product: { data: { id: String(SEED_IDS.channelProducts.beanie), type: 'channel_product' } },
    };
    const bySku = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing(
        { channel_id: C.makersMarket, remote_sku: 'BEANIE-MUS', remote_title: 'Mustard' },
        channelProduct,
      ),
    );
    assert.equal(bySku.status, 201, bySku.text);
    assert.equal(
      at(bySku.json, 'data.relationships.channel_product.data.id'),
      String(SEED_IDS.channelProducts.beanie),
    );
    assert.equal(at(bySku.json, 'data.relationships.sellable.data.id'), String(S.beanieMustard));

    const withoutSku = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing(
        { channel_id: C.makersMarket, remote_id: 'mm-9001', remote_title: 'Beanie, limited' },
        channelProduct,
      ),
    );
    assert.equal(withoutSku.status, 201, withoutSku.text);
    assert.equal(at(withoutSku.json, 'data.attributes.remote_sku'), null);
    assert.deepEqual(at(withoutSku.json, 'data.relationships.sellable'), { data: null });
    const listed = await call(
      sandbox,
      'GET',
      '/api/v2/channel_sellables?filter[remote_id]=mm-9001&include=sellable',
    );
    assert.equal(at(listed.json, 'data.length'), 1);
    assert.deepEqual(at(listed.json, 'included'), []);
  });

  it('takes the store from the channel product, a numeric remote_id, and includes any relationship', async () => {
    const sandbox = createSandbox();
    const created = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing(
        { remote_sku: 'MM-MUG-BLUE', remote_id: 4711 },
        { channel_product: { data: { id: String(SEED_IDS.channelProducts.mug), type: 'channel_product' } } },
      ),
    );
    assert.equal(created.status, 201, created.text);
    assert.equal(at(created.json, 'data.relationships.channel.data.id'), String(C.makersMarket));
    assert.equal(at(created.json, 'data.attributes.remote_id'), '4711');
    const included = await call(
      sandbox,
      'GET',
      '/api/v2/channel_sellables?filter[remote_sku]=MM-MUG-WHT&include=product,created_by,updated_by,remote_url',
    );
    assert.equal(included.status, 200, included.text);
    const types = (at(included.json, 'included') as { type: string; id: string }[]).map(
      (item) => `${item.type}:${item.id}`,
    );
    assert.deepEqual(types.sort(), [`product:${SEED_IDS.products.mug}`, `user:${SEED_IDS.user}`]);
  });

  it('creates a new channel product from attributes alone (option 3)', async () => {
    const sandbox = createSandbox();
    const created = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({
        channel_id: C.makersMarket,
        remote_sku: 'CANDLE-L',
        channel_product_attributes: {
          remote_title: 'Beeswax candle (large)',
          remote_description: 'Hand poured',
        },
      }),
    );
    assert.equal(created.status, 201, created.text);
    const productId = Number(at(created.json, 'data.relationships.channel_product.data.id'));
    assert.equal(sandbox.state.channelProducts.get(productId)?.remote_title, 'Beeswax candle (large)');
    assert.equal(at(created.json, 'data.relationships.sellable.data.id'), String(S.candleLarge));

    const noSku = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({ channel_id: C.makersMarket, channel_product_attributes: { remote_title: 'Gift card' } }),
    );
    assert.equal(noSku.status, 201, noSku.text);
    assert.deepEqual(at(noSku.json, 'data.relationships.sellable'), { data: null });
  });

  it('creates listings only in custom_integration stores', async () => {
    const sandbox = createSandbox();
    const refused = await call(
      sandbox,
      'POST',
      '/api/v2/channel_sellables',
      listing({ channel_id: C.webShop, remote_sku: 'X-1', autolink: true }),
    );
    assert.equal(refused.status, 422);
    assert.equal(at(refused.json, 'errors.0.source.pointer'), '/data/attributes/channel_id');
  });

  it('answers 404 for unknown ids and 422 per invalid field', async () => {
    const sandbox = createSandbox();
    const post = (body: unknown) => call(sandbox, 'POST', '/api/v2/channel_sellables', body);
    const unknownChannel = await post(listing({ channel_id: 1, remote_sku: 'X', autolink: true }));
    assert.equal(unknownChannel.status, 404);
    assert.deepEqual(Object.keys(at(unknownChannel.json, 'errors.0') as object).sort(), [
      'detail',
      'status',
      'title',
    ]);
    assert.equal(
      (await post(listing({ channel_id: C.makersMarket, remote_sku: 'X', sellable_id: 5 }))).status,
      404,
    );
    const unknownProduct = await post(
      listing(
        { channel_id: C.makersMarket, remote_sku: 'X', sellable_id: S.mugWhite },
        { channel_product: { data: { id: '5', type: 'channel_product' } } },
      ),
    );
    assert.equal(unknownProduct.status, 404);

    const invalid = await post(listing({ remote_price: 'cheap' }));
    assert.equal(invalid.status, 422);
    const pointers = (at(invalid.json, 'errors') as { source: { pointer: string } }[]).map(
      (e) => e.source.pointer,
    );
    assert.deepEqual(pointers.sort(), [
      '/data/attributes/channel_id',
      '/data/attributes/remote_price',
      '/data/relationships/channel_product',
    ]);
    const autolinkWithoutSku = await post(listing({ channel_id: C.makersMarket, autolink: true }));
    assert.equal(autolinkWithoutSku.status, 422);
    assert.equal(at(autolinkWithoutSku.json, 'errors.0.source.pointer'), '/data/attributes/remote_sku');
    const taken = await post(
      listing({ channel_id: C.makersMarket, remote_sku: 'MM-MUG-WHT', autolink: true }),
    );
    assert.equal(taken.status, 422);
    assert.equal(at(taken.json, 'errors.0.source.pointer'), '/data/attributes/remote_sku');
  });

  it('lists with paging, filters, sort and include; meta values are strings', async () => {
    const sandbox = createSandbox();
    for (const sku of ['A-1', 'B-2', 'C-3']) {
      await call(
        sandbox,
        'POST',
        '/api/v2/channel_sellables',
        listing({ channel_id: C.makersMarket, remote_sku: sku, remote_id: `id-${sku}`, autolink: true }),
      );
    }
    const page = await call(sandbox, 'GET', '/api/v2/channel_sellables?page[number]=2&page[size]=2');
    assert.equal(page.status, 200);
    assert.deepEqual(at(page.json, 'meta.page'), {
      current: '2',
      size: '2',
      total_pages: '3',
      total_count: '5',
    });
    const bySku = await call(sandbox, 'GET', '/api/v2/channel_sellables?filter[remote_sku]=B-2');
    assert.equal(at(bySku.json, 'data.length'), 1);
    assert.equal(at(bySku.json, 'data.0.attributes.remote_sku'), 'B-2');
    const byId = await call(sandbox, 'GET', '/api/v2/channel_sellables?filter[remote_id]=id-C-3');
    assert.equal(at(byId.json, 'data.0.attributes.remote_sku'), 'C-3');
    const byChannel = await call(sandbox, 'GET', `/api/v2/channel_sellables?filter[channel_id]=${C.webShop}`);
    assert.equal(at(byChannel.json, 'data.length'), 0);
    const sorted = await call(sandbox, 'GET', '/api/v2/channel_sellables?sort=-remote_sku&page[size]=1');
    assert.equal(at(sorted.json, 'data.0.attributes.remote_sku'), 'MM-MUG-WHT');
    const included = await call(
      sandbox,
      'GET',
      '/api/v2/channel_sellables?include=channel_product,sellable&filter[remote_sku]=MM-MUG-WHT',
    );
    const types = (at(included.json, 'included') as { type: string }[]).map((item) => item.type).sort();
    assert.deepEqual(types, ['channel_product', 'sellable']);
    assert.equal((await call(sandbox, 'GET', '/api/v2/channel_sellables?page[size]=101')).status, 400);
    assert.equal((await call(sandbox, 'GET', '/api/v2/channel_sellables?page[size]=0')).status, 400);
  });
});

describe('sandbox catalog updates', () => {
  it('updates a customer and orders show it', async () => {
    const sandbox = createSandbox();
    const updated = await call(sandbox, 'PUT', `/customers/${SEED_IDS.customers.ameliaHart}`, {
      customer: {
        email: 'amelia@new.example',
        customer_type: 'wholesale',
        billing_address_attributes: { city: 'Croydon' },
      },
    });
    assert.equal(updated.status, 200);
    assert.equal(at(updated.json, 'billing_address.city'), 'Croydon');
    const order = await call(sandbox, 'GET', `/orders/${SEED_IDS.orders.unallocated}`);
    assert.equal(at(order.json, 'customer.email'), 'amelia@new.example');
    assert.equal(at(order.json, 'customer.customer_type'), 'wholesale');
    assert.equal(
      (await call(sandbox, 'PUT', `/customers/${SEED_IDS.customers.ameliaHart}`, { customer: {} })).status,
      422,
    );
    assert.equal((await call(sandbox, 'PUT', '/customers/1', { customer: { email: 'a@b.co' } })).status, 404);
  });

  it('updates a delivery method; unknown ids get a bare 404', async () => {
    const sandbox = createSandbox();
    const updated = await call(sandbox, 'PUT', `/delivery_methods/${SEED_IDS.deliveryMethods.standard}`, {
      name: 'Standard (48h)',
      cost: '4.25',
    });
    assert.equal(updated.status, 200);
    assert.equal(at(updated.json, 'cost'), '4.25');
    const order = await call(sandbox, 'GET', `/orders/${SEED_IDS.orders.unallocated}`);
    assert.equal(at(order.json, 'delivery_method.name'), 'Standard (48h)');
    const missing = await call(sandbox, 'PUT', '/delivery_methods/1', { name: 'x' });
    assert.equal(missing.status, 404);
    assert.equal(missing.text, '');
  });

  it('updates a stock entry and line items show the new level', async () => {
    const sandbox = createSandbox();
    const path = `/sellables/${S.toteNatural}/warehouses/${SEED_IDS.warehouses.manchester}/stock_entry`;
    const updated = await call(sandbox, 'PUT', path, {
      stock_entry: { physical_stock_level: 7, infinite: false, location: 'B-2' },
    });
    assert.equal(updated.status, 200);
    assert.equal(at(updated.json, 'available_stock_level'), 7);
    assert.equal(at(updated.json, 'warehouse.id'), SEED_IDS.warehouses.manchester);
    const order = await call(sandbox, 'GET', `/orders/${SEED_IDS.orders.unallocated}`);
    const tote = (
      at(order.json, 'line_items') as {
        sellable: { id: number; stock_entries: { warehouse_id: number; physical_stock_level: number }[] };
      }[]
    ).find((item) => item.sellable.id === S.toteNatural);
    assert.equal(
      tote?.sellable.stock_entries.find((e) => e.warehouse_id === SEED_IDS.warehouses.manchester)
        ?.physical_stock_level,
      7,
    );
    assert.equal(
      (await call(sandbox, 'PUT', path, { stock_entry: { physical_stock_level: 3 } })).status,
      422,
    );
    const belowAllocated = await call(
      sandbox,
      'PUT',
      `/sellables/${S.candleLarge}/warehouses/${SEED_IDS.warehouses.london}/stock_entry`,
      { stock_entry: { physical_stock_level: 1, infinite: false } },
    );
    assert.equal(belowAllocated.status, 422);
  });

  it('takes a stock entry as the spec allows: any number, location optional and kept when left out', async () => {
    const sandbox = createSandbox();
    const path = `/sellables/${S.beanieMustard}/warehouses/${SEED_IDS.warehouses.manchester}/stock_entry`;
    const located = await call(sandbox, 'PUT', path, {
      stock_entry: { physical_stock_level: 4, infinite: false, location: 'Shelf 3' },
    });
    assert.equal(located.status, 200);
    assert.equal(at(located.json, 'location'), 'Shelf 3');
    const unlocated = await call(sandbox, 'PUT', path, {
      stock_entry: { physical_stock_level: 2.5, infinite: false },
    });
    assert.equal(unlocated.status, 200);
    assert.equal(at(unlocated.json, 'physical_stock_level'), 2.5);
    assert.equal(at(unlocated.json, 'location'), 'Shelf 3');
    const negative = await call(sandbox, 'PUT', path, {
      stock_entry: { physical_stock_level: -1, infinite: false },
    });
    assert.equal(negative.status, 422);
    assert.deepEqual(at(negative.json, 'error_messages'), ['Physical stock level cannot be below 0']);
  });

  it('updates a product, its variants and a property value', async () => {
    const sandbox = createSandbox();
    const updated = await call(sandbox, 'PUT', `/products/${SEED_IDS.products.beanie}`, {
      product: {
        title: 'Merino Beanie',
        product_variants_attributes: [{ id: S.beanieCharcoal, price: '19.5', sku_code: 'BEANIE-CHAR' }],
      },
    });
    assert.equal(updated.status, 200);
    assert.equal(at(updated.json, 'title'), 'Merino Beanie');
    assert.equal(at(updated.json, 'sellables.0.price'), 19.5);
    const order = await call(sandbox, 'GET', `/orders/${SEED_IDS.orders.unallocated}`);
    assert.equal(at(order.json, 'line_items.0.sellable.sku_code'), 'BEANIE-CHAR');
    assert.equal(at(order.json, 'line_items.0.sellable.product_title'), 'Merino Beanie');
    const foreign = await call(sandbox, 'PUT', `/products/${SEED_IDS.products.beanie}`, {
      product: { product_variants_attributes: [{ id: S.mugWhite, price: 1 }] },
    });
    assert.equal(foreign.status, 422);

    const property = await call(
      sandbox,
      'PUT',
      `/products/${SEED_IDS.products.beanie}/product_property_specifics/${SEED_IDS.productProperties.material}`,
      { product_property_name: 'Material', value: 'Lambswool' },
    );
    assert.deepEqual(property.json, { product_property_name: 'Material', value: 'Lambswool' });
    const again = await call(sandbox, 'GET', `/orders/${SEED_IDS.orders.unallocated}`);
    const specifics = at(again.json, 'line_items.0.sellable.variant_property_specifics') as {
      value: string;
    }[];
    assert.equal(specifics[0]?.value, 'Lambswool');
    // Neither member is required: a body without a value keeps the current one.
    const nameOnly = await call(
      sandbox,
      'PUT',
      `/products/${SEED_IDS.products.beanie}/product_property_specifics/${SEED_IDS.productProperties.material}`,
      { product_property_name: 'Material' },
    );
    assert.equal(nameOnly.status, 200, nameOnly.text);
    assert.deepEqual(nameOnly.json, { product_property_name: 'Material', value: 'Lambswool' });
  });

  it('updates a kit content', async () => {
    const sandbox = createSandbox();
    const path = `/kits/${SEED_IDS.kits.kitchenStarter}/kit_contents/${SEED_IDS.kitContents.towels}`;
    const updated = await call(sandbox, 'PUT', path, {
      kit_content: { product_variant_id: S.teaTowelOat, quantity: 3 },
    });
    assert.equal(updated.status, 200);
    assert.equal(at(updated.json, 'product_variant_id'), S.teaTowelOat);
    assert.equal(at(updated.json, 'sku_code'), 'TOWEL-OAT');
    assert.equal(at(updated.json, 'quantity'), 3);
    assert.equal(sandbox.state.kitContents.get(SEED_IDS.kitContents.towels)?.quantity, 3);
    assert.equal((await call(sandbox, 'PUT', path, { kit_content: { quantity: 0 } })).status, 422);
    assert.equal(
      (await call(sandbox, 'PUT', `/kits/1/kit_contents/${SEED_IDS.kitContents.towels}`, { kit_content: {} }))
        .status,
      404,
    );
  });

  it('reads tags and the current user', async () => {
    const sandbox = createSandbox();
    const tags = await call(sandbox, 'GET', '/tags');
    assert.equal(at(tags.json, 'length'), 4);
    const tag = await call(sandbox, 'GET', `/tags/${SEED_IDS.tags.fragile}`);
    assert.deepEqual(Object.keys(tag.json as object).sort(), [
      'colour',
      'company_id',
      'id',
      'name',
      'taggings_count',
    ]);
    assert.equal((await call(sandbox, 'GET', '/tags/1')).status, 404);
    const user = await call(sandbox, 'GET', '/current_user', undefined, {
      'x-api-key': '',
      authorization: 'Bearer sandbox-access-token',
    });
    assert.equal(user.status, 401, 'an empty x-api-key is a wrong key');
    const byBearer = await sandbox.fetch(
      new Request('http://sandbox.test/current_user', {
        headers: { authorization: 'Bearer sandbox-access-token' },
      }),
    );
    assert.equal(byBearer.status, 200);
    assert.equal(at(await byBearer.json(), 'id'), SEED_IDS.user);
  });
});
