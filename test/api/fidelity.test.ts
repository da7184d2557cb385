import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { OpsError } from '../../src/api/index.js';
import type { Order } from '../../src/api/index.js';
import { resolveLocale } from '../../src/shared/locale.js';
import { renderErrorBanner } from '../../src/shared/templates.js';
import { isMarketplaceOrder, orderCurrency } from '../../src/shared/order-view.js';
import { ratesRequestFromOrder } from '../../src/shipping/rate-request.js';
import { stubClient } from './setup.js';
import { rejectionOf } from './stub-fetch.js';

/**
 * The live service's quirks: ids as numeric strings, the order's own currency, marketplace
 * line ids. Lenient on the way in, canonical on the way out.
 */

const ADDRESS = {
  first_name: 'Ann',
  last_name: 'Lee',
  address1: '1 High St',
  city: 'York',
  zip: 'YO1 1AA',
  country: 'GB',
};
const WAREHOUSE = {
  id: '3102',
  name: 'North',
  address_line_1: '2 Dock Rd',
  city: 'Hull',
  post_code: 'HU1 1AA',
  country: 'GB',
};

async function parsedOrder(body: unknown): Promise<Order> {
  const { stub, client } = stubClient();
  stub.replyJson(body);
  return client.getOrder(1);
}

describe('ids as numeric strings go back as numbers', () => {
  it('an allocation built from string ids posts warehouse_id and sellable_id as numbers', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({ id: '55', allocations: [] });
    await client.createAllocation('55', {
      warehouseId: '3102',
      lineItems: [{ sellableId: '77', quantity: 2 }],
    });
    expect(stub.last.body).to.deep.equal({
      allocation: { warehouse_id: 3102, line_items_attributes: [{ sellable_id: 77, quantity: 2 }] },
    });
  });

  it('a listing link sends sellable_id and channel_id as numbers, the channel product id as JSON:API text', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({ data: { id: '9', type: 'channel_sellable', attributes: {} } });
    await client.createChannelSellable({
      sellable_id: '12',
      channel_id: '4',
      remote_sku: 'A-1',
      channel_product_id: 8,
    });
    const body = stub.last.body as { data: { attributes: Record<string, unknown>; relationships: unknown } };
    expect(body.data.attributes['sellable_id']).to.equal(12);
    expect(body.data.attributes['channel_id']).to.equal(4);
    expect(body.data.relationships).to.deep.equal({
      channel_product: { data: { id: '8', type: 'channel_product' } },
    });
  });

  it('a store sends default_warehouse_id as a number', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({ id: 1 });
    await client.createChannel({ name: 'Shop', type_code: 'direct', default_warehouse_id: '3102' });
    expect((stub.last.body as { default_warehouse_id: unknown }).default_warehouse_id).to.equal(3102);
  });

  it('an id that is not a number is sent as typed, for the API to judge', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({ id: 1, allocations: [] });
    await client.createAllocation(1, { warehouseId: 'WH-A', lineItems: [{ sellableId: 5, quantity: 1 }] });
    expect((stub.last.body as { allocation: { warehouse_id: unknown } }).allocation.warehouse_id).to.equal(
      'WH-A',
    );
  });
});

describe("the order's own currency", () => {
  it('comes first; a direct store without a currency and a user without a company do not lose it', async () => {
    const order = await parsedOrder({
      id: 1,
      currency_code: 'USD',
      channel: { id: 2, type_code: 'direct', currency_code: null },
      created_by: { id: 3, login: 'ops' },
    });
    expect(orderCurrency(order)).to.equal('USD');
  });

  it("falls back to the store's, then the account's", async () => {
    expect(orderCurrency(await parsedOrder({ id: 1, channel: { id: 2, currency_code: 'EUR' } }))).to.equal(
      'EUR',
    );
    expect(
      orderCurrency(
        await parsedOrder({
          id: 1,
          channel: { id: 2, currency_code: null },
          created_by: { company: { setting: { currency_code: 'GBP' } } },
        }),
      ),
    ).to.equal('GBP');
  });
});

describe('rates request from a marketplace order', () => {
  const order = (channel: Record<string, unknown>) =>
    parsedOrder({
      id: '13359622',
      number: 'MKT-1001',
      currency_code: 'USD',
      channel,
      deliver_to: ADDRESS,
      line_items: [
        {
          id: 901,
          remote_id: '2-11-4408-77',
          quantity: 2,
          price_per_unit: '4.50',
          sellable: { id: '77', sku_code: 'MUG' },
        },
        { id: 902, remote_id: null, quantity: 1, price_per_unit: 3, sellable: { id: '78', sku_code: 'TEE' } },
      ],
      allocations: [{ id: '5', warehouse: WAREHOUSE, total_weight: '800', weight_unit: 'g' }],
    });

  it("sends the marketplace's line ids, the order currency and is_marketplace_order", async () => {
    const parsed = await order({
      id: 2,
      type_code: 'auction_site',
      marketplace_id: '3',
      currency_code: null,
    });
    expect(isMarketplaceOrder(parsed)).to.equal(true);
    const request = ratesRequestFromOrder(parsed, parsed.allocations![0]);
    if (typeof request === 'string') throw new Error(request);
    expect(request.is_marketplace_order).to.equal(true);
    expect(request.currency_code).to.equal('USD');
    expect(request.channel_items!.map((item) => item.remote_id)).to.deep.equal(['2-11-4408-77', '902']);
    expect(request.channel_items![0]!.currency_code).to.equal('USD');
  });

  it("an order from the seller's own store is not a marketplace order", async () => {
    const parsed = await order({ id: 2, type_code: 'direct', marketplace_id: null });
    expect(isMarketplaceOrder(parsed)).to.equal(false);
    const request = ratesRequestFromOrder(parsed, parsed.allocations![0]);
    if (typeof request === 'string') throw new Error(request);
    expect(request.is_marketplace_order).to.equal(undefined);
  });
});

