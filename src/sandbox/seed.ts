/**
 * The seed: one small, consistent seller account. Stock levels are set first and the seeded
 * allocations then go through the same code as `POST /orders/{id}/allocations`, so the stock
 * entries embedded in every line item agree with the orders from the first request on.
 */
import { applyAllocation } from './orders/allocate.js';
import { shipOrderByReference } from './orders/ship.js';
import { deliveryDate } from './shipping/quotes.js';
import {
  LARGE_ORDER_LINE_ITEMS,
  ORDER_HISTORY_COUNT,
  SEED_IDS,
  SEED_ORDER_NUMBERS,
  variantBarcode,
} from './seed-ids.js';
import { SandboxState } from './state.js';
import type { Address, Customer, Order, OrderLineItem, Product, Sellable, ShippingConfig } from './types.js';

/** Seed records are dated from here, so every sandbox starts identical whatever the clock says. */
const SEEDED_AT = '2025-05-12T09:30:00.000Z';
const at = (minutes: number): string => new Date(Date.parse(SEEDED_AT) + minutes * 60_000).toISOString();

const W = SEED_IDS.warehouses;
const S = SEED_IDS.sellables;
const P = SEED_IDS.products;
const PROP = SEED_IDS.productProperties;

/** A small SVG swatch as a data: URI: product images with no external host. */
function swatch(colour: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="12" fill="${colour}"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#fff">${label}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function address(id: number, fields: Partial<Address>): Address {
  return {
    id,
    first_name: null,
    last_name: null,
    company: null,
    address1: null,
    address2: null,
    city: null,
    country: null,
    state: null,
    zip: null,
    phone: null,
    email: null,
    ...fields,
  };
}

interface ProductSeed {
  id: number;
  title: string;
  description: string;
  origin_country: string | null;
  hs_tariff_number: string | null;
  image: string | null;
  tags?: number[];
  properties?: [number, string][];
  variants: VariantSeed[];
}

interface VariantSeed {
  id: number;
  title: string;
  sku: string;
  price: number;
  cost: number;
  grams: number;
  size: [number, number, number];
  colour?: string;
  /** Physical stock by warehouse id. */
  stock: [number, number][];
  minReorder?: number;
  /**
   * Its barcode (`upc_code`): an EAN-13 made from its id unless given here; '' for none. The
   * apron's is a 12-digit UPC-A, which a scanner set to EAN-13 reads with a leading 0.
   */
  barcode?: string;
  /**
   * Its bin at each warehouse it is stocked at (null: no location), where the default rule
   * (`Aisle <letter>-<n>` from its id) is not wanted.
   */
  bins?: Record<number, string | null>;
}

