/**
 * Identifiers and credentials of the sandbox's seed data. Pure data with no imports, so browser
 * tests can import it to name the records they drive without pulling in the sandbox itself.
 */

/** Credentials every sandbox accepts (see CONTRIBUTING, "Sandbox contract"). */
export const SANDBOX_CREDENTIALS = {
  apiKey: 'sandbox-api-key',
  accessToken: 'sandbox-access-token',
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-client-secret',
  appToken: 'sandbox-app-token',
  /** Name shown on the OAuth approval page for `clientId`. */
  appName: 'Sandbox Shipping App',
} as const;

export const SEED_IDS = {
  company: 21314,
  /** The account owner: every credential acts as this user (notes' and allocations' author). */
  user: 23005,
  warehouses: {
    /** Default warehouse, in GB. */
    london: 22668,
    manchester: 22669,
    rotterdam: 22670,
  },
  channels: {
    /** `direct`, GBP. */
    webShop: 45465,
    /** `point_of_sale`, GBP. */
    marketStall: 45466,
    /** `direct`, USD. */
    usWebShop: 49758,
    /** `custom_integration`, GBP: the only store that accepts new listings. */
    makersMarket: 49760,
  },
  /** Channel products already present in the `custom_integration` store. */
  channelProducts: {
    beanie: 987001,
    mug: 987002,
  },
  /** Listings (channel sellables) already present in the `custom_integration` store. */
  channelSellables: {
    beanieCharcoal: 123001,
    mugWhite: 123002,
  },
  products: {
    beanie: 8636401,
    mug: 8636402,
    tote: 8636403,
    pourOver: 8636404,
    teaTowel: 8636405,
    notebook: 8636406,
    skillet: 8636407,
    candle: 8636408,
    kitchenKit: 8636409,
    /** Holds the 1,000 generated variants of the large order. */
    partsAssortment: 8636410,
    /** No weight and no customs details (origin, tariff number) yet. */
    apron: 8636411,
    /** Stoneware tableware: what the pick-list orders hold, in bins of their own. */
    tableware: 8636412,
    picnicKit: 8636413,
  },
  /** Product variants (sellables), with their SKU in the comment. */
  sellables: {
    /** BEANIE-CHA: stock 40 London, 12 Manchester. */
    beanieCharcoal: 14144701,
    /** BEANIE-MUS: stock 3 London (low), 0 Manchester. */
    beanieMustard: 14144702,
    /** MUG-ENM-WHT: stock 60 London, 25 Rotterdam. */
    mugWhite: 14144703,
    /** TOTE-NAT: stock 18 London. */
    toteNatural: 14144704,
    /** TOTE-BLK: stock 0 everywhere. */
    toteBlack: 14144705,
    /** POUR-SET: stock 7 London, 2 Manchester. */
    pourOverSet: 14144706,
    /** TOWEL-SAG: stock 30 London, 10 Manchester. */
    teaTowelSage: 14144707,
    /** TOWEL-OAT: stock 4 London (low). */
    teaTowelOat: 14144708,
    /** NOTE-A5-TAN: stock 9 Manchester only. */
    notebookTan: 14144709,
    /** SKILLET-26 (3.2 kg): stock 6 London. */
    skillet: 14144710,
    /** CANDLE-S: stock 50 London. */
    candleSmall: 14144711,
    /** CANDLE-L: stock 20 London. */
    candleLarge: 14144712,
    /** APRON-NAT: no weight, no customs details; stock 8 London. */
    apronNatural: 14144713,
    /** BOWL-S: stock 40 London (bin A-9), 10 Manchester (bin M-2). */
    bowlSmall: 14144714,
    /** BOWL-L: stock 30 London (bin A-10). */
    bowlLarge: 14144715,
    /** PLATE-SIDE: stock 30 London (bin a-2: bins compare with case ignored). */
    sidePlate: 14144716,
    /** NAPKIN-LIN: stock 40 London, with no bin location. */
    napkin: 14144717,
    /** CUP-ESP: stock 1 London (bin B-1): too few for every order that wants it. */
    espressoCup: 14144718,
  },
  /** The kit (bundle) sellable, KIT-KITCHEN, and its contents. */
  kits: {
    kitchenStarter: 14144720,
    /** KIT-PICNIC, the Picnic Set: two small bowls, two side plates and a napkin; 10 built at London. */
    picnic: 14144721,
  },
  kitContents: {
    mugs: 5550001,
    towels: 5550002,
    skillet: 5550003,
    picnicBowls: 5550004,
    picnicPlates: 5550005,
    picnicNapkin: 5550006,
  },
  /** Product property ids used by variant options and property values. */
  productProperties: {
    colour: 58230,
    size: 58231,
    material: 58232,
  },
  customers: {
    /** London, GB. */
    ameliaHart: 12137221,
    /** Manchester, GB. */
    oliverBennett: 12137222,
    /** Leeds, GB. */
    priyaNatarajan: 12137223,
    /** New York, US. */
    jordanMiles: 12137224,
    /** Bristol, GB, wholesale. */
    harbourWorkshop: 12137225,
    /** Seattle, US, with no phone or mobile: the customer of the order missing customs details. */
    caseyMorgan: 12137226,
  },
  deliveryMethods: {
    standard: 171784,
    express: 171785,
    internationalTracked: 171786,
    collect: 171787,
  },
  tags: {
    priority: 4101,
    giftWrap: 4102,
    wholesale: 4103,
    fragile: 4104,
  },
  orders: {
    /** Domestic GB, three line items, nothing allocated. */
    unallocated: 13359601,
    /** Domestic GB, two line items, the first allocated at London. */
    partlyAllocated: 13359602,
    /** Domestic GB, fully allocated at London: ready to ship. */
    allocated: 13359603,
    /** To the US, on the USD store, nothing allocated. */
    international: 13359604,
    /** Domestic GB with a customer note and two employee notes. */
    withNotes: 13359605,
    /** 1,000 line items, nothing allocated. */
    large: 13359606,
    /** `awaiting_payment`: paid by bank transfer, not yet received; nothing allocated. */
    awaitingPayment: 13359607,
    /** `shipped`: allocated at London with a Parcelway label (tracking number in the shipment). */
    shipped: 13359608,
    /** `on_hold`, nothing allocated. */
    onHold: 13359609,
    /** `cancelled`, with `cancelled_at` and `cancel_reason`. */
    cancelled: 13359610,
    /** `refunded`, with `refund_amount`. */
    refunded: 13359611,
    /**
     * To the US, nothing allocated: the apron (no weight, no country of origin or tariff number)
     * and the kitchen kit, whose sellable carries its `kit_contents`; its customer has no phone.
     */
    customsMissing: 13359612,
    /**
     * For the pick list, with a customer note: at London two small bowls, a large bowl and two
     * napkins; its espresso cup not allocated.
     */
    pickBowls: 13359613,
    /**
     * For the pick list: at London a small bowl, a side plate and a Picnic Set (a kit, picked as
     * its parts); at Manchester a second small bowl.
     */
    pickPicnic: 13359614,
  },
  /** Allocations present in the seed. */
  allocations: {
    partlyAllocatedTowels: 10214601,
    allocatedLondon: 10214602,
    /** The shipped order's allocation, which has a shipment. */
    shippedLondon: 10214603,
    pickBowlsLondon: 10214604,
    pickPicnicLondon: 10214605,
    pickPicnicManchester: 10214606,
  },
  /**
   * Barcodes (`upc_code`) that differ from the rule `variantBarcode()` follows: the apron's is a
   * UPC-A (a scanner set to EAN-13 reads it with a leading 0), the kit's sellable has its own.
   */
  barcodes: {
    apronUpcA: '036000291452',
    kitchenKit: '5060000000017',
  },
  /** Tracking number of the seeded shipped order's label. */
  shippedTrackingNumber: 'PW0010214603GB',
  /** Shipping configurations (`attributes.id`; the JSON:API `id` is the string form). */
  shippingConfigs: {
    parcelway: 7101,
    swiftCourier: 7102,
    economyPost: 7103,
    /** Connected but not shown when shipping. */
    parcelwayReturns: 7104,
    /** Not connected. */
    freightline: 7105,
    /** Requires reconnecting. */
    marketplaceShipping: 7106,
  },
} as const;

