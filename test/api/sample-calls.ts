import type { OpsClient } from '../../src/api/index.js';

/**
 * The client call that answers with each live-service sample in test/fixtures/samples, so that a
 * sample served as that call's response runs the real parsing path.
 */
export const SAMPLE_CALLS: Record<string, (client: OpsClient) => Promise<unknown>> = {
  'order.json': (client) => client.getOrder(1, { cache: 'reload' }),
  'allocation-create-response.json': (client) =>
    client.createAllocation(1, { warehouseId: 1, lineItems: [] }),
  'allocation-delete-response.json': (client) => client.deleteAllocation(1, 2),
  'channels-list.json': (client) => client.listChannels(),
  'channel.json': (client) => client.createChannel({ name: 'x', type_code: 'direct' }),
  'channel-sellable-create-response.json': (client) => client.createChannelSellable({ remote_sku: 'x' }),
  'stock-entry.json': (client) => client.updateStockEntry(1, 2, { physical_stock_level: 0, infinite: false }),
  'stock-entry-update-response.json': (client) =>
    client.updateStockEntry(1, 2, { physical_stock_level: 200, infinite: false }),
  'product.json': (client) => client.updateProduct(1, { title: 'x' }),
  'oauth-token-response.json': (client) =>
    client.exchangeAuthorizationCode({ code: 'c', redirectUri: 'r', clientId: 'i', clientSecret: 's' }),
  'legacy-shipment-create-response.json': (client) =>
    client.createShipment({ destination_address: {}, collection_address: {}, service_code: 'x' }),
  'rates-response-live-a.json': (client) =>
    client.getRates({ to_address: {}, from_address: {}, parcels: [{ weight: 1, weight_unit: 'kg' }] }),
  'rates-response-live-b.json': (client) =>
    client.getRates({ to_address: {}, from_address: {}, parcels: [{ weight: 1, weight_unit: 'kg' }] }),
  'shipping-configs-partial.json': (client) => client.listShippingConfigs(),
};