const PRODUCTS: ProductSeed[] = [
  {
    id: P.beanie,
    title: 'Merino Wool Beanie',
    description: 'Rib-knit beanie in soft merino wool, one size.',
    origin_country: 'GB',
    hs_tariff_number: '6505.00',
    image: swatch('#3c4a57', 'MB'),
    tags: [SEED_IDS.tags.giftWrap],
    properties: [[PROP.material, 'Merino wool']],
    variants: [
      {
        id: S.beanieCharcoal,
        title: 'Charcoal',
        sku: 'BEANIE-CHA',
        price: 18,
        cost: 7.5,
        grams: 120,
        size: [22, 2, 24],
        colour: 'Charcoal',
        stock: [
          [W.london, 40],
          [W.manchester, 12],
        ],
      },
      {
        id: S.beanieMustard,
        title: 'Mustard',
        sku: 'BEANIE-MUS',
        price: 18,
        cost: 7.5,
        grams: 120,
        size: [22, 2, 24],
        colour: 'Mustard',
        stock: [
          [W.london, 3],
          [W.manchester, 0],
        ],
        minReorder: 5,
      },
    ],
  },
  {
    id: P.mug,
    title: 'Enamel Camping Mug',
    description: 'Steel mug with a white enamel finish, 350 ml.',
    origin_country: 'PL',
    hs_tariff_number: '7323.94',
    image: swatch('#6b8fa3', 'EM'),
    variants: [
      {
        id: S.mugWhite,
        title: 'White',
        sku: 'MUG-ENM-WHT',
        price: 12.5,
        cost: 4.2,
        grams: 340,
        size: [12, 9, 9],
        colour: 'White',
        stock: [
          [W.london, 60],
          [W.rotterdam, 25],
        ],
      },
    ],
  },
  {
    id: P.tote,
    title: 'Canvas Tote Bag',
    description: 'Heavy cotton canvas tote with long handles.',
    origin_country: 'IN',
    hs_tariff_number: '4202.22',
    image: null,
    variants: [
      {
        id: S.toteNatural,
        title: 'Natural',
        sku: 'TOTE-NAT',
        price: 15,
        cost: 5,
        grams: 210,
        size: [38, 1, 42],
        colour: 'Natural',
        stock: [[W.london, 18]],
      },
      {
        id: S.toteBlack,
        title: 'Black',
        sku: 'TOTE-BLK',
        price: 15,
        cost: 5,
        grams: 210,
        size: [38, 1, 42],
        colour: 'Black',
        stock: [
          [W.london, 0],
          [W.manchester, 0],
        ],
      },
    ],
  },
  {
    id: P.pourOver,
    title: 'Ceramic Pour-Over Set',
    description: 'Dripper, carafe and two cups in matte stoneware.',
    origin_country: 'PT',
    hs_tariff_number: '6912.00',
    image: swatch('#a0785a', 'PO'),
    tags: [SEED_IDS.tags.fragile],
    variants: [
      {
        id: S.pourOverSet,
        title: '',
        sku: 'POUR-SET',
        price: 38,
        cost: 16,
        grams: 1450,
        size: [30, 20, 18],
        stock: [
          [W.london, 7],
          [W.manchester, 2],
        ],
        minReorder: 3,
      },
    ],
  },
  {
    id: P.teaTowel,
    title: 'Linen Tea Towel',
    description: 'Stonewashed linen, 50 × 70 cm.',
    origin_country: 'LT',
    hs_tariff_number: '6302.51',
    image: null,
    variants: [
      {
        id: S.teaTowelSage,
        title: 'Sage',
        sku: 'TOWEL-SAG',
        price: 9.5,
        cost: 3,
        grams: 90,
        size: [20, 1, 15],
        colour: 'Sage',
        stock: [
          [W.london, 30],
          [W.manchester, 10],
        ],
      },
      {
        id: S.teaTowelOat,
        title: 'Oat',
        sku: 'TOWEL-OAT',
        price: 9.5,
        cost: 3,
        grams: 90,
        size: [20, 1, 15],
        colour: 'Oat',
        stock: [[W.london, 4]],
        minReorder: 5,
      },
    ],
  },
  {
    id: P.notebook,
    title: 'Leather Notebook A5',
    description: 'Vegetable-tanned leather cover, 192 dotted pages.',
    origin_country: 'IT',
    hs_tariff_number: '4820.10',
    image: swatch('#b5835a', 'LN'),
    variants: [
      {
        id: S.notebookTan,
        title: 'Tan',
        sku: 'NOTE-A5-TAN',
        barcode: '',
        price: 24,
        cost: 9,
        grams: 400,
        size: [22, 16, 2],
        colour: 'Tan',
        stock: [[W.manchester, 9]],
      },
    ],
  },
  {
    id: P.skillet,
    title: 'Cast Iron Skillet 26 cm',
    description: 'Pre-seasoned cast iron pan for hob, oven and grill.',
    origin_country: 'CN',
    hs_tariff_number: '7321.11',
    image: swatch('#2b2b2b', 'CI'),
    tags: [SEED_IDS.tags.fragile],
    variants: [
      {
        id: S.skillet,
        title: '',
        sku: 'SKILLET-26',
        price: 45,
        cost: 19,
        grams: 3200,
        size: [45, 28, 6],
        stock: [[W.london, 6]],
      },
    ],
  },
  {
    id: P.candle,
    title: 'Beeswax Pillar Candle',
    description: 'Hand-poured English beeswax.',
    origin_country: 'GB',
    hs_tariff_number: '3406.00',
    image: null,
    properties: [[PROP.material, 'Beeswax']],
    variants: [
      {
        id: S.candleSmall,
        title: 'Small',
        sku: 'CANDLE-S',
        price: 8,
        cost: 2.5,
        grams: 180,
        size: [7, 7, 10],
        stock: [[W.london, 50]],
      },
      {
        id: S.candleLarge,
        title: 'Large',
        sku: 'CANDLE-L',
        price: 14,
        cost: 4.5,
        grams: 420,
        size: [9, 9, 15],
        stock: [[W.london, 20]],
      },
    ],
  },
  {
    // Not weighed and not classed for customs yet: what a product editor is for.
    id: P.apron,
    title: 'Linen Apron',
    description: 'Stonewashed linen apron with a front pocket.',
    origin_country: null,
    hs_tariff_number: null,
    image: swatch('#b59f7b', 'LA'),
    properties: [[PROP.material, 'Linen']],
    variants: [
      {
        id: S.apronNatural,
        title: 'Natural',
        sku: 'APRON-NAT',
        barcode: SEED_IDS.barcodes.apronUpcA,
        price: 24,
        cost: 9.5,
        grams: 0,
        size: [30, 3, 25],
        colour: 'Natural',
        stock: [[W.london, 8]],
      },
    ],
  },
  {
    // Kept in bins whose names sort wrongly as plain text (A-10 before A-9), one of them in lower
    // case, and napkins with no bin at all: what a pick list's walking order is for.
    id: P.tableware,
    title: 'Stoneware Tableware',
    description: 'Reactive-glaze stoneware, dishwasher safe.',
    origin_country: 'PT',
    hs_tariff_number: '6912.00',
    image: swatch('#7d8c7a', 'ST'),
    variants: [
      {
        id: S.bowlSmall,
        title: 'Small bowl',
        sku: 'BOWL-S',
        price: 11,
        cost: 4,
        grams: 380,
        size: [15, 15, 6],
        stock: [
          [W.london, 40],
          [W.manchester, 10],
        ],
        bins: { [W.london]: 'A-9', [W.manchester]: 'M-2' },
      },
      {
        id: S.bowlLarge,
        title: 'Large bowl',
        sku: 'BOWL-L',
        price: 16,
        cost: 6,
        grams: 720,
        size: [22, 22, 9],
        stock: [[W.london, 30]],
        bins: { [W.london]: 'A-10' },
      },
      {
        id: S.sidePlate,
        title: 'Side plate',
        sku: 'PLATE-SIDE',
        price: 9,
        cost: 3.2,
        grams: 450,
        size: [20, 20, 2],
        stock: [[W.london, 30]],
        bins: { [W.london]: 'a-2' },
      },
      {
        id: S.napkin,
        title: 'Linen napkin',
        sku: 'NAPKIN-LIN',
        price: 6,
        cost: 2,
        grams: 40,
        size: [40, 40, 1],
        stock: [[W.london, 40]],
        bins: { [W.london]: null },
      },
      {
        id: S.espressoCup,
        title: 'Espresso cup',
        sku: 'CUP-ESP',
        price: 7,
        cost: 2.5,
        grams: 110,
        size: [7, 7, 6],
        stock: [[W.london, 6]],
        bins: { [W.london]: 'B-1' },
      },
    ],
  },
];

