/**
 * Builds the API's response shapes from the stored records, in the shapes of the live service's
 * published samples (`shared/samples/`), nulls and all, so clients meet what production sends.
 */
import { availableStock } from './state.js';
import type { SandboxState } from './state.js';
import type {
  AllocationShipment,
  Address,
  Allocation,
  Channel,
  Customer,
  DeliveryMethod,
  EmployeeNote,
  JsonObject,
  KitContent,
  Order,
  Product,
  Sellable,
  StockEntry,
  Tag,
  User,
  Warehouse,
} from './types.js';

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function warehouseJson(warehouse: Warehouse, state: SandboxState): JsonObject {
  return {
    id: warehouse.id,
    name: warehouse.name,
    user_id: null,
    address_line_1: warehouse.address_line_1,
    address_line_2: warehouse.address_line_2,
    city: warehouse.city,
    region: warehouse.region,
    country: warehouse.country,
    post_code: warehouse.post_code,
    inventory_type_code: 'wavg',
    default_min_reorder: 0,
    click_and_collect_enabled: false,
    click_and_collect_days: null,
    created_by_id: state.ownerId,
    updated_by_id: null,
    deleted_at: null,
    deleted_by_id: null,
    created_at: warehouse.created_at,
    updated_at: warehouse.updated_at,
    phone: warehouse.phone,
    requested_carrier_account: null,
    display_position: warehouse.display_position,
  };
}

export function stockEntryJson(entry: StockEntry, state: SandboxState): JsonObject {
  const warehouse = state.warehouses.get(entry.warehouse_id);
  const sellable = state.sellables.get(entry.sellable_id);
  const available = availableStock(entry);
  return {
    sellable_id: entry.sellable_id,
    warehouse_id: entry.warehouse_id,
    infinite: entry.infinite,
    allocated_stock_level: entry.allocated,
    warehouse: warehouse ? warehouseJson(warehouse, state) : null,
    location: entry.location,
    stock_running_low: !entry.infinite && available <= (sellable?.min_reorder_level ?? 0),
    updated_at: entry.updated_at,
    incoming_stock_level: entry.incoming,
    physical_stock_level: entry.physical,
    available_stock_level: available,
    sellable_on_hand_value: round2(entry.physical * (sellable?.cost_price ?? 0)),
  };
}

function imageJson(product: Product): JsonObject | null {
  if (!product.image) return null;
  return {
    id: product.id + 1_000_000,
    binary_data: null,
    content_type: null,
    display_position: 1,
    created_by_id: null,
    updated_by_id: null,
    deleted_at: null,
    deleted_by_id: null,
    created_at: product.created_at,
    updated_at: product.updated_at,
    src: product.image,
    product_id: product.id,
    picture_file_name: null,
    picture_content_type: 'image/svg+xml',
    picture_file_size: null,
    picture_updated_at: null,
    picture_order: 0,
  };
}

function productWeightGrams(product: Product, state: SandboxState): number {
  for (const sellable of state.sellables.values()) {
    if (sellable.product_id === product.id) return sellable.weight_grams;
  }
  return 0;
}

/** `weightGrams`: the embedding sellable's weight, sparing a scan of every sellable per line item. */
export function productSummaryJson(product: Product, weightGrams: number): JsonObject {
  return {
    id: product.id,
    title: product.title,
    weight: weightGrams,
    origin_country: product.origin_country,
    hs_tariff_number: product.hs_tariff_number,
    tax_rate: product.tax_rate,
    main_image: imageJson(product),
    main_image_src: product.image,
    estimated_delivery: product.estimated_delivery,
    deleted_at: null,
    deleted_by_id: null,
    description: product.description,
  };
}

interface StockTotals {
  physical: number;
  allocated: number;
  available: number;
  incoming: number;
  infinite: boolean;
}

function stockTotals(entries: StockEntry[]): StockTotals {
  const totals: StockTotals = { physical: 0, allocated: 0, available: 0, incoming: 0, infinite: false };
  for (const entry of entries) {
    totals.physical += entry.physical;
    totals.allocated += entry.allocated;
    totals.available += availableStock(entry);
    totals.incoming += entry.incoming;
    totals.infinite ||= entry.infinite;
  }
  return totals;
}

