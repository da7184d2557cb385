/**
 * One function per endpoint, each taking a client first (`ClientCore`: `createClient()`,
 * `getDefaultClient()` or an element's `client`) and an optional last `{ signal }`. A bundler
 * keeps only the functions a page calls, with the schemas they validate with.
 */
export { exchangeAuthorizationCode, getCurrentUser } from './auth.js';
export { updateKitContent, updateProduct, updateProductPropertyValue, updateStockEntry } from './catalog.js';
export { createChannel, listAllChannels, listChannels } from './channels.js';
export { updateCustomer, updateDeliveryMethod } from './customers.js';
export { createChannelSellable, listChannelSellables } from './listings.js';
export type { ChannelSellablePage } from './listings.js';
export { createAllocation, deleteAllocation } from './allocations.js';
export type { AllocationInput } from './allocations.js';
export { listOrders } from './order-listing.js';
export { addOrderNote, getOrder } from './orders.js';
export type { GetOrderOptions } from './orders.js';
export { bookShipments, createShipment } from './booking.js';
export { getRates, listShippingConfigs } from './shipping.js';
export { getSession } from './session.js';
export { listPrinters, sendPrintJob } from './printers.js';
export type { PrintDocument } from './printers.js';
export { getTag, listTags } from './tags.js';