function seedWarehouses(state: SandboxState): void {
  const warehouses = [
    {
      id: W.london,
      name: 'London Fulfilment Centre',
      address_line_1: 'Unit 4, Thames Gateway Park',
      address_line_2: 'Choats Road',
      city: 'Dagenham',
      region: 'Greater London',
      country: 'GB',
      post_code: 'RM9 6RH',
      phone: '+44 20 7946 0100',
    },
    {
      id: W.manchester,
      name: 'Manchester Overflow',
      address_line_1: '12 Trafford Wharf Road',
      address_line_2: '',
      city: 'Manchester',
      region: 'Greater Manchester',
      country: 'GB',
      post_code: 'M17 1EX',
      phone: '+44 161 496 0200',
    },
    {
      id: W.rotterdam,
      name: 'Rotterdam EU Hub',
      address_line_1: 'Waalhaven Oostzijde 85',
      address_line_2: '',
      city: 'Rotterdam',
      region: 'Zuid-Holland',
      country: 'NL',
      post_code: '3087 BM',
      phone: '+31 10 799 0300',
    },
  ];
  warehouses.forEach((warehouse, index) =>
    state.warehouses.set(warehouse.id, {
      ...warehouse,
      display_position: index + 1,
      created_at: '2024-01-08T09:00:00.000Z',
      updated_at: '2024-01-08T09:00:00.000Z',
    }),
  );
}

function seedChannels(state: SandboxState): void {
  const C = SEED_IDS.channels;
  const channels = [
    { id: C.webShop, type_code: 'direct', name: 'Web Shop', short_name: 'WEB', currency_code: 'GBP' },
    {
      id: C.marketStall,
      type_code: 'point_of_sale',
      name: 'Market Stall',
      short_name: 'POS',
      currency_code: 'GBP',
    },
    { id: C.usWebShop, type_code: 'direct', name: 'US Web Shop', short_name: 'US', currency_code: 'USD' },
    {
      id: C.makersMarket,
      type_code: 'custom_integration',
      name: 'Makers Market',
      short_name: 'MM',
      currency_code: 'GBP',
    },
  ];
  for (const channel of channels) {
    state.channels.set(channel.id, {
      ...channel,
      email: 'orders@sandbox-goods.example',
      state: 'active',
      default_warehouse_id: W.london,
      service_dictates_stock_level: false,
      created_at: '2024-01-08T09:05:00.000Z',
    });
  }
}

function seedCatalog(state: SandboxState): void {
  let optionId = 6_083_000;
  for (const seed of PRODUCTS) {
    const product: Product = {
      id: seed.id,
      title: seed.title,
      description: seed.description,
      notes: '',
      origin_country: seed.origin_country,
      hs_tariff_number: seed.hs_tariff_number,
      tax_rate: 20,
      image: seed.image,
      estimated_delivery: 2,
      tag_ids: seed.tags ?? [],
      property_values: new Map(seed.properties ?? []),
      created_at: '2024-02-01T10:00:00.000Z',
      updated_at: '2024-02-01T10:00:00.000Z',
    };
    state.products.set(product.id, product);
    seed.variants.forEach((variant, index) => {
      const sellable: Sellable = {
        id: variant.id,
        product_id: product.id,
        type: 'ProductVariant',
        title: variant.title,
        sku_code: variant.sku,
        upc_code: variant.barcode ?? variantBarcode(variant.id),
        model_number: '',
        price: variant.price,
        cost_price: variant.cost,
        min_reorder_level: variant.minReorder ?? 2,
        quantity_to_reorder: 10,
        weight_grams: variant.grams,
        width: variant.size[0],
        height: variant.size[1],
        depth: variant.size[2],
        options: variant.colour
          ? [{ id: (optionId += 1), property_id: PROP.colour, value: variant.colour }]
          : [],
        total_quantity_sold: 12 + index * 5,
        created_at: '2024-02-01T10:00:00.000Z',
        updated_at: '2024-02-01T10:00:00.000Z',
      };
      state.sellables.set(sellable.id, sellable);
      for (const [warehouseId, physical] of variant.stock) {
        state.setStockEntry({
          sellable_id: sellable.id,
          warehouse_id: warehouseId,
          infinite: false,
          physical,
          allocated: 0,
          incoming: 0,
          location:
            variant.bins && Object.hasOwn(variant.bins, warehouseId)
              ? (variant.bins[warehouseId] ?? null)
              : `Aisle ${String.fromCharCode(65 + (sellable.id % 6))}-${(sellable.id % 20) + 1}`,
          updated_at: '2025-05-01T08:00:00.000Z',
        });
      }
    });
  }
  seedKit(state);
}

function seedKit(state: SandboxState): void {
  state.products.set(P.kitchenKit, {
    id: P.kitchenKit,
    title: 'Kitchen Starter Kit',
    description: 'Two mugs, two tea towels and a skillet.',
    notes: 'Assembled to order.',
    origin_country: 'GB',
    hs_tariff_number: null,
    tax_rate: 20,
    image: swatch('#5f7f5a', 'KS'),
    estimated_delivery: 3,
    tag_ids: [SEED_IDS.tags.giftWrap],
    property_values: new Map(),
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
  });
  const kitId = SEED_IDS.kits.kitchenStarter;
  state.sellables.set(kitId, {
    id: kitId,
    product_id: P.kitchenKit,
    type: 'Kit',
    title: '',
    sku_code: 'KIT-KITCHEN',
    upc_code: SEED_IDS.barcodes.kitchenKit,
    model_number: '',
    price: 79,
    cost_price: 33.4,
    min_reorder_level: 0,
    quantity_to_reorder: 0,
    weight_grams: 2 * 340 + 2 * 90 + 3200,
    width: 45,
    height: 30,
    depth: 20,
    options: [],
    total_quantity_sold: 4,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
  });
  const K = SEED_IDS.kitContents;
  const contents = [
    { id: K.mugs, product_variant_id: S.mugWhite, quantity: 2 },
    { id: K.towels, product_variant_id: S.teaTowelSage, quantity: 2 },
    { id: K.skillet, product_variant_id: S.skillet, quantity: 1 },
  ];
  for (const content of contents) {
    state.kitContents.set(content.id, {
      ...content,
      kit_id: kitId,
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: '2024-03-01T10:00:00.000Z',
    });
  }
  seedPicnicKit(state);
}

