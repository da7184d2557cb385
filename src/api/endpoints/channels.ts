import type { CallOptions, ClientCore } from '../core.js';
import type { ChannelInput, ListOptions } from '../inputs.js';
import type { Page } from '../pagination.js';
import { ChannelSchema } from '../schemas/channel.js';
import type { Channel } from '../schemas/channel.js';
import { bodyOf } from './common.js';
import { MAX_PAGE_SIZE, checkPaging, listOf, pageOf } from './paging.js';
import { numericId } from '../ids.js';

const ChannelListSchema = /* @__PURE__ */ listOf(ChannelSchema, 'channels');

/** Page size `listAllChannels` walks with: the largest the API allows. */
const ALL_PAGES_SIZE = 100;

/** `GET /channels?page=&page_size=`. */
export async function listChannels(
  client: ClientCore,
  options: ListOptions & CallOptions = {},
): Promise<Page<Channel>> {
  checkPaging(options);
  return pageOf(
    client,
    ChannelListSchema,
    {
      method: 'GET',
      path: '/channels',
      query: { page: options.page, page_size: options.pageSize },
      signal: options.signal,
    },
    options.pageSize ?? MAX_PAGE_SIZE,
  );
}

/**
 * Every store, walking `GET /channels` 100 at a time until the last page (by the totals
 * headers when present, else by a short or empty page).
 */
export async function listAllChannels(client: ClientCore, options: CallOptions = {}): Promise<Channel[]> {
  const channels: Channel[] = [];
  let previousFirstId: string | undefined;
  for (let page = 1; ; page += 1) {
    const result = await listChannels(client, { page, pageSize: ALL_PAGES_SIZE, signal: options.signal });
    const firstId = result.items[0] === undefined ? undefined : String(result.items[0].id);
    // A server that ignores `page` would answer page 1 forever; stop instead of looping.
    if (firstId !== undefined && firstId === previousFirstId) break;
    previousFirstId = firstId;
    channels.push(...result.items);
    const { totalPages } = result.page;
    const lastByTotals = totalPages !== null && page >= totalPages;
    if (lastByTotals || result.items.length < ALL_PAGES_SIZE) break;
  }
  return channels;
}

/** `POST /channels`. */
export async function createChannel(
  client: ClientCore,
  input: ChannelInput,
  options: CallOptions = {},
): Promise<Channel> {
  return bodyOf(client, ChannelSchema, {
    method: 'POST',
    path: '/channels',
    body:
      input.default_warehouse_id === undefined
        ? input
        : { ...input, default_warehouse_id: numericId(input.default_warehouse_id) },
    signal: options.signal,
  });
}
