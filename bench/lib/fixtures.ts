/**
 * Data for the render measurements, taken from the sandbox and grown to size: orders with N line
 * items, a rates response with many quotes, and a page of store listings, all as the API sends
 * them. In the page, the shipped client parses them (its stub `fetch` answers with these), so
 * no network is involved and the data has exactly the shape the client stores.
 */
import type { RatesRequest } from '../../src/api/inputs.js';
import { createSandbox, SANDBOX_CREDENTIALS, SEED_IDS } from '../../src/sandbox/index.js';

export type Json = Record<string, unknown>;

export interface Fixtures {
  /** `GET /orders/{id}` answers by line item count. */
  orders: Record<string, Json>;
  /** Raw `POST /shipping/api/v1/rates` answer with `quoteCount` bookable quotes. */
  rates: Json;
  quoteCount: number;
  /** Raw `GET /api/v2/shipping_configs` answer. */
  shippingConfigs: Json;
  /** The request the rate picker is given. */
  ratesRequest: RatesRequest;
  /** Raw `GET /api/v2/channel_sellables` answer with `listingCount` rows. */
  listings: Json;
  listingCount: number;
  listingChannelId: number;
  /** Raw `GET /orders` answer with `orderListCount` orders (a full page of order-list). */
  orderList: Json[];
  orderListCount: number;
}

export const ORDER_SIZES = [10, 100, 1000] as const;
export const QUOTE_COUNT = 200;
export const LISTING_COUNT = 100;
export const ORDER_LIST_COUNT = 100;

const BASE = 'http://sandbox.test';

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** A deterministic spread of numbers, so runs see the same data. */
function spread(index: number, modulo: number): number {
  return (index * 7919 + 13) % modulo;
}

export async function makeFixtures(): Promise<Fixtures> {
  const sandbox = createSandbox();
  const call = async (path: string, init: RequestInit = {}, jsonApi = false): Promise<Json> => {
    const type = jsonApi ? 'application/vnd.api+json' : 'application/json';
    const response = await sandbox.fetch(
      new Request(`${BASE}${path}`, {
        ...init,
        headers: { 'x-api-key': SANDBOX_CREDENTIALS.apiKey, accept: type, 'content-type': type },
      }),
    );
    if (!response.ok) throw new Error(`Sandbox ${path} answered ${response.status}`);
    return (await response.json()) as Json;
  };

  // Orders: the seeded unallocated order, its line items repeated with new ids up to N.
  const source = await call(`/orders/${SEED_IDS.orders.unallocated}`);
  const templates = source['line_items'] as Json[];
  const orders: Record<string, Json> = {};
  ORDER_SIZES.forEach((count, sizeIndex) => {
    const id = 91_000_000 + sizeIndex;
    const lineItems = Array.from({ length: count }, (_, index) => {
      const item = clone(templates[index % templates.length] as Json);
      item['id'] = id * 10_000 + index;
      item['remote_id'] = `BENCH-${count}-${index + 1}`;
      item['quantity'] = 1 + spread(index, 4);
      item['price_per_unit'] = 2 + spread(index, 5000) / 100;
      return item;
    });
    orders[count] = { ...clone(source), id, number: `BENCH-${count}`, line_items: lineItems };
  });

  // Rates: a domestic parcel's quotes, repeated as distinct services with their own prices and dates.
  const ratesRequest: RatesRequest = {
    to_address: {
      name: 'Amelia Hart',
      line1: '14 Rosebery Avenue',
      town: 'London',
      postcode: 'EC1R 4SX',
      country_code: 'GB',
    },
    from_address: {
      name: 'London Fulfilment Centre',
      town: 'Dagenham',
      postcode: 'RM9 6RH',
      country_code: 'GB',
    },
    parcels: [{ weight: 1.2, weight_unit: 'kg' }],
    currency_code: 'GBP',
    customer_reference: 'SB-1001',
  };
  const rates = await call('/shipping/api/v1/rates', { method: 'POST', body: JSON.stringify(ratesRequest) });
  const quoteTemplates = (rates['quotes'] as Json[]).filter((quote) => typeof quote['rate_id'] === 'string');
  const firstDay = Date.parse(String(quoteTemplates[0]?.['delivery_estimate'] ?? new Date().toISOString()));
  rates['quotes'] = Array.from({ length: QUOTE_COUNT }, (_, index) => {
    const quote = clone(quoteTemplates[index % quoteTemplates.length] as Json);
    quote['rate_id'] = `${String(quote['rate_id'])}-bench-${index}`;
    quote['service_name'] = `${String(quote['service_name'])} ${index + 1}`;
    quote['service_id'] = `${String(quote['service_id'])}_${index + 1}`;
    quote['total_charge'] = (3 + spread(index, 4000) / 100).toFixed(2);
    quote['delivery_estimate'] = new Date(firstDay + spread(index, 9) * 86_400_000).toISOString();
    return quote;
  });
  const shippingConfigs = await call(
    '/api/v2/shipping_configs?filter[enabled]=true&page[size]=100',
    {},
    true,
  );

  // Listings: the custom integration store's listings, repeated with new ids and SKUs.
  const listingChannelId = SEED_IDS.channels.makersMarket;
  const listings = await call(
    `/api/v2/channel_sellables?filter[channel_id]=${listingChannelId}&include=channel_product,sellable&page[size]=100`,
    {},
    true,
  );
  const listingTemplates = listings['data'] as Json[];
  listings['data'] = Array.from({ length: LISTING_COUNT }, (_, index) => {
    const listing = clone(listingTemplates[index % listingTemplates.length] as Json);
    listing['id'] = String(500_000 + index);
    const attributes = listing['attributes'] as Json;
    attributes['remote_sku'] = `MM-BENCH-${String(index + 1).padStart(3, '0')}`;
    attributes['remote_id'] = `mm-bench-${index + 1}`;
    attributes['created_at'] = new Date(Date.UTC(2025, 4, 1) + index * 60_000).toISOString();
    return listing;
  });
  listings['meta'] = {
    page: { current: '1', size: String(LISTING_COUNT), total_pages: '1', total_count: String(LISTING_COUNT) },
  };

  // Orders: a page of the account's orders, without the 1,000-line one (a list page is not
  // about one order's size), repeated with new ids and numbers up to the page size.
  const listed = (await call(`/orders?page_size=100`)) as unknown as Json[];
  const listTemplates = listed.filter((order) => order['id'] !== SEED_IDS.orders.large);
  const orderList = Array.from({ length: ORDER_LIST_COUNT }, (_, index) => {
    const order = clone(listTemplates[index % listTemplates.length] as Json);
    order['id'] = 92_000_000 + index;
    order['number'] = `BENCH-L${index + 1}`;
    return order;
  });

  return {
    orders,
    rates,
    quoteCount: QUOTE_COUNT,
    shippingConfigs,
    ratesRequest,
    listings,
    listingCount: LISTING_COUNT,
    listingChannelId,
    orderList,
    orderListCount: ORDER_LIST_COUNT,
  };
}
