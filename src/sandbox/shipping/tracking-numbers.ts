/**
 * The sandbox's tracking numbers: the service's first two letters, ten digits, `GB`. A leaf module,
 * so the quirks that spell them differently need not import the booking routes.
 */
import { SHIPPING_SERVICES } from './services.js';

export function trackingNumberFor(serviceId: string, id: number): string {
  const prefix = serviceId.slice(0, 2).toUpperCase();
  return `${prefix}${String(id).padStart(10, '0')}GB`;
}

/** The name of the carrier whose service a tracking number of `trackingNumberFor()` was made for. */
export function carrierOfTrackingNumber(tracking: string): string | undefined {
  return SHIPPING_SERVICES.find((service) => tracking.startsWith(service.serviceId.slice(0, 2).toUpperCase()))
    ?.carrierName;
}
