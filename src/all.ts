/**
 * `commerce-ops-elements/all.js`: registers every element under its own tag (a tag that is taken
 * already is left alone) and re-exports the classes. One line per element.
 */
export { AllocationForm } from './allocation-form.js';
export { ConnectAccount } from './connect-account.js';
export { LabelBatch } from './label-batch.js';
export { LabelDownloader } from './label-downloader.js';
export { ListingLinker } from './listing-linker.js';
export { OrderCard } from './order-card.js';
export { OrderList } from './order-list.js';
export { PackCheck } from './pack-check.js';
export { PickList } from './pick-list.js';
export { ProductEditor } from './product-editor.js';
export { RatePicker } from './rate-picker.js';
export { ShipOrder } from './ship-order.js';
