import type { CallOptions, ClientCore } from '../core.js';
import type { Page } from '../pagination.js';
import { TagSchema } from '../schemas/common.js';
import type { Tag } from '../schemas/common.js';
import { bodyOf, segment } from './common.js';
import { listOf, pageOf } from './paging.js';

const TagListSchema = /* @__PURE__ */ listOf(TagSchema, 'tags');

/** `GET /tags`. */
export async function listTags(client: ClientCore, options: CallOptions = {}): Promise<Page<Tag>> {
  return pageOf(client, TagListSchema, { method: 'GET', path: '/tags', signal: options.signal });
}

/** `GET /tags/{id}`. */
export async function getTag(
  client: ClientCore,
  tagId: number | string,
  options: CallOptions = {},
): Promise<Tag> {
  return bodyOf(client, TagSchema, {
    method: 'GET',
    path: `/tags/${segment(tagId)}`,
    signal: options.signal,
  });
}
