/**
 * The tags an order carries, read from its `tags` member: the spec names the member without
 * describing its items, so each is read by hand, as the live service and the sandbox send it
 * (a Tag: `name` and `colour`), or a bare name.
 */

/** One tag of an order: its name, and its colour when the API gives a safe one. */
export interface OrderTag {
  name: string;
  colour: string | undefined;
}

/** A hexadecimal colour or an HTML colour name: nothing else goes into a style. */
const COLOUR = /^(#[\da-f]{3,8}|[a-z]+)$/i;

export function orderTags(order: Readonly<Record<string, unknown>>): OrderTag[] {
  const tags = order['tags'];
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag: unknown): OrderTag[] => {
    const entry = tag !== null && typeof tag === 'object' ? (tag as Record<string, unknown>) : { name: tag };
    const name = typeof entry['name'] === 'string' ? entry['name'].trim() : '';
    const colour = typeof entry['colour'] === 'string' ? entry['colour'].trim() : '';
    return name ? [{ name, colour: COLOUR.test(colour) ? colour : undefined }] : [];
  });
}
