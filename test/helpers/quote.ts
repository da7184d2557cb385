import type { Quote } from '../../src/api/index.js';

/** A quote as the client parses one, every member empty unless `fields` sets it. */
export function makeQuote(fields: Partial<Quote> = {}): Quote {
  return {
    rateId: null,
    carrierId: null,
    carrierName: null,
    serviceName: null,
    serviceId: null,
    serviceCarrier: null,
    totalCharge: null,
    currency: 'GBP',
    deliveryEstimate: null,
    ownAccount: false,
    protected: false,
    protections: [],
    charges: [],
    serviceOptions: [],
    pickupWindow: null,
    baseRate: null,
    credits: null,
    ...fields,
  };
}
