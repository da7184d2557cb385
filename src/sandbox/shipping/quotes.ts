/** Stored rate requests and their quotes; filled in by the rates endpoint. */

export interface ShippingAddressInput {
  name?: string;
  company?: string;
  phone?: string;
  email?: string;
  line1?: string;
  line2?: string;
  town?: string;
  postcode?: string;
  country_code: string;
  county?: string;
}

export interface RateRequestRecord {
  remoteShipmentId: string;
  requestToken: string;
  createdAt: number;
  expiresAt: number;
  toAddress: ShippingAddressInput;
  fromAddress: ShippingAddressInput;
  weightGrams: number;
  bookedRateId: string | undefined;
}
