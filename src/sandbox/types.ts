/**
 * The sandbox's stored records. They hold references (ids) where the API embeds other resources,
 * so a change made through one endpoint shows everywhere the resource is embedded; the
 * serializers in `serialize.ts` build the API's shapes from them.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Address {
  id: number;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  country: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
}

export interface User {
  id: number;
  login: string;
  email: string;
  created_at: string;
  updated_at: string;
}

export interface Warehouse {
  id: number;
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  region: string;
  country: string;
  post_code: string;
  phone: string | null;
  display_position: number;
  created_at: string;
  updated_at: string;
}

export interface StockEntry {
  sellable_id: number;
  warehouse_id: number;
  infinite: boolean;
  physical: number;
  allocated: number;
  incoming: number;
  location: string | null;
  updated_at: string;
}

export interface Channel {
  id: number;
  /** `direct`, `point_of_sale`, `custom_integration` are the codes seen; any other is kept as sent. */
  type_code: string;
  name: string;
  short_name: string | null;
  currency_code: string | null;
  email: string | null;
  state: string;
  default_warehouse_id: number;
  service_dictates_stock_level: boolean;
  created_at: string;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  notes: string;
  origin_country: string | null;
  hs_tariff_number: string | null;
  tax_rate: number;
  /** Image URL (a data: URI, so no external host is involved). */
  image: string | null;
  estimated_delivery: number | null;
  tag_ids: number[];
  /** Product-level property values by product property id. */
  property_values: Map<number, string>;
  created_at: string;
  updated_at: string;
}

export interface Sellable {
  id: number;
  product_id: number;
  type: 'ProductVariant' | 'Kit';
  title: string;
  sku_code: string;
  upc_code: string;
  model_number: string;
  price: number;
  cost_price: number;
  min_reorder_level: number;
  quantity_to_reorder: number;
  weight_grams: number;
  width: number;
  height: number;
  depth: number;
  /** Variant options (e.g. Colour = Charcoal). */
  options: { id: number; property_id: number; value: string }[];
  total_quantity_sold: number;
  created_at: string;
  updated_at: string;
}

export interface KitContent {
  id: number;
  kit_id: number;
  product_variant_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

export interface Customer {
  id: number;
  email: string;
  customer_type: string;
  phone: string | null;
  mobile: string | null;
  notes: string;
  billing_address: Address;
  shipping_addresses: Address[];
}

export interface DeliveryMethod {
  id: number;
  name: string;
  cost: string;
  created_at: string;
  updated_at: string;
}

export interface Tag {
  id: number;
  name: string;
  colour: string;
}

export interface OrderLineItem {
  id: number;
  sellable_id: number;
  quantity: number;
  price_per_unit: number;
  tax_rate: number;
  remote_id: string;
  created_at: string;
  updated_at: string;
}

export interface AllocationLineItem {
  id: number;
  sellable_id: number;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/** The label bought for an allocation: the allocation's `shipment`, shaped like the live shipment record. */
export interface AllocationShipment {
  id: number;
  allocation_id: number;
  order_id: number;
  /** The shipping configuration's carrier id, and its name. */
  carrier_id: number | null;
  carrier_name: string;
  tracking_number: string;
  weight_grams: number;
  charge: { value: number; unit: string } | null;
  shipped_by_id: number;
  created_at: string;
}

export interface Allocation {
  id: number;
  order_id: number;
  warehouse_id: number;
  allocated_by_id: number;
  line_items: AllocationLineItem[];
  /** Set once a label is bought for the allocation; its units have then left the warehouse. */
  shipment: AllocationShipment | null;
  created_at: string;
  updated_at: string;
}

export interface EmployeeNote {
  id: number;
  order_id: number;
  text: string;
  created_at: string;
  created_by_id: number;
}

/** Order statuses of the live service that allocations and labels do not decide. */
export type HeldOrderStatus = 'awaiting_payment' | 'on_hold' | 'cancelled' | 'refunded';

export interface Order {
  id: number;
  number: string;
  /**
   * A status set by what the API has no operation for (payment, hold, cancellation, refund);
   * null lets allocations and labels decide (`awaiting_stock`, `awaiting_fulfillment`, `shipped`).
   */
  held_status: HeldOrderStatus | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  channel_id: number;
  customer_id: number;
  deliver_to: Address;
  delivery_method_id: number;
  delivery_cost: number;
  line_items: OrderLineItem[];
  allocations: Allocation[];
  employee_notes: EmployeeNote[];
  customer_note: string | null;
  tag_ids: number[];
  due_date: string | null;
  payment_type: string;
  created_at: string;
  updated_at: string;
}

export interface ChannelProduct {
  id: number;
  channel_id: number;
  remote_title: string;
  remote_description: string | null;
  product_id: number | null;
  created_at: string;
}

export interface ChannelSellable {
  id: number;
  channel_id: number;
  /** Null for a listing linked to no variant (its channel product only). */
  sellable_id: number | null;
  channel_product_id: number;
  remote_id: string | null;
  remote_sku: string | null;
  remote_title: string | null;
  remote_price: number;
  currency_code: string | null;
  remote_inventory_quantity: number | null;
  active: boolean;
  created_by_id: number;
  created_at: string;
}

export interface ShippingService {
  id: string;
  service_id: string;
  name: string;
  hidden: boolean;
}

export interface ShippingConfig {
  /** Internal id, the one `shipping_configuration_ids` names. */
  id: number;
  /** JSON:API id. */
  key: string;
  carrier_id: number;
  /** Carrier code of the quotes this configuration produces (null: produces none). */
  carrier_code: string | null;
  name: string;
  provider_type: string;
  nickname: string | null;
  show_when_shipping: boolean;
  is_configured: boolean;
  connected: boolean;
  requires_reconnect: boolean;
  default_for_carrier: boolean;
  services: ShippingService[];
}