export function sellableJson(sellable: Sellable, state: SandboxState): JsonObject {
  const product = state.products.get(sellable.product_id);
  const entries = state.stockEntriesOf(sellable.id);
  const totals = stockTotals(entries);
  const productTitle = product?.title ?? '';
  const profit = round2(sellable.price - sellable.cost_price);
  const propertyNames = propertyNameMap();
  return {
    total_quantity_sold: sellable.total_quantity_sold,
    allocated_stock_level_at_all_warehouses: totals.allocated,
    id: sellable.id,
    type: sellable.type,
    title: sellable.title,
    sku_code: sellable.sku_code,
    upc_code: sellable.upc_code,
    model_number: sellable.model_number,
    price: sellable.price,
    cost_price: sellable.cost_price,
    min_reorder_level: sellable.min_reorder_level,
    quantity_to_reorder: sellable.quantity_to_reorder,
    created_by_id: state.ownerId,
    created_at: sellable.created_at,
    updated_at: sellable.updated_at,
    deleted_at: null,
    weight: sellable.weight_grams,
    weight_grams: sellable.weight_grams,
    weight_unit: 'g',
    product_title: productTitle,
    full_title: sellable.title ? `${productTitle} ${sellable.title}` : productTitle,
    sellable_title: sellable.title,
    profit,
    margin: sellable.price > 0 ? round2((profit / sellable.price) * 100) : 0,
    tax_rate: product?.tax_rate ?? 0,
    product: product ? productSummaryJson(product, sellable.weight_grams) : null,
    stock_entries: entries.map((entry) => stockEntryJson(entry, state)),
    variant_option_specifics: sellable.options.map((option) => ({
      id: option.id,
      product_specific_id: option.id + 1_000_000,
      product_property_id: option.property_id,
      product_property_name: propertyNames.get(option.property_id) ?? '',
      value: option.value,
    })),
    variant_property_specifics: product
      ? [...product.property_values].map(([propertyId, value]) => ({
          id: product.id * 10 + propertyId,
          product_property_id: propertyId,
          product_property_name: propertyNames.get(propertyId) ?? '',
          value,
        }))
      : [],
    // A bundle carries its contents, as some live answers do (there is no endpoint that lists them).
    ...(sellable.type === 'Kit'
      ? {
          kit_contents: [...state.kitContents.values()]
            .filter((content) => content.kit_id === sellable.id)
            .map((content) => kitContentJson(content, state)),
        }
      : {}),
    measurement_attributes: {
      id: sellable.id + 1_000_000,
      width: sellable.width,
      height: sellable.height,
      depth: sellable.depth,
      dimensions_unit: 'cm',
    },
    images: [],
    active_channels: [],
    channel_sellables: [],
    available_stock_level_at_all_warehouses: totals.available,
    stock_level_at_all_warehouses: totals.physical,
    on_hand_value: round2(totals.physical * sellable.cost_price),
    inventory: {
      infinite: totals.infinite,
      physical_stock_level_at_all_warehouses: totals.physical,
      allocated_stock_level_at_all_warehouses: totals.allocated,
      available_stock_level_at_all_warehouses: totals.available,
      incoming_stock_level_at_all_warehouses: totals.incoming,
    },
  };
}

/** Names of the product properties the seed uses; ids are in `SEED_IDS.productProperties`. */
export const PRODUCT_PROPERTIES: ReadonlyMap<number, string> = new Map([
  [58230, 'Colour'],
  [58231, 'Size'],
  [58232, 'Material'],
]);

function propertyNameMap(): ReadonlyMap<number, string> {
  return PRODUCT_PROPERTIES;
}

