/**
 * `commerce-ops-elements/react`: React components wrapping the elements (`@lit/react`), with
 * properties as props and each event as an `on…` prop typed with its class (`onNoteAdded`
 * receives a `NoteAddedEvent`). Importing this module registers the elements under their own
 * tags, which the wrappers render.
 *
 * Generated from the custom elements manifest by scripts/react-wrappers.ts; do not edit. After
 * changing an element's tag, class or `@fires` tags, run
 * `npx tsx scripts/react-wrappers.ts`: the build fails while this file is out of date.
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
import { PickList as PickListElement } from './pick-list.js';
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
import type { PickListCompleteEvent, RowPickedEvent } from './elements/pick-list/pick-list.events.js';
import type { ProductUpdatedEvent } from './elements/product-editor/product-editor.events.js';
import type { RateClearedEvent, RateSelectedEvent } from './elements/rate-picker/rate-picker.events.js';
import type { OrderShippedEvent } from './elements/ship-order/ship-order.events.js';
import type { RequestErrorEvent } from './shared/events.js';
import type { LabelPrintedEvent } from './shared/print.events.js';

/** Allocates order line items to a warehouse and removes allocations. */
export const AllocationForm = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'allocation-form',
  elementClass: AllocationFormElement,
  displayName: 'AllocationForm',
  events: {
    /** An allocation was made. `detail`: `{ order, allocation }`. */
    onAllocationCreated: 'allocation-created' as EventName<AllocationCreatedEvent>,
    /** An allocation was removed. `detail`: `{ order, allocationId }`. */
    onAllocationDeleted: 'allocation-deleted' as EventName<AllocationDeletedEvent>,
    /**
     * A stock level was corrected. `detail`: `{ sellableId, warehouseId, stockEntry }` (the entry
     * as the API returned it).
     */
    onStockUpdated: 'stock-updated' as EventName<StockUpdatedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** A "Connect account" button: OAuth sign-in in a popup, then the page's elements use the token. */
export const ConnectAccount = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'connect-account',
  elementClass: ConnectAccountElement,
  displayName: 'ConnectAccount',
  events: {
    /**
     * The user connected the account and `GET /current_user` answered. `detail`: `{ connected:
     * true, user }`, the user as that answer has it (never the token).
     */
    onAccountConnected: 'account-connected' as EventName<AccountConnectedEvent>,
    /** The account was disconnected. `detail`: `{ connected: false }`. */
    onAccountDisconnected: 'account-disconnected' as EventName<AccountDisconnectedEvent>,
    /**
     * Signing in, or reading who signed in, failed. `detail`: `{ error }` (an `OpsError`;
     * `popup_blocked` carries the sign-in page as `error.url`).
     */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Buys shipping labels for up to 100 orders at once, with one rate chosen per order. */
export const LabelBatch = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'label-batch',
  elementClass: LabelBatchElement,
  displayName: 'LabelBatch',
  events: {
    /**
     * A "Buy labels" has its answers. `detail`: `{ successful, failed }`, each keyed by order id:
     * `{ trackingNumber, format, charges, carrier, service, remoteShipmentId }` for a bought label,
     * `{ errors, quoteExpired, mayHaveBought }` for an order that got none.
     */
    onLabelsPurchased: 'labels-purchased' as EventName<LabelsPurchasedEvent>,
    /**
     * A label went to the server's printer (`printer`). `detail`: `{ orderId, printerId, jobId,
     * state }`, `state` `sent`, `printed` or `failed`. Once per label, in the table's order.
     */
    onLabelPrinted: 'label-printed' as EventName<LabelPrintedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Buys, downloads and prints the shipping label for a chosen rate. */
export const LabelDownloader = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'label-downloader',
  elementClass: LabelDownloaderElement,
  displayName: 'LabelDownloader',
  events: {
    /**
     * A label was bought. `detail`: `{ trackingNumber, format, charges: { value, unit }, carrier,
     * service, remoteShipmentId }`. Once per label.
     */
    onLabelPurchased: 'label-purchased' as EventName<LabelPurchasedEvent>,
    /**
     * A label went to the server's printer (`printer`). `detail`: `{ orderId, printerId, jobId,
     * state }`, `state` `sent`, `printed` or `failed`.
     */
    onLabelPrinted: 'label-printed' as EventName<LabelPrintedEvent>,
    /**
     * "Get new rates" was pressed (the quote expired or was refused). `detail`: `{ selection }`.
     */
    onRatesRequested: 'rates-requested' as EventName<RatesRequestedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Links a store listing by SKU or to a channel product, and pages through the store's listings. */
export const ListingLinker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'listing-linker',
  elementClass: ListingLinkerElement,
  displayName: 'ListingLinker',
  events: {
    /** A listing was created. `detail`: `{ listing }`. */
    onListingLinked: 'listing-linked' as EventName<ListingLinkedEvent>,
    /** "Save store" created a store, now chosen. `detail`: `{ store }`. */
    onStoreCreated: 'store-created' as EventName<StoreCreatedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/**
 * Shows an order with its items, totals, allocations and notes; adds notes; edits its customer,
 * delivery method and products.
 */
export const OrderCard = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'order-card',
  elementClass: OrderCardElement,
  displayName: 'OrderCard',
  events: {
    /** A note was saved. `detail`: `{ note, orderId }`. */
    onNoteAdded: 'note-added' as EventName<NoteAddedEvent>,
    /** The customer was saved. `detail`: `{ customer, orderId }`. */
    onCustomerUpdated: 'customer-updated' as EventName<CustomerUpdatedEvent>,
    /** The delivery method was saved. `detail`: `{ deliveryMethod, orderId }`. */
    onDeliveryMethodUpdated: 'delivery-method-updated' as EventName<DeliveryMethodUpdatedEvent>,
    /**
     * From the `product-editor` opened by "Edit product …". `detail`: `{ product, sellableId }`.
     */
    onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Pages, filters and searches the account's orders; chooses one or several. */
export const OrderList = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'order-list',
  elementClass: OrderListElement,
  displayName: 'OrderList',
  events: {
    /** An order was chosen. `detail`: `{ orderId, order }`. */
    onOrderSelected: 'order-selected' as EventName<OrderSelectedEvent>,
    /** The checked orders changed (with `selectable`). `detail`: `{ orderIds }`. */
    onSelectionChange: 'selection-change' as EventName<SelectionChangeEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Counts an order's items as they are scanned into the parcel. */
export const PackCheck = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'pack-check',
  elementClass: PackCheckElement,
  displayName: 'PackCheck',
  events: {
    /**
     * An item was counted. `detail`: `{ orderId, sellableId, code, count, expected }` (`code` null
     * when counted by hand).
     */
    onItemScanned: 'item-scanned' as EventName<ItemScannedEvent>,
    /** A scan did not count. `detail`: `{ orderId, code, reason }` (`unknown` or `complete`). */
    onScanRejected: 'scan-rejected' as EventName<ScanRejectedEvent>,
    /** Every item is counted, once. `detail`: `{ orderId, items: [{ sellableId, quantity }] }`. */
    onPackVerified: 'pack-verified' as EventName<PackVerifiedEvent>,
    /** Loading the order failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** A pick list for up to 100 orders: what to take from which bin at each warehouse. */
export const PickList = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'pick-list',
  elementClass: PickListElement,
  displayName: 'PickList',
  events: {
    /**
     * A row was ticked or cleared. `detail`: `{ sellableId, warehouseId, picked, kitId }` (`kitId`
     * the kit a component row is for, else null).
     */
    onRowPicked: 'row-picked' as EventName<RowPickedEvent>,
    /** Every row is ticked, once until "Start again". `detail`: `{ orderIds }`. */
    onPickListComplete: 'pick-list-complete' as EventName<PickListCompleteEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Edits a product's details, customs fields, variant, property values and bundle quantities. */
export const ProductEditor = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'product-editor',
  elementClass: ProductEditorElement,
  displayName: 'ProductEditor',
  events: {
    /** Changes were saved. `detail`: `{ product, sellableId }`. */
    onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Gets shipping quotes for an order's parcel and lets the seller choose one. */
export const RatePicker = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'rate-picker',
  elementClass: RatePickerElement,
  displayName: 'RatePicker',
  events: {
    /**
     * A quote was chosen, or its options changed. `detail`: `{ quote, remoteShipmentId,
     * requestToken, options, expiresAt, request, orderId, allocationId, optionsValid }`.
     */
    onRateSelected: 'rate-selected' as EventName<RateSelectedEvent>,
    /**
     * The chosen quote is gone (other order or request, or fresh rates without its service).
     * `detail`: `{ orderId }`.
     */
    onRateCleared: 'rate-cleared' as EventName<RateClearedEvent>,
    /** A request failed. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});

/** Takes an order from as it is to a label in hand: checks, fixes, allocation, rates, label. */
export const ShipOrder = /* @__PURE__ */ createComponent({
  react: React,
  tagName: 'ship-order',
  elementClass: ShipOrderElement,
  displayName: 'ShipOrder',
  events: {
    /**
     * The label purchase completed. `detail`: `{ orderId, labels }`, each label's `{
     * trackingNumber, format, charges, carrier, service, remoteShipmentId }` (never the file). Once
     * per purchase.
     */
    onOrderShipped: 'order-shipped' as EventName<OrderShippedEvent>,
    /** From the embedded `order-card`. */
    onNoteAdded: 'note-added' as EventName<NoteAddedEvent>,
    /** From a `product-editor` opened by a check's fix. */
    onProductUpdated: 'product-updated' as EventName<ProductUpdatedEvent>,
    /** From the embedded `allocation-form`. */
    onAllocationCreated: 'allocation-created' as EventName<AllocationCreatedEvent>,
    /** From the embedded `allocation-form`. */
    onAllocationDeleted: 'allocation-deleted' as EventName<AllocationDeletedEvent>,
    /** From the embedded `allocation-form`. */
    onStockUpdated: 'stock-updated' as EventName<StockUpdatedEvent>,
    /** From the embedded `rate-picker`. */
    onRateSelected: 'rate-selected' as EventName<RateSelectedEvent>,
    /** From the embedded `rate-picker`. */
    onRateCleared: 'rate-cleared' as EventName<RateClearedEvent>,
    /** From the embedded `label-downloader`. */
    onLabelPurchased: 'label-purchased' as EventName<LabelPurchasedEvent>,
    /** From the embedded `label-downloader`, with a `printer`. */
    onLabelPrinted: 'label-printed' as EventName<LabelPrintedEvent>,
    /** From the embedded `label-downloader`. */
    onRatesRequested: 'rates-requested' as EventName<RatesRequestedEvent>,
    /** A request failed, here or in an embedded element. `detail`: `{ error }` (an `OpsError`). */
    onRequestError: 'request-error' as EventName<RequestErrorEvent>,
  },
});