/**
 * A second kit, built ahead: ten Picnic Sets have a stock entry of their own at London (with no
 * bin: they are put together from their parts' bins), so an order can be allocated one.
 */
function seedPicnicKit(state: SandboxState): void {
  const created = '2024-03-04T10:00:00.000Z';
  state.products.set(P.picnicKit, {
    id: P.picnicKit,
    title: 'Picnic Set',
    description: 'Two small bowls, two side plates and a linen napkin.',
    notes: 'Put together at picking from the parts.',
    origin_country: 'PT',
    hs_tariff_number: '6912.00',
    tax_rate: 20,
    image: swatch('#8a6f4d', 'PS'),
    estimated_delivery: 2,
    tag_ids: [],
    property_values: new Map(),
    created_at: created,
    updated_at: created,
  });
  const kitId = SEED_IDS.kits.picnic;
  state.sellables.set(kitId, {
    id: kitId,
    product_id: P.picnicKit,
    type: 'Kit',
    title: '',
    sku_code: 'KIT-PICNIC',
    upc_code: variantBarcode(kitId),
    model_number: '',
    price: 49,
    cost_price: 16.4,
    min_reorder_level: 0,
    quantity_to_reorder: 0,
    weight_grams: 2 * 380 + 2 * 450 + 40,
    width: 24,
    height: 24,
    depth: 14,
    options: [],
    total_quantity_sold: 2,
    created_at: created,
    updated_at: created,
  });
  state.setStockEntry({
    sellable_id: kitId,
    warehouse_id: W.london,
    infinite: false,
    physical: 10,
    allocated: 0,
    incoming: 0,
    location: null,
    updated_at: '2025-05-01T08:00:00.000Z',
  });
  const K = SEED_IDS.kitContents;
  for (const content of [
    { id: K.picnicBowls, product_variant_id: S.bowlSmall, quantity: 2 },
    { id: K.picnicPlates, product_variant_id: S.sidePlate, quantity: 2 },
    { id: K.picnicNapkin, product_variant_id: S.napkin, quantity: 1 },
  ]) {
    state.kitContents.set(content.id, {
      ...content,
      kit_id: kitId,
      created_at: created,
      updated_at: created,
    });
  }
}

function seedReferenceData(state: SandboxState): void {
  const T = SEED_IDS.tags;
  for (const tag of [
    { id: T.priority, name: 'Priority', colour: '#c0392b' },
    { id: T.giftWrap, name: 'Gift wrap', colour: '#8e44ad' },
    { id: T.wholesale, name: 'Wholesale', colour: '#2e86c1' },
    { id: T.fragile, name: 'Fragile', colour: '#d68910' },
  ]) {
    state.tags.set(tag.id, tag);
  }
  const D = SEED_IDS.deliveryMethods;
  for (const method of [
    { id: D.standard, name: 'Standard delivery', cost: '3.95' },
    { id: D.express, name: 'Express delivery', cost: '7.95' },
    { id: D.internationalTracked, name: 'International tracked', cost: '14.50' },
    { id: D.collect, name: 'Collect from Market Stall', cost: '0.0' },
  ]) {
    state.deliveryMethods.set(method.id, {
      ...method,
      created_at: '2024-01-08T09:10:00.000Z',
      updated_at: '2024-01-08T09:10:00.000Z',
    });
  }
}

interface CustomerSeed {
  id: number;
  first: string;
  last: string;
  company: string | null;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string | null;
  type?: string;
}

