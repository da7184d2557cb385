import { expect } from '@open-wc/testing';
import { stubClient } from './setup.js';
import { empty, json, sample } from './stub-fetch.js';
import type { RecordedRequest } from './stub-fetch.js';

const JSON_TYPE = 'application/json';
const JSON_API = 'application/vnd.api+json';

function query(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(request.url.searchParams.entries());
}

describe('endpoints', () => {
  describe('listOrders', () => {
    it('sends page and page_size and reads the totals headers', async () => {
      const { stub, client } = stubClient();
      stub.reply(() =>
        json([{ id: 1 }, { id: 2 }], 200, {
          'X-Total-Count': '42',
          'X-Total-Pages-Count': '21',
          'X-Page-Index': '3',
          'X-Per-Page': '2',
        }),
      );
      const result = await client.listOrders({ page: 3, pageSize: 2 });
      expect(stub.last.method).to.equal('GET');
      expect(stub.last.url.pathname).to.equal('/orders');
      expect(query(stub.last)).to.deep.equal({ page: '3', page_size: '2' });
      expect(stub.last.headers.get('accept')).to.equal(JSON_TYPE);
      expect(result.items.map((order) => order.id)).to.deep.equal([1, 2]);
      expect(result.page).to.deep.equal({ index: 3, size: 2, totalCount: 42, totalPages: 21 });
    });

    it('keeps no more items than the page size asked for, however many come back', async () => {
      const { stub, client } = stubClient();
      const many = Array.from({ length: 100_000 }, (_, index) => ({ id: index + 1 }));
      stub.reply(() => json(many));
      const asked = await client.listOrders({ pageSize: 25 });
      expect(asked.items).to.have.length(25);
      expect(asked.items[24]?.id).to.equal(25);
      stub.reply(() => json({ orders: many }));
      const unasked = await client.listOrders();
      expect(unasked.items).to.have.length(100);
      stub.reply(() => json(many.slice(0, 500)));
      expect((await client.listChannels({ pageSize: 10 })).items).to.have.length(10);
    });

    it('cuts every list to the page size before checking it, so items past the page are never read', async () => {
      const { stub, client } = stubClient();
      // Past the page, items the schemas would refuse: a list checked whole would fail.
      const past = Array.from({ length: 50_000 }, () => 'not a resource');
      const orders = [...Array.from({ length: 25 }, (_, index) => ({ id: index + 1 })), ...past];
      stub.reply(() => json(orders));
      expect((await client.listOrders({ pageSize: 25 })).items).to.have.length(25);
      stub.reply(() => json({ channels: orders }));
      expect((await client.listChannels({ pageSize: 25 })).items).to.have.length(25);

      const resources = (type: string) =>
        Array.from({ length: 25 }, (_, index) => ({ id: String(index + 1), type, attributes: {} }));
      stub.replyJson({ data: [...resources('channel_sellable'), ...past], included: resources('sellable') });
      const listings = await client.listChannelSellables({ pageSize: 25 });
      expect(listings.items).to.have.length(25);
      expect(listings.included, 'included resources are not the page').to.have.length(25);
      stub.replyJson({ data: [...resources('shipping_config'), ...past] });
      expect((await client.listShippingConfigs({ pageSize: 25 })).items).to.have.length(25);

      const checkedWhole = { data: [...resources('channel_sellable').slice(0, 3), 'not a resource'] };
      stub.replyJson(checkedWhole);
      const error = await client.listChannelSellables({ pageSize: 25 }).then(
        () => null,
        (failure: unknown) => failure as { code: string },
      );
      expect(error?.code, 'an item within the page is still checked').to.equal('invalid_response');
    });

    it('gives null page members when the headers are missing, and sends no empty params', async () => {
      const { stub, client } = stubClient();
      stub.replyJson([]);
      const result = await client.listOrders();
      expect(stub.last.url.search).to.equal('');
      expect(result).to.deep.equal({
        items: [],
        page: { index: null, size: null, totalCount: null, totalPages: null },
      });
    });

    it('treats a page number below 1, a fraction or a negative total as unknown, never as a page to ask for', async () => {
      const { stub, client } = stubClient();
      stub.reply(() =>
        json([], 200, {
          'X-Total-Count': '-3',
          'X-Total-Pages-Count': '2.5',
          'X-Page-Index': '0',
          'X-Per-Page': 'abc',
        }),
      );
      expect((await client.listOrders()).page).to.deep.equal({
        index: null,
        size: null,
        totalCount: null,
        totalPages: null,
      });
      stub.reply(() => json({ data: [], meta: { page: -1, per_page: 25, total_count: 0, total_pages: 0 } }));
      expect((await client.listChannelSellables()).page).to.deep.equal({
        index: null,
        size: 25,
        totalCount: 0,
        totalPages: 0,
      });
    });

    it('sends the live service filters under their API names, leaving empty ones out', async () => {
      const { stub, client } = stubClient();
      stub.replyJson([]).replyJson([]);
      await client.listOrders({
        page: 2,
        pageSize: 25,
        query: 'hart',
        status: 'on_hold',
        tags: 'priority',
        allocatedAt: 7,
        sinceId: '100',
        createdAtMin: '2025-01-01T00:00:00Z',
        updatedAtMin: '2025-02-01T00:00:00Z',
      });
      expect(query(stub.last)).to.deep.equal({
        page: '2',
        page_size: '25',
        query: 'hart',
        status: 'on_hold',
        tags: 'priority',
        allocated_at: '7',
        since_id: '100',
        created_at_min: '2025-01-01T00:00:00Z',
        updated_at_min: '2025-02-01T00:00:00Z',
      });
      await client.listOrders({ query: '', tags: '' });
      expect(stub.last.url.search).to.equal('');
    });

    it('stores listed orders that are whole, and leaves summaries out of the store', async () => {
      const { stub, client } = stubClient();
      stub.replyJson([
        { id: 1, number: 'A-1', line_items: [] },
        { id: 2, number: 'A-2' },
      ]);
      await client.listOrders();
      expect(client.orders.get(1)?.number).to.equal('A-1');
      expect(client.orders.get(2)).to.equal(undefined);
    });

    it('accepts a wrapped {orders: [...]} body too', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ orders: [{ id: 5 }] });
      expect((await client.listOrders()).items[0]?.id).to.equal(5);
    });
  });

  describe('channels', () => {
    it('listChannels sends page/page_size and parses the sample list', async () => {
      const { stub, client } = stubClient();
      const list = await sample('channels-list.json');
      stub.replyJson(list, 200, { 'X-Total-Count': '3' });
      const result = await client.listChannels({ page: 1, pageSize: 50 });
      expect(stub.last.url.pathname).to.equal('/channels');
      expect(query(stub.last)).to.deep.equal({ page: '1', page_size: '50' });
      expect(result.items).to.have.length(3);
      expect(result.page.totalCount).to.equal(3);
      expect(result.page.index).to.equal(null);
    });

    it('listAllChannels walks pages of 100 until the totals say stop', async () => {
      const { stub, client } = stubClient();
      const page = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({ id: from + i }));
      stub
        .replyJson(page(1, 100), 200, { 'X-Total-Pages-Count': '3' })
        .replyJson(page(101, 100), 200, { 'X-Total-Pages-Count': '3' })
        .replyJson(page(201, 100), 200, { 'X-Total-Pages-Count': '3' });
      const channels = await client.listAllChannels();
      expect(channels).to.have.length(300);
      expect(stub.calls.map((call) => query(call))).to.deep.equal([
        { page: '1', page_size: '100' },
        { page: '2', page_size: '100' },
        { page: '3', page_size: '100' },
      ]);
    });

    it('listAllChannels without totals stops at a short page', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(Array.from({ length: 100 }, (_, i) => ({ id: i }))).replyJson([{ id: 'last' }]);
      const channels = await client.listAllChannels();
      expect(channels).to.have.length(101);
      expect(stub.calls).to.have.length(2);
    });

    it('listAllChannels stops when the server ignores the page parameter', async () => {
      const { stub, client } = stubClient();
      const full = Array.from({ length: 100 }, (_, i) => ({ id: i }));
      stub.always(() => json(full));
      const channels = await client.listAllChannels();
      expect(channels).to.have.length(100);
      expect(stub.calls).to.have.length(2);
    });

    it('createChannel posts the fields at the top level', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('channel.json'), 201);
      const input = {
        name: 'API-ISK',
        type_code: 'direct',
        currency_code: 'ISK',
        default_warehouse_id: 22668,
        short_name: 'I1',
        email: 'person19@example.test',
        service_dictates_stock_level: false,
      };
      const channel = await client.createChannel(input);
      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/channels');
      expect(stub.last.headers.get('content-type')).to.equal(JSON_TYPE);
      expect(stub.last.body).to.deep.equal(input);
      expect(channel.id).to.be.a('number');
    });
  });

  describe('channel sellables (JSON:API)', () => {
    it('createChannelSellable sends a JSON:API envelope and flattens the answer', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('channel-sellable-create-response.json'), 201);
      const listing = await client.createChannelSellable({
        sellable_id: 111222333,
        channel_id: 1234567,
        remote_id: 'B0EXAMPLE123',
        remote_sku: 'BLUE-WATER-BOTTLE-500ML',
        remote_title: 'Blue Water Bottle 500ml',
        autolink: true,
      });
      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/api/v2/channel_sellables');
      expect(stub.last.headers.get('accept')).to.equal(JSON_API);
      expect(stub.last.headers.get('content-type')).to.equal(JSON_API);
      expect(stub.last.body).to.deep.equal({
        data: {
          type: 'channel_sellable',
          attributes: {
            sellable_id: 111222333,
            channel_id: 1234567,
            remote_id: 'B0EXAMPLE123',
            remote_sku: 'BLUE-WATER-BOTTLE-500ML',
            remote_title: 'Blue Water Bottle 500ml',
            autolink: true,
          },
        },
      });
      expect(listing.id).to.equal('123456789');
      expect(listing.type).to.equal('channel_sellable');
      expect(listing.remote_sku).to.equal('BLUE-WATER-BOTTLE-500ML');
      expect(listing.remote_price).to.equal(0);
      expect(listing.currency_code).to.equal(null);
      expect(listing.active).to.equal(true);
      expect(listing.relationships['channel_product']).to.deep.equal({
        id: '987654321',
        type: 'channel_product',
      });
      expect(listing.relationships['sellable']).to.deep.equal({ id: '111222333', type: 'sellable' });
    });

    it('createChannelSellable puts channel_product_id in relationships', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        data: { id: 9, type: 'channel_sellable', attributes: {}, relationships: { channel: { data: null } } },
      });
      const listing = await client.createChannelSellable({ remote_sku: 'SKU-1', channel_product_id: 77 });
      expect(stub.last.body).to.deep.equal({
        data: {
          type: 'channel_sellable',
          attributes: { remote_sku: 'SKU-1' },
          relationships: { channel_product: { data: { id: '77', type: 'channel_product' } } },
        },
      });
      expect(listing.id).to.equal('9');
      expect(listing.relationships['channel']).to.equal(null);
    });

    it('listChannelSellables sends page[...], filter[...], sort and include; reads meta.page strings', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        data: [
          { id: '1', type: 'channel_sellable', attributes: { remote_sku: 'A', remote_price: '9.99' } },
          { id: '2', type: 'channel_sellable', attributes: { remote_sku: 'B' } },
        ],
        included: [{ id: '5', type: 'channel', attributes: { name: 'Shop' } }],
        meta: { page: { current: '2', size: '2', total_pages: '4', total_count: '7' } },
      });
      const result = await client.listChannelSellables({
        page: 2,
        pageSize: 2,
        remoteSku: 'A',
        remoteId: 'R-1',
        channelId: 5,
        sort: '-created_at',
        include: ['channel', 'sellable'],
      });
      expect(stub.last.url.pathname).to.equal('/api/v2/channel_sellables');
      expect(stub.last.headers.get('accept')).to.equal(JSON_API);
      expect(query(stub.last)).to.deep.equal({
        'page[number]': '2',
        'page[size]': '2',
        'filter[remote_sku]': 'A',
        'filter[remote_id]': 'R-1',
        'filter[channel_id]': '5',
        sort: '-created_at',
        include: 'channel,sellable',
      });
      expect(result.items.map((item) => item.remote_sku)).to.deep.equal(['A', 'B']);
      expect(result.items[0]!.remote_price).to.equal(9.99);
      expect(result.page).to.deep.equal({ index: 2, size: 2, totalCount: 7, totalPages: 4 });
      expect(result.included[0]).to.include({ id: '5', type: 'channel', name: 'Shop' });
    });

    it('a listing that does not fit is invalid_response, named down to the attribute and the relationship', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({
        data: [
          { id: '1', type: 'channel_sellable', attributes: { remote_sku: 'A' } },
          {
            id: '2',
            type: 'channel_sellable',
            attributes: { remote_sku: { nested: true } },
            relationships: { channel: { data: { id: '5' } } },
          },
        ],
      });
      const error = await client.listChannelSellables().then(
        () => undefined,
        (rejection: unknown) => rejection as { code: string; cause: { summary: string } },
      );
      expect(error?.code).to.equal('invalid_response');
      expect(error?.cause.summary.split('\n')).to.deep.equal([
        'data[1].attributes.remote_sku: Expected text',
        'data[1].relationships.channel.data: Expected a resource identifier, a list of them or null',
      ]);
    });
  });

  describe('customers, delivery methods, stock, products, kits', () => {
    it('updateCustomer puts { customer }', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ id: 12, email: 'a@example.test', billing_address: { zip: 90210 } });
      const customer = await client.updateCustomer(12, {
        email: 'a@example.test',
        customer_type: 'wholesale',
        billing_address_attributes: { city: 'Leeds' },
      });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/customers/12');
      expect(stub.last.body).to.deep.equal({
        customer: {
          email: 'a@example.test',
          customer_type: 'wholesale',
          billing_address_attributes: { city: 'Leeds' },
        },
      });
      expect(customer.billing_address?.zip).to.equal('90210');
    });

    it('updateDeliveryMethod puts { name, cost } with the cost as text; parses cost to a number', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ id: 3, name: 'Express', cost: '7.50', user_id: 1 });
      const method = await client.updateDeliveryMethod(3, { name: 'Express', cost: 7.5 });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/delivery_methods/3');
      expect(stub.last.body).to.deep.equal({ name: 'Express', cost: '7.5' });
      expect(method.cost).to.equal(7.5);
    });

    it('updateStockEntry puts { stock_entry }', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('stock-entry-update-response.json'));
      const entry = await client.updateStockEntry(14504036, 22668, {
        physical_stock_level: 200,
        infinite: false,
        location: 'Hat Rack',
      });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/sellables/14504036/warehouses/22668/stock_entry');
      expect(stub.last.body).to.deep.equal({
        stock_entry: { physical_stock_level: 200, infinite: false, location: 'Hat Rack' },
      });
      expect(entry.physical_stock_level).to.equal(200);
      expect(entry.warehouse?.name).to.equal('My Warehouse');
    });

    it('updateProduct puts { product }', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('product.json'));
      const product = await client.updateProduct(5, {
        title: 'New title',
        product_variants_attributes: [{ id: 1, price: 9.5 }],
      });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/products/5');
      expect(stub.last.body).to.deep.equal({
        product: { title: 'New title', product_variants_attributes: [{ id: 1, price: 9.5 }] },
      });
      expect(product.sellables?.length).to.be.greaterThan(0);
    });

    it('updateProductPropertyValue puts the two fields at the top level', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ product_property_name: 'Colour', value: 'Red' });
      const value = await client.updateProductPropertyValue(5, 8, {
        product_property_name: 'Colour',
        value: 'Red',
      });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/products/5/product_property_specifics/8');
      expect(stub.last.body).to.deep.equal({ product_property_name: 'Colour', value: 'Red' });
      expect(value.value).to.equal('Red');
    });

    it('updateKitContent puts { kit_content }', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ id: 44, product_variant_id: 7, kit_id: 3, quantity: '2' });
      const content = await client.updateKitContent(3, 44, { product_variant_id: 7, quantity: 2 });
      expect(stub.last.method).to.equal('PUT');
      expect(stub.last.url.pathname).to.equal('/kits/3/kit_contents/44');
      expect(stub.last.body).to.deep.equal({ kit_content: { product_variant_id: 7, quantity: 2 } });
      expect(content.quantity).to.equal(2);
    });
  });

  describe('tags', () => {
    it('listTags gets /tags', async () => {
      const { stub, client } = stubClient();
      stub.replyJson([{ id: 1, name: 'VIP', colour: '#ff0000', company_id: 2, taggings_count: 5 }]);
      const tags = await client.listTags();
      expect(stub.last.url.pathname).to.equal('/tags');
      expect(tags.items[0]?.name).to.equal('VIP');
    });

    it('getTag gets /tags/{id}', async () => {
      const { stub, client } = stubClient();
      stub.replyJson({ id: 1, name: 'VIP', colour: 'red' });
      const tag = await client.getTag(1);
      expect(stub.last.method).to.equal('GET');
      expect(stub.last.url.pathname).to.equal('/tags/1');
      expect(tag.colour).to.equal('red');
    });
  });

  describe('account and OAuth', () => {
    it('getCurrentUser gets /current_user with the bearer token', async () => {
      const { stub, client } = stubClient({ credentials: { getToken: () => 'tok' } });
      stub.replyJson({ id: 1, login: 'Dev01', email: 'dev@example.test' });
      const user = await client.getCurrentUser();
      expect(stub.last.url.pathname).to.equal('/current_user');
      expect(stub.last.headers.get('authorization')).to.equal('Bearer tok');
      expect(user.login).to.equal('Dev01');
    });

    it('exchangeAuthorizationCode posts the grant as JSON with no account credential', async () => {
      const { stub, client } = stubClient();
      stub.replyJson(await sample('oauth-token-response.json'));
      const token = await client.exchangeAuthorizationCode({
        code: 'abc',
        redirectUri: 'https://app.example.test/callback',
        clientId: 'cid',
        clientSecret: 'csecret',
      });
      expect(stub.last.method).to.equal('POST');
      expect(stub.last.url.pathname).to.equal('/oauth/token');
      expect(stub.last.headers.get('accept')).to.equal(JSON_TYPE);
      expect(stub.last.headers.get('content-type')).to.equal(JSON_TYPE);
      expect(stub.last.headers.has('x-api-key')).to.equal(false);
      expect(stub.last.body).to.deep.equal({
        grant_type: 'authorization_code',
        redirect_uri: 'https://app.example.test/callback',
        client_id: 'cid',
        client_secret: 'csecret',
        code: 'abc',
      });
      expect(token.access_token).to.have.length(64);
      expect(token.token_type).to.equal('bearer');
    });

    it('a token answer without access_token is invalid_response', async () => {
      const { stub, client } = stubClient();
      stub.reply(() => empty(200));
      const error = await client
        .exchangeAuthorizationCode({ code: 'a', redirectUri: 'r', clientId: 'c', clientSecret: 's' })
        .catch((caught: unknown) => caught);
      expect(error).to.have.property('code', 'invalid_response');
    });
  });
});
