/**
 * Store listings (channel sellables), JSON:API: create with the three link modes, and list with
 * paging, filters, sort and include.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { isoNow } from '../context.js';
import type { SandboxContext } from '../context.js';
import { JSON_API_TYPE, isRecord, jsonApiResponse, toBoolean, toId, toNumber } from '../http.js';
import { productJson, sellableJson, userJson } from '../serialize.js';
import type { ChannelProduct, ChannelSellable, Sellable } from '../types.js';

interface JsonApiError {
  status: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

function errors(status: number, list: JsonApiError[]): Response {
  return jsonApiResponse({ errors: list }, status);
}

function fieldError(pointer: string, detail: string): JsonApiError {
  return { status: '422', title: 'Invalid Attribute', detail, source: { pointer } };
}

function notFound(detail: string): Response {
  return errors(404, [{ status: '404', title: 'Not Found', detail }]);
}

/** The live service answers 415 to `/api/v2` requests that do not accept JSON:API. */
export function requireJsonApiAccept(): MiddlewareHandler {
  return async (c, next) => {
    const accept = c.req.header('accept') ?? '';
    if (!accept.toLowerCase().includes(JSON_API_TYPE)) {
      return errors(415, [
        {
          status: '415',
          title: 'Unsupported Media Type',
          detail: `Send the header Accept: ${JSON_API_TYPE}`,
        },
      ]);
    }
    await next();
    return undefined;
  };
}

function ref(id: number | null | undefined, type: string): { data: { id: string; type: string } | null } {
  return { data: id === null || id === undefined ? null : { id: String(id), type } };
}

export function listingResource(listing: ChannelSellable, ctx: SandboxContext): Record<string, unknown> {
  const sellable = listing.sellable_id === null ? undefined : ctx.state.sellables.get(listing.sellable_id);
  const productId =
    sellable?.product_id ?? ctx.state.channelProducts.get(listing.channel_product_id)?.product_id;
  return {
    id: String(listing.id),
    type: 'channel_sellable',
    attributes: {
      remote_title: listing.remote_title,
      remote_sku: listing.remote_sku,
      remote_price: listing.remote_price.toFixed(1),
      currency_code: listing.currency_code,
      remote_inventory_quantity: listing.remote_inventory_quantity,
      remote_id: listing.remote_id,
      active: listing.active,
      created_at: listing.created_at,
    },
    relationships: {
      channel: ref(listing.channel_id, 'channel'),
      created_by: ref(listing.created_by_id, 'user'),
      updated_by: ref(listing.created_by_id, 'user'),
      product: ref(productId, 'product'),
      channel_product: ref(listing.channel_product_id, 'channel_product'),
      sellable: ref(listing.sellable_id, 'sellable'),
      remote_url: { data: null },
    },
  };
}

function channelProductResource(product: ChannelProduct): Record<string, unknown> {
  return {
    id: String(product.id),
    type: 'channel_product',
    attributes: { remote_title: product.remote_title, remote_description: product.remote_description },
    relationships: {
      channel: ref(product.channel_id, 'channel'),
      product: ref(product.product_id, 'product'),
    },
  };
}

const SORT_KEYS: Record<string, (listing: ChannelSellable) => string | number> = {
  created_at: (listing) => listing.created_at,
  id: (listing) => listing.id,
  remote_sku: (listing) => listing.remote_sku ?? '',
  remote_title: (listing) => listing.remote_title ?? '',
  remote_price: (listing) => listing.remote_price,
};

/** The listing's relationships, each of which can be included (`remote_url` has no resource). */
const INCLUDABLE = new Set([
  'channel',
  'created_by',
  'updated_by',
  'product',
  'channel_product',
  'sellable',
  'remote_url',
]);

