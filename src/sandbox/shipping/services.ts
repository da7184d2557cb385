/**
 * The sandbox's carriers and services, and how they price a parcel. Prices depend only on the
 * weight and the route (domestic, Europe, rest of world), so the same request always gets the
 * same quotes: tests can assert on them.
 */

export interface ServiceOptionValue {
  value: string;
  label: string;
  price: number;
  currency: string;
}

export interface ServiceOption {
  key: string;
  label: string;
  type: 'select' | 'number' | 'text';
  values?: ServiceOptionValue[];
  validation?: { min: number; max: number };
  maxLength?: number;
  unit?: string;
  default: string | null;
  multiple: boolean;
}

export interface ShippingServiceDefinition {
  serviceId: string;
  name: string;
  carrierCode: string;
  carrierName: string;
  maxWeightGrams: number;
  domesticOnly: boolean;
  /** Price: base + perKg × weight, per route. */
  domestic: { base: number; perKg: number; days: number };
  international: { base: number; perKg: number; days: number };
  protections: string[];
  confirmation: 'signature' | 'both' | 'none';
  insurance: boolean;
  description: 'always' | 'international' | 'never';
}

export const CONFIRMATION_KEY = 'value_added_service__VAS_GROUP_ID_CONFIRMATION';
export const DESCRIPTION_KEY = 'additional_input__SHIPMENT_DESCRIPTION';
export const LIABILITY_KEY = 'liability_amount';

export const SHIPPING_SERVICES: readonly ShippingServiceDefinition[] = [
  {
    serviceId: 'PW_STANDARD',
    name: 'Parcelway Standard',
    carrierCode: 'parcelway',
    carrierName: 'Parcelway',
    maxWeightGrams: 30_000,
    domesticOnly: false,
    domestic: { base: 3.8, perKg: 0.95, days: 3 },
    international: { base: 11.5, perKg: 4.2, days: 6 },
    protections: ['tracking'],
    confirmation: 'both',
    insurance: true,
    description: 'international',
  },
  {
    serviceId: 'PW_EXPRESS',
    name: 'Parcelway Express',
    carrierCode: 'parcelway',
    carrierName: 'Parcelway',
    maxWeightGrams: 30_000,
    domesticOnly: false,
    domestic: { base: 6.9, perKg: 1.4, days: 1 },
    international: { base: 24, perKg: 6.5, days: 3 },
    protections: ['tracking', 'delivery_guarantee'],
    confirmation: 'both',
    insurance: true,
    description: 'international',
  },
  {
    serviceId: 'SC_NEXT_DAY',
    name: 'Swift Courier Next Day',
    carrierCode: 'swift_courier',
    carrierName: 'Swift Courier',
    maxWeightGrams: 20_000,
    domesticOnly: true,
    domestic: { base: 8.5, perKg: 0.6, days: 1 },
    international: { base: 0, perKg: 0, days: 0 },
    protections: ['tracking', 'delivery_guarantee', 'signature'],
    confirmation: 'signature',
    insurance: false,
    description: 'always',
  },
  {
    serviceId: 'EP_ECONOMY',
    name: 'Economy Post',
    carrierCode: 'economy_post',
    carrierName: 'Economy Post',
    maxWeightGrams: 2_000,
    domesticOnly: false,
    domestic: { base: 2.85, perKg: 1.1, days: 4 },
    international: { base: 7.4, perKg: 5, days: 10 },
    protections: [],
    confirmation: 'none',
    insurance: false,
    description: 'never',
  },
];

const EUROPE = new Set(
  'AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK'.split(
    ' ',
  ),
);

const round2 = (value: number): number => Math.round(value * 100) / 100;

export interface Pricing {
  base: number;
  fuel: number;
  customs: number;
  total: number;
  days: number;
}

/** Price and transit days for a parcel; the caller has checked the service is available. */
export function priceService(
  service: ShippingServiceDefinition,
  weightGrams: number,
  fromCountry: string,
  toCountry: string,
): Pricing {
  const international = fromCountry !== toCountry;
  const tariff = international ? service.international : service.domestic;
  const zoneFactor = international && !EUROPE.has(toCountry) ? 1.35 : 1;
  const kg = Math.max(0.1, weightGrams / 1000);
  const base = round2((tariff.base + tariff.perKg * kg) * zoneFactor);
  const fuel = round2(base * 0.08);
  const customs = international ? 2.5 : 0;
  return {
    base,
    fuel,
    customs,
    total: round2(base + fuel + customs),
    days: tariff.days + (zoneFactor > 1 ? 2 : 0),
  };
}

/** Why the service cannot take the parcel, or undefined when it can. */
export function unavailableReason(
  service: ShippingServiceDefinition,
  weightGrams: number,
  fromCountry: string,
  toCountry: string,
): string | undefined {
  if (service.domesticOnly && fromCountry !== toCountry) {
    return `${service.carrierName} has no international service (${fromCountry} to ${toCountry})`;
  }
  if (weightGrams > service.maxWeightGrams) {
    return `Parcel too heavy: ${service.name} takes parcels up to ${service.maxWeightGrams / 1000} kg`;
  }
  return undefined;
}

export function serviceOptions(
  service: ShippingServiceDefinition,
  international: boolean,
  currency: string,
): ServiceOption[] {
  const options: ServiceOption[] = [];
  if (service.confirmation !== 'none') {
    const values: ServiceOptionValue[] = [
      { value: 'SIGNATURE', label: 'Signature on delivery', price: 1.5, currency },
    ];
    if (service.confirmation === 'both') {
      values.unshift({ value: 'DELIVERY_CONFIRMATION', label: 'Delivery confirmation', price: 0, currency });
    }
    options.push({
      key: CONFIRMATION_KEY,
      label: 'Confirmation',
      type: 'select',
      values,
      default: null,
      multiple: false,
    });
  }
  if (service.insurance) {
    options.push({
      key: LIABILITY_KEY,
      label: 'Insurance',
      type: 'number',
      validation: { min: 100, max: 5000 },
      unit: currency,
      default: null,
      multiple: false,
    });
  }
  if (service.description === 'always' || (service.description === 'international' && international)) {
    options.push({
      key: DESCRIPTION_KEY,
      label: 'Shipment description',
      type: 'text',
      maxLength: 100,
      default: null,
      multiple: false,
    });
  }
  return options;
}

/** The price of the options chosen at booking (signature, insurance at 1.5% of the amount). */
export function optionCharges(
  options: ServiceOption[],
  chosen: Record<string, unknown>,
): { id: string; value: number }[] {
  const charges: { id: string; value: number }[] = [];
  for (const option of options) {
    const value = chosen[option.key];
    if (value === undefined || value === null || value === '') continue;
    if (option.type === 'select') {
      const picked = option.values?.find((candidate) => candidate.value === value);
      if (picked && picked.price > 0) charges.push({ id: `VAS_${picked.value}`, value: picked.price });
    } else if (option.type === 'number' && option.key === LIABILITY_KEY) {
      charges.push({ id: 'INSURANCE', value: round2(Number(value) * 0.015) });
    }
  }
  return charges;
}

export function serviceById(serviceId: string): ShippingServiceDefinition | undefined {
  return SHIPPING_SERVICES.find((service) => service.serviceId === serviceId);
}
