/*
 * Shipping's reads: quotes and the account's carrier configurations. Buying labels is
 * `booking.ts`, so what shows rates holds no purchase until a label is bought.
 */
import type { CallOptions, ClientCore } from '../core.js';
import type { ListShippingConfigsOptions, RatesRequest } from '../inputs.js';
import { pageFrom } from '../pagination.js';
import type { Page } from '../pagination.js';
import { normaliseRates } from '../quotes.js';
import type { RatesResult } from '../quotes.js';
import { ShippingConfigsDocumentSchema } from '../schemas/shipping-configs.js';
import type { ShippingConfig } from '../schemas/shipping-configs.js';
import { RatesResponseSchema } from '../schemas/shipping.js';
import { bodyOf } from './common.js';
import { MAX_PAGE_SIZE, checkPaging, cutToPage } from './paging.js';

/** `POST /shipping/api/v1/rates`. Quotes come back in one shape whichever naming set the API used. */
export async function getRates(
  client: ClientCore,
  request: RatesRequest,
  options: CallOptions = {},
): Promise<RatesResult> {
  return normaliseRates(
    await bodyOf(client, RatesResponseSchema, {
      method: 'POST',
      path: '/shipping/api/v1/rates',
      body: request,
      signal: options.signal,
    }),
  );
}

/** `GET /api/v2/shipping_configs`, with each configuration's services resolved when included. */
export async function listShippingConfigs(
  client: ClientCore,
  options: ListShippingConfigsOptions & CallOptions = {},
): Promise<Page<ShippingConfig>> {
  checkPaging(options);
  // No more than the page asked for, whatever the server sent, cut before it is checked.
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const [document, headers] = await client.send(cutToPage(ShippingConfigsDocumentSchema, pageSize, 'data'), {
    method: 'GET',
    path: '/api/v2/shipping_configs',
    query: {
      'page[number]': options.page,
      'page[size]': options.pageSize,
      include: options.includeServices ? 'shipping_services' : undefined,
      'filter[enabled]': options.enabled,
    },
    signal: options.signal,
  });
  return { items: document?.configs ?? [], page: pageFrom(document?.meta, headers) };
}
