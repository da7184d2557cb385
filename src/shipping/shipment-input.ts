/**
 * `POST /shipments` takes the attributes of a quote request under its own names. This maps a
 * rates request (as the rate picker sends it) onto them.
 */
import type { RatesRequest, ShipmentInput } from '../api/index.js';
import { toGrams } from '../shared/weight.js';

function numberOrUndefined(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** "Priya Natarajan" → first "Priya", last "Natarajan"; a single word is the last name. */
function splitName(name: string | undefined): { first_name?: string; last_name?: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  if (words.length === 1) return { last_name: words[0] };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}

export function shipmentInputFrom(request: RatesRequest, serviceCode: string): ShipmentInput {
  const to = request.to_address;
  const from = request.from_address;
  const parcel = request.parcels[0];
  const grams = parcel ? toGrams(parcel.weight, parcel.weight_unit) : undefined;
  const dimensions =
    parcel && (parcel.length !== undefined || parcel.width !== undefined || parcel.height !== undefined)
      ? { length: parcel.length, width: parcel.width, height: parcel.height, unit: parcel.dimension_unit }
      : undefined;
  const input: ShipmentInput = {
    destination_address: {
      ...splitName(to.name),
      company: to.company,
      line_1: to.line1,
      line_2: to.line2,
      city: to.town,
      state: to.county,
      zip: to.postcode,
      country: to.country_code,
      phone: to.phone,
      email: to.email,
    },
    collection_address: {
      name: from.company ?? from.name,
      line_1: from.line1,
      line_2: from.line2,
      city: from.town,
      state: from.county,
      zip: from.postcode,
      country: from.country_code,
      phone: from.phone,
    },
    contents: (request.channel_items ?? []).map((item) => {
      const price = numberOrUndefined(item.value);
      const quantity = item.quantity ?? 1;
      return {
        description: item.description ?? request.contents,
        quantity,
        tariff_number: item.tariff_code,
        origin_country: item.country_of_manufacture,
        price_per_unit: price,
        total_sale_price: price === undefined ? undefined : Math.round(price * quantity * 100) / 100,
      };
    }),
    parcels: [
      {
        weight_in_grams: grams === undefined ? undefined : Math.max(1, Math.round(grams)),
        dimensions,
      },
    ],
    total_price: numberOrUndefined(request.estimated_value),
    reference: request.customer_reference,
    currency_code: request.currency_code,
    service_code: serviceCode,
  };
  return input;
}