export function productJson(product: Product, state: SandboxState): JsonObject {
  const sellables = [...state.sellables.values()].filter((s) => s.product_id === product.id);
  const entries = sellables.flatMap((s) => state.stockEntriesOf(s.id));
  const totals = stockTotals(entries);
  const onHand = sellables.reduce(
    (sum, s) => sum + stockTotals(state.stockEntriesOf(s.id)).available * s.cost_price,
    0,
  );
  return {
    id: product.id,
    title: product.title,
    created_by_id: state.ownerId,
    created_at: product.created_at,
    weight: productWeightGrams(product, state),
    origin_country: product.origin_country,
    deleted_at: null,
    deleted_by_id: null,
    hs_tariff_number: product.hs_tariff_number,
    notes: product.notes,
    product_tax_rate_id: null,
    tax_rate: product.tax_rate,
    updated_at: product.updated_at,
    updated_by_id: state.ownerId,
    web_meta_description: '',
    web_meta_keywords: '',
    web_meta_title: '',
    web_page_title: '',
    web_page_url: '',
    main_image: imageJson(product),
    estimated_delivery: product.estimated_delivery,
    total_quantity_sold: sellables.reduce((sum, s) => sum + s.total_quantity_sold, 0),
    brand: null,
    sellables: sellables.map((s) => sellableJson(s, state)),
    channel_products: [...state.channelProducts.values()]
      .filter((cp) => cp.product_id === product.id)
      .map((cp) => ({ id: cp.id, channel_id: cp.channel_id, remote_title: cp.remote_title })),
    active_channels: [],
    tags: product.tag_ids.flatMap((id) => {
      const tag = state.tags.get(id);
      return tag ? [tagJson(tag, state)] : [];
    }),
    image: product.image,
    description: product.description,
    on_hand_value: round2(onHand),
    main_image_src: product.image,
    total_allocated_stock_level: totals.allocated,
    total_available_stock_level: totals.available,
    total_stock_level: totals.physical,
    inventory: { infinite: totals.infinite },
  };
}

export function kitContentJson(content: KitContent, state: SandboxState): JsonObject {
  const variant = state.sellables.get(content.product_variant_id);
  const available = variant ? stockTotals(state.stockEntriesOf(variant.id)).available : 0;
  const product = variant ? state.products.get(variant.product_id) : undefined;
  return {
    id: content.id,
    product_variant_id: content.product_variant_id,
    kit_id: content.kit_id,
    quantity: content.quantity,
    created_at: content.created_at,
    updated_at: content.updated_at,
    deleted_at: null,
    deleted_by_id: null,
    sku_code: variant?.sku_code ?? null,
    title: variant ? [product?.title, variant.title].filter(Boolean).join(' ') : null,
    total_available_stock_level: available,
    product_variant: variant ? sellableJson(variant, state) : null,
  };
}

export function tagJson(tag: Tag, state: SandboxState): JsonObject {
  let taggings = 0;
  for (const order of state.orders.values()) if (order.tag_ids.includes(tag.id)) taggings += 1;
  for (const product of state.products.values()) if (product.tag_ids.includes(tag.id)) taggings += 1;
  return {
    id: tag.id,
    name: tag.name,
    colour: tag.colour,
    company_id: state.companyId,
    taggings_count: taggings,
  };
}

export function companyJson(state: SandboxState): JsonObject {
  return {
    id: state.companyId,
    name: 'Sandbox Goods Ltd',
    created_at: '2024-01-08T09:00:00.000Z',
    updated_at: '2025-03-02T10:15:00.000Z',
    referring_website: null,
    card_valid: true,
    payment_processor_customer_id: null,
    has_right_to_use_service: true,
    subscription_status: 'active',
    billing_period_started: null,
    subscription_plan_id: 62,
    billing_provider_product_handle: 'business-monthly',
    billing_provider_current_plan: {
      name: 'Business',
      planId: 'business-monthly-service',
      chargeType: 'monthly',
      pricing: '£99',
      setup_fee: null,
      product_handle: 'business-monthly',
      product_url: null,
      features: {
        users: 'Unlimited',
        products: 'Unlimited',
        orders: 'Unlimited',
        stores: 'Unlimited',
        support: 'Email',
        product_pusher: true,
        stock_take: true,
      },
      available: true,
    },
    setting: { currency_code: 'GBP', phone_number: '+44 20 7946 0000' },
    subscription_plan: {
      id: 62,
      name: 'Business[Monthly]',
      payment_processor_plan_id: 'BUSINESS_MONTHLY',
      billing_interval: 'month',
    },
  };
}

export function userJson(user: User, state: SandboxState): JsonObject {
  return {
    id: user.id,
    login: user.login,
    email: user.email,
    location: null,
    guide_completed_message_viewed: null,
    orders_walkthrough_viewed: true,
    default_warehouse_id: defaultWarehouseId(state),
    created_at: user.created_at,
    updated_at: user.updated_at,
    company: companyJson(state),
  };
}

