/**
 * Shipping: rate quotes, booking from quotes, shipping configurations (JSON:API) and the
 * application-token label purchase `POST /shipments`.
 */
import type { Hono } from 'hono';
import { hasAppToken } from '../auth.js';
import type { SandboxContext } from '../context.js';
import {
  errorMessages,
  isRecord,
  jsonApiResponse,
  jsonResponse,
  readJson,
  toBoolean,
  toNumber,
  unauthorizedResponse,
} from '../http.js';
import { shipOrderByReference } from '../orders/ship.js';
import { bookShipments, trackingNumber } from '../shipping/booking.js';
import { renderCustomsInvoice, renderPdfLabel } from '../shipping/labels.js';
import {
  configsToQuote,
  createRateRequest,
  isConfigEnabled,
  parcelRefusals,
  quoteJson,
  readRatesRequest,
} from '../shipping/quotes.js';
import type { ContentsItem, ShippingAddressInput } from '../shipping/rate-records.js';
import { SHIPPING_SERVICES, serviceById, serviceOptions, unavailableReason } from '../shipping/services.js';
import type { ShippingConfig } from '../types.js';

export function registerShippingRoutes(app: Hono, ctx: SandboxContext): void {
  app.post('/shipping/api/v1/rates', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
    const input = readRatesRequest(body.value);
    if (Array.isArray(input)) return errorMessages(400, input);
    if (!ctx.config.shippingEnabled) {
      return errorMessages(403, ['Shipping is not enabled for this account']);
    }
    const configs = configsToQuote(ctx, input.configIds);
    if (!Array.isArray(configs)) return errorMessages(configs.status, [configs.message]);
    const refusals = parcelRefusals(input, configs);
    if (refusals.length > 0) return errorMessages(422, refusals);
    const { record, unavailable } = createRateRequest(ctx, input, configs);
    const response: Record<string, unknown> = {
      quotes: record.quotes.map((quote) => quoteJson(quote, ctx.config.quoteNaming, ctx.now())),
      remote_shipment_id: record.remoteShipmentId,
      request_token: record.requestToken,
      expires_at: new Date(record.expiresAt).toISOString(),
      to_address_id: null,
      from_address_id: null,
    };
    if (input.includeUnavailable) response.unavailable_quotes = unavailable;
    return jsonResponse(response);
  });

  app.post('/shipping/api/v1/shipments', (c) => bookShipments(c, ctx));

  app.get('/api/v2/shipping_configs', (c) => {
    if (!ctx.config.shippingEnabled) {
      return jsonApiResponse(
        {
          errors: [
            {
              status: '403',
              title: 'Forbidden',
              detail: 'Insufficient permissions: shipping is not enabled for this account',
            },
          ],
        },
        403,
      );
    }
    const pageNumber = toNumber(c.req.query('page[number]') ?? '1');
    const pageSize = toNumber(c.req.query('page[size]') ?? '25');
    const include = c.req.query('include');
    const enabled = c.req.query('filter[enabled]');
    const problems: { status: string; title: string; detail: string; source: { parameter: string } }[] = [];
    const bad = (parameter: string, detail: string) =>
      problems.push({ status: '400', title: 'Invalid Parameter', detail, source: { parameter } });
    if (pageNumber === undefined || !Number.isInteger(pageNumber) || pageNumber < 1) {
      bad('page[number]', 'page[number] must be a whole number of at least 1');
    }
    if (pageSize === undefined || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
      bad('page[size]', 'page[size] must be from 1 to 100');
    }
    if (include !== undefined && include !== '' && include !== 'shipping_services') {
      bad('include', 'include accepts only shipping_services');
    }
    const enabledFilter = enabled === undefined ? undefined : toBoolean(enabled);
    if (enabled !== undefined && enabledFilter === undefined)
      bad('filter[enabled]', 'filter[enabled] must be true or false');
    if (problems.length > 0 || pageNumber === undefined || pageSize === undefined) {
      return jsonApiResponse({ errors: problems }, 400);
    }
    const configs = [...ctx.state.shippingConfigs.values()].filter(
      (config) => enabledFilter === undefined || isConfigEnabled(config) === enabledFilter,
    );
    const page = configs.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
    const body: Record<string, unknown> = {
      data: page.map(configResource),
      meta: {
        page: pageNumber,
        per_page: pageSize,
        total_pages: Math.max(1, Math.ceil(configs.length / pageSize)),
        total_count: configs.length,
      },
    };
    if (include === 'shipping_services') {
      body.included = page.flatMap((config) =>
        config.services.map((service) => ({
          id: service.id,
          type: 'shipping_service',
          attributes: { service_id: service.service_id, name: service.name, hidden: service.hidden },
        })),
      );
    }
    return jsonApiResponse(body);
  });

  app.post('/shipments', async (c) => {
    if (!hasAppToken(c.req.raw)) return unauthorizedResponse();
    const body = await readJson(c);
    if (!body.ok) return jsonResponse({ errors: ['The request body is not valid JSON'] }, 400);
    return createShipment(body.value, ctx);
  });
}

