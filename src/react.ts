/**
 * `commerce-ops-elements/react`: React components wrapping the elements (`@lit/react`), with
 * properties as props and events as `on…` props (`onNoteAdded`, `onRequestError`, …). Importing
 * this module registers the elements under their own tags, which the wrappers render.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { AllocationForm as AllocationFormElement } from './allocation-form.js';
import { ConnectAccount as ConnectAccountElement } from './connect-account.js';
import { LabelBatch as LabelBatchElement } from './label-batch.js';
import { LabelDownloader as LabelDownloaderElement } from './label-downloader.js';
import { ListingLinker as ListingLinkerElement } from './listing-linker.js';
import { OrderCard as OrderCardElement } from './order-card.js';
import { OrderList as OrderListElement } from './order-list.js';
import { PackCheck as PackCheckElement } from './pack-check.js';
import { ProductEditor as ProductEditorElement } from './product-editor.js';
import { RatePicker as RatePickerElement } from './rate-picker.js';
import { ShipOrder as ShipOrderElement } from './ship-order.js';
import type {
  AllocationCreatedEvent,
  AllocationDeletedEvent,
  StockUpdatedEvent,
} from './elements/allocation-form/allocation-form.events.js';
import type {
  AccountConnectedEvent,
  AccountDisconnectedEvent,
} from './elements/connect-account/connect-account.events.js';
import type { LabelsPurchasedEvent } from './elements/label-batch/label-batch.events.js';
import type {
  LabelPurchasedEvent,
  RatesRequestedEvent,
} from './elements/label-downloader/label-downloader.events.js';
import type {
  ListingLinkedEvent,
  StoreCreatedEvent,
} from './elements/listing-linker/listing-linker.events.js';
import type {
  CustomerUpdatedEvent,
  DeliveryMethodUpdatedEvent,
  NoteAddedEvent,
} from './elements/order-card/order-card.events.js';
import type { OrderSelectedEvent, SelectionChangeEvent } from './elements/order-list/order-list.events.js';
import type {
  ItemScannedEvent,
  PackVerifiedEvent,
  ScanRejectedEvent,
} from './elements/pack-check/pack-check.events.js';
import type { ProductUpdatedEvent } from './elements/product-editor/product-editor.events.js';
import type { RateClearedEvent, RateSelectedEvent } from './elements/rate-picker/rate-picker.events.js';
import type { OrderShippedEvent } from './elements/ship-order/ship-order.events.js';
import type { RequestErrorEvent } from './shared/events.js';

/** Every element reports failed requests. */
const requestError = { onRequestError: 'request-error' as EventName<RequestErrorEvent> };

export const OrderCard = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'order-card',
  elementClass: OrderCardElement,
  displayName: 'OrderCard',
  events: {
    ...requestError,
    onNoteAdded: 'note-added' as EventName<NoteAddedEvent>,
    onCustomerUpdated: 'customer-updated' as EventName<CustomerUpdatedEvent>,
    onDeliveryMethodUpdated: 'delivery-method-updated' as EventName<DeliveryMethodUpdatedEvent>,
    onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent>,
  },
});

export const OrderList = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'order-list',
  elementClass: OrderListElement,
  displayName: 'OrderList',
  events: {
    ...requestError,
    onOrderSelected: 'order-selected' as EventName<OrderSelectedEvent>,
    onSelectionChange: 'selection-change' as EventName<SelectionChangeEvent>,
  },
});

export const AllocationForm = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'allocation-form',
  elementClass: AllocationFormElement,
  displayName: 'AllocationForm',
  events: {
    ...requestError,
    onAllocationCreated: 'allocation-created' as EventName<AllocationCreatedEvent>,
    onAllocationDeleted: 'allocation-deleted' as EventName<AllocationDeletedEvent>,
    onStockUpdated: 'stock-updated' as EventName<StockUpdatedEvent>,
  },
});

export const RatePicker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'rate-picker',
  elementClass: RatePickerElement,
  displayName: 'RatePicker',
  events: {
    ...requestError,
    onRateSelected: 'rate-selected' as EventName<RateSelectedEvent>,
    onRateCleared: 'rate-cleared' as EventName<RateClearedEvent>,
  },
});

export const LabelDownloader = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'label-downloader',
  elementClass: LabelDownloaderElement,
  displayName: 'LabelDownloader',
  events: {
    ...requestError,
    onLabelPurchased: 'label-purchased' as EventName<LabelPurchasedEvent>,
    onRatesRequested: 'rates-requested' as EventName<RatesRequestedEvent>,
  },
});

export const LabelBatch = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'label-batch',
  elementClass: LabelBatchElement,
  displayName: 'LabelBatch',
  events: { ...requestError, onLabelsPurchased: 'labels-purchased' as EventName<LabelsPurchasedEvent> },
});

export const ListingLinker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'listing-linker',
  elementClass: ListingLinkerElement,
  displayName: 'ListingLinker',
  events: {
    ...requestError,
    onListingLinked: 'listing-linked' as EventName<ListingLinkedEvent>,
    onStoreCreated: 'store-created' as EventName<StoreCreatedEvent>,
  },
});

export const ConnectAccount = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'connect-account',
  elementClass: ConnectAccountElement,
  displayName: 'ConnectAccount',
  events: {
    ...requestError,
    onAccountConnected: 'account-connected' as EventName<AccountConnectedEvent>,
    onAccountDisconnected: 'account-disconnected' as EventName<AccountDisconnectedEvent>,
  },
});

export const ProductEditor = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'product-editor',
  elementClass: ProductEditorElement,
  displayName: 'ProductEditor',
  events: { ...requestError, onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent> },
});

export const PackCheck = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'pack-check',
  elementClass: PackCheckElement,
  displayName: 'PackCheck',
  events: {
    ...requestError,
    onItemScanned: 'item-scanned' as EventName<ItemScannedEvent>,
    onScanRejected: 'scan-rejected' as EventName<ScanRejectedEvent>,
    onPackVerified: 'pack-verified' as EventName<PackVerifiedEvent>,
  },
});

export const ShipOrder = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'ship-order',
  elementClass: ShipOrderElement,
  displayName: 'ShipOrder',
  events: {
    ...requestError,
    onOrderShipped: 'order-shipped' as EventName<OrderShippedEvent>,
    onNoteAdded: 'note-added' as EventName<NoteAddedEvent>,
    onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent>,
    onAllocationCreated: 'allocation-created' as EventName<AllocationCreatedEvent>,
    onAllocationDeleted: 'allocation-deleted' as EventName<AllocationDeletedEvent>,
    onStockUpdated: 'stock-updated' as EventName<StockUpdatedEvent>,
    onRateSelected: 'rate-selected' as EventName<RateSelectedEvent>,
    onRateCleared: 'rate-cleared' as EventName<RateClearedEvent>,
    onLabelPurchased: 'label-purchased' as EventName<LabelPurchasedEvent>,
    onRatesRequested: 'rates-requested' as EventName<RatesRequestedEvent>,
  },
});