/** Sample line items and totals of the seeded orders, handy for assertions. */
export const SEED_ORDER_NUMBERS = {
  unallocated: 'SB-1001',
  partlyAllocated: 'SB-1002',
  allocated: 'SB-1003',
  international: 'SB-1004',
  withNotes: 'SB-1005',
  large: 'SB-1006',
  awaitingPayment: 'SB-1007',
  shipped: 'SB-1008',
  onHold: 'SB-1009',
  cancelled: 'SB-1010',
  refunded: 'SB-1011',
  customsMissing: 'SB-1012',
  pickBowls: 'SB-1013',
  pickPicnic: 'SB-1014',
} as const;

/** Number of line items of the large order. */
export const LARGE_ORDER_LINE_ITEMS = 1000;

/** The named orders of `SEED_IDS.orders`. */
export const NAMED_ORDER_COUNT = 14;

/**
 * Generated older orders besides the named ones (ids from 13360001, numbers from `SB-2001`), so
 * an order list has pages to turn: 14 named + 110 = 124 orders.
 */
export const ORDER_HISTORY_COUNT = 110;

/**
 * The barcode (`upc_code`) of a seeded variant: an EAN-13 of `50` and its id padded to 11 digits.
 * The tan notebook has none, and the apron has `SEED_IDS.barcodes.apronUpcA`.
 */
export function variantBarcode(sellableId: number): string {
  return `50${String(sellableId).padStart(11, '0')}`;
}