describe('tracking numbers as objects', () => {
  it('a booking whose tracking_number is {id, tracking_number} is read as bought, with its number', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({
      successful: {
        'shp-1': {
          tracking_number: { id: 12600001, tracking_number: 'PA100102947GB' },
          label_content: 'JVBERi0=',
          label_format: 'PDF',
          total_charge: 'see invoice',
        },
      },
      failed: {},
    });
    const result = await client.bookShipments({
      shipments: [{ rate_id: 'r-1', remote_shipment_id: 'shp-1' }],
    });
    const booked = result.successful['shp-1'];
    expect(booked?.tracking_number).to.equal('PA100102947GB');
    expect(booked?.label_content).to.equal('JVBERi0=');
    expect(booked?.total_charge).to.equal(null);
  });

  it("an order's allocation shipment reads either spelling", async () => {
    const order = await parsedOrder({
      id: 1,
      allocations: [
        { id: 2, shipment: { id: 3, tracking_number: { id: 9, tracking_number: ' TN-OBJ ' } } },
        { id: 4, shipment: { id: 5, tracking_number: 'TN-TEXT' } },
      ],
    });
    expect(order.allocations?.map((allocation) => allocation.shipment?.tracking_number)).to.deep.equal([
      'TN-OBJ',
      'TN-TEXT',
    ]);
  });
});

describe('what the API says, and what it only prints', () => {
  it('a relationship pointer puts the error at the relationship, not at "id"', async () => {
    const { stub, client } = stubClient();
    stub.replyJson(
      {
        errors: [
          {
            source: { pointer: '/data/relationships/channel_product/data/id' },
            detail: 'Channel product must exist',
          },
          {
            source: { pointer: '/data/attributes/measurement_attributes/width' },
            detail: 'must be positive',
          },
        ],
      },
      422,
    );
    const error = (await rejectionOf(client.createChannelSellable({ channel_product_id: 99 }))) as OpsError;
    expect(error.fieldErrors).to.deep.equal({
      channel_product: ['Channel product must exist'],
      measurement_attributes: ['must be positive'],
    });
  });

  it('a 400 whose only message is "Infinity" reads in the library\'s words; the API text stays in messages', async () => {
    const { stub, client } = stubClient();
    stub.replyJson({ error_messages: ['Infinity'] }, 400);
    const error = (await rejectionOf(client.listTags())) as OpsError;
    expect(error.code).to.equal('validation');
    expect(error.message).to.equal('The service did not accept the request.');
    expect(error.messages).to.deep.equal(['Infinity']);
    expect(error.fromApi).to.equal(false);
  });

  it('an error banner never shows such a message', async () => {
    const error = new OpsError('validation', 'The service did not accept the request.', {
      status: 400,
      messages: ['Infinity', 'Weight is too low'],
    });
    const host = document.createElement('div');
    render(renderErrorBanner({ error, locale: resolveLocale(host) }), host);
    expect(host.textContent).to.contain('Weight is too low');
    expect(host.textContent).not.to.contain('Infinity');
  });

  for (const [name, pageSize] of [
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['0', 0],
    ['2.5', 2.5],
    ['101', 101],
  ] as const) {
    it(`a page size of ${name} is a local validation error, with nothing sent`, async () => {
      const { stub, client } = stubClient();
      const error = (await rejectionOf(client.listOrders({ pageSize }))) as OpsError;
      expect(error).to.be.instanceOf(OpsError);
      expect(error.code).to.equal('validation');
      expect(error.fieldErrors['page_size']?.[0]).to.contain('from 1 to 100');
      expect(stub.calls).to.have.length(0);
    });
  }

  it('every paged list checks its paging the same way', async () => {
    const { stub, client } = stubClient();
    for (const call of [
      () => client.listChannels({ page: 0 }),
      () => client.listChannelSellables({ pageSize: Number.POSITIVE_INFINITY }),
      () => client.listShippingConfigs({ page: -1 }),
    ]) {
      expect(((await rejectionOf(call())) as OpsError).code).to.equal('validation');
    }
    expect(stub.calls).to.have.length(0);
  });
});