/** The longer user form that allocation responses carry. */
function allocatingUserJson(user: User, state: SandboxState): JsonObject {
  return {
    account_owner_user_id: null,
    activated_at: user.created_at,
    activation_code: null,
    api_key: null,
    company_id: state.companyId,
    created_at: user.created_at,
    created_by_id: null,
    default_till_id: null,
    deleted_at: null,
    deleted_by_id: null,
    email: user.email,
    guide_completed_message_viewed: null,
    guide_progress: null,
    id: user.id,
    location: null,
    login: user.login,
    orders_walkthrough_viewed: true,
    password_reset_token: null,
    state: 'active',
    updated_at: user.updated_at,
    updated_by_id: null,
  };
}

function defaultWarehouseId(state: SandboxState): number | null {
  for (const warehouse of state.warehouses.values()) return warehouse.id;
  return null;
}

export function channelJson(channel: Channel, state: SandboxState): JsonObject {
  const defaultWarehouse = state.warehouses.get(channel.default_warehouse_id);
  const warehouses = [...state.warehouses.values()];
  return {
    id: channel.id,
    type_code: channel.type_code,
    created_by_id: state.ownerId,
    name: channel.name,
    short_name: channel.short_name,
    currency_code: channel.currency_code,
    state: channel.state,
    url: null,
    storefront_url: null,
    auction_url: null,
    auction_site_code_id: 3,
    country: 'GB',
    region: '',
    city: '',
    address_line_1: '',
    address_line_2: '',
    post_code: '',
    pulled_products_at: null,
    pulled_orders_at: null,
    pending_setup: false,
    seller_id: null,
    marketplace_id: null,
    marketplace_auth_token: null,
    deleted_at: null,
    deleted_by_id: null,
    connector_store_key: channel.type_code === 'custom_integration' ? `store-${channel.id}` : null,
    bridge_url: null,
    bridge_verified: null,
    pull_pending_orders: false,
    default_send_shipment_email: true,
    automatic_product_linking_disabled: false,
    update_remote_order: true,
    successfully_fetched_stock_levels_at: null,
    create_product_if_unmatched: true,
    skip_title_matching: true,
    email: channel.email,
    skip_marketplace_fulfilled_orders_and_products: true,
    pull_stock_level_required: true,
    pull_product_properties: true,
    pull_historical_orders: false,
    adjust_orders_tax_rate: null,
    send_notification_emails_to_customers: false,
    end_auction_listing_on_out_of_stock: false,
    update_product_attributes: true,
    max_qty_to_advert: 0,
    min_threshold_qty: 0,
    percent_of_qty: 100,
    always_set_qty: 0,
    service_dictates_stock_level: channel.service_dictates_stock_level,
    with_marketplace_fulfillment: false,
    first_sync_finish_notice_marked_as_read: false,
    pull_unpaid_storefront_orders: false,
    create_product_on_ended_listings: true,
    link_to_products_linked_to_current_channel: true,
    weight_unit: null,
    import_cost_price: true,
    service_dictates_price: false,
    keep_inventory_tracking_value: false,
    marketplace_country: null,
    time_zone: 'Europe/London',
    time_zone_offset: null,
    marketplace_fulfillment_enabled: false,
    import_product_tags: true,
    import_product_brands: true,
    token: null,
    import_additional_payment_details: false,
    active_warehouses: warehouses.map((w) => ({ id: w.id, name: w.name })),
    channel_warehouses: warehouses.map((w, index) => ({
      rank: index + 1,
      warehouse: warehouseJson(w, state),
    })),
    warehouses: [],
    stock_level_update_requests: [],
    marketplace_fulfillment_setting: null,
    marketplace_channel_specific: null,
    connector_channel_specific: null,
    additional_connector_site: null,
    time_since_product_sync: null,
    time_since_order_sync: null,
    time_since_tried_fetch_stock_level: null,
    time_since_successfully_fetch_stock_level: null,
    default_warehouse: defaultWarehouse ? warehouseJson(defaultWarehouse, state) : null,
    remote: channel.type_code === 'custom_integration',
  };
}

