/**
 * Each element bundles only the API calls it makes: its define module bundled the way an app's
 * bundler would (esbuild, tree-shaken, minified) holds the endpoint and schema modules of those
 * calls and no others, and no element holds `OpsClient`, whose methods could not be left out
 * (connect-account sets the default client with `setDefaultClient()`, not `configure()`).
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { build, type Metafile } from 'esbuild';
import { findElements, projectRoot, registeringSources } from '../../scripts/elements.js';

/** The API modules under src/api/endpoints and src/api/schemas each element is expected to hold. */
const EXPECTED: Record<string, { endpoints: string[]; schemas: string[] }> = {
  'order-card': {
    // getOrder, addOrderNote, updateCustomer, updateDeliveryMethod; its product-editor's
    // updateProduct, updateProductPropertyValue, updateKitContent (loaded on "Edit product …")
    endpoints: ['catalog', 'common', 'customers', 'orders'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'tracking'],
  },
  'pack-check': {
    // getOrder
    endpoints: ['common', 'orders'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'tracking'],
  },
  'pick-list': {
    // getOrder; listPrinters, sendPrintJob with a `printer` (loaded on "Print pick list"; its PDF
    // makes no call)
    endpoints: ['common', 'orders', 'printers'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'printers', 'tracking'],
  },
  'order-list': {
    // listOrders, listTags
    endpoints: ['order-listing', 'paging', 'tags'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'tracking'],
  },
  'allocation-form': {
    // getOrder, createAllocation, deleteAllocation, updateStockEntry
    endpoints: ['allocations', 'catalog', 'common', 'orders'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'tracking'],
  },
  'rate-picker': {
    // getOrder, listShippingConfigs, getRates
    endpoints: ['common', 'orders', 'paging', 'shipping'],
    schemas: [
      'catalog',
      'channel',
      'common',
      'derived',
      'jsonapi',
      'order',
      'primitives',
      'shipping',
      'shipping-configs',
      'tracking',
    ],
  },
  'label-downloader': {
    // bookShipments, createShipment; getOrder to read the order again after a purchase (both on "Buy label");
    // listPrinters, sendPrintJob with a `printer` (on the first print)
    endpoints: ['booking', 'common', 'orders', 'printers'],
    schemas: [
      'booking',
      'catalog',
      'channel',
      'common',
      'derived',
      'order',
      'primitives',
      'printers',
      'tracking',
    ],
  },
  'label-batch': {
    // getOrder, getRates, listShippingConfigs, bookShipments, and listOrders (the orders updated
    // since the rates, read right before booking); listPrinters, sendPrintJob with a `printer`
    // (loaded on the first print)
    endpoints: ['booking', 'common', 'order-listing', 'orders', 'paging', 'printers', 'shipping'],
    schemas: [
      'booking',
      'catalog',
      'channel',
      'common',
      'derived',
      'jsonapi',
      'order',
      'primitives',
      'printers',
      'shipping',
      'shipping-configs',
      'tracking',
    ],
  },
  'connect-account': {
    // none: it only sets the default client
    endpoints: [],
    schemas: [],
  },
  'product-editor': {
    // getOrder, updateProduct, updateProductPropertyValue, updateKitContent
    endpoints: ['catalog', 'common', 'orders'],
    schemas: ['catalog', 'channel', 'common', 'order', 'primitives', 'tracking'],
  },
  'ship-order': {
    // none of its own: those of the elements it is built from (order-card, product-editor,
    // allocation-form, rate-picker, label-downloader)
    endpoints: [
      'allocations',
      'booking',
      'catalog',
      'common',
      'customers',
      'orders',
      'paging',
      'printers',
      'shipping',
    ],
    schemas: [
      'booking',
      'catalog',
      'channel',
      'common',
      'derived',
      'jsonapi',
      'order',
      'primitives',
      'printers',
      'shipping',
      'shipping-configs',
      'tracking',
    ],
  },
  'listing-linker': {
    // listAllChannels, listChannelSellables, createChannelSellable
    endpoints: ['channels', 'common', 'listings', 'paging'],
    schemas: ['channel', 'derived', 'jsonapi', 'listing', 'primitives'],
  },
};

