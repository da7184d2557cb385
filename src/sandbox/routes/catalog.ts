/**
 * Updates to customers, delivery methods, stock entries, products, property values and kit
 * contents, plus tags and the current user. Every update changes the stored record, so orders and
 * later reads embed the new values.
 */
import type { Hono } from 'hono';
import { isoNow } from '../context.js';
import type { SandboxContext } from '../context.js';
import {
  errorMessages,
  isRecord,
  jsonResponse,
  notFoundResponse,
  readJson,
  toBoolean,
  toId,
  toNumber,
} from '../http.js';
import {
  PRODUCT_PROPERTIES,
  customerJson,
  deliveryMethodJson,
  kitContentJson,
  productJson,
  stockEntryJson,
  tagJson,
  userJson,
} from '../serialize.js';
import type { Address } from '../types.js';

const INVALID_JSON = 'The request body is not valid JSON';

function optionalString(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return typeof value === 'string' ? value : String(value);
}

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'state',
  'zip',
  'phone',
  'email',
] as const;

export function registerCatalogRoutes(app: Hono, ctx: SandboxContext): void {
  app.get('/current_user', () => jsonResponse(userJson(ctx.state.owner(), ctx.state)));

  app.get('/tags', () => jsonResponse([...ctx.state.tags.values()].map((tag) => tagJson(tag, ctx.state))));

  app.get('/tags/:id', (c) => {
    const tag = ctx.state.tags.get(toId(c.req.param('id')) ?? 0);
    return tag ? jsonResponse(tagJson(tag, ctx.state)) : notFoundResponse();
  });

  app.put('/customers/:id', async (c) => {
    const customer = ctx.state.customers.get(toId(c.req.param('id')) ?? 0);
    if (!customer) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const input = isRecord(body.value) ? body.value.customer : undefined;
    if (!isRecord(input)) return errorMessages(400, ['customer is missing']);
    const problems: string[] = [];
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!email) problems.push("Email can't be blank");
    else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) problems.push('Email is invalid');
    if (
      input.customer_type !== undefined &&
      input.customer_type !== 'retail' &&
      input.customer_type !== 'wholesale'
    ) {
      problems.push('Customer type must be retail or wholesale');
    }
    const billing = input.billing_address_attributes;
    if (billing !== undefined && !isRecord(billing))
      problems.push('billing_address_attributes must be an object');
    if (problems.length > 0) return errorMessages(422, problems);
    customer.email = email;
    if (typeof input.customer_type === 'string') customer.customer_type = input.customer_type;
    const phone = optionalString(input.phone);
    if (phone !== undefined) customer.phone = phone;
    const mobile = optionalString(input.mobile);
    if (mobile !== undefined) customer.mobile = mobile;
    if (typeof input.notes === 'string') customer.notes = input.notes;
    if (isRecord(billing)) {
      const address: Address = { ...customer.billing_address };
      for (const field of ADDRESS_FIELDS) {
        const value = optionalString(billing[field]);
        if (value !== undefined) address[field] = value;
      }
      customer.billing_address = address;
    }
    return jsonResponse(customerJson(customer, ctx.state));
  });

  app.put('/delivery_methods/:id', async (c) => {
    const method = ctx.state.deliveryMethods.get(toId(c.req.param('id')) ?? 0);
    // The spec documents a bare 404 here.
    if (!method) return new Response(null, { status: 404 });
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const raw =
      isRecord(body.value) && isRecord(body.value.delivery_method) ? body.value.delivery_method : body.value;
    if (!isRecord(raw)) return errorMessages(400, ['The request body must be a JSON object']);
    const problems: string[] = [];
    if (raw.name !== undefined && (typeof raw.name !== 'string' || !raw.name.trim()))
      problems.push("Name can't be blank");
    let cost: string | undefined;
    if (raw.cost !== undefined) {
      const parsed = toNumber(raw.cost);
      if (parsed === undefined || parsed < 0) problems.push('Cost must be a decimal of at least 0');
      else cost = typeof raw.cost === 'string' ? raw.cost : parsed.toFixed(2);
    }
    if (problems.length > 0) return errorMessages(422, problems);
    if (typeof raw.name === 'string') method.name = raw.name.trim();
    if (cost !== undefined) method.cost = cost;
    method.updated_at = isoNow(ctx);
    return jsonResponse(deliveryMethodJson(method, ctx.state));
  });

  app.put('/sellables/:sellableId/warehouses/:warehouseId/stock_entry', async (c) => {
    const sellable = ctx.state.sellables.get(toId(c.req.param('sellableId')) ?? 0);
    const warehouse = ctx.state.warehouses.get(toId(c.req.param('warehouseId')) ?? 0);
    if (!sellable || !warehouse) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const input = isRecord(body.value) ? body.value.stock_entry : undefined;
    if (!isRecord(input)) return errorMessages(400, ['stock_entry is missing']);
    const existing = ctx.state.stockEntry(sellable.id, warehouse.id);
    const problems: string[] = [];
    // The spec asks for a number, nothing more: below 0 is caught by the allocated-units rule.
    const physical = toNumber(input.physical_stock_level);
    if (physical === undefined) problems.push('Physical stock level must be a number');
    const infinite = toBoolean(input.infinite);
    if (infinite === undefined) problems.push('Infinite must be true or false');
    const allocated = existing?.allocated ?? 0;
    if (physical !== undefined && !infinite && physical < allocated) {
      problems.push(
        allocated === 0
          ? 'Physical stock level cannot be below 0'
          : `Physical stock level cannot be below the ${allocated} units allocated to orders`,
      );
    }
    if (problems.length > 0 || physical === undefined || infinite === undefined)
      return errorMessages(422, problems);
    const now = isoNow(ctx);
    const entry = existing ?? {
      sellable_id: sellable.id,
      warehouse_id: warehouse.id,
      infinite: false,
      physical: 0,
      allocated: 0,
      incoming: 0,
      location: null,
      updated_at: now,
    };
    entry.physical = physical;
    entry.infinite = infinite;
    const location = optionalString(input.location);
    if (location !== undefined) entry.location = location;
    entry.updated_at = now;
    ctx.state.setStockEntry(entry);
    sellable.updated_at = now;
    return jsonResponse(stockEntryJson(entry, ctx.state));
  });

  app.put('/products/:id', async (c) => {
    const product = ctx.state.products.get(toId(c.req.param('id')) ?? 0);
    if (!product) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const input = isRecord(body.value) ? body.value.product : undefined;
    if (!isRecord(input)) return errorMessages(400, ['product is missing']);
    const problems: string[] = [];
    if (input.title !== undefined && (typeof input.title !== 'string' || !input.title.trim())) {
      problems.push("Title can't be blank");
    }
    const variants = input.product_variants_attributes;
    if (variants !== undefined && !Array.isArray(variants))
      problems.push('product_variants_attributes must be an array');
    const variantUpdates = Array.isArray(variants) ? variants : [];
    for (const [index, variant] of variantUpdates.entries()) {
      const id = isRecord(variant) ? toId(variant.id) : undefined;
      const sellable = id === undefined ? undefined : ctx.state.sellables.get(id);
      if (!isRecord(variant) || !sellable || sellable.product_id !== product.id) {
        problems.push(`Variant ${index + 1} must name a variant of this product by id`);
        continue;
      }
      for (const field of ['price', 'cost_price', 'weight_grams'] as const) {
        if (variant[field] !== undefined) {
          const value = toNumber(variant[field]);
          if (value === undefined || value < 0)
            problems.push(`Variant ${id}: ${field} must be a number of at least 0`);
        }
      }
      if (typeof variant.sku_code === 'string') {
        const clash = ctx.state.sellableBySku(variant.sku_code);
        if (!variant.sku_code.trim()) problems.push(`Variant ${id}: SKU can't be blank`);
        else if (clash && clash.id !== id)
          problems.push(`Variant ${id}: SKU ${variant.sku_code} is already taken`);
      }
    }
    // The customs fields, under the resource's own names (the spec does not name them in the body).
    const origin = optionalString(input.origin_country);
    if (origin && !/^[A-Za-z]{2}$/.test(origin.trim()))
      problems.push('Origin country must be a two-letter country code');
    const tariff = optionalString(input.hs_tariff_number);
    if (problems.length > 0) return errorMessages(422, problems);
    const now = isoNow(ctx);
    if (typeof input.title === 'string') product.title = input.title.trim();
    if (typeof input.description === 'string') product.description = input.description;
    if (typeof input.notes === 'string') product.notes = input.notes;
    if (origin !== undefined) product.origin_country = origin?.trim().toUpperCase() || null;
    if (tariff !== undefined) product.hs_tariff_number = tariff?.trim() || null;
    for (const variant of variantUpdates) {
      if (!isRecord(variant)) continue;
      const sellable = ctx.state.sellables.get(toId(variant.id) ?? 0);
      if (!sellable) continue;
      if (typeof variant.title === 'string') sellable.title = variant.title;
      if (typeof variant.sku_code === 'string') sellable.sku_code = variant.sku_code.trim();
      sellable.price = toNumber(variant.price) ?? sellable.price;
      sellable.cost_price = toNumber(variant.cost_price) ?? sellable.cost_price;
      sellable.weight_grams = toNumber(variant.weight_grams) ?? sellable.weight_grams;
      if (typeof variant.upc_code === 'string') sellable.upc_code = variant.upc_code;
      sellable.updated_at = now;
    }
    product.updated_at = now;
    return jsonResponse(productJson(product, ctx.state));
  });

  app.put('/products/:id/product_property_specifics/:propertyId', async (c) => {
    const product = ctx.state.products.get(toId(c.req.param('id')) ?? 0);
    if (!product) return notFoundResponse();
    // The id of a sellable's `variant_property_specifics` or `variant_option_specifics` entry,
    // or the property's own id.
    const entryId = toId(c.req.param('propertyId')) ?? 0;
    const option = [...ctx.state.sellables.values()]
      .filter((sellable) => sellable.product_id === product.id)
      .flatMap((sellable) => sellable.options)
      .find((candidate) => candidate.id === entryId);
    const propertyId = PRODUCT_PROPERTIES.has(entryId)
      ? entryId
      : (option?.property_id ??
        [...PRODUCT_PROPERTIES.keys()].find((id) => product.id * 10 + id === entryId) ??
        0);
    if (!PRODUCT_PROPERTIES.has(propertyId)) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const raw =
      isRecord(body.value) && isRecord(body.value.product_property_specific)
        ? body.value.product_property_specific
        : body.value;
    if (!isRecord(raw)) return errorMessages(400, ['The request body must be a JSON object']);
    // Neither member is required by the spec: without a value the current one stays.
    const given = optionalString(raw.value);
    const value = given ?? option?.value ?? product.property_values.get(propertyId) ?? '';
    const name = PRODUCT_PROPERTIES.get(propertyId) ?? '';
    if (typeof raw.product_property_name === 'string' && raw.product_property_name !== name) {
      return errorMessages(422, [
        `Property ${propertyId} is named ${name}, not ${raw.product_property_name}`,
      ]);
    }
    if (option) option.value = value;
    else product.property_values.set(propertyId, value);
    product.updated_at = isoNow(ctx);
    return jsonResponse({ product_property_name: name, value });
  });

  app.put('/kits/:kitId/kit_contents/:contentId', async (c) => {
    const kitId = toId(c.req.param('kitId'));
    const content = ctx.state.kitContents.get(toId(c.req.param('contentId')) ?? 0);
    if (!content || content.kit_id !== kitId) return notFoundResponse();
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, [INVALID_JSON]);
    const input = isRecord(body.value) ? body.value.kit_content : undefined;
    if (!isRecord(input)) return errorMessages(400, ['kit_content is missing']);
    const problems: string[] = [];
    let variantId: number | undefined;
    if (input.product_variant_id !== undefined) {
      variantId = toId(input.product_variant_id);
      const variant = variantId === undefined ? undefined : ctx.state.sellables.get(variantId);
      if (!variant || variant.type !== 'ProductVariant') {
        problems.push(`Product variant ${String(input.product_variant_id)} does not exist`);
      }
    }
    let quantity: number | undefined;
    if (input.quantity !== undefined) {
      quantity = toNumber(input.quantity);
      if (quantity === undefined || !Number.isInteger(quantity) || quantity < 1) {
        problems.push('Quantity must be a whole number of at least 1');
      }
    }
    if (problems.length > 0) return errorMessages(422, problems);
    if (variantId !== undefined) content.product_variant_id = variantId;
    if (quantity !== undefined) content.quantity = quantity;
    content.updated_at = isoNow(ctx);
    return jsonResponse(kitContentJson(content, ctx.state));
  });
}