export function addressJson(address: Address): JsonObject {
  return { ...address };
}

export function customerJson(customer: Customer, state: SandboxState): JsonObject {
  const shipping = customer.shipping_addresses.map(addressJson);
  return {
    id: customer.id,
    email: customer.email,
    customer_type: customer.customer_type,
    phone: customer.phone,
    mobile: customer.mobile,
    notes: customer.notes,
    created_by_id: state.ownerId,
    billing_address: addressJson(customer.billing_address),
    shipping_addresses: shipping,
    last_used_shipping_address: shipping[0] ?? null,
  };
}

export function deliveryMethodJson(method: DeliveryMethod, state: SandboxState): JsonObject {
  return {
    id: method.id,
    name: method.name,
    cost: method.cost,
    user_id: state.ownerId,
    created_at: method.created_at,
    updated_at: method.updated_at,
  };
}

export function noteJson(note: EmployeeNote, state: SandboxState): JsonObject {
  const author = state.users.get(note.created_by_id);
  return {
    id: note.id,
    text: note.text,
    order_id: note.order_id,
    created_at: note.created_at,
    created_by: author ? userJson(author, state) : null,
  };
}

export function allocationJson(allocation: Allocation, state: SandboxState): JsonObject {
  const warehouse = state.warehouses.get(allocation.warehouse_id);
  const user = state.users.get(allocation.allocated_by_id);
  let totalWeight = 0;
  const lineItems = allocation.line_items.map((item) => {
    const sellable = state.sellables.get(item.sellable_id);
    totalWeight += (sellable?.weight_grams ?? 0) * item.quantity;
    return {
      id: item.id,
      quantity: item.quantity,
      picked_quantity: 0,
      created_at: item.created_at,
      updated_at: item.updated_at,
      sellable: sellable ? sellableJson(sellable, state) : null,
    };
  });
  return {
    id: allocation.id,
    updated_at: allocation.updated_at,
    created_at: allocation.created_at,
    total_weight: totalWeight,
    weight_unit: 'g',
    allocated_by_id: allocation.allocated_by_id,
    allocated_by: user ? allocatingUserJson(user, state) : null,
    order_id: allocation.order_id,
    packed_completely: null,
    line_items: lineItems,
    recommended_shipping_options: null,
    matched_parcel_properties_criteria: null,
    shipment: allocation.shipment ? shipmentJson(allocation.shipment) : null,
    warehouse: warehouse ? warehouseJson(warehouse, state) : null,
  };
}

/** Units of each sellable allocated on the order, over all its allocations. */
export function allocatedQuantities(order: Order): Map<number, number> {
  const allocated = new Map<number, number>();
  for (const allocation of order.allocations) {
    for (const item of allocation.line_items) {
      allocated.set(item.sellable_id, (allocated.get(item.sellable_id) ?? 0) + item.quantity);
    }
  }
  return allocated;
}

export function isAllocatedCompletely(order: Order): boolean {
  const allocated = allocatedQuantities(order);
  return order.line_items.every((item) => (allocated.get(item.sellable_id) ?? 0) >= item.quantity);
}

/**
 * The live service's statuses. A held status (payment, hold, cancellation, refund) stands as set;
 * otherwise an order is `awaiting_stock` until every unit is allocated, then
 * `awaiting_fulfillment`, and `shipped` once every allocation has a label.
 */
export function orderStatus(order: Order): string {
  if (order.held_status) return order.held_status;
  if (order.allocations.length === 0 || !isAllocatedCompletely(order)) return 'awaiting_stock';
  return order.allocations.every((allocation) => allocation.shipment) ? 'shipped' : 'awaiting_fulfillment';
}

/** When the last label of a shipped order was bought. */
export function shippedAt(order: Order): string | null {
  const times = order.allocations.flatMap((allocation) =>
    allocation.shipment ? [allocation.shipment.created_at] : [],
  );
  if (times.length === 0 || order.allocations.some((allocation) => !allocation.shipment)) return null;
  return times.sort().at(-1) ?? null;
}

