/**
 * `commerce-ops-elements`: the element classes, the API client, the OAuth helpers and their
 * types. Importing this module registers no element: import `commerce-ops-elements/<tag>.js` or
 * `commerce-ops-elements/all.js` for that, or register a class under a name of your own.
 */
export { AllocationForm } from './elements/allocation-form/allocation-form.js';
export {
  AllocationCreatedEvent,
  AllocationDeletedEvent,
  StockUpdatedEvent,
  type AllocationCreatedDetail,
  type AllocationDeletedDetail,
  type StockUpdatedDetail,
} from './elements/allocation-form/allocation-form.events.js';
export { ConnectAccount } from './elements/connect-account/connect-account.js';
export {
  AccountConnectedEvent,
  AccountDisconnectedEvent,
  type AccountConnectedDetail,
  type AccountDisconnectedDetail,
} from './elements/connect-account/connect-account.events.js';
export { LabelBatch } from './elements/label-batch/label-batch.js';
export {
  LabelsPurchasedEvent,
  type BatchFailure,
  type BatchLabel,
  type LabelsPurchasedDetail,
} from './elements/label-batch/label-batch.events.js';
export { LabelDownloader } from './elements/label-downloader/label-downloader.js';
export {
  LabelPurchasedEvent,
  RatesRequestedEvent,
  type LabelPurchasedDetail,
  type RatesRequestedDetail,
} from './elements/label-downloader/label-downloader.events.js';
export { ListingLinker } from './elements/listing-linker/listing-linker.js';
export {
  ListingLinkedEvent,
  type ListingLinkedDetail,
} from './elements/listing-linker/listing-linker.events.js';
export { OrderCard } from './elements/order-card/order-card.js';
export {
  CustomerUpdatedEvent,
  DeliveryMethodUpdatedEvent,
  NoteAddedEvent,
  type CustomerUpdatedDetail,
  type DeliveryMethodUpdatedDetail,
  type NoteAddedDetail,
} from './elements/order-card/order-card.events.js';
export { OrderList } from './elements/order-list/order-list.js';
export {
  OrderSelectedEvent,
  SelectionChangeEvent,
  type OrderSelectedDetail,
  type SelectionChangeDetail,
} from './elements/order-list/order-list.events.js';
export { PackCheck } from './elements/pack-check/pack-check.js';
export {
  ItemScannedEvent,
  PackVerifiedEvent,
  ScanRejectedEvent,
  type ItemScannedDetail,
  type PackVerifiedDetail,
  type ScanRejectedDetail,
} from './elements/pack-check/pack-check.events.js';
export { PickList } from './elements/pick-list/pick-list.js';
export {
  PickListCompleteEvent,
  RowPickedEvent,
  type PickListCompleteDetail,
  type RowPickedDetail,
} from './elements/pick-list/pick-list.events.js';
export { ProductEditor } from './elements/product-editor/product-editor.js';
export {
  ProductUpdatedEvent,
  type ProductUpdatedDetail,
} from './elements/product-editor/product-editor.events.js';
export { RatePicker } from './elements/rate-picker/rate-picker.js';
export { ShipOrder } from './elements/ship-order/ship-order.js';
export { OrderShippedEvent, type OrderShippedDetail } from './elements/ship-order/ship-order.events.js';
export {
  RateClearedEvent,
  RateSelectedEvent,
  type RateClearedDetail,
  type RateSelectedDetail,
} from './elements/rate-picker/rate-picker.events.js';

export { OpsEvent, RequestErrorEvent, type RequestErrorDetail } from './shared/events.js';
export { defineElement } from './shared/define.js';
export { registerTranslation } from './shared/translations.js';
export type { PartialTranslation, Translation } from './shared/locale.js';
// Each messages module adds its namespace to `Translation`; these exports bring them all in.
export type { CommonMessages } from './shared/messages.js';
export type { AllocationFormMessages } from './elements/allocation-form/allocation-form.messages.js';
export type { ConnectAccountMessages } from './elements/connect-account/connect-account.messages.js';
export type { LabelBatchMessages } from './elements/label-batch/label-batch.messages.js';
export type { LabelBatchActionsMessages } from './elements/label-batch/batch-actions.messages.js';
export type { LabelDownloaderMessages } from './elements/label-downloader/label-downloader.messages.js';
export type { ListingLinkerMessages } from './elements/listing-linker/listing-linker.messages.js';
export type { OrderCardMessages } from './elements/order-card/order-card.messages.js';
export type { OrderCardEditorsMessages } from './elements/order-card/order-editors.messages.js';
export type { OrderListMessages } from './elements/order-list/order-list.messages.js';
export type { PackCheckMessages } from './elements/pack-check/pack-check.messages.js';
export type { PickListMessages } from './elements/pick-list/pick-list.messages.js';
export type { ProductEditorMessages } from './elements/product-editor/product-editor.messages.js';
export type { RatePickerMessages } from './elements/rate-picker/rate-picker.messages.js';
export type { RatePickerResultsMessages } from './elements/rate-picker/rate-results.messages.js';
export type { ShipOrderMessages } from './elements/ship-order/ship-order.messages.js';
export { clearStoredLabels, type LabelStoreOutcome } from './shipping/label-storage.js';
export * from './api/index.js';
export * from './auth/index.js';
export { version } from './version.js';