export function registerListingRoutes(app: Hono, ctx: SandboxContext): void {
  app.get('/api/v2/channel_sellables', (c) => {
    const pageNumber = toNumber(c.req.query('page[number]') ?? '1');
    const pageSize = toNumber(c.req.query('page[size]') ?? '25');
    const problems: JsonApiError[] = [];
    if (pageNumber === undefined || !Number.isInteger(pageNumber) || pageNumber < 1) {
      problems.push({
        status: '400',
        title: 'Invalid Parameter',
        detail: 'page[number] must be a whole number of at least 1',
        source: { parameter: 'page[number]' },
      });
    }
    if (pageSize === undefined || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
      problems.push({
        status: '400',
        title: 'Invalid Parameter',
        detail: 'page[size] must be from 1 to 100',
        source: { parameter: 'page[size]' },
      });
    }
    const sort = c.req.query('sort') ?? 'created_at';
    const sortKey = SORT_KEYS[sort.replace(/^-/, '')];
    if (!sortKey) {
      problems.push({
        status: '400',
        title: 'Invalid Parameter',
        detail: `sort must be one of ${Object.keys(SORT_KEYS).join(', ')} (prefix - to reverse)`,
        source: { parameter: 'sort' },
      });
    }
    const include = (c.req.query('include') ?? '').split(',').filter(Boolean);
    const unknownInclude = include.find((name) => !INCLUDABLE.has(name));
    if (unknownInclude) {
      problems.push({
        status: '400',
        title: 'Invalid Parameter',
        detail: `include accepts ${[...INCLUDABLE].join(', ')}`,
        source: { parameter: 'include' },
      });
    }
    if (problems.length > 0 || !sortKey || pageNumber === undefined || pageSize === undefined) {
      return errors(400, problems);
    }

    const remoteSku = c.req.query('filter[remote_sku]');
    const remoteId = c.req.query('filter[remote_id]');
    const channelId = c.req.query('filter[channel_id]');
    let listings = [...ctx.state.channelSellables.values()].filter(
      (listing) =>
        (remoteSku === undefined || listing.remote_sku === remoteSku) &&
        (remoteId === undefined || listing.remote_id === remoteId) &&
        (channelId === undefined || String(listing.channel_id) === channelId),
    );
    const direction = sort.startsWith('-') ? -1 : 1;
    listings = listings.sort((a, b) => {
      const left = sortKey(a);
      const right = sortKey(b);
      const order = left < right ? -1 : left > right ? 1 : a.id - b.id;
      return order * direction;
    });
    const totalCount = listings.length;
    const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
    const pageItems = listings.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const body: Record<string, unknown> = {
      data: pageItems.map((listing) => listingResource(listing, ctx)),
      // The live service sends these as strings.
      meta: {
        page: {
          current: String(pageNumber),
          size: String(pageSize),
          total_pages: String(totalPages),
          total_count: String(totalCount),
        },
      },
    };
    if (include.length > 0) body.included = includedResources(pageItems, include, ctx);
    return jsonApiResponse(body);
  });

  app.post('/api/v2/channel_sellables', async (c) => {
    let parsed: unknown;
    try {
      const text = await c.req.text();
      parsed = text.trim() ? JSON.parse(text) : {};
    } catch {
      return errors(400, [
        { status: '400', title: 'Bad Request', detail: 'The request body is not valid JSON' },
      ]);
    }
    return createListing(parsed, ctx);
  });
}

function includedResources(listings: ChannelSellable[], include: string[], ctx: SandboxContext): unknown[] {
  const included = new Map<string, unknown>();
  for (const listing of listings) {
    if (include.includes('channel_product')) {
      const product = ctx.state.channelProducts.get(listing.channel_product_id);
      if (product) included.set(`channel_product:${product.id}`, channelProductResource(product));
    }
    if (include.includes('sellable')) {
      const sellable =
        listing.sellable_id === null ? undefined : ctx.state.sellables.get(listing.sellable_id);
      if (sellable) {
        const { id, ...attributes } = sellableJson(sellable, ctx.state);
        included.set(`sellable:${sellable.id}`, { id: String(id), type: 'sellable', attributes });
      }
    }
    if (include.includes('product')) {
      const productId =
        (listing.sellable_id === null
          ? undefined
          : ctx.state.sellables.get(listing.sellable_id)?.product_id) ??
        ctx.state.channelProducts.get(listing.channel_product_id)?.product_id;
      const product =
        productId === undefined || productId === null ? undefined : ctx.state.products.get(productId);
      if (product) {
        const { id, ...attributes } = productJson(product, ctx.state);
        included.set(`product:${product.id}`, { id: String(id), type: 'product', attributes });
      }
    }
    if (include.includes('created_by') || include.includes('updated_by')) {
      const user = ctx.state.users.get(listing.created_by_id);
      if (user) {
        const { id, ...attributes } = userJson(user, ctx.state);
        included.set(`user:${user.id}`, { id: String(id), type: 'user', attributes });
      }
    }
    if (include.includes('channel')) {
      const channel = ctx.state.channels.get(listing.channel_id);
      if (channel) {
        included.set(`channel:${channel.id}`, {
          id: String(channel.id),
          type: 'channel',
          attributes: {
            name: channel.name,
            type_code: channel.type_code,
            currency_code: channel.currency_code,
          },
        });
      }
    }
  }
  return [...included.values()];
}

