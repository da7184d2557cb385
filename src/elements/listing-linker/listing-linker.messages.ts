import { defineMessages } from '../../shared/locale.js';

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
  storeName: 'Store name',
  storeNameHint: 'A store of the type “custom integration”, which takes listings.',
  storeNameRequired: 'Enter a name for the store.',
  saveStore: 'Save store',
  savingStore: 'Saving store…',
  storeCreated: (name: string) => `Store “${name}” created and chosen.`,
  storeNotCreated: 'The store was not created.',
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
  storeRequired: 'Choose the store the listing belongs to.',
  skuRequired: 'Enter the SKU the listing has in the store.',
  priceInvalid: 'Enter a price of 0 or more, for example 12.50.',
  barcodeInvalid: 'Enter the barcode as digits only: 8, 12, 13 or 14 of them.',
  weightInvalid: 'Enter a weight in grams of 0 or more.',
  sellableIdRequired: 'Enter the id of the product variant this listing sells.',
  channelProductRequired: 'Enter the id of the channel product to link to.',
  channelProductTitleRequired: 'Enter a title for the new channel product.',
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

/** English text of <listing-linker>; a translation gives these keys with the same parameters. */
export type ListingLinkerMessages = typeof en;

declare module '../../shared/locale.js' {
  interface Translation {
    'listing-linker': ListingLinkerMessages;
  }
}

export const listingLinkerMessages = defineMessages('listing-linker', en);
