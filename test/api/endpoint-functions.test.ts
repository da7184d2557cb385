import { expect } from '@open-wc/testing';
import * as api from '../../src/api/index.js';
import { ClientCore, OpsClient, OpsError, createClient } from '../../src/api/index.js';
import type { ApiRequest, ApiResponse, ClientOptions, Order } from '../../src/api/index.js';
import type { ZodMiniType, output } from 'zod/mini';
import { StubFetch, json, rejectionOf } from './stub-fetch.js';
import type { RecordedRequest } from './stub-fetch.js';

type Call = (...args: unknown[]) => Promise<unknown>;

/** Arguments for each endpoint, after the client. */
const CALLS: Record<string, unknown[]> = {
  getOrder: [7, { cache: 'reload' }],
  addOrderNote: [7, 'Packed in a blue box'],
  createAllocation: [7, { warehouseId: 2, lineItems: [{ sellableId: 3, quantity: 1 }] }],
  deleteAllocation: [7, 9],
  listOrders: [{ page: 2, pageSize: 10 }],
  listChannels: [{ page: 1, pageSize: 5 }],
  listAllChannels: [],
  createChannel: [{ name: 'Shop', type_code: 'direct' }],
  createChannelSellable: [{ remote_sku: 'SKU-1', channel_product_id: 4 }],
  listChannelSellables: [{ remoteSku: 'SKU-1', include: ['sellable'], sort: '-created_at' }],
  updateCustomer: [5, { email: 'buyer@example.test' }],
  updateDeliveryMethod: [6, { name: 'Post', cost: 3.5 }],
  updateStockEntry: [1, 2, { physical_stock_level: 3 }],
  updateProduct: [1, { title: 'Mug' }],
  updateProductPropertyValue: [1, 2, { product_property_name: 'Colour', value: 'red' }],
  updateKitContent: [1, 2, { product_variant_id: 3, quantity: 1 }],
  listTags: [],
  getTag: [3],
  getRates: [{ to_address: {}, from_address: {}, parcels: [{ weight: 1, weight_unit: 'kg' }] }],
  bookShipments: [{ labelFormat: 'pdf', requestToken: 'token-1', shipments: [{ rate_id: 'r1' }] }],
  listShippingConfigs: [{ enabled: true, includeServices: true, pageSize: 100 }],
  createShipment: [{ destination_address: {}, collection_address: {}, service_code: 'royal-mail' }],
  getCurrentUser: [],
  getSession: [],
  listPrinters: [],
  sendPrintJob: [
    'zebra',
    new Blob(['^XA^FDSB-1^FS^XZ'], { type: 'application/x-zpl' }),
    { document: 'label' },
  ],
  exchangeAuthorizationCode: [
    { code: 'c', redirectUri: 'https://app.example.test/cb', clientId: 'i', clientSecret: 's' },
  ],
};

const OPTIONS: ClientOptions = {
  baseUrl: 'https://api.example.test',
  credentials: { apiKey: 'key-123' },
  appToken: 'app-token-1',
  rateLimit: false,
  retry: { retries: 0 },
};

/** A body every endpoint accepts or refuses the same way whoever calls it. */
function answer(request: RecordedRequest): Response {
  const path = request.url.pathname;
  if (path === '/orders' || path === '/channels' || path === '/tags') return json([{ id: 1, name: 'One' }]);
  if (path.startsWith('/api/v2/')) return json({ data: [] });
  return json({ id: 7, line_items: [], access_token: 'token' });
}

function wire(request: RecordedRequest) {
  return {
    method: request.method,
    url: request.url.href,
    headers: [...request.headers],
    body: request.body,
  };
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error: error instanceof OpsError ? error.code : String(error) };
  }
}

/**
 * A client built the way another copy of the library would build it: the same public members,
 * its own class and its own private state. Endpoint functions must work with it, since the
 * default client is shared between copies on a page.
 */
class OtherCopyClient {
  readonly baseUrl: string;
  readonly requests: ApiRequest[] = [];
  readonly #inner: ClientCore;
  readonly #appToken: string | undefined;

  constructor(options: ClientOptions) {
    this.#inner = new ClientCore(options);
    this.baseUrl = this.#inner.baseUrl;
    this.#appToken = options.appToken;
  }

  get appToken(): string | undefined {
    return this.#appToken;
  }

  request(request: ApiRequest): Promise<ApiResponse> {
    this.requests.push(request);
    return this.#inner.request(request);
  }

  async send<S extends ZodMiniType>(schema: S, request: ApiRequest): Promise<[output<S>, Headers]> {
    this.requests.push(request);
    return this.#inner.send(schema, request);
  }
}

