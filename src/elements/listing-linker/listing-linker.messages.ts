import { defineMessages } from '../../shared/locale.js';
import type { ResolvedLocale } from '../../shared/locale.js';
import type { LinkCheckMessages } from './link-submit.js';
import type { StoreFormMessages } from './store-form.js';

const en = {
  heading: 'Link a listing',
  loadingStores: 'Loading stores…',
  storesNotLoaded: 'The stores could not be loaded.',
  store: 'Store',
  chooseStore: 'Choose a store',
  noStores: 'No store can take listings yet.',
  noStoresHint:
    'Listings can only be created in stores of the type “custom integration”. Create one with “Create store”.',
  createStore: 'Create store',
  storesForbidden: 'Your role does not allow creating stores.',
  cancel: 'Cancel',
  storeFormNotLoaded: 'The form for a new store could not be loaded.',
  remoteSku: 'Remote SKU',
  remoteSkuHint: 'Required.',
  remoteTitle: 'Remote title',
  remotePrice: 'Remote price',
  remoteId: 'Remote id',
  barcode: 'Barcode (UPC)',
  weight: 'Weight (grams)',
  linkMode: 'Link mode',
  modeAutolink: 'By SKU (recommended)',
  modeAutolinkHint: 'Finds the product variant whose SKU matches and creates one when there is none.',
  modeExisting: 'To an existing channel product',
  modeExistingHint: 'Adds the listing to a channel product the store already has.',
  modeNew: 'To a new channel product',
  modeNewHint: 'Creates a channel product in the store for this listing.',
  sellableId: 'Product variant id',
  sellableIdHint: 'The variant in the catalog this listing sells.',
  channelProductId: 'Channel product id',
  channelProductTitle: 'Channel product title',
  channelProductDescription: 'Channel product description',
  previewHeading: (sku: string) => `Linking creates the listing ${sku}:`,
  previewTitle: (title: string) => `Title: “${title}”.`,
  previewNoTitle:
    'Title: none of its own. The store shows the title of the catalog variant with this SKU, or the SKU when a variant is created for it.',
  previewPrice: (price: string) => `Price: ${price}.`,
  previewNoPrice: (price: string) =>
    `Price: ${price}, as none is entered (the catalog price is not taken). Enter the price the store sells it at.`,
  linkListing: 'Link listing',
  linking: 'Linking listing…',
  notLinked: 'The listing was not linked.',
  checkFields: 'Check the marked fields.',
  linked: (sku: string, title: string) =>
    title ? `Listing ${sku} “${title}” linked.` : `Listing ${sku} linked.`,
  listings: 'Listings in this store',
  findSku: 'Find by remote SKU',
  find: 'Find',
  showAll: 'Show all',
  filteredBy: (sku: string) => `Showing listings with the remote SKU ${sku}.`,
  loadingListings: 'Loading listings…',
  listingsNotLoaded: 'The listings could not be loaded.',
  noListings: 'This store has no listings yet.',
  noMatches: (sku: string) => `No listing has the remote SKU ${sku}.`,
  colSku: 'Remote SKU',
  colTitle: 'Title',
  colPrice: 'Price',
  colInventory: 'Shown in store',
  colActive: 'Status',
  colProduct: 'Linked product',
  active: 'Active',
  inactive: 'Inactive',
  newBadge: 'New',
  productRef: (id: string) => `Product ${id}`,
  pageSize: 'Listings per page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
  listingCount: (count: string) => `${count} listings`,
  oneListing: '1 listing',
  pager: 'Listing pages',
};

/**
 * English text of <listing-linker>; a translation gives these keys with the same parameters. The
 * keys of the store form and of the checks of "Link listing" are in the same namespace, with their
 * English in store-form.ts and link-submit.ts, which are loaded on demand rather than with the
 * element.
 */
export type ListingLinkerMessages = typeof en & StoreFormMessages & LinkCheckMessages;

declare module '../../shared/locale.js' {
  interface Translation {
    'listing-linker': ListingLinkerMessages;
  }
}

/** The element's own keys: those of the store form and of the checks come with them. */
export const listingLinkerMessages: (locale: ResolvedLocale) => typeof en = defineMessages(
  'listing-linker',
  en as ListingLinkerMessages,
);
