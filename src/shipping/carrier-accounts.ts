/** The carrier accounts the seller can filter rates by. */
import type { ClientCore } from '../api/core.js';
import { MAX_PAGE_SIZE } from '../api/endpoints/paging.js';
import { listShippingConfigs } from '../api/endpoints/shipping.js';
import type { ShippingConfig } from '../api/index.js';

/** The enabled carrier accounts that can quote: connected, shown when shipping, with an id to send. */
export async function listCarrierAccounts(api: ClientCore, signal: AbortSignal): Promise<ShippingConfig[]> {
  const page = await listShippingConfigs(api, { enabled: true, pageSize: MAX_PAGE_SIZE, signal });
  return page.items.filter(
    (config) =>
      config.configuration_id !== null &&
      config.show_when_shipping !== false &&
      config.requires_reconnect !== true,
  );
}
