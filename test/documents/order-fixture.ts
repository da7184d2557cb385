/** An order as the API sends one, with what a packing slip shows, for the documents' tests. */
import type { Order } from '../../src/api/index.js';

export function slipOrder(extra: Partial<Order> & Record<string, unknown> = {}): Order {
  return {
    id: 501,
    number: 'SO-10482',
    created_at: '2026-11-30T09:15:00Z',
    currency_code: 'GBP',
    subtotal_price: 42,
    delivery_cost: 3.5,
    total_price: 45.5,
    channel: { id: 3, name: 'Paws & Co' },
    delivery_method: { id: 8, name: 'Royal Mail Tracked 48' },
    deliver_to: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Analytical Ltd',
      address1: '12 Engine Row',
      address2: 'Flat 3',
      city: 'London',
      zip: 'N1 9GU',
      country: 'GB',
    },
    line_items: [
      {
        id: 1,
        quantity: 2,
        price_per_unit: 12.5,
        sellable: {
          id: 11,
          full_title: 'Dog lead',
          sku_code: 'LEAD-RED',
          variant_option_specifics: [{ id: 1, product_property_name: 'Colour', value: 'Red' }],
        },
      },
      {
        id: 2,
        quantity: 1,
        price_per_unit: 17,
        sellable: {
          id: 12,
          full_title: 'Dog bed',
          sku_code: 'BED-L',
          variant_property_specifics: [{ id: 2, product_property_name: 'Size', value: 'Large' }],
          variant_option_specifics: [{ id: 3, product_property_name: 'Ignored', value: 'Ignored' }],
        },
      },
    ],
    customer_note: { id: 9, text: 'Leave it with the neighbour at number 29, please.', order_id: 501 },
    ...extra,
  } as Order;
}