describe('endpoint functions', () => {
  it('every OpsClient method is the exported function of the same name, sending the same request', async () => {
    const methods = Object.getOwnPropertyNames(OpsClient.prototype).filter(
      (name) =>
        name !== 'constructor' &&
        typeof Object.getOwnPropertyDescriptor(OpsClient.prototype, name)?.value === 'function',
    );
    expect([...methods].sort()).to.deep.equal(Object.keys(CALLS).sort());
    const functions = api as unknown as Record<string, Call | undefined>;

    for (const [name, args] of Object.entries(CALLS)) {
      const viaMethod = new StubFetch().always(answer);
      const client = createClient({ ...OPTIONS, fetch: viaMethod.fetch });
      const viaFunction = new StubFetch().always(answer);
      const core = new ClientCore({ ...OPTIONS, fetch: viaFunction.fetch });
      const fn = functions[name];
      expect(fn, name).to.be.a('function');

      const fromMethod = await outcome((client as unknown as Record<string, Call>)[name]!(...args));
      const fromFunction = await outcome(fn!(core, ...args));
      expect(fromFunction, name).to.deep.equal(fromMethod);
      expect(viaFunction.calls.map(wire), name).to.deep.equal(viaMethod.calls.map(wire));
      expect(viaFunction.calls.length, name).to.be.greaterThan(0);
    }
  });

  it('work on a bare ClientCore: the order store is kept as the methods keep it', async () => {
    const stub = new StubFetch();
    const core = new ClientCore({ ...OPTIONS, fetch: stub.fetch });
    // A core makes its store when an order call first needs it.
    expect(Object.getOwnPropertySymbols(core)).to.deep.equal([]);
    stub.replyJson({ id: 7, number: 'R7', allocations: [{ id: 9 }, { id: 10 }], employee_notes: [] });
    const order = await api.getOrder(core, 7);
    expect(api.ordersOf(core).get(7)).to.equal(order);
    // Stored: no second request.
    expect(await api.getOrder(core, '7')).to.equal(order);
    expect(stub.calls).to.have.length(1);

    stub.replyJson({ id: 21, text: 'Fragile' });
    await api.addOrderNote(core, 7, 'Fragile');
    expect(
      api
        .ordersOf(core)
        .get(7)
        ?.employee_notes?.map((note) => note.text),
    ).to.deep.equal(['Fragile']);

    // A DELETE answered with no order removes the allocation from the stored one.
    stub.reply(new Response(null, { status: 204 }));
    expect(await api.deleteAllocation(core, 7, 9)).to.equal(null);
    expect(
      api
        .ordersOf(core)
        .get(7)
        ?.allocations?.map((allocation) => allocation.id),
    ).to.deep.equal([10]);
  });

  it("OpsClient's orders is the same store the functions keep", async () => {
    const stub = new StubFetch();
    const client = createClient({ ...OPTIONS, fetch: stub.fetch });
    expect(client.orders).to.equal(api.ordersOf(client));
    stub.replyJson({ id: 7, number: 'R7' });
    const order = await api.getOrder(client, 7);
    expect(client.orders.get(7)).to.equal(order);
  });

  it('work with a client made by another copy of the library (its own class, the same public members)', async () => {
    const stub = new StubFetch();
    const other = new OtherCopyClient({ ...OPTIONS, fetch: stub.fetch });
    const client = other as unknown as ClientCore;

    stub.replyJson({ id: 7, number: 'R7', allocations: [{ id: 9 }] });
    const order: Order = await api.getOrder(client, 7);
    expect(api.ordersOf(client).get(7)).to.equal(order);

    stub.reply(new Response(null, { status: 204 }));
    await api.deleteAllocation(client, 7, 9);
    expect(api.ordersOf(client).get(7)?.allocations).to.deep.equal([]);

    stub.replyJson({ label: 'JVBER', tracking_number: { tracking_number: ' TN1 ' } });
    const shipment = await api.createShipment(client, {
      destination_address: {},
      collection_address: {},
      service_code: 'royal-mail',
    });
    expect(shipment.tracking_number).to.equal('TN1');
    expect(stub.last.headers.get('authentication')).to.equal('app-token-1');

    stub.replyJson([{ id: 1 }, { id: 2 }], 200, { 'X-Total-Pages-Count': '1' });
    expect((await api.listAllChannels(client)).map((channel) => channel.id)).to.deep.equal([1, 2]);

    stub.replyJson(
      { errors: [{ detail: 'is taken', source: { pointer: '/data/attributes/remote_sku' } }] },
      422,
    );
    const error = await rejectionOf(api.createChannelSellable(client, { remote_sku: 'SKU-1' }));
    expect(error).to.be.instanceOf(OpsError);
    expect((error as OpsError).fieldErrors).to.deep.equal({ remote_sku: ['is taken'] });

    expect(other.requests.map((request) => `${request.method} ${request.path}`)).to.deep.equal([
      'GET /orders/7',
      'DELETE /orders/7/allocations/9',
      'POST /shipments',
      'GET /channels',
      'POST /api/v2/channel_sellables',
    ]);
  });

  it("OpsClient's methods go through its public request(), so a subclass can change every call", async () => {
    const stub = new StubFetch().always(answer);
    const seen: string[] = [];
    class Recording extends OpsClient {
      override request(request: ApiRequest): Promise<ApiResponse> {
        seen.push(`${request.method} ${request.path}`);
        return super.request(request);
      }
    }
    const client = new Recording({ ...OPTIONS, fetch: stub.fetch });
    await client.getOrder(7, { cache: 'reload' });
    await client.deleteAllocation(7, 9);
    await client.listTags();
    expect(seen).to.deep.equal(['GET /orders/7', 'DELETE /orders/7/allocations/9', 'GET /tags']);
  });
});
