/**
 * Booking labels from quotes (`POST /shipping/api/v1/shipments`): the whole request is checked
 * first (a 400 or 404 books nothing), then each shipment is booked or listed under `failed`
 * (expired, already booked, or failed by a `failShipments` fault), so one request can partly
 * succeed.
 */
import { trackingNumberFor } from './tracking-numbers.js';
import type { SandboxContext } from '../context.js';
import type { ShipmentFault } from '../faults.js';
import { errorMessages, isRecord, jsonResponse, readJson, toNumber } from '../http.js';
import type { Context } from 'hono';
import { shipOrderByReference } from '../orders/ship.js';
import { base64Text, renderCustomsInvoice, renderPdfLabel, renderZplLabel } from './labels.js';
import type { RateRequestRecord, StoredQuote } from './rate-records.js';
import { CONFIRMATION_KEY, LIABILITY_KEY, optionCharges } from './services.js';

const LABEL_FORMATS = new Set(['PDF', 'ZPL']);
export const EXPIRED_QUOTE_MESSAGE = 'Quote has expired. Request new rates.';
export const ALREADY_BOOKED_MESSAGE = 'This shipment has already been booked.';

interface CheckedShipment {
  record: RateRequestRecord;
  quote: StoredQuote;
  labelFormat: 'PDF' | 'ZPL';
  chosen: Record<string, unknown>;
  messages: string[];
}

function isOptionKey(key: string): boolean {
  return (
    key.startsWith('value_added_service__') || key.startsWith('additional_input__') || key === LIABILITY_KEY
  );
}

/** Problems with the options a shipment chose, judged against what its quote offered. */
function optionProblems(quote: StoredQuote, shipment: Record<string, unknown>, index: number): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(shipment)) {
    if (!isOptionKey(key) || value === undefined || value === null) continue;
    const option = quote.options.find((candidate) => candidate.key === key);
    const where = `shipments[${index}].${key}`;
    if (!option) {
      problems.push(`${where} is not an option of ${quote.service.name}`);
      continue;
    }
    if (option.type === 'select' && !option.values?.some((candidate) => candidate.value === value)) {
      const allowed = option.values?.map((candidate) => candidate.value).join(', ') ?? '';
      problems.push(`${where} must be one of ${allowed}`);
    } else if (option.type === 'number') {
      const amount = toNumber(value);
      const { min, max } = option.validation ?? { min: -Infinity, max: Infinity };
      if (amount === undefined || amount < min || amount > max)
        problems.push(`${where} must be a number from ${min} to ${max}`);
    } else if (option.type === 'text') {
      if (typeof value !== 'string') problems.push(`${where} must be text`);
      else if (option.maxLength !== undefined && value.length > option.maxLength) {
        problems.push(`${where} must be at most ${option.maxLength} characters`);
      }
    }
  }
  return problems;
}

/** The `failShipments` fault the request carries, if any (see `SandboxBindings`). */
function shipmentFaultOf(c: Context): ShipmentFault | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('shipmentFault' in env)) return undefined;
  return env.shipmentFault as ShipmentFault | undefined;
}

