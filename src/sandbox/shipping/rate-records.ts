/**
 * What the sandbox keeps of a rates request and its quotes until they are booked: data only, so
 * the state that holds the records needs nothing of the code that makes them.
 */
import type { ServiceOption, ShippingServiceDefinition } from './services.js';

export interface ShippingAddressInput {
  name: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  line1: string | null;
  line2: string | null;
  town: string | null;
  postcode: string | null;
  country_code: string;
  county: string | null;
}

export interface ContentsItem {
  description: string;
  quantity: number;
  value: number;
  tariffCode: string | null;
  countryOfManufacture: string;
}

export interface StoredQuote {
  rateId: string;
  service: ShippingServiceDefinition;
  configId: number;
  base: number;
  total: number;
  charges: { id: string; title: string; price: number; type: 'MANDATORY' | 'OPTIONAL' }[];
  currency: string;
  deliveryEstimate: string;
  protections: string[];
  protected: boolean;
  options: ServiceOption[];
}

export interface RateRequestRecord {
  remoteShipmentId: string;
  requestToken: string;
  createdAt: number;
  expiresAt: number;
  toAddress: ShippingAddressInput;
  fromAddress: ShippingAddressInput;
  weightGrams: number;
  currency: string;
  customerReference: string | null;
  contents: ContentsItem[];
  quotes: StoredQuote[];
  /** Rate id booked from this request; a request's parcel is booked once. */
  bookedRateId: string | undefined;
}
