/**
 * How an order's parts are named on screen, shared by every element that shows order data.
 */
import type { LineItem, Order } from '../api/index.js';

// Whether an order is a marketplace's, which only rate requests ask, is a module of its own.
export { isMarketplaceOrder } from './marketplace.js';

interface NamedAddress {
  first_name?: string | null;
  last_name?: string | null;
}

/** A record's member, for the fields an order's schema passes through unread (its store's, say). */
export function memberOf(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

export function personName(address: NamedAddress | null | undefined): string {
  if (!address) return '';
  return [address.first_name, address.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
}

/** The order's currency: its own, else its store's, else the account's. */
export function orderCurrency(order: Order): string | undefined {
  for (const code of [
    order.currency_code,
    order.channel?.currency_code,
    order.created_by?.company?.setting?.currency_code,
  ]) {
    if (code && code.trim()) return code.trim();
  }
  return undefined;
}

type SellableLike = NonNullable<LineItem['sellable']>;

export interface LineItemView {
  title: string;
  sku: string;
  imageUrl: string | undefined;
}

/** Title, SKU and picture of whatever a line (order line item or allocation line) sells. */
export function describeLineItem(item: { sellable?: SellableLike | null }): LineItemView {
  const sellable = item.sellable;
  const sku = sellable?.sku_code?.trim() ?? '';
  const title =
    sellable?.full_title?.trim() ||
    [sellable?.product_title ?? sellable?.product?.title, sellable?.title].filter(Boolean).join(' ').trim() ||
    sku ||
    '—';
  const firstImage = sellable?.images?.find(
    (image): image is { src: string } =>
      typeof image === 'object' && image !== null && typeof (image as { src?: unknown }).src === 'string',
  );
  const imageUrl = sellable?.product?.main_image_src ?? firstImage?.src ?? undefined;
  return { title, sku, imageUrl: imageUrl ?? undefined };
}
