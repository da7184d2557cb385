import { anything, arrayOf, looseObject, nullish } from '../schemas/primitives.js';
import type { CallOptions, ClientCore } from '../core.js';
import type { ChannelSellableInput, ListChannelSellablesOptions } from '../inputs.js';
import { pageFrom } from '../pagination.js';
import type { Page } from '../pagination.js';
import { ChannelSellableSchema } from '../schemas/listing.js';
import type { ChannelSellable } from '../schemas/listing.js';
import { AnyResourceSchema } from '../schemas/jsonapi.js';
import type { AnyResource } from '../schemas/jsonapi.js';
import { numericId } from '../ids.js';
import { bodyOf } from './common.js';
import { MAX_PAGE_SIZE, checkPaging, cutToPage } from './paging.js';

/** A store-listings page also carries the related resources asked for with `include`. */
export interface ChannelSellablePage extends Page<ChannelSellable> {
  included: AnyResource[];
}

const ChannelSellableDocumentSchema = /* @__PURE__ */ looseObject({ data: ChannelSellableSchema });
const ChannelSellableListSchema = /* @__PURE__ */ looseObject({
  data: /* @__PURE__ */ arrayOf(ChannelSellableSchema),
  included: /* @__PURE__ */ nullish(/* @__PURE__ */ arrayOf(AnyResourceSchema)),
  meta: /* @__PURE__ */ nullish(anything),
});

/**
 * `POST /api/v2/channel_sellables`. Only for stores of type `custom_integration`. Link by SKU
 * with `autolink: true`, to an existing channel product with `channel_product_id`, or to a new
 * one with `channel_product_attributes`. A 422 carries `fieldErrors` keyed by attribute.
 */
export async function createChannelSellable(
  client: ClientCore,
  input: ChannelSellableInput,
  options: CallOptions = {},
): Promise<ChannelSellable> {
  const { channel_product_id: channelProductId, ...rest } = input;
  const attributes: Record<string, unknown> = { ...rest };
  if (rest.sellable_id !== undefined) attributes['sellable_id'] = numericId(rest.sellable_id);
  if (rest.channel_id !== undefined) attributes['channel_id'] = numericId(rest.channel_id);
  const data: Record<string, unknown> = { type: 'channel_sellable', attributes };
  if (channelProductId !== undefined) {
    data['relationships'] = {
      channel_product: { data: { id: String(channelProductId), type: 'channel_product' } },
    };
  }
  return (
    await bodyOf(client, ChannelSellableDocumentSchema, {
      method: 'POST',
      path: '/api/v2/channel_sellables',
      body: { data },
      signal: options.signal,
    })
  ).data;
}

/** `GET /api/v2/channel_sellables` with paging, filters, sort and include. */
export async function listChannelSellables(
  client: ClientCore,
  options: ListChannelSellablesOptions & CallOptions = {},
): Promise<ChannelSellablePage> {
  checkPaging(options);
  const include = typeof options.include === 'string' ? options.include : options.include?.join(',');
  // No more than the page asked for, whatever the server sent, cut before it is checked.
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const [document, headers] = await client.send(cutToPage(ChannelSellableListSchema, pageSize, 'data'), {
    method: 'GET',
    path: '/api/v2/channel_sellables',
    query: {
      'page[number]': options.page,
      'page[size]': options.pageSize,
      'filter[remote_sku]': options.remoteSku,
      'filter[remote_id]': options.remoteId,
      'filter[channel_id]': options.channelId,
      sort: options.sort,
      include: include || undefined,
    },
    signal: options.signal,
  });
  return {
    items: document?.data ?? [],
    page: pageFrom(document?.meta, headers),
    included: document?.included ?? [],
  };
}
