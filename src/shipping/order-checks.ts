/**
 * What would make a carrier refuse an order's label, found before any quote is asked for: the
 * checks `<ship-order>` lists under "Before shipping", in this order, each with what its fix needs.
 * Read from the order as the client's order store holds it, so a fix that updates the store (a
 * product's weight, a customer's phone) is seen by running the checks again, with no new request.
 */
import type { LineItem, Order } from '../api/index.js';
import { memberOf } from '../shared/order-view.js';
import { unallocatedItems } from './allocation-stock.js';
import type { UnallocatedItem } from './allocation-stock.js';

/** The parts of a delivery address a carrier needs. */
export type AddressPart = 'name' | 'line1' | 'city' | 'postcode' | 'country';

/** A line item a check is about, named as on screen ("title or SKU"), with its sellable. */
export interface CheckedItem {
  lineItemId: string;
  sellableId: string;
  /** The item's title, else its SKU. */
  item: string;
}

export type OrderCheck =
  | { kind: 'address'; missing: AddressPart[] }
  | ({ kind: 'weight' } & CheckedItem)
  | ({ kind: 'customs'; missing: ('origin' | 'tariff')[] } & CheckedItem)
  | { kind: 'phone'; customerId: string | null }
  | { kind: 'allocation'; items: UnallocatedItem[] };

function filled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : typeof value === 'number';
}

/** What the deliver-to address lacks: a name (first, last or company), line 1, city, postcode, country. */
export function missingAddressParts(order: Order): AddressPart[] {
  const to = order.deliver_to;
  const missing: AddressPart[] = [];
  if (!to || !(filled(to.first_name) || filled(to.last_name) || filled(to.company))) missing.push('name');
  if (!filled(to?.address1)) missing.push('line1');
  if (!filled(to?.city)) missing.push('city');
  if (!filled(to?.zip)) missing.push('postcode');
  if (!filled(to?.country)) missing.push('country');
  return missing;
}

/**
 * Whether the order leaves the country it ships from: the API's `international` where it says,
 * else the delivery country against the country of every warehouse it ships from (its
 * allocations'), else of the warehouses holding its items.
 */
export function isInternational(order: Order): boolean {
  const said = memberOf(order, 'international');
  if (typeof said === 'boolean') return said;
  const to = order.deliver_to?.country?.trim().toUpperCase();
  if (!to) return false;
  const allocated = (order.allocations ?? []).map((allocation) => allocation.warehouse?.country);
  const stocked = (order.line_items ?? []).flatMap((line) =>
    (line.sellable?.stock_entries ?? []).map((entry) => entry.warehouse?.country),
  );
  const from = (allocated.some(filled) ? allocated : stocked)
    .filter((country): country is string => filled(country))
    .map((country) => country.trim().toUpperCase());
  return from.some((country) => country !== to);
}

function checkedItem(line: LineItem): CheckedItem | undefined {
  const sellable = line.sellable;
  if (!sellable) return undefined;
  const title = sellable.full_title ?? sellable.title ?? sellable.product_title ?? sellable.product?.title;
  return {
    lineItemId: String(line.id),
    sellableId: String(sellable.id),
    item: (title?.trim() || sellable.sku_code?.trim()) ?? String(sellable.id),
  };
}

/** The items still to allocate, each with why it is not; none once the API says all is allocated. */
export function itemsToAllocate(order: Order): UnallocatedItem[] {
  return order.allocated_completely === true ? [] : unallocatedItems(order);
}

/**
 * The checks an order fails, in the order "Before shipping" lists them: an incomplete delivery
 * address; a line item with no weight; for an international order, a line item without a country
 * of origin or a tariff number (on its sellable or its product), and a customer without a phone or
 * mobile; items not yet allocated, each with why it is not. Empty when the order is ready to ship.
 */
export function orderChecks(order: Order): OrderCheck[] {
  const checks: OrderCheck[] = [];
  const missing = missingAddressParts(order);
  if (missing.length > 0) checks.push({ kind: 'address', missing });
  const items = (order.line_items ?? []).flatMap((line) => {
    const item = checkedItem(line);
    return item && line.sellable ? [{ item, sellable: line.sellable }] : [];
  });
  for (const { item, sellable } of items) {
    if (!(sellable.weight_grams ?? 0) && !(sellable.weight ?? 0)) checks.push({ kind: 'weight', ...item });
  }
  const international = isInternational(order);
  if (international) {
    for (const { item, sellable } of items) {
      const gaps: ('origin' | 'tariff')[] = [];
      if (!filled(sellable.origin_country) && !filled(sellable.product?.origin_country)) gaps.push('origin');
      if (!filled(sellable.hs_tariff_number) && !filled(sellable.product?.hs_tariff_number))
        gaps.push('tariff');
      if (gaps.length > 0) checks.push({ kind: 'customs', missing: gaps, ...item });
    }
    const customer = order.customer;
    if (!filled(memberOf(customer, 'phone')) && !filled(memberOf(customer, 'mobile'))) {
      checks.push({ kind: 'phone', customerId: customer ? String(customer.id) : null });
    }
  }
  const unallocated = itemsToAllocate(order);
  if (unallocated.length > 0) checks.push({ kind: 'allocation', items: unallocated });
  return checks;
}