interface Bundle {
  /** The source files that put bytes into the bundle, e.g. `src/api/endpoints/orders.ts`. */
  inputs: Set<string>;
  text: string;
}

async function bundle(tag: string): Promise<Bundle> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [`src/${tag}.ts`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: `${tag}.js`,
    plugins: [registeringSources()],
  });
  const output = Object.values((result.metafile as Metafile).outputs)[0];
  const inputs = new Set(
    Object.entries(output?.inputs ?? {})
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([input]) => input),
  );
  return { inputs, text: result.outputFiles[0]?.text ?? '' };
}

function modulesUnder(inputs: Set<string>, folder: string): string[] {
  return [...inputs]
    .filter((input) => input.startsWith(`${folder}/`))
    .map((input) => input.slice(folder.length + 1).replace(/\.ts$/, ''))
    .sort();
}

describe('element bundles', () => {
  const tags = findElements().map((element) => element.tag);
  const inputs = new Map<string, Set<string>>();
  const texts = new Map<string, string>();
  before(async () => {
    // One at a time: esbuild uses every core it finds.
    for (const tag of tags) {
      const bundled = await bundle(tag);
      inputs.set(tag, bundled.inputs);
      texts.set(tag, bundled.text);
    }
  });

  test('no element holds OpsClient', () => {
    for (const tag of tags) {
      assert.equal(inputs.get(tag)?.has('src/api/client.ts'), false, `<${tag}> bundles src/api/client.ts`);
    }
  });

  test('each element holds the endpoint and schema modules of the calls it makes, and no others', () => {
    for (const [tag, expected] of Object.entries(EXPECTED)) {
      assert.ok(tags.includes(tag), `<${tag}> is an element`);
      const bundled = inputs.get(tag) ?? new Set();
      assert.deepEqual(modulesUnder(bundled, 'src/api/endpoints'), expected.endpoints, `<${tag}> endpoints`);
      assert.deepEqual(modulesUnder(bundled, 'src/api/schemas'), expected.schemas, `<${tag}> schemas`);
    }
    // A new element gets a line above.
    assert.deepEqual(
      tags.filter((tag) => !(tag in EXPECTED)),
      [],
      'elements missing from EXPECTED',
    );
  });

  test('a schema module brings only the schemas the bundle parses with', () => {
    // schemas/common.ts holds the tag and image schemas beside the address and warehouse ones;
    // order-card parses orders (addresses, warehouses) but never tags or product images.
    const text = texts.get('order-card') ?? '';
    assert.equal(/address_line_1:/.test(text), true, 'the warehouse schema is bundled');
    assert.equal(/colour:/.test(text), false, 'the tag schema is left out');
    assert.equal(/\bsrc:/.test(text), false, 'the image schema is left out');
  });

  test('an element that parses no response holds no zod', () => {
    // connect-account only sets the default client; the core checks a body with the schema's own
    // safeParse, so the core alone brings in no zod.
    const zod = [...(inputs.get('connect-account') ?? [])].filter((input) =>
      input.includes('node_modules/zod/'),
    );
    assert.deepEqual(zod, []);
    assert.ok(
      [...(inputs.get('order-card') ?? [])].some((input) => input.includes('node_modules/zod/')),
      'an element that parses orders holds zod',
    );
  });

  test('only the elements that show orders, read them again after a purchase, or edit what they carry hold the order store', () => {
    const withStore = tags.filter((tag) => inputs.get(tag)?.has('src/api/order-store.ts')).sort();
    assert.deepEqual(withStore, [
      'allocation-form',
      'label-batch',
      'label-downloader',
      'order-card',
      'order-list',
      'pack-check',
      'pick-list',
      'product-editor',
      'rate-picker',
      'ship-order',
    ]);
  });
});
