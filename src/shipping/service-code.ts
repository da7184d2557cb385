/**
 * What booking by service code (`POST /shipments`, label-downloader's `service-code`) runs with
 * beyond `BOOKING_KIT`: loaded with `import()` on its first "Buy label", as few pages use it.
 */
import { createShipment } from '../api/endpoints/shipping.js';
import { shipmentInputFrom } from './shipment-input.js';

export const SERVICE_CODE_KIT = { createShipment, shipmentInputFrom };
