import type * as z from 'zod/mini';
import { resourceSchema } from './jsonapi.js';
import { looseObject, optBool, optNum, optText } from './primitives.js';

/** The attributes of a store listing (channel sellable). */
export const ChannelSellableAttributesSchema = /* @__PURE__ */ looseObject({
  remote_title: optText,
  remote_sku: optText,
  remote_price: optNum,
  currency_code: optText,
  remote_inventory_quantity: optNum,
  active: optBool,
});

/**
 * A store listing, flattened from its JSON:API envelope:
 * `{ id, type, remote_sku, remote_title, …, relationships: { channel: { id, type } | null, … } }`.
 */
export const ChannelSellableSchema = resourceSchema(ChannelSellableAttributesSchema);
export type ChannelSellable = z.output<typeof ChannelSellableSchema>;