function configResource(config: ShippingConfig): Record<string, unknown> {
  const services = SHIPPING_SERVICES.filter((service) => service.carrierCode === config.carrier_code);
  const options = services[0] ? serviceOptions(services[0], false, 'GBP') : [];
  return {
    id: config.key,
    type: 'shipping_config',
    attributes: {
      id: config.id,
      carrier_id: config.carrier_id,
      name: config.name,
      provider_type: config.provider_type,
      shipping_service_options: options.map((option) => ({
        key: option.key,
        label: option.label,
        type: option.type,
      })),
      show_when_shipping: config.show_when_shipping,
      is_configured: config.is_configured,
      config: { account_number: `****${String(config.id).slice(-4)}` },
      validates: {},
      default_for_carrier: config.default_for_carrier,
      nickname: config.nickname,
      requires_reconnect: config.requires_reconnect,
      connected: config.connected,
      connected_off_marketplace: false,
      available_shipping_services_count: config.services.filter((service) => !service.hidden).length,
      total_shipping_service_count: config.services.length,
    },
    relationships: {
      shipping_services: {
        data: config.services.map((service) => ({ id: service.id, type: 'shipping_service' })),
      },
    },
  };
}

function addressFrom(value: Record<string, unknown>, nameKeys: string[]): ShippingAddressInput {
  const text = (key: string): string | null =>
    typeof value[key] === 'string' ? (value[key] as string) : null;
  const name = nameKeys.map(text).filter(Boolean).join(' ') || null;
  return {
    name,
    company: text('company'),
    phone: text('phone'),
    email: text('email'),
    line1: text('line_1'),
    line2: text('line_2'),
    town: text('city'),
    postcode: text('zip'),
    country_code: (text('country') ?? '').toUpperCase(),
    county: text('state'),
  };
}

/** `POST /shipments`: buys a label for an explicit service code; errors are `{ errors: [...] }`. */
async function createShipment(body: unknown, ctx: SandboxContext): Promise<Response> {
  if (!isRecord(body)) return jsonResponse({ errors: ['The request body must be a JSON object'] }, 400);
  const problems: string[] = [];
  const destination = isRecord(body.destination_address) ? body.destination_address : undefined;
  const collection = isRecord(body.collection_address) ? body.collection_address : undefined;
  if (!destination) problems.push('destination_address is required');
  if (!collection) problems.push('collection_address is required');
  const to = destination ? addressFrom(destination, ['first_name', 'last_name']) : undefined;
  const from = collection ? addressFrom(collection, ['name']) : undefined;
  if (to && !/^[A-Z]{2}$/.test(to.country_code))
    problems.push('destination_address.country must be a two-letter code');
  if (from && !/^[A-Z]{2}$/.test(from.country_code))
    problems.push('collection_address.country must be a two-letter code');
  let weightGrams = 0;
  if (!Array.isArray(body.parcels) || body.parcels.length === 0) {
    problems.push('parcels must contain at least one parcel');
  } else {
    body.parcels.forEach((parcel: unknown, index) => {
      const weight = isRecord(parcel) ? toNumber(parcel.weight_in_grams) : undefined;
      if (weight === undefined || weight <= 0)
        problems.push(`parcels[${index}].weight_in_grams must be more than 0`);
      else weightGrams += weight;
    });
  }
  const serviceCode = typeof body.service_code === 'string' ? body.service_code : '';
  const service = serviceById(serviceCode);
  if (!serviceCode) problems.push('service_code is required');
  else if (!service)
    problems.push(
      `Unknown service_code ${serviceCode}; use one of ${SHIPPING_SERVICES.map((s) => s.serviceId).join(', ')}`,
    );
  if (problems.length > 0 || !to || !from || !service) return jsonResponse({ errors: problems }, 400);
  const reason = unavailableReason(service, weightGrams, from.country_code, to.country_code);
  if (reason) return jsonResponse({ errors: [reason] }, 400);

  const tracking = trackingNumber(ctx, service.serviceId);
  const reference = typeof body.reference === 'string' ? body.reference : null;
  const label = await renderPdfLabel({
    trackingNumber: tracking,
    carrierName: service.carrierName,
    serviceName: service.name,
    from,
    to,
    weightGrams,
    reference,
    shippedAt: new Date(ctx.now()),
    messages: [],
  });
  shipOrderByReference(ctx.state, {
    reference,
    trackingNumber: tracking,
    carrierCode: service.carrierCode,
    carrierName: service.carrierName,
    weightGrams,
    charge: null,
    at: new Date(ctx.now()).toISOString(),
    from,
  });
  const response: Record<string, unknown> = { label, tracking_number: tracking };
  if (from.country_code !== to.country_code) {
    const contents: ContentsItem[] = Array.isArray(body.contents)
      ? body.contents.filter(isRecord).map((item) => ({
          description: typeof item.description === 'string' ? item.description : 'Merchandise',
          quantity: toNumber(item.quantity) ?? 1,
          value: toNumber(item.price_per_unit) ?? 0,
          tariffCode: typeof item.tariff_number === 'string' ? item.tariff_number : null,
          countryOfManufacture:
            typeof item.origin_country === 'string' ? item.origin_country : from.country_code,
        }))
      : [];
    response.commercial_invoice_label = await renderCustomsInvoice({
      invoiceNumber: `INV-${tracking}`,
      trackingNumber: tracking,
      from,
      to,
      contents,
      currency: typeof body.currency_code === 'string' ? body.currency_code : 'GBP',
      issuedAt: new Date(ctx.now()),
    });
  }
  return jsonResponse(response);
}
