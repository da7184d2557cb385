/**
 * What a packing slip says about an order, in the reader's language: the store, the order number
 * (which the slip also prints as a Code 128 barcode), the order date, the deliver-to address, the
 * delivery method, each line item with its option or property values, and the customer's note.
 * Prices only when asked: a slip often travels as a gift.
 */
import type { Address, Order } from '../api/index.js';
import { formatCountry, formatDate, moneyFormatter } from '../shared/format.js';
import type { ResolvedLocale } from '../shared/locale.js';
import { describeLineItem, memberOf, orderCurrency, personName } from '../shared/order-view.js';

export interface PackingSlipLine {
  readonly title: string;
  readonly sku: string;
  readonly quantity: number;
  /** "Colour: Black", one per option or property value. */
  readonly values: readonly string[];
  /** Formatted in the order's currency; undefined without `prices`. */
  readonly unitPrice?: string;
  readonly lineTotal?: string;
}

export interface PackingSlipTotals {
  readonly subtotal: string;
  readonly delivery: string;
  readonly total: string;
}

export interface PackingSlip {
  /** The order's store, else the account's company; empty when neither is named. */
  readonly storeName: string;
  /** What the barcode carries and order-list or pack-check find the order by. */
  readonly orderNumber: string;
  readonly orderDate: string;
  /** The address as it is written on a parcel, line by line. */
  readonly deliverTo: readonly string[];
  readonly deliveryMethod: string;
  readonly lines: readonly PackingSlipLine[];
  readonly note: string;
  readonly totals?: PackingSlipTotals;
}

export interface PackingSlipOptions {
  readonly locale: ResolvedLocale;
  readonly prices: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Countries that write "City, State Zip" on one line; elsewhere the postcode comes first. */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'NZ']);

export function addressLines(address: Address | null | undefined, locale: ResolvedLocale): string[] {
  if (!address) return [];
  const country = text(address.country).toUpperCase();
  const city = text(address.city);
  const state = text(address.state);
  const zip = text(address.zip);
  const place = CITY_FIRST.has(country)
    ? [[city, state].filter(Boolean).join(', '), zip].filter(Boolean).join(' ')
    : [[zip, city].filter(Boolean).join(' '), state].filter(Boolean).join(', ');
  return [
    personName(address),
    text(address.company),
    text(address.address1),
    text(address.address2),
    place,
    formatCountry(address.country, locale),
  ].filter((line) => line !== '');
}

/** The option or property values of a sellable: its property values, else its option values. */
function valuesOf(sellable: unknown): string[] {
  const entries = (key: string): Record<string, unknown>[] => {
    const list = memberOf(sellable, key);
    return Array.isArray(list)
      ? list.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
      : [];
  };
  const properties = entries('variant_property_specifics');
  return (properties.length > 0 ? properties : entries('variant_option_specifics'))
    .map((entry) => {
      const name = text(entry['product_property_name']);
      const value = text(entry['value']);
      return value ? (name ? `${name}: ${value}` : value) : '';
    })
    .filter((value) => value !== '');
}

export function packingSlip(order: Order, options: PackingSlipOptions): PackingSlip {
  const { locale } = options;
  const money = options.prices ? moneyFormatter(orderCurrency(order), locale) : undefined;
  const lines = (order.line_items ?? []).map((item): PackingSlipLine => {
    const { title, sku } = describeLineItem(item);
    const quantity = item.quantity ?? 0;
    const line = { title, sku, quantity, values: valuesOf(item.sellable) };
    if (!money) return line;
    const unit = item.price_per_unit;
    return {
      ...line,
      unitPrice: money(unit),
      lineTotal: money(typeof unit === 'number' ? unit * quantity : undefined),
    };
  });
  const slip: PackingSlip = {
    storeName: text(order.channel?.name) || text(order.created_by?.company?.name),
    orderNumber: text(order.number) || String(order.id),
    orderDate: formatDate(order.created_at, locale),
    deliverTo: addressLines(order.deliver_to, locale),
    deliveryMethod: text(order.delivery_method?.name),
    lines,
    note: text(memberOf(memberOf(order, 'customer_note'), 'text')),
  };
  if (!money) return slip;
  return {
    ...slip,
    totals: {
      subtotal: money(order.subtotal_price),
      delivery: money(order.delivery_cost ?? order.delivery_method?.cost),
      total: money(order.total_price),
    },
  };
}