export async function bookShipments(c: Context, ctx: SandboxContext): Promise<Response> {
  const body = await readJson(c);
  if (!body.ok) return errorMessages(400, ['The request body is not valid JSON']);
  if (!isRecord(body.value)) return errorMessages(400, ['The request body must be a JSON object']);
  const request = body.value;
  if (!Array.isArray(request.shipments) || request.shipments.length === 0) {
    return errorMessages(400, ['shipments must be a non-empty array']);
  }
  const defaultFormat = request.label_format ?? 'PDF';
  if (typeof defaultFormat !== 'string' || !LABEL_FORMATS.has(defaultFormat)) {
    return errorMessages(400, ['label_format must be PDF or ZPL']);
  }
  const problems: string[] = [];
  const missing: string[] = [];
  const checked: CheckedShipment[] = [];
  request.shipments.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) {
      problems.push(`shipments[${index}] must be an object`);
      return;
    }
    if (typeof raw.rate_id !== 'string' || !raw.rate_id) {
      problems.push(`shipments[${index}].rate_id is required`);
      return;
    }
    const rateId = raw.rate_id;
    const remoteShipmentId = raw.remote_shipment_id;
    if (remoteShipmentId !== undefined && remoteShipmentId !== null && typeof remoteShipmentId !== 'string') {
      problems.push(`shipments[${index}].remote_shipment_id must be a string`);
      return;
    }
    // Optional in the spec: without it, the rate id (unique to one rates answer) finds the shipment.
    let record: RateRequestRecord | undefined;
    if (remoteShipmentId) {
      record = ctx.state.rateRequests.get(remoteShipmentId);
      if (!record) {
        missing.push(`Shipment ${remoteShipmentId} not found`);
        return;
      }
    } else {
      record = [...ctx.state.rateRequests.values()].find((candidate) =>
        candidate.quotes.some((quote) => quote.rateId === rateId),
      );
      if (!record) {
        problems.push(`shipments[${index}].rate_id ${rateId} is not a quote of any rates answer`);
        return;
      }
    }
    const quote = record.quotes.find((candidate) => candidate.rateId === rateId);
    if (!quote) {
      problems.push(
        `shipments[${index}].rate_id ${rateId} is not a quote of shipment ${record.remoteShipmentId}`,
      );
      return;
    }
    const format = raw.label_format ?? defaultFormat;
    if (typeof format !== 'string' || !LABEL_FORMATS.has(format)) {
      problems.push(`shipments[${index}].label_format must be PDF or ZPL`);
      return;
    }
    problems.push(...optionProblems(quote, raw, index));
    const messages = Array.isArray(raw.custom_messages)
      ? raw.custom_messages.filter((message): message is string => typeof message === 'string')
      : [];
    checked.push({ record, quote, labelFormat: format as 'PDF' | 'ZPL', chosen: raw, messages });
  });
  if (missing.length > 0) return errorMessages(404, missing);
  if (
    request.request_token !== undefined &&
    request.request_token !== null &&
    !checked.some((shipment) => shipment.record.requestToken === request.request_token)
  ) {
    problems.push('request_token does not belong to these quotes');
  }
  if (problems.length > 0) return errorMessages(400, problems);

  const successful: Record<string, unknown> = {};
  const failed: Record<string, { errors: string[] }> = {};
  const fault = shipmentFaultOf(c);
  // Every shipment passed the checks, so `checked` is the request's `shipments` in order.
  for (const [position, shipment] of checked.entries()) {
    const id = shipment.record.remoteShipmentId;
    if (fault?.positions.has(position)) {
      failed[id] = { errors: [fault.message] };
    } else if (shipment.record.bookedRateId !== undefined) {
      failed[id] = { errors: [ALREADY_BOOKED_MESSAGE] };
    } else if (ctx.now() > shipment.record.expiresAt) {
      failed[id] = { errors: [EXPIRED_QUOTE_MESSAGE] };
    } else {
      shipment.record.bookedRateId = shipment.quote.rateId;
      successful[id] = await bookedShipmentJson(ctx, shipment);
    }
  }
  return jsonResponse({ successful, failed });
}

export function trackingNumber(ctx: SandboxContext, serviceId: string): string {
  return trackingNumberFor(serviceId, ctx.state.nextId());
}

async function bookedShipmentJson(
  ctx: SandboxContext,
  shipment: CheckedShipment,
): Promise<Record<string, unknown>> {
  const { record, quote } = shipment;
  const tracking = trackingNumber(ctx, quote.service.serviceId);
  const details = {
    trackingNumber: tracking,
    carrierName: quote.service.carrierName,
    serviceName: quote.service.name,
    from: record.fromAddress,
    to: record.toAddress,
    weightGrams: record.weightGrams,
    reference: record.customerReference,
    shippedAt: new Date(ctx.now()),
    messages: shipment.messages,
  };
  const labelContent =
    shipment.labelFormat === 'ZPL' ? base64Text(renderZplLabel(details)) : await renderPdfLabel(details);
  const extras = optionCharges(quote.options, shipment.chosen);
  const total = Math.round((quote.total + extras.reduce((sum, charge) => sum + charge.value, 0)) * 100) / 100;
  const json: Record<string, unknown> = {
    tracking_number: tracking,
    carrier_id: quote.service.carrierCode,
    service_carrier: quote.service.carrierCode,
    service_name: quote.service.name,
    service_id: quote.service.serviceId,
    label_format: shipment.labelFormat,
    label_content: labelContent,
    total_charge: { value: total, unit: quote.currency },
    charges: [
      ...quote.charges.map((charge) => ({
        chargeId: charge.id,
        chargeType: charge.type,
        value: charge.price,
      })),
      ...extras.map((charge) => ({ chargeId: charge.id, chargeType: 'OPTIONAL', value: charge.value })),
    ],
    linked_account: false,
    external_shipment_id: `ext_${record.remoteShipmentId}`,
    to_address_id: null,
    from_address_id: null,
    customer_reference: record.customerReference,
    inbound: false,
  };
  shipOrderByReference(ctx.state, {
    reference: record.customerReference,
    trackingNumber: tracking,
    carrierCode: quote.service.carrierCode,
    carrierName: quote.service.carrierName,
    weightGrams: record.weightGrams,
    charge: { value: total, unit: quote.currency },
    at: new Date(ctx.now()).toISOString(),
    from: record.fromAddress,
  });
  const confirmation = shipment.chosen[CONFIRMATION_KEY];
  if (confirmation === 'SIGNATURE') json.signature_type = 'SIGNATURE';
  if (record.fromAddress.country_code !== record.toAddress.country_code) {
    // Not in the spec's booking response: the sandbox adds the customs invoice here (Base64 PDF).
    json.commercial_invoice_content = await renderCustomsInvoice({
      invoiceNumber: `INV-${record.remoteShipmentId}`,
      trackingNumber: tracking,
      from: record.fromAddress,
      to: record.toAddress,
      contents: record.contents,
      currency: record.currency,
      issuedAt: new Date(ctx.now()),
    });
  }
  return json;
}
