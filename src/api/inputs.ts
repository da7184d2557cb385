/**
 * Request bodies and list options. Bodies keep the API's field names (the spec documents
 * them); only the few method arguments the CONTRIBUTING table names in camelCase differ.
 */

export interface ListOptions {
  /** Page number, from 1. */
  page?: number;
  pageSize?: number;
}

/** The order statuses `GET /orders` filters by. */
export type OrderStatus =
  | 'awaiting_payment'
  | 'awaiting_stock'
  | 'awaiting_fulfillment'
  | 'shipped'
  | 'on_hold'
  | 'cancelled'
  | 'refunded';

/** Filters of `GET /orders` the live service takes beyond paging (the spec names none). */
export interface ListOrdersOptions extends ListOptions {
  /** Free-text search (order number, customer name or e-mail). */
  query?: string;
  status?: OrderStatus;
  /** A tag name. */
  tags?: string;
  /** Orders allocated at this warehouse. */
  allocatedAt?: number | string;
  /** Orders whose id is greater than this. */
  sinceId?: number | string;
  /** Created at or after this time (ISO 8601). */
  createdAtMin?: string;
  /** Updated at or after this time (ISO 8601). */
  updatedAtMin?: string;
}

export interface ChannelInput {
  name: string;
  /** `direct`, `point_of_sale`, `custom_integration`, … */
  type_code: string;
  currency_code?: string;
  default_warehouse_id?: number | string;
  short_name?: string;
  email?: string;
  service_dictates_stock_level?: boolean;
}

export interface ChannelSellableInput {
  sellable_id?: number | string;
  remote_id?: string;
  remote_sku?: string;
  remote_price?: number;
  cost_price?: number;
  remote_grams?: number;
  remote_title?: string;
  /** UPC. */
  remote_barcode?: string;
  channel_id?: number | string;
  /** Link to the variant with the same SKU code, creating one if none exists. */
  autolink?: boolean;
  /** Creates a new channel product. */
  channel_product_attributes?: { remote_title?: string; remote_description?: string };
  measurement_attributes?: { width?: number; height?: number; depth?: number; dimensions_unit?: string };
  /** Links to an existing channel product; sent as `relationships.channel_product`. */
  channel_product_id?: number | string;
}

export interface ListChannelSellablesOptions extends ListOptions {
  remoteSku?: string;
  remoteId?: string;
  channelId?: number | string;
  /** E.g. `created_at` or `-created_at`; the API sorts by creation date ascending by default. */
  sort?: string;
  /** Related resources to include, comma-separated or as a list. */
  include?: string | readonly string[];
}

export interface CustomerInput {
  email: string;
  /** `retail` or `wholesale`. */
  customer_type?: string;
  phone?: string;
  mobile?: string;
  notes?: string;
  billing_address_attributes?: {
    first_name?: string;
    last_name?: string;
    company?: string;
    address1?: string;
    address2?: string;
    city?: string;
    country?: string;
    zip?: string;
  };
}

export interface DeliveryMethodInput {
  name?: string;
  /** A decimal; sent as text, as the API wants. */
  cost?: string | number;
}

export interface StockEntryInput {
  /** The new physical stock level. */
  physical_stock_level: number;
  infinite: boolean;
  location?: string;
}

export interface ProductVariantInput {
  id?: number | string;
  title?: string;
  sku_code?: string;
  cost_price?: number;
  price?: number;
  [field: string]: unknown;
}

/** Fields to update; the API accepts more whose names the spec does not give. */
export interface ProductInput {
  title?: string;
  description?: string;
  notes?: string;
  product_variants_attributes?: ProductVariantInput[];
  [field: string]: unknown;
}

export interface ProductPropertyValueInput {
  product_property_name?: string;
  value: string;
}

export interface KitContentInput {
  product_variant_id?: number | string;
  quantity?: number;
}