function seedCustomers(state: SandboxState): void {
  const C = SEED_IDS.customers;
  const customers: CustomerSeed[] = [
    {
      id: C.ameliaHart,
      first: 'Amelia',
      last: 'Hart',
      company: null,
      address1: 'Flat 3, 27 Coldharbour Lane',
      address2: '',
      city: 'London',
      state: 'Greater London',
      zip: 'SE5 9NR',
      country: 'GB',
      phone: '+44 20 7946 0321',
    },
    {
      id: C.oliverBennett,
      first: 'Oliver',
      last: 'Bennett',
      company: null,
      address1: '8 Oldham Street',
      address2: '',
      city: 'Manchester',
      state: 'Greater Manchester',
      zip: 'M1 1JQ',
      country: 'GB',
      phone: '+44 161 496 0412',
    },
    {
      id: C.priyaNatarajan,
      first: 'Priya',
      last: 'Natarajan',
      company: 'Natarajan Studio',
      address1: '41 Call Lane',
      address2: 'Second floor',
      city: 'Leeds',
      state: 'West Yorkshire',
      zip: 'LS1 7BT',
      country: 'GB',
      phone: '+44 113 496 0533',
    },
    {
      id: C.jordanMiles,
      first: 'Jordan',
      last: 'Miles',
      company: null,
      address1: '215 West 40th Street',
      address2: 'Apt 6B',
      city: 'New York',
      state: 'NY',
      zip: '10018',
      country: 'US',
      phone: '+1 212 555 0147',
    },
    {
      id: C.harbourWorkshop,
      first: 'Sam',
      last: 'Okafor',
      company: 'Harbour Workshop Ltd',
      address1: 'Unit 9, Paintworks',
      address2: 'Bath Road',
      city: 'Bristol',
      state: 'Bristol',
      zip: 'BS4 3EH',
      country: 'GB',
      phone: '+44 117 496 0655',
      type: 'wholesale',
    },
    {
      id: C.caseyMorgan,
      first: 'Casey',
      last: 'Morgan',
      company: null,
      address1: '1420 Fifth Avenue',
      address2: 'Suite 300',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
      country: 'US',
      phone: null,
    },
  ];
  for (const seed of customers) {
    const email = `${seed.first}.${seed.last}`.toLowerCase() + '@customers.example';
    const fields = {
      first_name: seed.first,
      last_name: seed.last,
      company: seed.company,
      address1: seed.address1,
      address2: seed.address2,
      city: seed.city,
      country: seed.country,
      state: seed.state,
      zip: seed.zip,
      phone: seed.phone,
      email,
    };
    const customer: Customer = {
      id: seed.id,
      email,
      customer_type: seed.type ?? 'retail',
      phone: seed.phone,
      mobile: null,
      notes: '',
      billing_address: address(seed.id * 2, fields),
      shipping_addresses: [address(seed.id * 2 + 1, fields)],
    };
    state.customers.set(customer.id, customer);
  }
}

interface OrderSeed {
  id: number;
  number: string;
  channel: number;
  customer: number;
  method: number;
  lines: [number, number][];
  minutes: number;
  tags?: number[];
  customerNote?: string;
}

