import type * as z from 'zod/mini';
import { id, looseObject, optText } from './primitives.js';

/**
 * A store (channel). The spec lists some eighty fields; those the elements read are typed
 * here, the rest pass through as `unknown`. Store listings are in `listing.ts`: an order carries
 * its store, and an order alone should not bring in the JSON:API schemas.
 */
export const ChannelSchema = /* @__PURE__ */ looseObject({
  id,
  type_code: optText,
  name: optText,
  currency_code: optText,
  /** Set for stores on a marketplace; their orders ship with buyer protections. */
  marketplace_id: optText,
});
export type Channel = z.output<typeof ChannelSchema>;