export interface ShippingAddress {
  address_id?: string;
  name?: string;
  company?: string;
  phone?: string;
  email?: string;
  line1?: string;
  line2?: string;
  town?: string;
  postcode?: string;
  country_code?: string;
  county?: string;
}

export interface Parcel {
  weight: number;
  weight_unit: 'oz' | 'lb' | 'g' | 'kg';
  height?: number;
  width?: number;
  length?: number;
  dimension_unit?: 'in' | 'cm' | 'ft' | 'm';
  hazmat?: boolean;
}

export interface ChannelItem {
  remote_id: string;
  quantity?: number;
  value?: string;
  currency_code?: string;
  marketplace_item_code?: string;
  tariff_code?: string;
  country_of_manufacture?: string;
  description?: string;
}

/** Body of `POST /shipping/api/v1/rates`. */
export interface RatesRequest {
  to_address: ShippingAddress;
  from_address: ShippingAddress;
  return_address?: ShippingAddress;
  /** Exactly one parcel. */
  parcels: [Parcel];
  customer_reference?: string;
  contents?: string;
  estimated_value?: string;
  currency_code?: string;
  customer_type?: 'consumer' | 'business';
  is_marketplace_order?: boolean;
  seller_display_name?: string;
  preferred_shipment_date?: string;
  due_date?: string;
  liability_amount?: number;
  contents_type?: string;
  restriction_type?: string;
  country_of_origin?: string;
  channel_items?: ChannelItem[];
  /** `configuration_id`s from `listShippingConfigs`; at most one per sub-carrier. */
  shipping_configuration_ids?: string[];
  include_unavailable_quotes?: boolean;
}

/**
 * One shipment of a booking. Besides the named fields it takes the `key`s of the quote's
 * service options (`value_added_service__…`, `additional_input__…`) with the chosen values.
 */
export interface BookingShipment {
  rate_id: string;
  remote_shipment_id?: string;
  custom_messages?: string[];
  label_format?: 'PDF' | 'ZPL';
  liability_amount?: number;
  [serviceOptionKey: string]: string | number | boolean | string[] | undefined;
}

export interface BookShipmentsInput {
  labelFormat?: 'PDF' | 'ZPL';
  /** `requestToken` from the rates result. */
  requestToken?: string | null;
  shipments: BookingShipment[];
  /**
   * The number of an order the user has confirmed a second label for: sent to the API proxy as
   * `X-Ops-Second-Label`, which otherwise refuses a booking for an order already booked (409
   * `already_booked`). Sent only by a client without credentials of its own (one behind a proxy).
   */
  secondLabel?: string | null;
}

/** Body of `POST /shipments`: a quote request's attributes plus the chosen `service_code`. */
export interface ShipmentInput {
  destination_address: {
    first_name?: string;
    last_name?: string;
    company?: string;
    city?: string;
    country?: string;
    state?: string;
    zip?: string;
    phone?: string;
    email?: string;
    line_1?: string;
    line_2?: string;
  };
  collection_address: {
    name?: string;
    line_1?: string;
    line_2?: string;
    city?: string;
    country?: string;
    phone?: string;
    zip?: string;
    state?: string;
  };
  contents?: Array<{
    description?: string;
    quantity?: number;
    tariff_number?: string;
    origin_country?: string;
    price_per_unit?: number;
    total_sale_price?: number;
    weight_in_grams?: number;
  }>;
  parcels?: Array<{
    dimensions?: { height?: number; width?: number; length?: number; unit?: string };
    weight_in_grams?: number;
  }>;
  total_price?: number;
  reference?: string;
  currency_code?: string;
  delivery_cost?: number;
  service_code: string;
}

export interface ListShippingConfigsOptions extends ListOptions {
  /** Only enabled (connected) configurations, or only disabled ones. */
  enabled?: boolean;
  /** Include and resolve each configuration's shipping services. */
  includeServices?: boolean;
}

export interface ExchangeCodeInput {
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
}