export function shipmentJson(shipment: AllocationShipment): JsonObject {
  return {
    id: shipment.id,
    created_at: shipment.created_at,
    allocation_id: shipment.allocation_id,
    carrier_id: shipment.carrier_id,
    shipped_by_id: shipment.shipped_by_id,
    weight: shipment.weight_grams,
    notify_customer: false,
    update_remote_order: false,
    tracking_number: shipment.tracking_number,
    order_id: shipment.order_id,
    carrier: { id: shipment.carrier_id, name: shipment.carrier_name },
    outbound_label_charges: shipment.charge,
  };
}

export function orderTotals(order: Order): { subtotal: number; tax: number; total: number } {
  let subtotal = 0;
  let tax = 0;
  for (const item of order.line_items) {
    const line = item.price_per_unit * item.quantity;
    subtotal += line;
    tax += line * item.tax_rate;
  }
  subtotal = round2(subtotal);
  tax = round2(tax);
  return { subtotal, tax, total: round2(subtotal + tax + order.delivery_cost) };
}

export function orderJson(order: Order, state: SandboxState): JsonObject {
  const channel = state.channels.get(order.channel_id);
  const customer = state.customers.get(order.customer_id);
  const method = state.deliveryMethods.get(order.delivery_method_id);
  const owner = state.users.get(state.ownerId);
  const totals = orderTotals(order);
  const warehouse = channel ? state.warehouses.get(channel.default_warehouse_id) : undefined;
  return {
    id: order.id,
    cancel_reason: order.cancel_reason,
    refund_amount: order.held_status === 'refunded' ? totals.total : null,
    send_refund_email: null,
    cancelled_at: order.cancelled_at,
    created_at: order.created_at,
    customer_viewable_notes: null,
    delivery_cost: order.delivery_cost,
    due_date: order.due_date,
    dispatch_date: null,
    international: Boolean(
      warehouse && order.deliver_to.country && order.deliver_to.country !== warehouse.country,
    ),
    notes: null,
    number: order.number,
    receipt_printed: false,
    send_notification_email: true,
    shipped_at: shippedAt(order),
    status: orderStatus(order),
    subtotal_price: totals.subtotal,
    total_discounts: 0,
    total_price: totals.total,
    total_tax: totals.tax,
    total_fees: 0,
    buyer_user_id: null,
    updated_at: order.updated_at,
    payment: {
      id: order.id + 1_000_000,
      order_id: order.id,
      payment_type: order.payment_type,
      reference_number: `PAY-${order.id}`,
      created_at: order.created_at,
      updated_at: order.created_at,
      card_number: null,
      created_by_id: state.ownerId,
    },
    till_id: null,
    fulfilled_by_marketplace: false,
    is_marketplace_prime: false,
    is_marketplace_premium_order: false,
    additional_order_level_taxless_discount: 0,
    adjustment_amount: 0,
    restock_shipped_items: false,
    tags: order.tag_ids.flatMap((id) => {
      const tag = state.tags.get(id);
      return tag ? [tagJson(tag, state)] : [];
    }),
    cancelled_by: null,
    created_by: owner ? userJson(owner, state) : null,
    updated_by: null,
    delivery_method: method ? { id: method.id, name: method.name, cost: Number(method.cost) } : null,
    deliver_to: addressJson(order.deliver_to),
    channel: channel ? channelJson(channel, state) : null,
    customer: customer ? customerJson(customer, state) : null,
    customer_note: order.customer_note
      ? { id: order.id + 2_000_000, text: order.customer_note, order_id: order.id }
      : null,
    allocations: order.allocations.map((allocation) => allocationJson(allocation, state)),
    employee_notes: order.employee_notes.map((note) => noteJson(note, state)),
    line_items: order.line_items.map((item) => {
      const sellable = state.sellables.get(item.sellable_id);
      return {
        id: item.id,
        price_per_unit: item.price_per_unit,
        quantity: item.quantity,
        tax_rate: item.tax_rate,
        taxless_discount_per_unit: 0,
        additional_options: null,
        created_at: item.created_at,
        updated_at: item.updated_at,
        remote_id: item.remote_id,
        sellable: sellable ? sellableJson(sellable, state) : null,
      };
    }),
    returns: [],
    allocated_completely: isAllocatedCompletely(order),
    picked_completely: false,
    packed_completely: null,
    fulfillment_channel_order: null,
  };
}
