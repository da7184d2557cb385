/** Order ids as an element takes them: from `order-ids` (comma- or space-separated) or a list. */

/** The positive whole ids in `value`, each once, in the order given; anything else is left out. */
export function parseOrderIds(value: string | null | undefined): number[] {
  if (!value) return [];
  return uniqueIds(value.split(/[\s,]+/).filter(Boolean));
}

/** Positive whole ids, each once, in the order given. */
export function uniqueIds(ids: readonly unknown[]): number[] {
  return [...new Set(ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** How `order-ids` becomes the `orderIds` of an element of several orders, and back. */
export const orderIdsConverter = {
  fromAttribute: (value: string | null) => parseOrderIds(value),
  toAttribute: (value: number[]) => value.join(','),
};