function addOrder(state: SandboxState, seed: OrderSeed): Order {
  const customer = state.customers.get(seed.customer);
  const method = state.deliveryMethods.get(seed.method);
  if (!customer || !method) throw new Error(`Seed order ${seed.number} names a missing record`);
  const createdAt = at(seed.minutes);
  const deliverTo = customer.shipping_addresses[0] ?? customer.billing_address;
  const lineItems: OrderLineItem[] = seed.lines.map(([sellableId, quantity], index) => {
    const sellable = state.sellables.get(sellableId);
    if (!sellable) throw new Error(`Seed order ${seed.number} names missing sellable ${sellableId}`);
    return {
      id: seed.id * 10 + index + 1,
      sellable_id: sellableId,
      quantity,
      price_per_unit: sellable.price,
      tax_rate: 0.2,
      remote_id: `${seed.number}-${index + 1}`,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  const order: Order = {
    id: seed.id,
    number: seed.number,
    held_status: null,
    cancelled_at: null,
    cancel_reason: null,
    channel_id: seed.channel,
    customer_id: customer.id,
    deliver_to: { ...deliverTo, id: seed.id * 3 },
    delivery_method_id: method.id,
    delivery_cost: Number(method.cost),
    line_items: lineItems,
    allocations: [],
    employee_notes: [],
    customer_note: seed.customerNote ?? null,
    tag_ids: seed.tags ?? [],
    due_date: at(seed.minutes + 3 * 24 * 60),
    payment_type: 'card',
    created_at: createdAt,
    updated_at: createdAt,
  };
  state.orders.set(order.id, order);
  return order;
}

function seedOrders(state: SandboxState): void {
  const O = SEED_IDS.orders;
  const N = SEED_ORDER_NUMBERS;
  const C = SEED_IDS.channels;
  const CU = SEED_IDS.customers;
  const D = SEED_IDS.deliveryMethods;
  addOrder(state, {
    id: O.unallocated,
    number: N.unallocated,
    channel: C.webShop,
    customer: CU.ameliaHart,
    method: D.standard,
    lines: [
      [S.beanieCharcoal, 2],
      [S.mugWhite, 1],
      [S.toteNatural, 1],
    ],
    minutes: 0,
  });
  const partly = addOrder(state, {
    id: O.partlyAllocated,
    number: N.partlyAllocated,
    channel: C.webShop,
    customer: CU.oliverBennett,
    method: D.standard,
    lines: [
      [S.teaTowelSage, 4],
      [S.notebookTan, 1],
    ],
    minutes: 45,
  });
  applyAllocation(state, partly, {
    id: SEED_IDS.allocations.partlyAllocatedTowels,
    warehouseId: W.london,
    lines: [{ sellableId: S.teaTowelSage, quantity: 4 }],
    userId: state.ownerId,
    at: at(50),
  });
  const allocated = addOrder(state, {
    id: O.allocated,
    number: N.allocated,
    channel: C.webShop,
    customer: CU.priyaNatarajan,
    method: D.express,
    lines: [
      [S.candleLarge, 2],
      [S.pourOverSet, 1],
    ],
    minutes: 90,
    tags: [SEED_IDS.tags.priority, SEED_IDS.tags.fragile],
  });
  applyAllocation(state, allocated, {
    id: SEED_IDS.allocations.allocatedLondon,
    warehouseId: W.london,
    lines: [
      { sellableId: S.candleLarge, quantity: 2 },
      { sellableId: S.pourOverSet, quantity: 1 },
    ],
    userId: state.ownerId,
    at: at(95),
  });
  addOrder(state, {
    id: O.international,
    number: N.international,
    channel: C.usWebShop,
    customer: CU.jordanMiles,
    method: D.internationalTracked,
    lines: [
      [S.beanieMustard, 1],
      [S.mugWhite, 2],
    ],
    minutes: 130,
  });
  addOrder(state, {
    id: O.customsMissing,
    number: N.customsMissing,
    channel: C.usWebShop,
    customer: CU.caseyMorgan,
    method: D.internationalTracked,
    lines: [
      [S.apronNatural, 1],
      [SEED_IDS.kits.kitchenStarter, 1],
    ],
    // Older than the unallocated order, so the first page of the list reads as before.
    minutes: -60,
  });
  const withNotes = addOrder(state, {
    id: O.withNotes,
    number: N.withNotes,
    channel: C.webShop,
    customer: CU.ameliaHart,
    method: D.standard,
    lines: [[S.candleSmall, 3]],
    minutes: 200,
    tags: [SEED_IDS.tags.giftWrap],
    customerNote: 'Please leave the parcel with the neighbour at number 29 if nobody answers.',
  });
  withNotes.employee_notes.push(
    {
      id: 887051,
      order_id: withNotes.id,
      text: 'Customer asked for gift wrap: use the brown paper and twine.',
      created_at: at(210),
      created_by_id: state.ownerId,
    },
    {
      id: 887052,
      order_id: withNotes.id,
      text: 'Called the customer to confirm the address.',
      created_at: at(260),
      created_by_id: state.ownerId,
    },
  );
  seedPickListOrders(state);
  seedLargeOrder(state);
  seedOrdersInOtherStates(state);
  seedOrderHistory(state);
}

/**
 * Two orders of the tableware for a pick list, older than the customs order (so the first page
 * of the list reads as before): the same bowls allocated on both at London, a Picnic Set (a kit)
 * on one, a bowl at Manchester, and an espresso cup not allocated.
 */
function seedPickListOrders(state: SandboxState): void {
  const O = SEED_IDS.orders;
  const N = SEED_ORDER_NUMBERS;
  const A = SEED_IDS.allocations;
  const bowls = addOrder(state, {
    id: O.pickBowls,
    number: N.pickBowls,
    channel: SEED_IDS.channels.webShop,
    customer: SEED_IDS.customers.harbourWorkshop,
    method: SEED_IDS.deliveryMethods.standard,
    lines: [
      [S.bowlSmall, 2],
      [S.bowlLarge, 1],
      [S.napkin, 2],
      [S.espressoCup, 2],
    ],
    minutes: -100,
    customerNote: 'Deliveries by the side door, please: the shop is closed on Mondays.',
  });
  applyAllocation(state, bowls, {
    id: A.pickBowlsLondon,
    warehouseId: W.london,
    lines: [
      { sellableId: S.bowlSmall, quantity: 2 },
      { sellableId: S.bowlLarge, quantity: 1 },
      { sellableId: S.napkin, quantity: 2 },
    ],
    userId: state.ownerId,
    at: at(-95),
  });
  const picnic = addOrder(state, {
    id: O.pickPicnic,
    number: N.pickPicnic,
    channel: SEED_IDS.channels.webShop,
    customer: SEED_IDS.customers.oliverBennett,
    method: SEED_IDS.deliveryMethods.standard,
    lines: [
      [S.bowlSmall, 2],
      [S.sidePlate, 1],
      [SEED_IDS.kits.picnic, 1],
    ],
    minutes: -120,
  });
  applyAllocation(state, picnic, {
    id: A.pickPicnicLondon,
    warehouseId: W.london,
    lines: [
      { sellableId: S.bowlSmall, quantity: 1 },
      { sellableId: S.sidePlate, quantity: 1 },
      { sellableId: SEED_IDS.kits.picnic, quantity: 1 },
    ],
    userId: state.ownerId,
    at: at(-115),
  });
  applyAllocation(state, picnic, {
    id: A.pickPicnicManchester,
    warehouseId: W.manchester,
    lines: [{ sellableId: S.bowlSmall, quantity: 1 }],
    userId: state.ownerId,
    at: at(-110),
  });
}

/**
 * Older orders, an hour apart and older than every named one (so those list first), numbered
 * `SB-2001` on, in the statuses an order keeps without allocations. Their ids start above the
 * large order's line item ids, so no line item id is taken twice.
 */
function seedOrderHistory(state: SandboxState): void {
  const CU = SEED_IDS.customers;
  const customers = [CU.ameliaHart, CU.oliverBennett, CU.priyaNatarajan, CU.jordanMiles, CU.harbourWorkshop];
  const goods = [S.beanieCharcoal, S.mugWhite, S.toteNatural, S.candleSmall, S.teaTowelSage, S.notebookTan];
  const held = [null, 'awaiting_payment', null, 'on_hold', null, 'cancelled', 'refunded'] as const;
  for (let index = 0; index < ORDER_HISTORY_COUNT; index += 1) {
    const customer = customers[index % customers.length] ?? CU.ameliaHart;
    const abroad = customer === CU.jordanMiles;
    const minutes = -10_080 - 60 * (index + 1);
    const order = addOrder(state, {
      id: 13_360_001 + index,
      number: `SB-${2001 + index}`,
      channel: abroad ? SEED_IDS.channels.usWebShop : SEED_IDS.channels.webShop,
      customer,
      method: abroad ? SEED_IDS.deliveryMethods.internationalTracked : SEED_IDS.deliveryMethods.standard,
      lines: Array.from({ length: 1 + (index % 3) }, (_, line): [number, number] => [
        goods[(index + line) % goods.length] ?? S.mugWhite,
        1 + ((index + line) % 2),
      ]),
      minutes,
    });
    const status = held[index % held.length] ?? null;
    order.held_status = status;
    if (status === 'cancelled') {
      order.cancelled_at = at(minutes + 30);
      order.cancel_reason = 'Customer asked to cancel';
    }
  }
}

/** Orders in the live service's other statuses, older than the rest so they list last. */
function seedOrdersInOtherStates(state: SandboxState): void {
  const O = SEED_IDS.orders;
  const N = SEED_ORDER_NUMBERS;
  const C = SEED_IDS.channels;
  const CU = SEED_IDS.customers;
  const D = SEED_IDS.deliveryMethods;
  const awaitingPayment = addOrder(state, {
    id: O.awaitingPayment,
    number: N.awaitingPayment,
    channel: C.webShop,
    customer: CU.harbourWorkshop,
    method: D.standard,
    lines: [[S.teaTowelSage, 6]],
    minutes: -180,
  });
  awaitingPayment.held_status = 'awaiting_payment';
  awaitingPayment.payment_type = 'bank_transfer';

  const shipped = addOrder(state, {
    id: O.shipped,
    number: N.shipped,
    channel: C.webShop,
    customer: CU.oliverBennett,
    method: D.standard,
    lines: [[S.candleSmall, 2]],
    minutes: -1440,
  });
  applyAllocation(state, shipped, {
    id: SEED_IDS.allocations.shippedLondon,
    warehouseId: W.london,
    lines: [{ sellableId: S.candleSmall, quantity: 2 }],
    userId: state.ownerId,
    at: at(-1430),
  });
  shipOrderByReference(state, {
    reference: N.shipped,
    trackingNumber: SEED_IDS.shippedTrackingNumber,
    carrierCode: 'parcelway',
    carrierName: 'Parcelway',
    weightGrams: 640,
    charge: { value: 5.12, unit: 'GBP' },
    at: at(-1380),
  });

  const onHold = addOrder(state, {
    id: O.onHold,
    number: N.onHold,
    channel: C.marketStall,
    customer: CU.priyaNatarajan,
    method: D.collect,
    lines: [[S.pourOverSet, 1]],
    minutes: -2880,
    customerNote: 'Hold until I confirm the collection date, please.',
  });
  onHold.held_status = 'on_hold';

  const cancelled = addOrder(state, {
    id: O.cancelled,
    number: N.cancelled,
    channel: C.webShop,
    customer: CU.ameliaHart,
    method: D.express,
    lines: [[S.toteBlack, 1]],
    minutes: -4320,
  });
  cancelled.held_status = 'cancelled';
  cancelled.cancelled_at = at(-4200);
  cancelled.cancel_reason = 'Customer asked to cancel';

  const refunded = addOrder(state, {
    id: O.refunded,
    number: N.refunded,
    channel: C.usWebShop,
    customer: CU.jordanMiles,
    method: D.internationalTracked,
    lines: [[S.mugWhite, 1]],
    minutes: -10080,
  });
  refunded.held_status = 'refunded';
}

/** The 1,000-line order: one generated variant per line, each with a little stock in London. */
function seedLargeOrder(state: SandboxState): void {
  state.products.set(P.partsAssortment, {
    id: P.partsAssortment,
    title: 'Workshop Parts Assortment',
    description: 'Individually packed small parts, sold by the piece.',
    notes: '',
    origin_country: 'DE',
    hs_tariff_number: '7318.15',
    tax_rate: 20,
    image: null,
    estimated_delivery: 2,
    tag_ids: [],
    property_values: new Map(),
    created_at: '2024-04-01T10:00:00.000Z',
    updated_at: '2024-04-01T10:00:00.000Z',
  });
  const lines: [number, number][] = [];
  for (let index = 1; index <= LARGE_ORDER_LINE_ITEMS; index += 1) {
    const id = 15_000_000 + index;
    const label = String(index).padStart(4, '0');
    state.sellables.set(id, {
      id,
      product_id: P.partsAssortment,
      type: 'ProductVariant',
      title: `Part ${label}`,
      sku_code: `PART-${label}`,
      upc_code: '',
      model_number: `P${label}`,
      price: 0.5 + (index % 40) / 10,
      cost_price: 0.2,
      min_reorder_level: 1,
      quantity_to_reorder: 20,
      weight_grams: 5 + (index % 20),
      width: 3,
      height: 1,
      depth: 3,
      options: [],
      total_quantity_sold: 0,
      created_at: '2024-04-01T10:00:00.000Z',
      updated_at: '2024-04-01T10:00:00.000Z',
    });
    state.setStockEntry({
      sellable_id: id,
      warehouse_id: W.london,
      infinite: false,
      physical: 10 + (index % 5),
      allocated: 0,
      incoming: 0,
      location: `Bin ${label}`,
      updated_at: '2025-05-01T08:00:00.000Z',
    });
    lines.push([id, 1 + (index % 3)]);
  }
  addOrder(state, {
    id: SEED_IDS.orders.large,
    number: SEED_ORDER_NUMBERS.large,
    channel: SEED_IDS.channels.webShop,
    customer: SEED_IDS.customers.harbourWorkshop,
    method: SEED_IDS.deliveryMethods.standard,
    lines,
    minutes: 300,
    tags: [SEED_IDS.tags.wholesale],
  });
}

function seedListings(state: SandboxState): void {
  const channelId = SEED_IDS.channels.makersMarket;
  const CP = SEED_IDS.channelProducts;
  const CS = SEED_IDS.channelSellables;
  const created = '2025-04-20T12:00:00.000Z';
  state.channelProducts.set(CP.beanie, {
    id: CP.beanie,
    channel_id: channelId,
    remote_title: 'Merino Beanie (Makers Market)',
    remote_description: null,
    product_id: P.beanie,
    created_at: created,
  });
  state.channelProducts.set(CP.mug, {
    id: CP.mug,
    channel_id: channelId,
    remote_title: 'Enamel Mug (Makers Market)',
    remote_description: null,
    product_id: P.mug,
    created_at: created,
  });
  const listings = [
    { id: CS.beanieCharcoal, sellable: S.beanieCharcoal, cp: CP.beanie, sku: 'MM-BEANIE-CHA', price: 19 },
    { id: CS.mugWhite, sellable: S.mugWhite, cp: CP.mug, sku: 'MM-MUG-WHT', price: 13 },
  ];
  listings.forEach((listing, index) =>
    state.channelSellables.set(listing.id, {
      id: listing.id,
      channel_id: channelId,
      sellable_id: listing.sellable,
      channel_product_id: listing.cp,
      remote_id: `mm-${1000 + index}`,
      remote_sku: listing.sku,
      remote_title: null,
      remote_price: listing.price,
      currency_code: 'GBP',
      remote_inventory_quantity: null,
      active: true,
      created_by_id: state.ownerId,
      created_at: at(-60 * 24 + index),
    }),
  );
}

function seedShippingConfigs(state: SandboxState): void {
  const SC = SEED_IDS.shippingConfigs;
  const service = (id: string, name: string, hidden = false) => ({ id, service_id: id, name, hidden });
  const configs: ShippingConfig[] = [
    {
      id: SC.parcelway,
      key: 'parcelway',
      carrier_id: 45,
      carrier_code: 'parcelway',
      name: 'Parcelway',
      provider_type: 'parcelway',
      nickname: 'Parcelway main account',
      show_when_shipping: true,
      is_configured: true,
      connected: true,
      requires_reconnect: false,
      default_for_carrier: true,
      services: [
        service('PW_STANDARD', 'Parcelway Standard'),
        service('PW_EXPRESS', 'Parcelway Express'),
        service('PW_SATURDAY', 'Parcelway Saturday', true),
      ],
    },
    {
      id: SC.swiftCourier,
      key: 'swift_courier',
      carrier_id: 46,
      carrier_code: 'swift_courier',
      name: 'Swift Courier',
      provider_type: 'swift_courier',
      nickname: null,
      show_when_shipping: true,
      is_configured: true,
      connected: true,
      requires_reconnect: false,
      default_for_carrier: true,
      services: [service('SC_NEXT_DAY', 'Swift Courier Next Day')],
    },
    {
      id: SC.economyPost,
      key: 'economy_post',
      carrier_id: 47,
      carrier_code: 'economy_post',
      name: 'Economy Post',
      provider_type: 'economy_post',
      nickname: null,
      show_when_shipping: true,
      is_configured: true,
      connected: true,
      requires_reconnect: false,
      default_for_carrier: true,
      services: [
        service('EP_ECONOMY', 'Economy Post'),
        service('EP_LARGE_LETTER', 'Economy Large Letter', true),
      ],
    },
    {
      id: SC.parcelwayReturns,
      key: 'parcelway_returns',
      carrier_id: 45,
      carrier_code: null,
      name: 'Parcelway',
      provider_type: 'parcelway',
      nickname: 'Returns account',
      show_when_shipping: false,
      is_configured: true,
      connected: true,
      requires_reconnect: false,
      default_for_carrier: false,
      services: [service('PW_RETURN', 'Parcelway Returns')],
    },
    {
      id: SC.freightline,
      key: 'freightline',
      carrier_id: 48,
      carrier_code: null,
      name: 'Freightline Pallets',
      provider_type: 'freightline',
      nickname: null,
      show_when_shipping: true,
      is_configured: false,
      connected: false,
      requires_reconnect: false,
      default_for_carrier: false,
      services: [service('FL_PALLET', 'Freightline Pallet 48h')],
    },
    {
      id: SC.marketplaceShipping,
      key: 'marketplace_shipping',
      carrier_id: 49,
      carrier_code: null,
      name: 'Marketplace Shipping',
      provider_type: 'marketplace_shipping',
      nickname: 'Old marketplace link',
      show_when_shipping: true,
      is_configured: true,
      connected: false,
      requires_reconnect: true,
      default_for_carrier: true,
      services: [service('MS_GROUND', 'Marketplace Ground'), service('MS_PRIORITY', 'Marketplace Priority')],
    },
  ];
  for (const config of configs) state.shippingConfigs.set(config.id, config);
}

export interface SeedOptions {
  /** Change the seeded state before first use (add records, tweak stock). */
  customize?: (state: SandboxState) => void;
  /**
   * The sandbox's clock when it is seeded: the orders still to ship are due two business days
   * later, so a quote can be on time or late. Without it they keep their seeded due dates.
   */
  now?: number;
}

/** Gives the orders not yet shipped (nor held) a due date two business days after `now`. */
function dueFromNow(state: SandboxState, now: number): void {
  const due = deliveryDate(now, 2);
  for (const order of state.orders.values()) {
    const shipped = order.allocations.some((allocation) => allocation.shipment);
    if (!shipped && order.held_status === null) order.due_date = due;
  }
}

export function seedState(options: SeedOptions = {}): SandboxState {
  const state = new SandboxState();
  state.companyId = SEED_IDS.company;
  state.ownerId = SEED_IDS.user;
  state.users.set(SEED_IDS.user, {
    id: SEED_IDS.user,
    login: 'Alex Morgan',
    email: 'alex.morgan@sandbox-goods.example',
    created_at: '2024-01-08T09:00:00.000Z',
    updated_at: '2025-03-02T10:15:00.000Z',
  });
  seedWarehouses(state);
  seedChannels(state);
  seedReferenceData(state);
  seedCatalog(state);
  seedCustomers(state);
  seedOrders(state);
  seedListings(state);
  seedShippingConfigs(state);
  if (options.now !== undefined) dueFromNow(state, options.now);
  options.customize?.(state);
  return state;
}