function createListing(body: unknown, ctx: SandboxContext): Response {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) return errors(422, [fieldError('/data', 'A data object is required')]);
  // The documented request type is singular; published samples send the plural.
  if (data.type !== undefined && data.type !== 'channel_sellable' && data.type !== 'channel_sellables') {
    return errors(422, [fieldError('/data/type', 'must be channel_sellable')]);
  }
  const attributes = isRecord(data.attributes) ? data.attributes : {};
  const relationships = isRecord(data.relationships) ? data.relationships : {};
  const A = '/data/attributes';
  const problems: JsonApiError[] = [];

  const channelIdGiven =
    attributes.channel_id !== undefined && attributes.channel_id !== null && attributes.channel_id !== '';
  const givenChannelId = toId(attributes.channel_id);
  if (channelIdGiven && givenChannelId === undefined) {
    problems.push(fieldError(`${A}/channel_id`, 'is not a valid id'));
  }
  // Not required by the spec: a listing may be linked through its channel product alone.
  const remoteSku =
    typeof attributes.remote_sku === 'string' && attributes.remote_sku.trim()
      ? attributes.remote_sku.trim()
      : null;
  if (
    attributes.remote_sku !== undefined &&
    attributes.remote_sku !== null &&
    typeof attributes.remote_sku !== 'string'
  ) {
    problems.push(fieldError(`${A}/remote_sku`, 'must be a string'));
  }
  let remotePrice = 0;
  if (
    attributes.remote_price !== undefined &&
    attributes.remote_price !== null &&
    attributes.remote_price !== ''
  ) {
    const price = toNumber(attributes.remote_price);
    if (price === undefined || price < 0)
      problems.push(fieldError(`${A}/remote_price`, 'must be a number of at least 0'));
    else remotePrice = price;
  }
  // A number is read as its text, as clients send ids as numbers as often as not.
  const remoteId =
    typeof attributes.remote_id === 'string'
      ? attributes.remote_id
      : typeof attributes.remote_id === 'number' && Number.isFinite(attributes.remote_id)
        ? String(attributes.remote_id)
        : null;
  if (attributes.remote_id !== undefined && attributes.remote_id !== null && remoteId === null) {
    problems.push(fieldError(`${A}/remote_id`, 'must be a string'));
  }
  const autolink = toBoolean(attributes.autolink) ?? false;
  const sellableIdGiven =
    attributes.sellable_id !== undefined && attributes.sellable_id !== null && attributes.sellable_id !== '';
  const sellableId = toId(attributes.sellable_id);
  if (sellableIdGiven && sellableId === undefined)
    problems.push(fieldError(`${A}/sellable_id`, 'is not a valid id'));
  // Autolink finds (or makes) the variant by its SKU, so it needs one unless a sellable is named.
  if (autolink && !sellableIdGiven && remoteSku === null) {
    problems.push(fieldError(`${A}/remote_sku`, "can't be blank when autolink is true"));
  }
  const productRelation = isRecord(relationships.channel_product)
    ? relationships.channel_product.data
    : undefined;
  const channelProductId = isRecord(productRelation) ? toId(productRelation.id) : undefined;
  if (productRelation !== undefined && productRelation !== null && channelProductId === undefined) {
    problems.push(fieldError('/data/relationships/channel_product/data/id', 'is not a valid id'));
  }
  const productAttributes = isRecord(attributes.channel_product_attributes)
    ? attributes.channel_product_attributes
    : undefined;
  // A listing belongs to a channel product: an existing one, a new one, or one made for the variant.
  if (!autolink && !sellableIdGiven && channelProductId === undefined && !productAttributes) {
    problems.push(
      fieldError(
        '/data/relationships/channel_product',
        'must exist: give autolink, sellable_id, a channel_product relationship or channel_product_attributes',
      ),
    );
  }
  // Not required by the spec: without it, the store is the given channel product's.
  const channelId =
    givenChannelId ??
    (channelProductId === undefined
      ? undefined
      : ctx.state.channelProducts.get(channelProductId)?.channel_id);
  if (!channelIdGiven && channelId === undefined && channelProductId === undefined) {
    problems.push(fieldError(`${A}/channel_id`, "can't be blank unless a channel_product is given"));
  }
  if (problems.length > 0) return errors(422, problems);

  if (!channelIdGiven && channelId === undefined) {
    return notFound(`Channel product ${String(channelProductId)} not found`);
  }
  const channel = ctx.state.channels.get(channelId ?? 0);
  if (!channel) return notFound(`Channel ${String(attributes.channel_id)} not found`);
  if (channel.type_code !== 'custom_integration') {
    return errors(422, [
      fieldError(
        `${A}/channel_id`,
        `Listings can only be created in custom_integration stores; ${channel.name} is ${channel.type_code}`,
      ),
    ]);
  }
  let sellable: Sellable | undefined;
  if (sellableId !== undefined) {
    sellable = ctx.state.sellables.get(sellableId);
    if (!sellable) return notFound(`Sellable ${sellableId} not found`);
  }
  let channelProduct: ChannelProduct | undefined;
  if (channelProductId !== undefined) {
    channelProduct = ctx.state.channelProducts.get(channelProductId);
    if (!channelProduct) return notFound(`Channel product ${channelProductId} not found`);
    if (channelProduct.channel_id !== channel.id) {
      return errors(422, [
        fieldError('/data/relationships/channel_product/data/id', 'belongs to another store'),
      ]);
    }
  }
  const remoteTitle = typeof attributes.remote_title === 'string' ? attributes.remote_title : null;
  const newProductTitle =
    productAttributes &&
    typeof productAttributes.remote_title === 'string' &&
    productAttributes.remote_title.trim()
      ? productAttributes.remote_title
      : remoteTitle;
  if (productAttributes && !channelProduct && !newProductTitle) {
    return errors(422, [fieldError(`${A}/channel_product_attributes/remote_title`, "can't be blank")]);
  }
  if (remoteSku !== null) {
    for (const existing of ctx.state.channelSellables.values()) {
      if (existing.channel_id === channel.id && existing.remote_sku === remoteSku) {
        return errors(422, [fieldError(`${A}/remote_sku`, 'has already been taken in this store')]);
      }
    }
  }

  const now = isoNow(ctx);
  // Without a sellable_id the variant with the same SKU is linked, as stores link products
  // automatically; autolink also creates one when none has the SKU. Otherwise the listing stays
  // unlinked (its sellable relationship is null) until a variant is linked to it.
  if (!sellable && remoteSku !== null) {
    sellable =
      ctx.state.sellableBySku(remoteSku) ??
      (autolink ? createVariantForSku(ctx, remoteSku, remoteTitle, remotePrice, now) : undefined);
  }
  if (!channelProduct) {
    channelProduct = {
      id: ctx.state.nextId(),
      channel_id: channel.id,
      remote_title:
        newProductTitle ??
        remoteTitle ??
        (sellable ? sellable.title || sellable.sku_code : (remoteSku ?? '')),
      remote_description:
        productAttributes && typeof productAttributes.remote_description === 'string'
          ? productAttributes.remote_description
          : null,
      product_id: sellable?.product_id ?? null,
      created_at: now,
    };
    ctx.state.channelProducts.set(channelProduct.id, channelProduct);
  }
  const listing: ChannelSellable = {
    id: ctx.state.nextId(),
    channel_id: channel.id,
    sellable_id: sellable?.id ?? null,
    channel_product_id: channelProduct.id,
    remote_id: remoteId,
    remote_sku: remoteSku,
    remote_title: remoteTitle,
    remote_price: remotePrice,
    currency_code: channel.currency_code,
    remote_inventory_quantity: null,
    active: true,
    created_by_id: ctx.state.ownerId,
    created_at: now,
  };
  ctx.state.channelSellables.set(listing.id, listing);
  return jsonApiResponse({ data: listingResource(listing, ctx) }, 201);
}

function createVariantForSku(
  ctx: SandboxContext,
  sku: string,
  title: string | null,
  price: number,
  now: string,
): Sellable {
  const productId = ctx.state.nextId();
  ctx.state.products.set(productId, {
    id: productId,
    title: title ?? sku,
    description: '',
    notes: 'Created by listing autolink.',
    origin_country: null,
    hs_tariff_number: null,
    tax_rate: 20,
    image: null,
    estimated_delivery: null,
    tag_ids: [],
    property_values: new Map(),
    created_at: now,
    updated_at: now,
  });
  const sellable: Sellable = {
    id: ctx.state.nextId(),
    product_id: productId,
    type: 'ProductVariant',
    title: '',
    sku_code: sku,
    upc_code: '',
    model_number: '',
    price,
    cost_price: 0,
    min_reorder_level: 0,
    quantity_to_reorder: 0,
    weight_grams: 0,
    width: 0,
    height: 0,
    depth: 0,
    options: [],
    total_quantity_sold: 0,
    created_at: now,
    updated_at: now,
  };
  ctx.state.sellables.set(sellable.id, sellable);
  return sellable;
}
